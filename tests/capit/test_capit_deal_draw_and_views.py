"""Cap-It's deal, the draw and the push, bad moves, the view and descriptions, as the rules state them."""

import re
from collections import Counter

import pytest

from engine.registry import get_rules
from engine.rng import shuffled
from games.capit.engine import RULES, deck, face
from tests.capit.capit_tables import FILLER, ROUND_1, cards_in_play, force_round_end, ids, refused, table

# ---------------------------------------------------------------- setting the table


def test_registered_as_capit_with_its_options():
    rules = get_rules("capit")
    assert rules is RULES
    info = rules.info
    assert (info.slug, info.name, info.min_players, info.max_players, info.default_players) == (
        "capit",
        "Cap-It",
        4,
        6,
        4,
    )
    assert info.default_options == {"ace_value": 15, "round_share_percent": 10}


@pytest.mark.parametrize("players, size, jokers", [(4, 108, 4), (5, 162, 6), (6, 162, 6)])
def test_decks_by_table_size(players, size, jokers):
    cards = deck(players)
    assert len(cards) == len(set(cards)) == size
    assert sum(card.startswith("JK:") for card in cards) == jokers
    assert all(re.fullmatch(r"((10|[2-9JQKA])[SHDC]|JK):\d", card) for card in cards)
    assert Counter(card.split(":")[0] for card in cards)["10H"] == size // 54
    state = RULES.new_game(players, {}, seed=3)
    assert cards_in_play(state) == Counter(cards)
    assert [len(hand) for hand in state["hands"]] == [10] * players
    assert len(state["discard"]) == 1 and len(state["stock"]) == size - 10 * players - 1


@pytest.mark.parametrize(
    "players, options",
    [
        (3, {}),
        (7, {}),
        ("4", {}),
        (4, {"jokers": 2}),
        (4, {"ace_value": -1}),
        (4, {"ace_value": "15"}),
        (4, {"round_share_percent": 50}),
    ],
)
def test_new_game_refuses_bad_setups(players, options):
    with pytest.raises(ValueError):
        RULES.new_game(players, options, seed=1)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_dealer_rotation_and_the_first_player_left_of_the_dealer(players):
    state = RULES.new_game(players, {}, seed=11)
    for number in range(1, 6):
        dealer = (number - 1) % players
        assert (state["round"], state["dealer"], state["turn"], state["phase"]) == (
            number,
            dealer,
            (dealer + 1) % players,
            "draw",
        )
        dealt = shuffled(deck(players), 11, f"round:{number}")
        first = (dealer + 1) % players
        assert state["hands"][first] == dealt[:10]
        assert state["hands"][(first + 1) % players] == dealt[10:20]
        assert state["discard"] == [dealt[10 * players]]
        assert state["melds"] == [] and state["laid"] == [False] * players
        state = force_round_end(state)
    assert state["phase"] == "over" and [r["dealer"] for r in state["rounds"]] == [
        (n - 1) % players for n in range(1, 6)
    ]


# ---------------------------------------------------------------- the draw


def test_push_gives_two_cards_to_the_left_neighbour():
    state = RULES.new_game(4, {}, seed=5)
    assert state["turn"] == 1
    stock, top = state["stock"], state["discard"][-1]
    after = RULES.apply(state, 1, {"type": "push"})
    assert after["hands"][2] == state["hands"][2] + [stock[-1], top]
    assert after["hands"][1] == state["hands"][1] + [stock[-2]]
    assert [len(h) for h in after["hands"]] == [10, 11, 12, 10]
    assert after["stock"] == stock[:-2] and after["discard"] == state["discard"][:-1]
    assert (after["turn"], after["phase"]) == (1, "play")
    # The pushed discard was public; the stock card stays hidden.
    assert RULES.describe(state, 1, {"type": "push"}) == (
        f"{{player}} pushed the {face(top)} and a stock card to the next player, then drew from the stock."
    )


def test_push_from_the_last_seat_goes_round_to_seat_0_and_skips_resigned_seats():
    hands = [ids("5H"), ids("6H"), ids("7H"), ids("8H")]
    state = table(hands, turn=3, phase="draw")
    after = RULES.apply(state, 3, {"type": "push"})
    assert len(after["hands"][0]) == 3 and len(after["hands"][3]) == 2
    state = RULES.apply(table(hands, turn=1, phase="draw"), 2, {"type": "resign"})
    after = RULES.apply(state, 1, {"type": "push"})
    assert len(after["hands"][3]) == 3 and after["hands"][2] == []


