"""Cap-It's rules, case by case, as the rule sheet and games/capit/notes/rules.md state them."""

import re
from collections import Counter

import pytest

from engine.base import IllegalMove
from engine.bots import play
from engine.registry import get_rules
from engine.rng import shuffled
from games.capit.engine import RULES, arrange, deck, face, hand_points, points


def ids(*faces, copy=0):
    return [f"{f}:{copy}" for f in faces]


def table(hands, discard=("KD:1",), stock=None, melds=(), laid=(), turn=0, phase="play", number=1, **options):
    """A game at round `number` with these hands and table melds ((owner, kind, cards));
    cards placed nowhere else form the stock (or lie under the discard pile when `stock`
    is given), so every card of the decks stays in play."""
    players = len(hands)
    state = RULES.new_game(players, options, seed=7)
    on_table = [card for _, _, cards in melds for card in cards]
    placed = [card for hand in hands for card in hand] + list(discard) + list(stock or ()) + on_table
    assert len(placed) == len(set(placed)), "a card placed twice"
    rest = [card for card in deck(players) if card not in set(placed)]
    table_melds = []
    for owner, kind, cards in melds:
        ordered, slots = arrange(cards, kind)
        table_melds.append({"owner": owner, "kind": kind, "cards": ordered, "as": slots})
    state.update(
        round=number,
        dealer=(number - 1) % players,
        turn=turn,
        phase=phase,
        hands=[list(hand) for hand in hands],
        stock=rest if stock is None else list(stock),
        discard=list(discard) if stock is None else rest + list(discard),
        melds=table_melds,
        laid=[seat in laid for seat in range(players)],
    )
    assert sum(map(len, [*state["hands"], state["stock"], state["discard"]])) + len(on_table) == len(deck(players))
    return state


def refused(state, seat, move):
    with pytest.raises(IllegalMove) as error:
        RULES.apply(state, seat, move)
    return error.value.reason


def cards_in_play(state):
    piles = state["hands"] + list(state["out_hands"].values()) + [state["stock"], state["discard"]]
    return Counter(card for pile in piles + [m["cards"] for m in state["melds"]] for card in pile)


# Three more hands of 7 cards (50 points each) that no test hand shares a card with.
FILLER = [
    ids("3C", "4D", "6S", "8C", "10D", "QS", "KS", copy=1),
    ids("3D", "4C", "6D", "8D", "10C", "QC", "KH", copy=1),
    ids("3S", "4S", "6C", "8S", "10S", "QD", "JC", copy=1),
]


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


def force_round_end(state):
    """Leave one card in the stock and let the seat to act push: the round ends."""
    state = dict(state, stock=state["stock"][:1], discard=state["stock"][1:] + state["discard"], phase="draw")
    return RULES.apply(state, state["turn"], {"type": "push"})


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


# ---------------------------------------------------------------- contracts


ROUND_1 = ids("7H", "7C", "JK", "9D", "9H", "9S", "KC", "3D", "5S", "QH", "4C")


