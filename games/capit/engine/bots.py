"""Cap-It bots, from aimless to sensible. None of them ever resigns.

Each bot reads only `view` and `legal_moves`. Every level pushes once a round has
lasted `PATIENCE` turns: a push takes two cards from the stock, so the stock runs out
and the round ends even if every player would rather take the discard forever.
"""

import random

from engine.base import Move, State

from . import RULES, find_melds, fits, is_wild, parse, points
from .contracts import CONTRACTS, contract_missing

PATIENCE = 60  # turns in a round after which every bot pushes


class RandomBot:
    """Any legal move, uniformly (pushing once the round has gone on too long)."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        moves = RULES.legal_moves(state, seat)
        if state["turns"] >= PATIENCE:
            moves = [m for m in moves if m["type"] != "take_discard"] or moves
        return rng.choice(moves)


class EasyBot:
    """Takes a discard that pairs with its hand, lays what the solver offers, and
    discards a card that pairs with nothing."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        moves = RULES.legal_moves(state, seat)
        view = RULES.view(state, seat)
        hand = view["hand"]
        if view["phase"] == "draw":
            top = view["discard_top"]
            if top is None:
                return {"type": "draw_stock"}
            take = view["turns"] < PATIENCE and (is_wild(top) or _partners(top, hand, _kinds(view)) > 0)
            return {"type": "take_discard" if take else "push"}
        found = [m for m in moves if m["type"] == "lay_contract"]
        found += [m for m in moves if m["type"] == "lay_off" and _uses(m, view["must_use"])]
        found += [m for m in moves if m["type"] in ("meld", "lay_off") and not any(map(is_wild, _cards(m)))]
        if found:
            return found[0]
        discards = [m for m in moves if m["type"] == "discard"]
        if not discards:  # a freed wild card still to place
            return next(m for m in moves if m["type"] in ("lay_off", "meld"))
        naturals = [m for m in discards if not is_wild(m["card"])]
        loose = [m for m in naturals if not _partners(m["card"], hand, _kinds(view))]
        return rng.choice(loose or naturals or discards)


class NormalBot:
    """Plays for the contract, then sheds cards.

    Draw: takes the discard if it is wild, brings the contract closer, or (contract
    down) can be laid off or melded; otherwise pushes, handing the next player two
    cards. Play: lays the contract as soon as it can, then every meld, lay-off and wild
    replacement it finds. Discard: keeps the cards its best contract plan uses and the
    ones with partners, throws the costliest of the rest."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        view = RULES.view(state, seat)
        hand = view["hand"]
        if view["phase"] == "draw":
            return self._draw(view, hand)
        moves = RULES.legal_moves(state, seat)
        return self._play(view, hand, moves, rng)

    def _draw(self, view: dict, hand: list[str]) -> Move:
        top = view["discard_top"]
        if top is None:
            return {"type": "draw_stock"}
        if view["turns"] >= PATIENCE:
            return {"type": "push"}
        if is_wild(top):
            return {"type": "take_discard"}
        seat = view["to_act"][0]
        if not view["laid"][seat]:
            before, _ = contract_missing(hand, view["round"])
            after, _ = contract_missing(hand + [top], view["round"])
            take = after < before
        else:
            take = any(fits(meld, top) for meld in view["melds"]) or any(
                top in meld["cards"] for meld in find_melds(hand + [top])
            )
        return {"type": "take_discard" if take else "push"}

    def _play(self, view: dict, hand: list[str], moves: list[Move], rng: random.Random) -> Move:
        must = view["must_use"]
        if must:  # a freed wild: into a set if possible (a set never fills up)
            placing = [m for m in moves if m["type"] in ("lay_off", "meld") and _uses(m, must)]
            placing.sort(key=lambda m: m["type"] != "lay_off" or view["melds"][m["meld"]]["kind"] != "set")
            return placing[0]
        by_type: dict[str, list[Move]] = {}
        for move in moves:
            by_type.setdefault(move["type"], []).append(move)
        if "lay_contract" in by_type:
            return by_type["lay_contract"][0]
        if "meld" in by_type:  # the longest meld, fewest wild cards
            return max(by_type["meld"], key=lambda m: (len(m["cards"]), -sum(map(is_wild, m["cards"]))))
        natural_offs = [m for m in by_type.get("lay_off", []) if not is_wild(m["cards"][0])]
        if natural_offs:
            return max(natural_offs, key=lambda m: points(m["cards"][0], view["options"]["ace_value"]))
        if "replace" in by_type:
            return by_type["replace"][0]
        if by_type.get("lay_off"):  # wild cards: jokers first, they cost the most
            return min(by_type["lay_off"], key=lambda m: m["cards"][0][:2] != "JK")
        return {"type": "discard", "card": self._discard(view, hand, [m["card"] for m in by_type["discard"]])}

    def _discard(self, view: dict, hand: list[str], options: list[str]) -> str:
        ace = view["options"]["ace_value"]
        seat = view["to_act"][0]
        keep: set[str] = set()
        if not view["laid"][seat]:
            _, keep = contract_missing(hand, view["round"])
        naturals = [card for card in options if not is_wild(card)]
        spare = [card for card in naturals if card not in keep] or naturals or options
        kinds = _kinds(view) if not view["laid"][seat] else ("set", "run")
        # Neither a card the next player can lay off, nor one of our pairs: the costliest.
        return min(
            spare,
            key=lambda card: (
                _partners(card, hand, kinds),
                any(fits(meld, card) for meld in view["melds"]),
                -points(card, ace),
                card,
            ),
        )


BOTS = {"random": RandomBot(), "easy": EasyBot(), "normal": NormalBot()}


def _kinds(view: dict) -> tuple[str, ...]:
    """The kinds of meld this round's contract asks for."""
    return tuple({kind for kind, _ in CONTRACTS[view["round"] - 1]})


def _partners(card: str, hand: list[str], kinds: tuple[str, ...]) -> int:
    """How many other natural cards in the hand could share a meld with this one."""
    value, suit = parse(card)
    count = 0
    for other in hand:
        if other == card or is_wild(other):
            continue
        other_value, other_suit = parse(other)
        if "set" in kinds and other_value == value:
            count += 1
        elif "run" in kinds and other_suit == suit and 0 < abs(other_value - value) <= 2:
            count += 1
    return count


def _cards(move: Move) -> list[str]:
    if move["type"] == "lay_contract":
        return [card for meld in move["melds"] for card in meld["cards"]]
    return list(move.get("cards", []))


def _uses(move: Move, cards: list[str]) -> bool:
    return any(card in cards for card in _cards(move))
