"""The management commands: simulate, verify_games, load_demo."""

import io

import pytest
from django.core.management import CommandError, call_command

from tables.models import RECENT_MOVES, Game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def development_site(settings):
    """simulate and load_demo write into the site's database: a development site's only,
    as `make run` sets it (with DEBUG off they refuse: tests/site)."""
    settings.DEBUG = True


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_simulate_plays_bot_games_to_the_end_and_summarises():
    output = run("simulate", "capitalla", "--games", "3", "--players", "3")
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 3
    assert "3 capitalla games, 3 normal bots" in output
    assert "seed sha256" in output and "wins by seat" in output


def test_verify_games_replays_every_log():
    run("simulate", "capitalla", "--games", "2")
    assert "2 games replayed, 0 mismatches" in run("verify_games")


def test_verify_games_reports_a_tampered_snapshot():
    run("simulate", "capitalla", "--games", "2")
    game = Game.objects.first()
    game.state["hands"][0], game.state["hands"][1] = game.state["hands"][1], game.state["hands"][0]
    game.save()
    with pytest.raises(CommandError):
        run("verify_games")


def test_the_table_lists_the_latest_moves_newest_first():
    run("simulate", "capitalla", "--games", "1")
    game = Game.objects.first()
    listed = [move["seq"] for move in game.latest_moves()]
    assert listed == list(range(game.version, 0, -1))[:RECENT_MOVES]


def test_load_demo_is_idempotent(django_user_model):
    run("load_demo")
    run("load_demo")
    demo = django_user_model.objects.get(username="demo")
    assert demo.check_password("capitalla-demo")
    for kind, bots, ante in (("capitalla", 3, 0), ("capit", 0, 50)):
        open_table = Game.objects.get(host=demo, kind=kind, status=Game.Status.OPEN)
        assert sum(s.is_bot for s in open_table.seats.all()) == bots and open_table.ante == ante
        assert open_table.num_seats == 4 and open_table.seat_of(demo) is not None