def test_the_contract_is_laid_whole_or_not_at_all():
    state = table([ROUND_1] + FILLER)
    one = {"type": "lay_contract", "melds": [{"kind": "set", "cards": ids("7H", "7C", "JK")}]}
    assert "two sets of 3" in refused(state, 0, one) and "exactly" in refused(state, 0, one)
    three = {
        "type": "lay_contract",
        "melds": one["melds"]
        + [{"kind": "set", "cards": ids("9D", "9H", "9S")}, {"kind": "set", "cards": ids("KC", "QH", "4C")}],
    }
    assert refused(state, 0, three) == refused(state, 0, one)  # a meld too many: the same answer
    twos = {"type": "lay_contract", "melds": [one["melds"][0], {"kind": "set", "cards": ids("KC", "QH", "4C")}]}
    assert refused(state, 0, twos) == "Group B: A set needs cards of one rank: K♣ and Q♥ differ."
    runs = {"type": "lay_contract", "melds": [{"kind": "run", "cards": ids("3D", "JK", "5S")}, one["melds"][0]]}
    assert refused(state, 0, runs).startswith("Group A: A run needs cards of one suit")
    shared = {"type": "lay_contract", "melds": [one["melds"][0], {"kind": "set", "cards": ids("JK", "9H", "9S")}]}
    assert refused(state, 0, shared) == "A card cannot be in two melds."
    whole = {"type": "lay_contract", "melds": one["melds"] + [{"kind": "set", "cards": ids("9D", "9H", "9S")}]}
    after = RULES.apply(state, 0, whole)
    assert after["laid"] == [True, False, False, False]
    assert [(m["owner"], m["kind"], len(m["cards"])) for m in after["melds"]] == [(0, "set", 3), (0, "set", 3)]
    assert sorted(after["hands"][0]) == sorted(ids("KC", "3D", "5S", "QH", "4C"))
    assert "already" in refused(after, 0, whole)
    assert cards_in_play(after) == cards_in_play(state)


def test_after_the_contract_new_melds_and_lay_offs_follow_in_the_same_turn():
    hand = ROUND_1 + ids("KS", "KH", "7D")
    state = table([hand] + FILLER[:1] + [ids("3H"), ids("3S", copy=1)])
    contract = RULES.legal_moves(state, 0)[0]
    assert contract["type"] == "lay_contract"
    after = RULES.apply(state, 0, contract)
    moves = RULES.legal_moves(after, 0)
    assert {"type": "meld", "kind": "set", "cards": ids("KS", "KH", "KC")} in moves
    after = RULES.apply(after, 0, {"type": "meld", "kind": "set", "cards": ids("KS", "KH", "KC")})
    assert len(after["melds"]) == 3 and after["phase"] == "play" and after["turn"] == 0


def test_no_melding_or_laying_off_before_the_contract():
    melds = [(1, "set", ids("9D", "9H", "9S")), (1, "run", ids("5H", "JK", "7H"))]
    state = table([ids("9C", "6H", "KC", "KS", "KH")] + FILLER, melds=melds, laid=[1])
    for move in (
        {"type": "lay_off", "meld": 0, "cards": ["9C:0"]},
        {"type": "meld", "kind": "set", "cards": ids("KC", "KS", "KH")},
        {"type": "replace", "meld": 1, "card": "6H:0", "wild": "JK:0"},
    ):
        assert refused(state, 0, move).startswith("Lay down your contract first (two sets of 3)")
    assert {m["type"] for m in RULES.legal_moves(state, 0)} == {"discard"}


def test_round_five_needs_a_run_of_3_and_a_run_of_7():
    hand = ids("3S", "4S", "JK", "6S", "7S", "2C", "9S", "JH", "QH", "KH", "5D")
    state = table([hand] + FILLER, number=5)
    seven = {"kind": "run", "cards": ids("3S", "4S", "JK", "6S", "7S", "2C", "9S")}
    three = {"kind": "run", "cards": ids("JH", "QH", "KH")}
    short = {"kind": "run", "cards": ids("3S", "4S", "JK", "6S", "7S", "2C")}
    assert "too short" in refused(state, 0, {"type": "lay_contract", "melds": [short, three]})
    after = RULES.apply(state, 0, {"type": "lay_contract", "melds": [three, seven]})
    assert after["melds"][1]["as"] == ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]
    offered = [m for m in RULES.legal_moves(state, 0) if m["type"] == "lay_contract"]
    assert offered and RULES.apply(state, 0, offered[0])["laid"][0]
    view = RULES.view(state, 0)
    assert view["contract"] == {
        "round": 5,
        "melds": [{"kind": "run", "size": 3}, {"kind": "run", "size": 7}],
        "text": "a run of 3 and a run of 7",
    }


# ---------------------------------------------------------------- wild cards


