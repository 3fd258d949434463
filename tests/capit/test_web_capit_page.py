"""The Cap-It page: the round, the contract, the draw choice, my hand, what others may
see, spectators, and the page after the end."""

import re

from django.urls import reverse

from games.capit.engine import face, sort_hand
from tables.actions import lifecycle
from tables.models import Game
from tests.capit.capit_web import current, play_bots, post_move, rendered_card_ids, set_hand


def page(client, user, game, **headers):
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    response = client.get(reverse("game", args=[game.pk]), **headers)
    assert response.status_code == 200
    return response.content.decode()


def hand_of(game, seat):
    return game.rules.view(game.state, seat)["hand"]


def my_hand_section(html):
    return html.split('id="hand-title"')[1].split("</section>")[0]


def test_the_player_to_act_sees_the_round_the_contract_the_draw_choice_and_the_hand(client, bob, friends):
    html = page(client, bob, friends)
    top = friends.rules.view(friends.state, None)["discard_top"]
    assert "Round 1 of 5" in html and "Dealer: Alice" in html
    assert "Round 1 contract: two sets of 3" in html
    assert "Your turn: take the " + face(top) in html
    assert f"Take the {face(top)}</button>" in html
    assert f"Push: the {face(top)} and the top stock card go to Charlie; you then draw from the stock." in html
    assert "Draw from the stock</button>" not in html
    # My hand, sorted by suit then rank with the wild cards last, one tile per card.
    shown = re.findall(r'data-card="([^"]+)"', my_hand_section(html))
    assert shown == sort_hand(hand_of(friends, 1))
    assert 'href="/rules/capit/"' in html
    assert "10 cards" in html  # the others' hand sizes


def test_an_empty_discard_pile_means_drawing_from_the_stock(client, bob, friends):
    state = friends.state
    state["stock"][:0], state["discard"] = state["discard"], []
    friends.save(update_fields=["state"])
    html = page(client, bob, friends)
    assert "Draw from the stock</button>" in html and "The discard pile is empty." in html
    assert "Push</button>" not in html and "Take the" not in html
    assert post_move(client, friends, [("type", "draw_stock")]).status_code == 302
    assert len(hand_of(current(friends), 1)) == 11


def test_a_waiting_player_sees_their_hand_but_no_controls(client, alice, friends):
    html = page(client, alice, friends)
    assert "Waiting for Bob" in html
    assert 'name="type"' not in html and 'id="builder"' not in html
    for card in hand_of(friends, 0):
        assert f'data-card="{card}"' in html


def test_a_spectator_sees_the_table_but_no_hand(client, friends):
    html = page(client, None, friends)
    assert "You are watching. Bob to play." in html
    assert "Your hand" not in html and 'name="type"' not in html
    assert "Round 1 contract: two sets of 3" in html


def test_no_page_carries_another_seats_cards(client, alice, bob, charlie, friends):
    # Play into the game a little so that there are melds and a discard pile to show.
    game = set_hand(
        friends,
        1,
        ["7H:0", "7C:0", "7S:1", "KH:0", "KD:1", "KS:0", "3C:0", "4D:0", "9S:0", "10H:1"],
        turn=1,
        phase="play",
    )
    client.force_login(bob)
    assert (
        post_move(
            client,
            game,
            [
                ("type", "lay_contract"),
                ("kind_A", "set"),
                ("A", "7H:0"),
                ("A", "7C:0"),
                ("A", "7S:1"),
                ("kind_B", "set"),
                ("B", "KH:0"),
                ("B", "KD:1"),
                ("B", "KS:0"),
            ],
        ).status_code
        == 302
    )
    game = current(game)
    public = game.rules.view(game.state, None)
    on_table = {card for meld in public["melds"] for card in meld["cards"]} | {public["discard_top"]}
    for seat, user in enumerate([alice, bob, charlie, None]):
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            html = page(client, user, game, **headers)
            ids = rendered_card_ids(html)
            if user is not None:  # the viewer's own cards are there: the check sees card ids
                assert set(hand_of(game, seat)) <= ids
            for other in range(4):
                if other == seat:
                    continue
                hidden = set(hand_of(game, other)) - on_table
                assert not ids & hidden, (seat, other, ids & hidden)
            assert str(game.seed) not in html


def test_the_page_after_the_end_shows_the_result_the_scores_and_the_seed(client, alice):
    game = lifecycle.create_table(alice, "capit", seats=4, bots=4)
    game = play_bots(lifecycle.start_table(alice, game.pk))
    assert game.status == Game.Status.FINISHED
    result = game.result
    html = page(client, alice, game)
    names = {s.index: s.name for s in game.seats.all()}
    winners = " and ".join(names[i] for i in result["winners"])
    assert f"{winners} {'share the win' if len(result['winners']) > 1 else 'won with'}" in html
    assert f"Seed: <code>{game.seed}</code>" in html
    assert 'data-live="10000"' in html  # polled only for the table talk and a rematch
    assert html.count("<polyline") == 4
    assert len(re.findall(r'<th scope="row" title="[^"]*">\d</th>', html)) == 5
    # The last round's leftover hands are shown to everyone once the game is over.
    for hand in game.rules.view(game.state, None)["hands"]:
        for card in hand:
            assert f'data-card="{card}"' in html
    assert 'name="type"' not in html


def test_a_card_that_fits_the_plan_says_so_to_a_screen_reader_too(client, bob, friends):
    """Found by a QA pass: the • of a card that fits the closest plan was seen, not said."""
    pairs = ["7H:0", "7S:0", "9C:0", "9D:0"]  # two sets of 3 to make: these fit the plan
    game = set_hand(friends, 1, [*pairs, "KC:0", "2D:0", "4S:0", "JH:0", "5C:0", "QD:0"], turn=1, phase="play")
    html = my_hand_section(page(client, bob, game))
    marked = re.findall(r'class="ptile ptile--plan[^"]*" data-hand-card="[^"]+" aria-label="([^"]+)"', html)
    assert len(marked) >= 4 and all(", fits your plan" in label for label in marked)
    plain = re.findall(r'class="ptile(?! ptile--plan)[^"]*" data-hand-card="[^"]+" aria-label="([^"]+)"', html)
    assert not any("fits your plan" in label for label in plain)
