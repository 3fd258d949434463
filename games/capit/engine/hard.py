"""Cap-It's hard bot, not offered: the normal bot, but once its contract is down it keeps
the cards the unseen cards can still carry out of its hand. It measured only even with
the normal bot (bench/README.md, "Bot strength"), so Cap-It offers easy and normal; it
stays as a reference player for `bench/bot_strength.py` ("capit hard vs 3 normal").

A seat that is down goes out by laying off or melding every card it holds; the round's
points are mostly paid by the seats still holding cards when someone goes out. The
normal bot, down, throws the costliest card with the fewest partners in its hand. The
hard bot counts each card's *outs*: the cards it cannot see (not in its hand, on the
table or on the discard pile, so still in the stock or another hand) that, once in its
hand, would let the card leave it, by completing a meld with the hand's cards or by
extending a run on the table up to it. It throws the card with the fewest outs, the
costliest among those. Everything else is the normal bot's (games/capit/notes/bots.md
says what else was tried and what it was worth). It reads the view only."""

from collections import Counter

from engine.cards import face_of

from . import fits, is_wild, parse, points
from .bots import NormalBot
from .cards import deck
from .contracts import find_melds


class HardBot(NormalBot):
    def _discard(self, view: dict, hand: list[str], options: list[str]) -> str:
        if not view["laid"][view["to_act"][0]]:
            return super()._discard(view, hand, options)
        ace = view["options"]["ace_value"]
        naturals = [card for card in options if not is_wild(card)] or options
        outs = going_out_outs(view, hand)
        return min(naturals, key=lambda card: (outs[face_of(card)], -points(card, ace), card))


def unseen(view: dict, hand: list[str]) -> list[str]:
    """The cards this seat cannot see, in the deck's order: the others' hands and the stock."""
    seen = set(hand) | {card for meld in view["melds"] for card in meld["cards"]}
    if view["discard_top"]:
        seen.add(view["discard_top"])  # the whole pile: the next seat takes or pushes each discard
    return [card for card in deck(view["players"]) if card not in seen]


def going_out_outs(view: dict, hand: list[str]) -> Counter:
    """For each face in the hand, how many unseen cards would let a card of it leave the
    hand: a meld of the hand's cards with the unseen card, or the unseen card extending a
    run on the table so that the card fits on after it."""
    copies: Counter = Counter()
    first: dict[str, str] = {}
    for card in unseen(view, hand):
        copies[face_of(card)] += 1
        first.setdefault(face_of(card), card)
    runs = [meld for meld in view["melds"] if meld["kind"] == "run"]
    outs: Counter = Counter({face_of(card): 0 for card in hand})
    for shown, card in first.items():
        freed = {c for meld in find_melds(hand + [card]) if card in meld["cards"] for c in meld["cards"]}
        freed |= _bridged(card, hand, runs)
        for face in {face_of(c) for c in freed if c != card}:
            outs[face] += copies[shown]
    return outs


def _bridged(card: str, hand: list[str], runs: list[dict]) -> set[str]:
    """The natural cards of the hand that fit on a table run once `card` extends it."""
    if is_wild(card):
        return set()
    value, suit = parse(card)
    out = set()
    for run in runs:
        if not fits(run, card):
            continue
        low, high = parse(run["as"][0])[0], parse(run["as"][-1])[0]
        beyond = high + 2 if value == high + 1 else low - 2
        out |= {c for c in hand if not is_wild(c) and parse(c) == (beyond, suit)}
    return out
