"""Round ends on the page: the summary (who went out, each player's points), the score
table across rounds, the SVG chart of running totals, and the stakes paid per round."""

import re

from django.urls import reverse

from games.capit.engine import hand_points
from tables.actions import bot_play, lifecycle
from tables.models import Game
from tests.capit.capit_web import current, post_move, set_hand


def test_going_out_shows_the_round_summary_the_score_table_and_the_chart(client, bob, friends):
    # Bob's contract is down and one card is left: discarding it ends round 1.
    game = set_hand(friends, 1, ["KC:0"], turn=1, phase="play", laid=True)
    others = {seat: hand_points(game.state["hands"][seat]) for seat in (0, 2, 3)}
    client.force_login(bob)
    response = post_move(client, game, [("type", "discard"), ("card", "KC:0")], {"HTTP_HX_REQUEST": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    game = current(game)
    assert game.state["scores"] == [[others[0], 0, others[2], others[3]]]

    assert "Round 1 summary: Bob went out." in html
    summary = html.split('class="round-summary"')[1].split("</section>")[0]
    for name, points in (("Alice", others[0]), ("Charlie", others[2])):
        assert re.search(rf"<strong>{name}</strong>:\s*{points} points", summary)
    assert re.search(r"<strong>Bob</strong>:\s*0 points", summary) and "went out" in summary

    # The score table: one row so far, and the totals.
    table = html.split('class="score-table"')[1].split("</table>")[0]
    assert len(re.findall(r'<th scope="row"', table)) == 2  # round 1 and the total
    # The chart: an SVG drawn on the server, one line per player, no inline style.
    svg = html.split("<svg")[1].split("</svg>")[0]
    assert svg.count("<polyline") == 4 and "style=" not in svg
    assert f"Alice {others[0]}" in svg and "Bob 0" in svg

    # Round 2 has begun: its dealer, contract and fresh hands.
    assert "Round 2 of 5" in html and "Dealer: Bob" in html
    assert "Round 2 contract: a set of 3 and a run of 4" in html
    assert "Waiting for Charlie" in html


def test_the_round_summary_and_chart_after_bots_play_rounds(client, alice):
    game = lifecycle.create_table(alice, "capit", seats=4, bots=4)
    game = lifecycle.start_table(alice, game.pk)
    while len(current(game).state["rounds"]) < 2:
        assert bot_play.play_bot_turn(game.pk, current(game).version)
    game = current(game)
    client.force_login(alice)
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    last = game.state["rounds"][-1]
    assert "Round 2 summary:" in html and "Round 3 of 5" in html
    svg = html.split("<svg")[1].split("</svg>")[0]
    # Each line has a point per round so far, plus the start.
    for line in re.findall(r'<polyline points="([^"]+)"', svg):
        assert len(line.split()) == 3
    assert html.count("score-table__low") >= len(last["winners"])


def test_stakes_show_the_pot_and_the_share_paid_each_round(client, alice, staked, play_out):
    game = play_out(staked("capit", 4, ante=100))
    assert game.status == Game.Status.FINISHED
    client.force_login(alice)
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Ante 100 chips a player" in html
    moves = client.get(reverse("history", args=[game.pk])).content.decode()
    for number in range(1, 6):
        assert f"for round {number}" in moves
