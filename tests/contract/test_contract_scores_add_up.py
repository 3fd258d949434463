"""Scores you can check (issue 48): in random finished games of every game, each total a
page shows equals the sum of the rows shown above it, and each summary names what scored.

Bots of random levels play each game to its end through the engine, a seat now and then
resigning mid-game (so that a game also ends mid-deal, with points scored in it so far);
the game's own presenter builds the page for a spectator at positions along the way and
at the end, and the game's checker below adds up what it shows."""

import random
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string

from engine.bots import LEVELS, get_bot
from tables.models import Game
from tables.plugins import PLUGINS
from tables.table_view import Seen

SEEDS = range(6)
MAX_MOVES = 6000
EVERY = 40  # present a position every so many moves, and every position that ends a round


def finished_game(plugin, seed: int) -> list[dict]:
    """The states of a seeded game between bots, from the deal to the end: one seat in
    three games resigns at a random move, mid-round."""
    rules, rng = plugin.rules, random.Random(seed)
    players = rng.randint(rules.info.min_players, rules.info.max_players)
    bots = [get_bot(plugin.slug, rng.choice(LEVELS)) for _ in range(players)]
    state = rules.new_game(players, dict(plugin.quick_options), rng.getrandbits(63))
    resign_at = rng.randrange(50, 400) if seed % 3 == 0 else None
    states = [state]
    while (to_act := rules.to_act(state)) and len(states) < MAX_MOVES:
        seat = to_act[0]
        if len(states) == resign_at:
            move = {"type": "resign"}
        else:
            move = bots[seat].choose(state, seat, rng)
        state = rules.apply(state, seat, move)
        states.append(state)
    assert not rules.to_act(state), f"{plugin.slug}, seed {seed}: the game did not end"
    return states


def present(plugin, state: dict) -> dict:
    """The game's part of its page for a spectator, as its presenter builds it."""
    view = plugin.rules.view(state, None)
    players = view["players"]
    seats = [{"index": i, "tags": [], "cards": ""} for i in range(players)]
    table = {"kind": plugin.slug, "seats": seats, "is_active": view["phase"] != "over", "my_turn": False}
    table["recent_moves"] = []  # no move log: a position of the engine alone
    table["error"] = None
    seen = Seen(view=view, me=None, my_index=None, to_act=[], name_of=lambda i: f"Player {i + 1}")
    status = Game.Status.ACTIVE if table["is_active"] else Game.Status.FINISHED
    game = SimpleNamespace(state=state, rules=plugin.rules, kind=plugin.slug, status=status, Status=Game.Status)
    game.num_seats = players
    return plugin.present(game, table, seen)


def columns_add_up(score_table: dict, scores: list[int], where: str) -> None:
    """Each player's rows add up to the total shown, and the total is the engine's score."""
    for seat, total in enumerate(score_table["totals"]):
        assert sum(line["cells"][seat] for line in score_table["lines"]) == total, f"{where}: seat {seat}"
    assert score_table["totals"] == scores, where


def check_casino(page: dict, state: dict, where: str) -> None:
    for deal in page["deal_rows"]:
        for line in deal["lines"]:
            assert sum(line["by_category"]) + line["trivia_points"] == line["points"], where
    columns_add_up(page["points_by_deal"], state["scores"], where)
    labels = " ".join(line["label"] for line in page["points_by_deal"]["lines"])
    if state["options"]["trivia_points"] and any(sum(deal["trivia"]) for deal in state["deals"]):
        assert "right answers" in labels, where


def check_rummathon(page: dict, state: dict, where: str) -> None:
    for row, summary in zip(page["round_rows"], state["rounds"]):
        for seat, line in enumerate(row["lines"]):
            assert line["points"] + line["burden_points"] + line["bought_points"] == line["total"], where
            assert line["bought_points"] == -10 * summary["bought"][seat], where
    columns_add_up(page["points_by_round"], state["scores"], where)
    labels = " ".join(line["label"] for line in page["points_by_round"]["lines"])
    if any(sum(summary["bought"]) for summary in state["rounds"]):
        assert "cards bought" in labels, where


def check_capit(page: dict, state: dict, where: str) -> None:
    rows = page["round_rows"]
    for seat, total in enumerate(page["round_totals"]):
        assert sum(row["cells"][seat]["points"] or 0 for row in rows) == total, f"{where}: seat {seat}"
    for row in rows:
        for cell in row["cells"]:
            if cell["out"]:
                continue
            # the cards left in hand name the points: their own points add up to them
            assert cell["cards"] is not None, where
            assert sum(card["points"] for card in cell["cards"]) == cell["points"], where
    if page["last_round"]:
        assert [line["cards"] for line in page["last_round"]["lines"]] == [c["cards"] for c in rows[-1]["cells"]]
    if state.get("result"):
        assert page["round_totals"] == state["result"]["scores"], where


def check_capitalla(page: dict, state: dict, where: str) -> None:
    """Capitalla keeps no score: a hand is declared, or the deal is drawn. Its result
    shows no totals to add up."""
    if state.get("result"):
        assert all(row.get("total") is None for row in page["result"].get("standings") or []), where


CHECKS = {"casino": check_casino, "rummathon": check_rummathon, "capit": check_capit, "capitalla": check_capitalla}
# The templates that show the totals, and the total they must print.
SCORE_TEMPLATES = {
    "casino": "casino/_scores.html",
    "rummathon": "rummathon/_rounds.html",
    "capit": "capit/_scores.html",
}


def rounds_of(state: dict) -> int:
    return len(state.get("rounds") or state.get("deals") or [])


@pytest.mark.parametrize("slug", sorted(CHECKS))
@pytest.mark.parametrize("seed", SEEDS)
def test_every_total_shown_is_the_sum_of_its_rows(slug, seed):
    plugin = PLUGINS[slug]
    states = finished_game(plugin, seed)
    for k, state in enumerate(states):
        last = k == len(states) - 1
        if not (last or k % EVERY == 0 or (k and rounds_of(state) != rounds_of(states[k - 1]))):
            continue
        CHECKS[slug](present(plugin, state), state, f"{slug}, seed {seed}, position {k}")


@pytest.mark.parametrize("slug", sorted(SCORE_TEMPLATES))
def test_the_score_templates_print_the_totals_and_name_what_scored(slug):
    plugin = PLUGINS[slug]
    final = finished_game(plugin, 1)[-1]
    page = present(plugin, final)
    html = render_to_string(SCORE_TEMPLATES[slug], {"table": page})
    totals = (
        page.get("round_totals") or page[{"casino": "points_by_deal", "rummathon": "points_by_round"}[slug]]["totals"]
    )
    for total in totals:
        assert f'<td class="num">{total}</td>' in html
    named = {"casino": "right answers", "rummathon": "cards bought", "capit": "round-summary__hand"}[slug]
    assert named in html.lower()
