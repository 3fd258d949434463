"""How fast each Capitalla bot builds a hand alone (issue 24): the deal as solitaire.

    python games/capitalla/bench/hand_speed.py [--games N] [--first SEED] [--rollouts M] [--horizon H]

One seat, no opponent: it draws from the pile every turn and declares as soon as it
can, else discards as its bot would (the hard bot without its feeding weight: there is
no next seat to feed). Every bot plays the same deals (the same hand, the same pile
order), so the differences are paired: each line gives the mean turns to a declaration,
the median, how often it declares within 3 and 6 turns, and the mean difference from
the hard bot with its standard error, and the race: the chance to declare first against
the normal bot's turns on another deal (every pair of deals; the seat that begins wins a
tie, and each begins half the time), what speed alone is worth heads-up.

With `--rollouts M` a fourth player joins: the hard bot's discard improved by rollouts
(one step of policy iteration). Among the discards that leave the hand nearest
(`evaluation.distance`), it plays each out M times for `--horizon` turns with the hard
bot's own discards, every candidate on the same M sampled futures of the cards it has
not seen, and keeps the one that declares soonest on average (the hard bot's own choice
on a tie). It is far too slow for a bot (seconds a decision); it measures how much a
search of one's own draws could still gain over the hard bot's measures.
"""

import argparse
import bisect
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

import bench._common  # noqa: F401  (first: sets Django up)
from games.capitalla.engine import CARDS
from games.capitalla.engine.bots import GinBot, NormalBot
from games.capitalla.engine.evaluation import ROLES, distance, distance_after_pick, unseen_cards
from games.capitalla.engine.hard import best_discard
from games.capitalla.engine.rules import HAND_SIZE

CAP = 40  # turns after which a deal is given up (counted as CAP + 1)


def view_of(hand: list[str], seen: list[str]) -> dict:
    """What a bot reads of the solitaire: its hand and its own discards."""
    return {"hand": hand, "discard_pile": seen}


def hard_discard(hand: list[str], seen: list[str], rng: random.Random) -> str:
    return best_discard(hand, unseen_cards(view_of(hand, seen)), rng)


def bot_discard(bot):
    return lambda hand, seen, rng: bot.discard(view_of(hand, seen), rng)


def turns_to_declare(hand: list[str], pile: list[str], discard, rng: random.Random, cap: int = CAP) -> int:
    """Turns until the hand declares, drawing `pile` from its end, or cap + 1."""
    hand, pile, seen = list(hand), list(pile), []
    for turn in range(1, cap + 1):
        hand.append(pile.pop())
        if distance_after_pick(hand) == 0:
            return turn
        card = discard(hand, seen, rng)
        hand.remove(card)
        seen.append(card)
    return cap + 1


def rollout_discard(rollouts: int, horizon: int):
    def discard(hand: list[str], seen: list[str], rng: random.Random) -> str:
        own = hard_discard(hand, seen, rng)
        distances = {card: distance([other for other in hand if other != card]) for card in hand}
        least = min(distances.values())
        nearest: dict[tuple, str] = {}  # one card per role class
        for card in sorted(hand):
            if distances[card] == least:
                nearest.setdefault(ROLES[card], card)
        if len(nearest) == 1:
            return own
        unseen = sorted(unseen_cards(view_of(hand, seen)))
        sampler = random.Random(" ".join(sorted(hand)))
        futures = [sampler.sample(unseen, horizon) for _ in range(rollouts)]
        candidates = [own] + [card for card in nearest.values() if ROLES[card] != ROLES[own]]

        def mean_turns(card: str) -> float:
            kept = [other for other in hand if other != card]
            played = (turns_to_declare(kept, future, hard_discard, random.Random(0), horizon) for future in futures)
            return sum(played) / rollouts

        return min(candidates, key=mean_turns)  # min keeps the first of equals: the hard bot's own

    return discard


def race(mine: list[int], theirs: list[int]) -> float:
    """The chance `mine` declares first against an independent deal of `theirs`, each
    seat beginning half the time: beginning, a tie is mine (I declare first on the turn
    we both could); second, only a sooner turn wins."""
    theirs = sorted(theirs)
    first = sum(len(theirs) - bisect.bisect_left(theirs, n) for n in mine)  # theirs >= mine
    second = sum(len(theirs) - bisect.bisect_right(theirs, n) for n in mine)  # theirs > mine
    return (first + second) / (2 * len(mine) * len(theirs))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--rollouts", type=int, default=0)
    parser.add_argument("--horizon", type=int, default=8)
    args = parser.parse_args(argv)
    players = {"normal": bot_discard(NormalBot()), "gin": bot_discard(GinBot()), "hard": hard_discard}
    if args.rollouts:
        players["hard + rollouts"] = rollout_discard(args.rollouts, args.horizon)
    turns: dict[str, list[int]] = {name: [] for name in players}
    started = time.perf_counter()
    for seed in range(args.first, args.first + args.games):
        deck = sorted(CARDS)
        random.Random(seed).shuffle(deck)
        for name, discard in players.items():
            turns[name].append(turns_to_declare(deck[:HAND_SIZE], deck[HAND_SIZE:], discard, random.Random(seed)))
    print(
        f"{args.games} deals (seeds {args.first}-{args.first + args.games - 1}), {time.perf_counter() - started:.0f} s"
    )
    print(f"{'player':16} {'mean':>6} {'median':>6} {'<=3':>6} {'<=6':>6}  {'vs hard':>14}  {'race':>6}")
    for name, counts in turns.items():
        gaps = [mine - hard for mine, hard in zip(counts, turns["hard"])]
        vs_hard = f"{statistics.mean(gaps):+.2f} ± {statistics.stdev(gaps) / len(gaps) ** 0.5:.2f}"
        print(
            f"{name:16} {statistics.mean(counts):6.2f} {statistics.median(counts):6.1f}"
            f" {sum(n <= 3 for n in counts) / len(counts):6.1%} {sum(n <= 6 for n in counts) / len(counts):6.1%}"
            f"  {vs_hard:>14}  {race(counts, turns['normal']):6.1%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
