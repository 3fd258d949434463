"""Casino bots, from aimless to sensible to searching. None of them ever resigns.

Each reads only `view` and `legal_moves`, so it cannot see other hands or the stock; the
hard bot also plays in worlds dealt by `reshuffle_hidden`, which keep the view and deal
everything else again at random.
Questions: a bot knows a capital with its `accuracy` (the chance it answers right),
drawing from the rng it is given, so a game between bots replays from its seed. Every
level but "random" answers its pending questions first and, after a capture, puts one
question to each opponent.
"""

import math
import random

from engine.base import Move, State
from engine.countries import COUNTRIES

from . import RULES
from .cards import BIG_CASINO, LITTLE_CASINO, MOST_CARDS, MOST_SPADES, is_spade, value
from .hidden import reshuffle_hidden
from .questions import CHOICES, is_capital_of

_BY_NAME = {country.name: country.id for country in COUNTRIES.values()}
_EXPOSED = (BIG_CASINO, LITTLE_CASINO)  # the cards never left on the table for the next player


class RandomBot:
    """Any legal move, uniformly."""

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        return rng.choice(RULES.legal_moves(state, seat))


class _TriviaBot:
    """The answering and asking every sensible level shares; `play` picks the play."""

    def __init__(self, accuracy: float):
        if not 0 <= accuracy <= 1:
            raise ValueError("accuracy is a chance, from 0 to 1")
        self.accuracy = accuracy

    def choose(self, state: State, seat: int, rng: random.Random) -> Move:
        view = RULES.view(state, seat)
        pending = [record for record in view["asked"] if record["to"] == seat and record["choice"] is None]
        if pending:
            return self.answer(pending[0], rng)
        moves = [move for move in RULES.legal_moves(state, seat) if move["type"] != "answer"]
        if view["phase"] == "ask":
            return max(moves, key=lambda move: len(move["questions"]))
        return self.play_in(state, seat, view, moves, rng)

    def play_in(self, state: State, seat: int, view: dict, moves: list[Move], rng: random.Random) -> Move:
        """The play, chosen from the view (`play`). A bot that samples the worlds the view
        allows overrides this, to deal them with `reshuffle_hidden`."""
        return self.play(view, moves, rng)

    def answer(self, record: dict, rng: random.Random) -> Move:
        country = _BY_NAME[record["country"]]
        right = next(k for k, choice in enumerate(record["choices"]) if is_capital_of(choice, country))
        if rng.random() < self.accuracy:
            choice = right
        else:
            choice = rng.choice([k for k in range(CHOICES) if k != right])
        return {"type": "answer", "question": record["id"], "choice": choice}

    def play(self, view: dict, moves: list[Move], rng: random.Random) -> Move:
        raise NotImplementedError


class EasyBot(_TriviaBot):
    """Takes the capture with the most cards; otherwise trails a random card (it never
    builds). Knows half the capitals."""

    def __init__(self, accuracy: float = 0.5):
        super().__init__(accuracy)

    def play(self, view: dict, moves: list[Move], rng: random.Random) -> Move:
        captures = [move for move in moves if move["type"] == "capture"]
        if captures:
            return max(captures, key=lambda move: len(_taken(view, move)))
        trails = [move for move in moves if move["type"] == "trail"]
        return rng.choice(trails or moves)


class NormalBot(_TriviaBot):
    """Weighs each play by the points at stake: aces, the 10♦ and 2♠, spades and cards
    toward the majorities, sweeps when they count. Builds when it holds the value (the
    rules see to that) counting the build as most likely its own next turn; trails the
    card worth least to the others. Never trails or leaves the 10♦ or 2♠ on the table
    when another play avoids it."""

    BUILD_ODDS = 0.75  # how often a build comes back to its owner whole

    def __init__(self, accuracy: float = 0.7):
        super().__init__(accuracy)

    def play(self, view: dict, moves: list[Move], rng: random.Random) -> Move:
        safe = [move for move in moves if not _leaves_exposed(view, move)]
        return max(safe or moves, key=lambda move: self.worth(view, move))

    def worth(self, view: dict, move: Move) -> float:
        sweeps = view["options"]["sweeps"]
        if move["type"] == "capture":
            taken = _taken(view, move)
            cleared = len(taken) == len(view["table"]["loose"]) + sum(len(b["cards"]) for b in view["table"]["builds"])
            return stake(taken + [move["card"]]) + (1.0 if sweeps else 0.2) * cleared + 0.01 * len(taken)
        if move["type"] == "build":
            cards = [move["card"], *move["loose"]]
            target = next((b for b in view["table"]["builds"] if b["id"] == move.get("build")), None)
            if target is not None:
                cards += target["cards"]
            return self.BUILD_ODDS * stake(cards) - 0.05
        return -stake([move["card"]]) - 0.5 - 0.01 * (value(move["card"]) or 0)


