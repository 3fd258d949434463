"""Helpers for the Rummathon web tests: tables, positions placed in the state (every card
of the deck stays in play exactly once), posted moves and what a page shows."""

from collections import Counter

from games.rummathon.engine import all_cards, deck
from tables.actions import bot_play
from tables.models import Game
from tests.web_moves import page, post_move  # noqa: F401 (the game's tests import them from here)

# Bob's hand once his sequence is down (bob_down), the groups on the table (his and
# Charlie's, ids 0-1 and 2-3; Charlie's set of 2s is her burden's) and the discard pile
# (top last: the G12 at depth 1 hits Charlie's set of 12s).
BOB = ["R3:0", "R4:0", "R5:1", "Y7:0", "G7:1", "B11:0", "FLEX:2", "BYPASS:0", "BURDEN:1"]
GROUPS = {
    1: [("set", ["R9:0", "G9:0", "B9:1"], False), ("run", ["Y1:0", "Y2:0", "G3:0", "B4:0"], False)],
    2: [("set", ["Y12:0", "R12:1", "FLEX:5"], False), ("set", ["R2:0", "G2:0", "B2:0"], True)],
}
PILE = ["G11:0", "R8:1", "Y6:0", "G12:1", "B3:0"]
# The rule cards dealt: Crown to Alice, Sceptre to Bob (first a run of 3 and a run of 4), Orb to Charlie.
RULE_CARDS = [0, 1, 2]
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}


def current(game) -> Game:
    return Game.objects.get(pk=game.pk)


def place(game, *, hands=None, discard=None, groups=None, **changes) -> Game:
    """Put these cards where they are named and save the state: `hands` {seat: [cards]},
    the `discard` pile (top last), `groups` {seat: [(kind, cards, burden)]} (those seats
    counted down once). Every card not named lies in the deck; the other keys of the state
    take the values given (`turn`, `drawn`, `phase`, `burdens`…). The deck stays whole."""
    state = current(game).state
    hands = {seat: list(cards) for seat, cards in (hands or {}).items()}
    named = [card for cards in hands.values() for card in cards] + list(discard or [])
    named += [card for laid in (groups or {}).values() for _, cards, _ in laid for card in cards]
    assert len(named) == len(set(named)), "a card named twice"
    for seat, cards in hands.items():
        state["hands"][seat] = cards
    if discard is not None:
        state["discard"] = list(discard)
        state["upturned"] = None
    if groups is not None:
        state["groups"] = [[] for _ in range(state["players"])]
        next_id = 0
        for seat, laid in sorted(groups.items()):
            for kind, cards, burden in laid:
                state["groups"][seat].append({"id": next_id, "kind": kind, "cards": list(cards), "burden": burden})
                next_id += 1
        state["next_group"] = next_id
        state["down"] = [1 if state["groups"][seat] else 0 for seat in range(state["players"])]
    for seat, hand in enumerate(state["hands"]):
        if seat not in hands:  # the others keep their hands but the cards named elsewhere
            state["hands"][seat] = [card for card in hand if card not in set(named)]
    if discard is None:  # the pile as dealt, but a card named elsewhere (the deal is random)
        state["discard"] = [card for card in state["discard"] if card not in set(named)]
        if state["upturned"] not in state["discard"]:
            state["upturned"] = None
    kept = [card for hand in state["hands"] for card in hand]
    on_table = [card for laid in state["groups"] for group in laid for card in group["cards"]]
    used = set(kept) | set(state["discard"]) | set(on_table) | {entry["card"] for entry in state["played"]}
    state["deck"] = [card for card in deck() if card not in used]
    state.update(changes)
    assert Counter(all_cards(state)) == Counter(deck())
    game = current(game)
    game.state = state
    game.to_act = game.rules.to_act(state)
    game.save(update_fields=["state", "to_act"])
    return game


def section(html: str, marker: str, end: str = "</section>") -> str:
    """The part of the page from `marker` to the next `end`."""
    return html.split(marker, 1)[1].split(end, 1)[0]


def play_bots(game, limit: int = 20_000) -> Game:
    """Bot turns until a person is to act or the game is over."""
    for _ in range(limit):
        game = current(game)
        if not bot_play.play_bot_turn(game.pk, game.version):
            return game
    raise AssertionError("the bots never stopped")