def test_take_the_discard_and_draw_from_the_stock_only_on_an_empty_discard_pile():
    state = RULES.new_game(4, {}, seed=5)
    assert RULES.legal_moves(state, 1) == [{"type": "take_discard"}, {"type": "push"}]
    assert "only when the discard pile is empty" in refused(state, 1, {"type": "draw_stock"})
    taken = RULES.apply(state, 1, {"type": "take_discard"})
    assert taken["hands"][1][-1] == state["discard"][-1] and taken["discard"] == []
    empty = table([ids("5H"), ids("6H"), ids("7H"), ids("8H")], discard=(), turn=1, phase="draw")
    assert RULES.legal_moves(empty, 1) == [{"type": "draw_stock"}]
    assert "empty" in refused(empty, 1, {"type": "take_discard"})
    assert "empty" in refused(empty, 1, {"type": "push"})
    drawn = RULES.apply(empty, 1, {"type": "draw_stock"})
    assert drawn["hands"][1] == ["6H:0", empty["stock"][-1]]


def test_draw_first_then_play_and_only_on_your_turn():
    state = RULES.new_game(4, {}, seed=5)
    assert refused(state, 2, {"type": "push"}) == "It is not your turn."
    assert refused(state, 1, {"type": "discard", "card": state["hands"][1][0]}).startswith("Draw first")
    played = RULES.apply(state, 1, {"type": "push"})
    assert refused(played, 1, {"type": "push"}).startswith("You have drawn already")
    assert RULES.legal_moves(played, 0) == []


# ---------------------------------------------------------------- moves, views, words


@pytest.mark.parametrize(
    "move, reason",
    [
        ("push", "A move must be a JSON object."),
        ({"type": "draw"}, "The move type must be one of"),
        ({"type": "push", "card": "5H:0"}, "Unexpected field(s) in a push move: card."),
        ({"type": "discard"}, "A discard move needs: card."),
        ({"type": "discard", "card": "5H"}, "card ids such as"),
        ({"type": "discard", "card": "ZZ:0"}, "card ids such as"),
        ({"type": "discard", "card": "QH:1"}, "You do not hold the Q♥ (QH:1)."),
        ({"type": "meld", "kind": "pair", "cards": ["KC:0"]}, "Lay down your contract first"),
    ],
)
def test_bad_moves_are_refused_with_a_reason(move, reason):
    state = table([ids("5H", "KC")] + FILLER)
    assert reason in refused(state, 0, move)


def test_the_view_shows_the_table_and_only_your_own_hand():
    melds = [(1, "run", ids("5H", "JK", "7H"))]
    state = table([ids("6H", "KC")] + FILLER, melds=melds, laid=[1])
    view = RULES.view(state, 0)
    assert view["hand"] == ["6H:0", "KC:0"] and view["hand_size"] == [2, 7, 7, 7]
    assert view["melds"] == [
        {
            "owner": 1,
            "kind": "run",
            "cards": ["5H:0", "JK:0", "7H:0"],
            "as": ["5H", "6H", "7H"],
            "wild": [False, True, False],
        }
    ]
    assert view["discard_top"] == "KD:1" and view["stock_size"] == len(state["stock"])
    assert (view["round"], view["dealer"], view["to_act"], view["laid"]) == (1, 0, [0], [False, True, False, False])
    assert view["contract"]["text"] == "two sets of 3" and view["must_use"] == []
    assert view["scores"] == [] and view["totals"] == [0, 0, 0, 0] and view["rounds"] == []
    text = str(view)
    assert not any(card in text for hand in FILLER for card in hand)
    assert "seed" not in view and "stock" not in view
    assert RULES.view(state, None)["hand"] is None
    with pytest.raises(ValueError):
        RULES.view(state, 4)


def test_describe_names_public_cards_only():
    state = RULES.new_game(4, {}, seed=5)
    top = face(state["discard"][-1])
    assert RULES.describe(state, 1, {"type": "take_discard"}) == f"{{player}} took the {top} from the discard pile."
    state = table([ROUND_1] + FILLER)
    move = RULES.legal_moves(state, 0)[0]
    assert RULES.describe(state, 0, move).startswith("{player} laid down the contract: set ")
    assert RULES.describe(state, 0, {"type": "discard", "card": "KC:0"}) == "{player} discarded the K♣."
    assert RULES.describe(state, 0, {"type": "resign"}) == "{player} resigned."