def stake(cards: list[str]) -> float:
    """What taking these cards is worth in a deal's points, the majorities spread over
    the cards it takes to win them (27 cards, 7 spades)."""
    points = len(cards) * MOST_CARDS / 27
    for card in cards:
        points += MOST_SPADES / 7 * is_spade(card)
        points += {BIG_CASINO: 2, LITTLE_CASINO: 1}.get(card, 0) + (value(card) == 1)
    return points


def _taken(view: dict, move: Move) -> list[str]:
    """The table cards a capture takes, builds' cards included."""
    builds = {build["id"]: build["cards"] for build in view["table"]["builds"]}
    return list(move["loose"]) + [card for build_id in move["builds"] for card in builds[build_id]]


def _leaves_exposed(view: dict, move: Move) -> bool:
    """Whether the 10♦ or the 2♠ is on the table (loose or in a build) after this play."""
    table = set(view["table"]["loose"]) | {card for build in view["table"]["builds"] for card in build["cards"]}
    if move["type"] == "capture":
        table -= set(_taken(view, move))
    else:
        table.add(move["card"])
    return any(card in table for card in _EXPOSED)


class HardBot(_TriviaBot):
    """Determinized look-ahead: deals the cards it cannot see again at random
    (`reshuffle_hidden`) a number of times, and in each of those worlds plays every
    candidate out to the end of the round (every hand empty) or of the deal, each seat
    then playing as the normal bot does. It takes the play with the best total of
    (its points minus the others' mean), a round's end counted by `expected_points`.
    Knows capitals as the normal bot does (0.7), so that it is stronger at cards only."""

    PLIES = 300  # rollout plies per decision: the time budget, counted so it is deterministic
    WORLDS = (4, 32)  # the fewest and the most worlds sampled

    def __init__(self, accuracy: float = 0.7):
        super().__init__(accuracy)

    def play_in(self, state: State, seat: int, view: dict, moves: list[Move], rng: random.Random) -> Move:
        if len(moves) == 1:
            return moves[0]
        length = sum(view["hand_size"])  # the most plies a rollout takes
        low, high = self.WORLDS
        worlds = max(low, min(high, self.PLIES // (len(moves) * length)))
        totals = [0.0] * len(moves)
        for _ in range(worlds):
            world = reshuffle_hidden(state, seat, rng)
            for k, move in enumerate(moves):
                totals[k] += round_outcome(RULES.apply(world, seat, move), seat, state["deal"], len(state["stock"]))
        return moves[max(range(len(moves)), key=totals.__getitem__)]


_GREEDY = NormalBot()
_NO_QUESTIONS = {"type": "ask", "questions": {}}


def round_outcome(state: State, seat: int, deal: int, stock: int) -> float:
    """`seat`'s points less the others' mean at the end of this round (the hands all
    played) or of deal `deal`, the seats playing on greedily (the normal bot's play)."""
    # It stops as a round or the deal ends: the next deal comes from the seed, no player's knowledge.
    while state["phase"] != "over" and state["deal"] == deal and len(state["stock"]) == stock:
        turn = state["turn"]
        if state["phase"] == "ask":
            state = RULES.apply(state, turn, _NO_QUESTIONS)
            continue
        plays = [move for move in RULES.legal_moves(state, turn) if move["type"] != "answer"]
        state = RULES.apply(state, turn, _GREEDY.play(state, plays, None))
    if state["deal"] != deal or state["phase"] == "over":
        points = [float(p) for p in state["deals"][-1]["points"]]
    else:
        points = expected_points(state)
    others = [points[other] for other in range(len(points)) if other != seat and other not in state["out"]]
    return points[seat] - sum(others) / max(1, len(others))


_SPREAD = 0.65  # how widely the cards still to take split between the seats (1 = each a coin toss)


def expected_points(state: State) -> list[float]:
    """Each seat's points for the deal in play as things stand: the aces, casinos (and
    sweeps, when they count) it holds, and its chances of the cards' and spades' majorities
    from its lead and the cards still to take."""
    piles = state["piles"]
    sweeps = state["options"]["sweeps"]
    cards = [len(pile) for pile in piles]
    spades = [sum(map(is_spade, pile)) for pile in piles]
    points = []
    for seat, pile in enumerate(piles):
        sure = sum({BIG_CASINO: 2, LITTLE_CASINO: 1}.get(card, 0) + (value(card) == 1) for card in pile)
        sure += state["sweeps"][seat] if sweeps else 0
        chances = MOST_CARDS * _majority_odds(cards, seat, 52) + MOST_SPADES * _majority_odds(spades, seat, 13)
        points.append(sure + chances)
    return points


def _majority_odds(counts: list[int], seat: int, total: int) -> float:
    """The chance that `seat` ends with the single most of something (cards, spades) it
    has `counts[seat]` of, against the best of the others, with `total` in all."""
    left = total - sum(counts)
    lead = counts[seat] - max(count for other, count in enumerate(counts) if other != seat)
    if lead > left or lead + left <= 0:  # out of reach, either way
        return float(lead > 0)
    spread = _SPREAD * math.sqrt(left) * 2
    return 0.5 * (1 + math.erf((lead - 0.5) / (spread * math.sqrt(2))))


BOTS = {"random": RandomBot(), "easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}
