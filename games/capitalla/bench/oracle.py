"""The ceiling of a heads-up Capitalla bot (issue 24): a clairvoyant bench player.

    python games/capitalla/bench/oracle.py [--games N] [--horizon T] [--knows all|cards|stock|hand]
                                           [--against normal|gin] [--first SEED]

Not a bot of the game and never a lobby level: it reads the whole state. At each
decision it searches the real future for the line that declares soonest: every pick
(draw pile or discard pile) and every discard of its next `horizon` turns, the other seat
played by its real policy. The bots above easy are deterministic given the game's rng
(`play_game` of `bench/_common.py`, bench/bot_strength.py's loop too, hands one
`random.Random(seed)` to both seats), and this player
never draws from it, so a copy of that rng replays the other seat's future moves exactly:
with `--knows all` the search is the game itself, not a model of it.

The search asks "can I declare at my 1st turn from now? my 2nd? ..." in turn (iterative
deepening), so the line it finds declares at the earliest turn any line within the
horizon can. It is exhaustive up to `distance` (engine/evaluation.py): a line is cut
only where the hand is more exchanges from a declaration than it has turns left, and
one turn exchanges one card. With no line within the horizon it plays the shipped hard
bot's move, but never a discard that lets the other seat declare on its next turn if
another discard as near does not.

The cheaper oracles search the same way in a world that is half guessed (dealt again
with a private rng at each decision, as `reshuffle_hidden` does):
  --knows stock  the draw pile's next 2 x horizon + 2 cards are real; the other hand and
                 the rest of the pile are dealt again from the cards it has not seen;
  --knows hand   the other hand is real; the draw pile is shuffled.
  --knows cards  every card is real, but the other seat's rng is not: its ties are
                 guessed with a private rng.
Heads-up, knowing the whole draw pile would be knowing the other hand too (the unseen
cards are those two), hence only its top for `stock`.

The match: seeds first…first+N−1, seats alternating (seed % 2), a drawn deal lost, as in
bot_strength.py; Wilson's 95% interval; ms per decision; how often the search found a
winning line, and (with `all`) whether the game followed each line found exactly.
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

from bench._common import play_game, wilson  # first: sets Django up
from games.capitalla.engine import RULES
from games.capitalla.engine.bots import GinBot, NormalBot
from games.capitalla.engine.evaluation import distance, distance_after_pick
from games.capitalla.engine.hard import HardBot
from games.capitalla.engine.rules import picks_from_discard

OPPONENTS = {"normal": NormalBot, "gin": GinBot}


class ClairvoyantBot:
    def __init__(self, opponent, horizon: int = 4, knows: str = "all"):
        self.opponent, self.horizon, self.knows = opponent, horizon, knows
        self.fallback = HardBot()
        self.times: list[float] = []
        self.found = self.searched = 0
        self.expected = None  # (moves, state foretold at my next turn) of the last line found
        self.followed = self.diverged = 0

    def choose(self, state, seat, rng):
        started = time.perf_counter()
        move = self._choose(state, seat, rng)
        self.times.append((time.perf_counter() - started) * 1000)
        return move

    def _choose(self, state, seat, rng):
        declaration = next((m for m in RULES.legal_moves(state, seat) if m["type"] == "declare"), None)
        if declaration:
            return declaration
        self._check_foretold(state)
        own = random.Random(state["seed"] * 1009 + state["moves"])  # mine: the game's rng is the other seat's
        world = self._world(state, seat, own)
        theirs = own if self.knows == "cards" else rng  # what the other seat's ties are read from
        self.searched += 1
        line = self._soonest(world, seat, theirs)
        if line is not None:
            self.found += 1
            return line[0]
        return self._fallback(state, seat, theirs, own)

    # ------------------------------------------------------------ the worlds

    def _world(self, state, seat, own: random.Random):
        if self.knows in ("all", "cards"):
            return state
        other = 1 - seat
        if self.knows == "hand":
            pile = list(state["draw"])
            own.shuffle(pile)
            return {**state, "draw": pile}
        known = 2 * self.horizon + 2  # the draw pile's top: its end
        taken = picks_from_discard(state, "taken")[other]
        pinned = [c for c in state["hands"][other] if c in taken]
        pool = [c for c in state["hands"][other] if c not in taken] + state["draw"][:-known]
        own.shuffle(pool)
        size = len(state["hands"][other]) - len(pinned)
        hands = list(state["hands"])
        hands[other] = pool[:size] + pinned
        return {**state, "hands": hands, "draw": pool[size:] + state["draw"][-known:]}

    # ------------------------------------------------------------ the search

    def _soonest(self, state, seat, rng):
        """The moves of the line declaring at my earliest turn within the horizon, or None.
        In the discard phase (after my pick) the line starts with the discard."""
        for turns in range(1, self.horizon + 1):
            if state["phase"] == "discard":
                line = self._after_pick(state, seat, _copy(rng), turns)
            else:
                line = self._from_pick(state, seat, _copy(rng), turns)
            if line is not None:
                if self.knows == "all":
                    self.expected = line
                return line[0]
        return None

    def _from_pick(self, state, seat, rng, turns):
        if distance(state["hands"][seat]) > turns:
            return None
        for source in ("pile", "discard"):
            if source == "discard" and not state["discard"]:
                continue
            pick = {"type": "draw", "from": source}
            picked = RULES.apply(state, seat, pick)
            line = self._after_pick(picked, seat, rng, turns)
            if line is not None:
                moves, foretold = line
                return [pick, *moves], foretold
        return None

    def _after_pick(self, state, seat, rng, turns):
        """(my moves, the state foretold at my next decision or None), declaring within
        `turns` turns counting this one."""
        hand = state["hands"][seat]
        if distance_after_pick(hand) > turns - 1:
            return None
        if turns == 1:
            declaration = next((m for m in RULES.legal_moves(state, seat) if m["type"] == "declare"), None)
            return ([declaration], None) if declaration else None
        for card in sorted(set(hand)):
            kept = [c for c in hand if c != card]
            if distance(kept) > turns - 1:
                continue
            after = RULES.apply(state, seat, {"type": "discard", "card": card})
            line_rng = _copy(rng)
            mine = self._their_turn(after, seat, line_rng)
            if mine is None:
                continue
            line = self._from_pick(mine, seat, line_rng, turns - 1)
            if line is not None:
                moves, _ = line
                return [{"type": "discard", "card": card}, *moves], mine
        return None

    def _their_turn(self, state, seat, rng):
        """The state when my turn comes round again, the other seat played by its policy;
        None if the deal ended first."""
        while state["result"] is None and state["turn"] != seat:
            other = state["turn"]
            state = RULES.apply(state, other, self.opponent.choose(state, other, rng))
        return state if state["result"] is None else None

    # ------------------------------------------------------------ no line found

    def _fallback(self, state, seat, rng, own):
        move = self.fallback.choose(state, seat, own)
        if move["type"] != "discard" or not self._feeds(state, seat, move["card"], rng):
            return move
        hand = state["hands"][seat]
        nearest = min(distance([c for c in hand if c != card]) for card in hand)
        for card in sorted(hand):
            if distance([c for c in hand if c != card]) == nearest and not self._feeds(state, seat, card, rng):
                return {"type": "discard", "card": card}
        return move

    def _feeds(self, state, seat, card, rng):
        after = RULES.apply(state, seat, {"type": "discard", "card": card})
        return self._their_turn(after, seat, _copy(rng)) is None

    # ------------------------------------------------------------ checking the foresight

    def _check_foretold(self, state):
        """With `all`, the state at my next decision is the one the last line foretold."""
        if self.expected is None:
            return
        moves, foretold = self.expected
        self.expected = None
        if foretold is not None and moves[0]["type"] == "discard":
            if foretold == state:
                self.followed += 1
            else:
                self.diverged += 1


def _copy(rng: random.Random) -> random.Random:
    twin = random.Random()
    twin.setstate(rng.getstate())
    return twin


def match(against: str, games: int, horizon: int, knows: str, first: int = 0) -> dict:
    opponent = OPPONENTS[against]()
    oracle = ClairvoyantBot(opponent, horizon, knows)
    won = drawn = 0
    for seed in range(first, first + games):
        seat = seed % 2
        bots = [opponent, opponent]
        bots[seat] = oracle
        winners = play_game("capitalla", bots, seed, dict(RULES.info.default_options))["winners"]
        won += seat in winners
        drawn += not winners
    times = sorted(oracle.times)
    return {
        "won": won,
        "drawn": drawn,
        "interval": wilson(won, games),
        "p50": statistics.median(times),
        "p95": times[int(0.95 * (len(times) - 1))],
        "max": times[-1],
        "found": oracle.found,
        "searched": oracle.searched,
        "followed": oracle.followed,
        "diverged": oracle.diverged,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--horizon", type=int, default=4)
    parser.add_argument("--knows", choices=("all", "cards", "stock", "hand"), default="all")
    parser.add_argument("--against", choices=sorted(OPPONENTS), default="normal")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    out = match(args.against, args.games, args.horizon, args.knows, args.first)
    low, high = out["interval"]
    print(
        f"oracle ({args.knows}, horizon {args.horizon}) vs {args.against}: {out['won']} / {args.games}"
        f" = {out['won'] / args.games:.1%} ({low:.1%}-{high:.1%}), drawn {out['drawn']};"
        f" ms p50 {out['p50']:.1f} p95 {out['p95']:.1f} max {out['max']:.0f};"
        f" line found in {out['found']} of {out['searched']} searches;"
        f" foretold state met {out['followed']}, missed {out['diverged']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