def test_every_meld_needs_one_natural_card_on_the_table_too():
    melds = [(1, "set", ids("9D", "9H", "9S"))]
    hand = ids("JK", "2C") + ids("JK", copy=1) + ids("KC")
    state = table([hand] + FILLER, melds=melds, laid=[0, 1])
    move = {"type": "meld", "kind": "set", "cards": ["JK:0", "JK:1", "JK:2"]}
    state["hands"][0].append("JK:2")
    state["stock"].remove("JK:2")
    assert "at least one natural card" in refused(state, 0, move)
    ok = RULES.apply(state, 0, {"type": "meld", "kind": "set", "cards": ["JK:0", "JK:1", "2C:0"]})
    assert ok["melds"][-1]["as"] == ["2", "2", "2"]


def test_a_two_in_its_natural_spot_cannot_be_replaced():
    melds = [(1, "run", ids("2H", "3H", "4H")), (1, "set", ids("2C", "2D", "JK")), (1, "run", ids("5S", "6S", "2S"))]
    hand = ids("2H", "2S", "7S", "KC", copy=1)
    state = table([hand] + FILLER, melds=melds, laid=[0, 1])
    reason = refused(state, 0, {"type": "replace", "meld": 0, "card": "2H:1", "wild": "2H:0"})
    assert reason == "The 2♥ stands for itself there: a 2 in its natural spot cannot be replaced."
    assert "cannot be replaced" in refused(state, 0, {"type": "replace", "meld": 1, "card": "2S:1", "wild": "2C:0"})
    # A joker in a set of 2s stands for a 2, and a 2 standing for the 7♠ is wild.
    after = RULES.apply(state, 0, {"type": "replace", "meld": 1, "card": "2S:1", "wild": "JK:0"})
    assert after["melds"][1]["cards"] == ["2C:0", "2D:0", "2S:1"] and "JK:0" in after["hands"][0]
    after = RULES.apply(state, 0, {"type": "replace", "meld": 2, "card": "7S:1", "wild": "2S:0"})
    assert after["melds"][2]["cards"] == ["5S:0", "6S:0", "7S:1"] and after["must_use"] == [{"card": "2S:0", "from": 2}]
    replaceable = {(m["meld"], m["wild"]) for m in RULES.legal_moves(state, 0) if m["type"] == "replace"}
    assert replaceable == {(1, "JK:0"), (2, "2S:0")}


def test_only_the_natural_card_a_wild_stands_for_can_replace_it():
    melds = [(1, "run", ids("5H", "JK", "7H")), (1, "set", ids("9C", "9D", "JK", copy=1))]
    state = table([ids("6C", "6H", "9H", "KC")] + FILLER, melds=melds, laid=[0, 1])
    assert "stands for the 6♥" in refused(state, 0, {"type": "replace", "meld": 0, "card": "6C:0", "wild": "JK:0"})
    assert "natural card, not a wild" in refused(
        state, 0, {"type": "replace", "meld": 0, "card": "6H:0", "wild": "5H:0"}
    )
    assert "no card" in refused(state, 0, {"type": "replace", "meld": 0, "card": "6H:0", "wild": "JK:1"})
    after = RULES.apply(state, 0, {"type": "replace", "meld": 1, "card": "9H:0", "wild": "JK:1"})
    assert after["melds"][1]["cards"] == ["9C:1", "9D:1", "9H:0"]


