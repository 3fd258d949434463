"""A whole game of Cap-It through the web: alice plays every one of her moves with the
page's forms (each chosen from `legal_moves`), three bots play theirs through the
services, until the game is over."""

import random

from django.urls import reverse

from tables.models import Event, Game
from tests.capit.capit_web import current, play_bots, post_move

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}
ORDER = ("lay_contract", "meld", "lay_off", "replace")


def choose(moves, rng):
    """Lay down whatever can go down (now and then a wild swap), else draw or discard."""
    by_type = {}
    for move in moves:
        by_type.setdefault(move["type"], []).append(move)
    for kind in ORDER:
        if kind in by_type and (kind != "replace" or rng.random() < 0.3):
            return rng.choice(by_type[kind])
    return rng.choice(moves)


def test_a_whole_game_against_bots_through_the_web(client, alice, with_bots):
    game = with_bots
    client.force_login(alice)
    rng = random.Random(4)
    seen_types, rounds_seen, posts = set(), set(), 0
    while True:
        game = play_bots(game)
        if game.status == Game.Status.FINISHED:
            break
        assert game.to_act == [0]
        state = game.state
        if state["round"] not in rounds_seen:  # the page at the start of each of alice's rounds
            rounds_seen.add(state["round"])
            html = client.get(reverse("game", args=[game.pk])).content.decode()
            assert f"Round {state['round']} of 5" in html
        move = choose(game.rules.legal_moves(state, 0), rng)
        headers = HTMX if posts % 7 == 0 else {}
        response = post_move(client, game, move, headers)
        assert response.status_code == (200 if headers else 302), (move, response.content.decode()[:500])
        seen_types.add(move["type"])
        posts += 1
        assert posts < 3000
    # Alice played in (nearly) every round; a bot may go out before her first turn of one.
    assert len(rounds_seen) >= 4 and len(game.result["rounds"]) == 5
    assert {"take_discard", "push", "discard", "lay_contract"} <= seen_types
    result = game.result
    assert result["reason"] == "five_rounds" and result["winners"]
    assert Event.objects.filter(game=game).count() == game.version

    html = client.get(reverse("game", args=[game.pk])).content.decode()
    names = {s.index: s.name for s in game.seats.all()}
    assert " and ".join(names[i] for i in result["winners"]) in html.split('id="result-title">')[1]
    assert html.count("<polyline") == 4
    totals = result["scores"]
    tfoot = html.split("<tfoot>")[1].split("</tfoot>")[0]
    for total in totals:
        assert f'<td class="num">{total}</td>' in tfoot
    assert current(game).status == Game.Status.FINISHED
