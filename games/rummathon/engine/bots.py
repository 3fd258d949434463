"""Rummathon Royale bots, from aimless to hard. None of them ever resigns.

Each bot reads only `view` and `legal_moves` (and the solver, on its own hand and the
public rule cards), so it cannot see other hands or the deck.
"""

import random
import time
from collections.abc import Callable

from engine.base import Move, State

from .cards import action, colour, is_flex, number, points
from .groups import can_hit
from .rules import RULES, view_requirement, view_sequence
from .solver import find_sequence, shortfall

# Discard candidates weighed with the solver: the normal bot's before its lay-down, the hard
# bot's for the sequence ahead once down (before its lay-down it weighs every card).
SHORTLIST = 4
# Once its round's sequences are down, the hard bot keeps cards for the sequence ahead only
# while its hand is at most this many cards short of it; further, it plays to go out.
KEEP_FOR_AHEAD = 1
# The normal and hard bots buy extra cards up to this many more than their round's sequence needs: a
# hand too small for the sequence (a Burden adds a group) never gets down, and one much
# bigger takes long to go out, while the others have time to lay a Double (notes/bots.md).
BUY_SLACK = 6
# Action cards that need a target not yet down: with none left, they are dead cards.
BURDENS = ("BURDEN", "DOUBLE_BURDEN")


class RandomBot:
    """Any legal move, uniformly."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        return rng.choice(RULES.legal_moves(state, seat))


class EasyBot:
    """Works toward its own sequence: lays it as soon as the solver finds it (taking the
    discard when that completes it), hits whatever fits, plays its action cards on
    anyone, and discards the card that helps its hand least."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        moves = RULES.legal_moves(state, seat)
        view = RULES.view(state, seat)
        if view["phase"] == "buy":
            return moves[0]  # buys nothing: points are worth more than cards
        by_type: dict[str, list[Move]] = {}
        for move in moves:
            by_type.setdefault(move["type"], []).append(move)
        if not view["drawn"]:
            return self.draw(view, seat, by_type, rng)
        if by_type.get("lay"):
            return by_type["lay"][0]
        hits = [m for m in by_type.get("hit", []) if not is_flex(m["cards"][0])] or by_type.get("hit", [])
        if hits:
            return hits[0]
        chosen = self.action(view, seat, by_type.get("action", []), rng)
        if chosen:
            return chosen
        return {"type": "discard", "card": self.discard(view, seat, [m["card"] for m in by_type["discard"]])}

    def discard(self, view: dict, seat: int, cards: list[str]) -> str:
        """Once down, the card worth most; before, the least useful one."""
        if view["down"][seat]:
            return max(cards, key=lambda card: (points(card), card))
        return min(cards, key=lambda card: _usefulness(view, seat, card))

    def draw(self, view: dict, seat: int, by_type: dict[str, list[Move]], rng: random.Random) -> Move:
        takes = by_type.get("take", [])
        laying = [m for m in takes if "lay" in m]
        if laying:
            return laying[0]
        shallow = [m for m in takes if "hit" in m and m["depth"] == 0]
        if shallow:
            return shallow[0]
        if view["upturned"] and is_flex(view["upturned"]):
            return {"type": "take", "depth": 0}  # a Flex the deal turned up is free
        return {"type": "draw"}

    def action(self, view: dict, seat: int, actions: list[Move], rng: random.Random) -> Move | None:
        return rng.choice(actions) if actions else None