def test_the_freed_wild_must_be_used_in_another_meld_the_same_turn():
    melds = [(1, "run", ids("5H", "JK", "7H")), (0, "set", ids("9C", "9D", "9S")), (0, "set", ids("QC", "QD", "QS"))]
    state = table([ids("6H", "KC", "KD", "3D")] + FILLER, melds=melds, laid=[0, 1])
    freed = RULES.apply(state, 0, {"type": "replace", "meld": 0, "card": "6H:0", "wild": "JK:0"})
    assert freed["melds"][0]["cards"] == ids("5H", "6H", "7H") and "JK:0" in freed["hands"][0]
    assert RULES.view(freed, 0)["must_use"] == ["JK:0"] == RULES.view(freed, 2)["must_use"]
    assert (
        refused(freed, 0, {"type": "discard", "card": "3D:0"})
        == "Use the Joker you freed in a meld before you discard."
    )
    assert refused(freed, 0, {"type": "discard", "card": "JK:0"}).startswith("Use the Joker")
    assert "another meld" in refused(freed, 0, {"type": "lay_off", "meld": 0, "cards": ["JK:0"]})
    moves = RULES.legal_moves(freed, 0)
    assert not [m for m in moves if m["type"] == "discard"]
    assert {"type": "lay_off", "meld": 1, "cards": ["JK:0"]} in moves
    assert {"type": "lay_off", "meld": 0, "cards": ["JK:0"]} not in moves
    used = RULES.apply(freed, 0, {"type": "lay_off", "meld": 1, "cards": ["JK:0"]})
    assert used["must_use"] == [] and RULES.apply(used, 0, {"type": "discard", "card": "3D:0"})["turn"] == 1
    in_a_meld = RULES.apply(freed, 0, {"type": "meld", "kind": "set", "cards": ["KC:0", "KD:0", "JK:0"]})
    assert in_a_meld["must_use"] == [] and len(in_a_meld["melds"]) == 4


def test_a_freed_two_may_replace_a_wild_in_another_meld_but_not_in_its_own():
    # 2♥ stands for the 4♥ and a joker for the 2♥ in meld 0; meld 1 holds a joker for the 2♥ too.
    melds = [
        (1, "run", ids("JK", "3H", "2H", "5H")),
        (2, "run", ["JK:1"] + ids("3H", "4H", copy=1)),
        (0, "set", ids("9C", "9D", "9S")),
    ]
    state = table([ids("4H", "KC", "3D")] + FILLER, melds=melds, laid=[0, 1, 2])
    assert state["melds"][0]["as"] == ["2H", "3H", "4H", "5H"]
    freed = RULES.apply(state, 0, {"type": "replace", "meld": 0, "card": "4H:0", "wild": "2H:0"})
    assert freed["must_use"] == [{"card": "2H:0", "from": 0}]
    assert "another meld" in refused(freed, 0, {"type": "replace", "meld": 0, "card": "2H:0", "wild": "JK:0"})
    again = RULES.apply(freed, 0, {"type": "replace", "meld": 1, "card": "2H:0", "wild": "JK:1"})
    assert again["melds"][1]["cards"] == ["2H:0", "3H:1", "4H:1"] and again["must_use"] == [{"card": "JK:1", "from": 1}]
    assert sorted(again["hands"][0]) == ["3D:0", "JK:1", "KC:0"]
    assert refused(again, 0, {"type": "discard", "card": "3D:0"}).startswith("Use the Joker")


def test_no_replacement_when_no_other_meld_could_take_the_freed_wild():
    spades = ids("2S", "3S", "4S") + ["JK:0"] + ids("6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AS")
    hearts = ids("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH")
    melds = [(1, "run", spades), (0, "run", hearts)]
    state = table([ids("5S", "KC", "3D")] + FILLER, melds=melds, laid=[0, 1])
    assert "no meld able to take" in refused(state, 0, {"type": "replace", "meld": 0, "card": "5S:0", "wild": "JK:0"})
    assert not [m for m in RULES.legal_moves(state, 0) if m["type"] == "replace"]


