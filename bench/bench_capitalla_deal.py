"""A whole Capitalla deal between four "normal" bots, in the engine (no database).

    python bench/bench_capitalla_deal.py [deals, default 200]

Each move goes through the same calls a server makes: the bot reads `view` and
`legal_moves`, then `apply` checks and plays its move. Target: median <= 50 ms.
"""

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine.bots import play


def main(deals):
    times, moves, reasons = [], [], Counter()
    for seed in range(deals):
        started = time.perf_counter()
        state = play("capitalla", ["normal"] * 4, seed)
        times.append((time.perf_counter() - started) * 1000)
        moves.append(state["moves"])
        reasons[state["result"]["reason"]] += 1
    times.sort()
    print(f"{'deals':>5} {'median ms':>9} {'p90 ms':>7} {'max ms':>7} {'median moves':>12}  endings")
    print(
        f"{deals:5} {statistics.median(times):9.1f} {times[int(deals * 0.9)]:7.1f} {times[-1]:7.1f}"
        f" {statistics.median(moves):12.0f}  {dict(reasons)}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
