"""Fit the weights of Capitalla's feeding model (`games/capitalla/engine/feeding.py`).

    python games/capitalla/bench/feed_model.py [--games N] [--first SEED]

Plays N heads-up games of the hard bot, half against the normal bot and half against the
gin reference player, on seeds from SEED. At each of the hard bot's discards, every card
of its hand is a row: the model's inputs, read from the hard bot's view, and whether the
card would bring the next seat's true hand nearer a declaration. The first two thirds of
the games fit a logistic regression (Newton's method, a small ridge); the last third
measures it (AUC: how often a card that helps ranks above one that does not), beside a
model of the card alone (joker, several letters, the unseen cards near its letter), which
knows nothing of the next seat. Prints `WEIGHTS` to paste into feeding.py.
"""

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the repository root: bench, engine, games

import bench._common  # noqa: F401  (first: sets Django up)
from games.capitalla.engine import RULES
from games.capitalla.engine.bots import BOTS, GinBot
from games.capitalla.engine.evaluation import distance, distance_after_pick, unseen_cards
from games.capitalla.engine.feeding import FEATURES, feed_features, next_seat
from games.capitalla.engine.hard import held_by_others

RIDGE = 1e-3
CARD_ALONE = ("bias", "joker", "several letters", *(name for name in FEATURES if name.startswith("unseen")))


def rows_of_game(seed: int) -> list[tuple[tuple[float, ...], int]]:
    hero, other = BOTS["hard"], (BOTS["normal"] if seed % 4 < 2 else GinBot())
    seat = seed % 2
    bots = [hero, other] if seat == 0 else [other, hero]
    rng, state, rows = random.Random(seed), RULES.new_game(2, {}, seed), []
    while RULES.to_act(state):
        turn = RULES.to_act(state)[0]
        move = bots[turn].choose(state, turn, rng)
        if turn == seat and move["type"] == "discard":
            view = RULES.view(state, seat)
            held = held_by_others(view)
            unseen = [card for card in unseen_cards(view) if card not in held]
            their_hand = state["hands"][next_seat(view)]
            now = distance(their_hand)
            for card, row in feed_features(view, view["hand"], unseen).items():
                rows.append((row, int(distance_after_pick(their_hand + [card]) < now)))
        state = RULES.apply(state, turn, move)
    return rows


def fit(rows: list[tuple[tuple[float, ...], int]], iterations: int = 12) -> list[float]:
    size = len(rows[0][0])
    weights = [0.0] * size
    for _ in range(iterations):
        gradient = [RIDGE * w for w in weights]
        hessian = [[RIDGE * (i == j) for j in range(size)] for i in range(size)]
        for row, label in rows:
            p = _chance(weights, row)
            slope, curve = p - label, p * (1 - p)
            for i, x in enumerate(row):
                if x:
                    gradient[i] += slope * x
                    line, cx = hessian[i], curve * x
                    for j in range(i + 1):
                        line[j] += cx * row[j]
        for i in range(size):
            for j in range(i):
                hessian[j][i] = hessian[i][j]
        step = _solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step)]
        if max(map(abs, step)) < 1e-6:
            break
    return weights


def auc(rows: list[tuple[tuple[float, ...], int]], weights: list[float]) -> float:
    scored = sorted((sum(w * x for w, x in zip(weights, row)), label) for row, label in rows)
    helping = sum(label for _, label in scored)
    rank_sum = sum(rank for rank, (_, label) in enumerate(scored) if label)
    return (rank_sum - helping * (helping - 1) / 2) / (helping * (len(scored) - helping))


def _only(rows, columns: list[int]):
    return [(tuple(row[c] for c in columns), label) for row, label in rows]


def _chance(weights: list[float], row: tuple[float, ...]) -> float:
    return 1 / (1 + math.exp(-sum(w * x for w, x in zip(weights, row))))


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small and well made)."""
    size = len(vector)
    rows = [line[:] + [value] for line, value in zip(matrix, vector)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    solution = [0.0] * size
    for r in range(size - 1, -1, -1):
        solution[r] = (rows[r][size] - sum(rows[r][c] * solution[c] for c in range(r + 1, size))) / rows[r][r]
    return solution


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--first", type=int, default=10000)
    args = parser.parse_args(argv)
    cut = args.first + 2 * args.games // 3
    training = [row for seed in range(args.first, cut) for row in rows_of_game(seed)]
    testing = [row for seed in range(cut, args.first + args.games) for row in rows_of_game(seed)]
    weights = fit(training)
    alone = [FEATURES.index(name) for name in CARD_ALONE]
    weights_alone = fit(_only(training, alone))
    print(f"rows: {len(training)} to fit, {len(testing)} to measure; helping: {sum(y for _, y in testing)}")
    print(
        f"AUC on the games not fitted: {auc(testing, weights):.3f}"
        f" (the card alone: {auc(_only(testing, alone), weights_alone):.3f})"
    )
    for name, weight in zip(FEATURES, weights):
        print(f"  {weight:+.3f}  {name}")
    print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