class NormalBot(EasyBot):
    """The easy bot, plus tactics: buys the extra cards its sequence needs and a few more,
    declares Rummathon Royale (and Double) when its hand already holds the next sequence,
    burdens the leader, bypasses the player closest to going out, blocks once its groups
    could feed others, and sabotages at once."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        view = RULES.view(state, seat)
        if view["phase"] == "buy":
            return _buy_for_sequence(view, seat)
        return super().choose(state, seat, rng)

    def discard(self, view: dict, seat: int, cards: list[str]) -> str:
        """Before its sequence is down: a Burden it holds (it plays one whenever someone
        may take it, so one still held is dead); else, of the few least useful cards, the
        one whose loss leaves the hand fewest cards short of the sequence (as the solver
        counts)."""
        requirement = view["requirement"][seat]
        if view["down"][seat] or requirement is None:
            return super().discard(view, seat, cards)
        dead = [card for card in cards if action(card) in BURDENS]
        if dead:
            return dead[0]
        ranked = sorted(cards, key=lambda card: _usefulness(view, seat, card))[:SHORTLIST]
        hand = view["hand"]
        return min(ranked, key=lambda card: shortfall([c for c in hand if c != card], requirement["items"]))

    def draw(self, view: dict, seat: int, by_type: dict[str, list[Move]], rng: random.Random) -> Move:
        if by_type.get("declare") and _holds_next(view, seat):
            return by_type["declare"][0]
        return super().draw(view, seat, by_type, rng)

    def action(self, view: dict, seat: int, actions: list[Move], rng: random.Random) -> Move | None:
        by_card: dict[str, list[Move]] = {}
        for move in actions:
            by_card.setdefault(action(move["card"]), []).append(move)
        if by_card.get("SABOTAGE"):
            return by_card["SABOTAGE"][0]
        for name in ("DOUBLE_BURDEN", "BURDEN"):
            if by_card.get(name):  # the leader: furthest on, then highest score
                return max(by_card[name], key=lambda m: (view["progress"][m["target"]], view["scores"][m["target"]]))
        if by_card.get("BYPASS"):  # closest to going out: down, fewest cards
            return min(by_card["BYPASS"], key=lambda m: (not view["down"][m["target"]], view["hand_size"][m["target"]]))
        others_down = any(view["down"][s] for s in range(view["players"]) if s != seat and s not in view["out"])
        first_block = [m for m in by_card.get("BLOCK", []) if m["target"] is None]
        if first_block and others_down and not view["blocked"][seat]:
            return first_block[0]
        return None


def _holds_next(view: dict, seat: int) -> bool:
    """Whether the hand already holds the sequence a declaration would add."""
    requirement = view_sequence(view, seat, ahead=view["down"][seat])  # 1: the next; 2: a Double's
    return requirement is not None and find_sequence(view["hand"], requirement) is not None


def _usefulness(view: dict, seat: int, card: str, requirement: list[dict] | None = None) -> tuple:
    """How much a card helps a hand toward a sequence (this round's if none is given): its
    partners in the hand for the sequence's kinds (Flex and action cards kept), the
    cheaper card first among equals."""
    if action(card):
        return (100 if is_flex(card) else 50, 0, card)
    if requirement is None:
        requirement = (view["requirement"][seat] or {"items": []})["items"]
    kinds = {item["kind"] for item in requirement}
    value, tint = number(card), colour(card)
    partners = 0
    for other in view["hand"]:
        if other == card or action(other):
            continue
        if "set" in kinds and number(other) == value:
            partners += 2
        if "run" in kinds and abs(number(other) - value) in (1, 2):
            partners += 1
        if "colour" in kinds and colour(other) == tint:
            partners += 1
    return (partners, -points(card), card)


class HardBot(NormalBot):
    """The normal bot's tactics, aimed at the sequences after this round's one. The game
    goes to the seat that lays its last sequence first, so a round is worth the sequences
    it lays: one, two with a Rummathon Royale, and a Double wins the game at once. It buys
    as the normal bot does (a hand BUY_SLACK cards over its sequence: more takes long to
    go out), lays only the cards a sequence needs, and keeps the rest (Flex above all) for
    the sequence after, which it declares as soon as its hand holds it. Once down, a hand
    more than a card short of that sequence is unlikely to make it before somebody goes
    out, so it plays to go out itself: every seat not yet down then repeats its round. It
    does not discard a card the next player could hit with."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        view = RULES.view(state, seat)
        if view["phase"] == "buy":
            return _buy_for_sequence(view, seat)
        by_type: dict[str, list[Move]] = {}
        for move in RULES.legal_moves(state, seat):
            by_type.setdefault(move["type"], []).append(move)
        if not view["drawn"]:
            return self.draw(view, seat, by_type, rng)
        ahead = _sequence_ahead(view, seat)
        if by_type.get("lay"):
            return {"type": "lay", "groups": find_sequence(view["hand"], view_requirement(view, seat), ahead is None)}
        chosen = self.hit(view, by_type.get("hit", []), ahead) or self.action(
            view, seat, by_type.get("action", []), rng
        )
        if chosen:
            return chosen
        return {"type": "discard", "card": self.discard_for(view, seat, [m["card"] for m in by_type["discard"]], ahead)}

    def hit(self, view: dict, hits: list[Move], ahead: list[dict] | None) -> Move | None:
        """With nothing more to lay this round, any hit (Flex last) brings going out nearer;
        else only with a natural card the sequence ahead can spare."""
        naturals = [move for move in hits if not is_flex(move["cards"][0])]
        if ahead is None:
            return (naturals or hits or [None])[0]
        spare = _spare(view, ahead)
        return next((move for move in naturals if spare(move["cards"][0])), None)

    def discard_for(self, view: dict, seat: int, cards: list[str], ahead: list[dict] | None) -> str:
        """Not down: the card whose loss leaves the hand fewest cards short of this
        round's sequence (every card asked, where the normal bot asks only its few least
        useful), then not one the next player could hit with, then the one least useful
        to the sequence ahead, then the least useful to this round's. Down, and it may still
        declare for a sequence ahead: of the few cards least useful to it, one it can
        spare, then not one the next player could hit with. Down with nothing ahead: the
        costliest card the next player could not hit with."""
        hand, requirement = view["hand"], view_requirement(view, seat)

        def feeds(card: str) -> bool:
            return _feeds(view, seat, card)

        if not view["down"][seat] and requirement is not None:
            ranked = sorted(cards, key=lambda card: _usefulness(view, seat, card))
            return _first_best(
                ranked,
                lambda card: shortfall([c for c in hand if c != card], requirement),
                feeds,
                lambda card: _usefulness(view, seat, card, ahead or []),
            )
        if ahead is not None:
            ranked = sorted(cards, key=lambda card: _usefulness(view, seat, card, ahead))[:SHORTLIST]
            spare = _spare(view, ahead)
            return _first_best(ranked, lambda card: not spare(card), feeds)
        costliest = sorted(cards, key=lambda card: (-points(card), card))
        return next((card for card in costliest if not _feeds(view, seat, card)), costliest[0])

    def draw(self, view: dict, seat: int, by_type: dict[str, list[Move]], rng: random.Random) -> Move:
        """Declares as the normal bot does; lays with the discard using only the cards the
        sequence needs when a sequence ahead wants the rest."""
        takes = [m for m in by_type.get("take", []) if "lay" in m]
        if takes and _sequence_ahead(view, seat) is not None:
            top = view["discard"][-1]
            groups = find_sequence(view["hand"] + [top], view_requirement(view, seat), grow=False)
            if groups and any(top in group["cards"] for group in groups):
                return {"type": "take", "depth": 0, "lay": groups}
        return super().draw(view, seat, by_type, rng)


class BuyingBot(NormalBot):
    """The normal bot that buys every extra card it may, as the hard bot does: a
    reference player for the bench (issue 24), not a lobby level, to tell what the hard
    bot's other ideas are worth against a field that buys as much."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        view = RULES.view(state, seat)
        if view["phase"] == "buy":
            return _buy_all(view)
        return super().choose(state, seat, rng)


def _buy_all(view: dict) -> Move:
    return {"type": "buy", "count": view["most_to_buy"]}


def _buy_for_sequence(view: dict, seat: int) -> Move:
    """Enough extra cards for a hand BUY_SLACK cards bigger than this round's sequence, as
    many as the score allows."""
    requirement = view_requirement(view, seat) or []
    wanted = sum(item["size"] for item in requirement) + BUY_SLACK - len(view["hand"])
    return {"type": "buy", "count": max(0, min(view["most_to_buy"], wanted))}


def _sequence_ahead(view: dict, seat: int) -> list[dict] | None:
    """The sequence after the one this round's next lay-down makes, if the bot may still
    declare for it and, with nothing more to lay this round, its hand is near it: what to
    keep cards for."""
    declared = view["declared"][seat]
    if declared == "double" or view["banned_declare"][seat]:
        return None
    laid = {None: 1, "royale": 2}[declared]
    ahead = view_sequence(view, seat, ahead=laid)
    if ahead is not None and view_requirement(view, seat) is None and shortfall(view["hand"], ahead) > KEEP_FOR_AHEAD:
        return None
    return ahead


def _spare(view: dict, ahead: list[dict]) -> Callable[[str], bool]:
    """Whether the hand can spare a card for the sequence ahead: if it holds that
    sequence, when it still does without the card (the solver's quick search, with its
    Flex cards as the budget); if not, when the card has no partner for it in the hand
    (a full count of what is missing costs too much to ask for every card)."""
    hand = view["hand"]
    if find_sequence(hand, ahead, grow=False) is None:
        return lambda card: _usefulness(view, view["seat"], card, ahead)[0] == 0
    return lambda card: find_sequence([c for c in hand if c != card], ahead, grow=False) is not None


def _first_best(cards: list[str], *keys: Callable[[str], object]) -> str:
    """The first of these cards that is least by the first key, then by the next among
    those tied, and so on: a later key (a solver search) is worked out only for ties."""
    for key in keys:
        if len(cards) == 1:
            break
        values = [key(card) for card in cards]
        cards = [card for card, value in zip(cards, values) if value == min(values)]
    return cards[0]


def _feeds(view: dict, seat: int, card: str) -> bool:
    """Whether the next player, once down, could take this card from the discard pile to
    hit a group on the table with it (the groups show what they may hit)."""
    taker = (seat + 1) % view["players"]
    while taker in view["out"]:
        taker = (taker + 1) % view["players"]
    if not view["down"][taker]:
        return False
    for owner, groups in enumerate(view["groups"]):
        block = view["blocked"][owner]
        if block and taker not in (owner, block["by"]):
            continue
        if any(not group["burden"] and can_hit(group, [card]) for group in groups):
            return True
    return False


BOTS = {"random": RandomBot(), "easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}


def play_game(levels: list[str], seed: int, options: dict | None = None) -> tuple[State, float]:
    """A whole game between these bots (one level per seat) in memory, with no registry
    needed: its final state and the seconds it took. The bots' choices follow `seed`."""
    rng = random.Random(seed)
    bots = [BOTS[level] for level in levels]
    started = time.perf_counter()
    state = RULES.new_game(len(levels), options or {}, seed)
    while to_act := RULES.to_act(state):
        seat = to_act[0]
        state = RULES.apply(state, seat, bots[seat].choose(state, seat, rng))
    return state, time.perf_counter() - started