def test_lay_offs_go_on_any_meld_on_the_table():
    melds = [(1, "run", ids("5H", "6H", "7H")), (2, "set", ids("9C", "9D", "9S"))]
    state = table([ids("8H", "4H", "9H", "JK", "KC")] + FILLER, melds=melds, laid=[0, 1, 2])
    after = RULES.apply(state, 0, {"type": "lay_off", "meld": 0, "cards": ["8H:0", "4H:0"]})
    assert after["melds"][0]["as"] == ["4H", "5H", "6H", "7H", "8H"] and after["melds"][0]["owner"] == 1
    after = RULES.apply(after, 0, {"type": "lay_off", "meld": 1, "cards": ["9H:0"]})
    after = RULES.apply(after, 0, {"type": "lay_off", "meld": 0, "cards": ["JK:0"], "end": "low"})
    assert after["melds"][0]["as"][0] == "3H" and after["hands"][0] == ["KC:0"]
    assert "no meld 5" in refused(state, 0, {"type": "lay_off", "meld": 5, "cards": ["8H:0"]})
    assert "grows only at its ends" in refused(state, 0, {"type": "lay_off", "meld": 0, "cards": ["9H:0"]})


# ---------------------------------------------------------------- the end of a round


def test_going_out_by_laying_off_the_last_card():
    melds = [(1, "run", ids("5H", "6H", "7H")), (0, "set", ids("9C", "9D", "9S"))]
    hands = [ids("8H")] + FILLER
    state = table(hands, melds=melds, laid=[0, 1])
    after = RULES.apply(state, 0, {"type": "lay_off", "meld": 0, "cards": ["8H:0"]})
    summary = after["rounds"][0]
    assert summary["went_out"] == 0 and summary["reason"] == "went_out" and summary["number"] == 1
    assert summary["points"] == [0] + [hand_points(hand) for hand in FILLER] == [0, 50, 50, 50]
    assert summary["winners"] == [0] and after["scores"] == [[0, 50, 50, 50]]
    assert after["round"] == 2 and after["dealer"] == 1 and after["turn"] == 2 and after["melds"] == []
    assert RULES.describe(state, 0, {"type": "lay_off", "meld": 0, "cards": ["8H:0"]}).endswith(
        "{player} went out: round 1 is over."
    )


def test_going_out_by_melding_the_last_cards():
    state = table(
        [ids("KC", "KD", "KS")] + FILLER[:2] + [ids("3H")], melds=[(0, "set", ids("9C", "9D", "9S"))], laid=[0]
    )
    after = RULES.apply(state, 0, {"type": "meld", "kind": "set", "cards": ids("KC", "KD", "KS")})
    assert after["rounds"][0]["went_out"] == 0 and after["round"] == 2


def test_going_out_by_discarding_the_last_card():
    state = table([ids("KC")] + FILLER, melds=[(0, "set", ids("9C", "9D", "9S"))], laid=[0])
    after = RULES.apply(state, 0, {"type": "discard", "card": "KC:0"})
    assert after["rounds"][0]["went_out"] == 0 and after["rounds"][0]["points"][0] == 0
    assert after["round"] == 2


def test_the_round_ends_when_the_stock_is_too_short_for_a_push():
    hands = [ids("AS", "KC"), ids("3D"), ids("2C", "JK"), ids("9H", "QH")]
    state = table(hands, stock=ids("5S"), discard=ids("7D"), phase="draw")
    after = RULES.apply(state, 0, {"type": "push"})
    summary = after["rounds"][0]
    assert summary["reason"] == "stock_out" and summary["went_out"] is None
    assert summary["points"] == [25, 5, 35, 15] and summary["winners"] == [1]
    assert after["round"] == 2 and len(after["stock"]) == 108 - 41
    assert RULES.describe(state, 0, {"type": "push"}) == (
        "{player} chose to push, but the stock is too short. The stock ran out: round 1 is over."
    )
    # Two stock cards are enough: the push happens and empties the stock.
    two = table(hands, stock=ids("5S", "6S"), discard=ids("7D"), phase="draw")
    pushed = RULES.apply(two, 0, {"type": "push"})
    assert pushed["stock"] == [] and pushed["hands"][1] == ids("3D", "6S", "7D") and pushed["round"] == 1


