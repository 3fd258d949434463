"""Starting several bot tables at once. Found by a QA pass: Start checked the limit of
games against bots without a lock, so five presses at once dealt 13 games where the
limit is 10. The host's row is now held while it counts."""

import pytest

from tables.actions import lifecycle
from tables.models import Game
from tests.at_once import run_together

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_starts_at_once_cannot_pass_the_limit_of_games_against_bots(alice, settings):
    settings.BOT_GAME_LIMIT = 2
    tables = [lifecycle.create_table(alice, "capitalla", seats=2, bots=1) for _ in range(5)]
    outcomes = run_together(*(lambda t=t: lifecycle.start_table(alice, t.pk) and "dealt" for t in tables))
    assert sorted(outcomes) == ["Conflict", "Conflict", "Conflict", "dealt", "dealt"]
    assert Game.objects.filter(host=alice, status=Game.Status.ACTIVE).count() == 2