def test_the_round_ends_when_a_draw_finds_the_stock_empty():
    state = table([ids("AS"), [], ids("2C"), ids("9H")], stock=(), discard=(), phase="draw")
    state["hands"][1], state["discard"] = state["discard"], []  # seat 1 holds every other card
    assert RULES.legal_moves(state, 0) == [{"type": "draw_stock"}]
    after = RULES.apply(state, 0, {"type": "draw_stock"})
    assert after["rounds"][0]["reason"] == "stock_out" and after["rounds"][0]["points"][0] == 15
    assert after["round"] == 2


# ---------------------------------------------------------------- scoring and the end


def test_scoring_cards_in_hand_with_the_ace_option():
    assert hand_points(ids("KH", "QH", "JH", "10H")) == 40
    assert hand_points(ids("9H", "3C")) == 10
    assert points("2C:0") == 15 and points("JK:0") == 20
    assert points("AS:0") == 15 and points("AS:0", ace_value=1) == 1
    hands = [ids("AS", "KC"), ids("3D"), ids("2C", "JK"), ids("9H", "QH")]
    state = table(hands, stock=ids("5S"), discard=ids("7D"), phase="draw", ace_value=5)
    assert RULES.apply(state, 0, {"type": "push"})["rounds"][0]["points"] == [15, 5, 35, 15]


def test_five_rounds_then_the_result():
    final = play("capit", ["normal"] * 4, seed=3)
    result = RULES.result(final)
    assert result["reason"] == "five_rounds" and len(result["rounds"]) == 5
    assert result["scores"] == [sum(r[s] for r in result["rounds"]) for s in range(4)]
    assert result["winners"] == [s for s in range(4) if result["scores"][s] == min(result["scores"])]
    view = RULES.view(final, None)
    assert [r["number"] for r in view["rounds"]] == [1, 2, 3, 4, 5]
    assert [r["dealer"] for r in view["rounds"]] == [0, 1, 2, 3, 0]
    assert RULES.to_act(final) == [] and view["phase"] == "over" and len(view["hands"]) == 4
    assert refused(final, 0, {"type": "push"}) == "The game is over."


def test_ties_share_the_win_and_the_round():
    hands = [ids("KC"), ids("AS", "KS"), ids("2C", "JK"), ids("KD")]
    state = table(hands, stock=ids("5S"), discard=ids("7D"), phase="draw", number=5)
    earlier = [[10, 40, 5, 10]] * 4
    state.update(
        scores=earlier,
        rounds=[
            {"number": n, "dealer": n - 1, "went_out": None, "reason": "stock_out", "points": p, "winners": [2]}
            for n, p in enumerate(earlier, 1)
        ],
    )
    after = RULES.apply(state, 0, {"type": "push"})
    assert after["rounds"][-1]["winners"] == [0, 3]
    assert RULES.result(after) == {
        "winners": [0, 3],
        "scores": [50, 185, 55, 50],
        "rounds": earlier + [[10, 25, 35, 10]],
        "reason": "five_rounds",
    }


def test_resigned_players_are_skipped_score_nothing_more_and_cannot_win():
    state = RULES.new_game(4, {}, seed=9)
    state = RULES.apply(state, 2, {"type": "resign"})
    assert refused(state, 2, {"type": "push"}) == "You have resigned from this game."
    assert state["hands"][2] == [] and len(state["out_hands"]["2"]) == 10
    state = force_round_end(state)
    assert state["rounds"][0]["points"][2] is None and 2 not in state["rounds"][0]["winners"]
    assert state["hands"][2] == [] and cards_in_play(state) == Counter(deck(4))
    state = RULES.apply(state, 0, {"type": "resign"})
    assert RULES.describe(state, 1, {"type": "resign"}) == "{player} resigned. The game is over."
    state = RULES.apply(state, 1, {"type": "resign"})
    assert RULES.result(state)["reason"] == "last_standing" and RULES.result(state)["winners"] == [3]


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
