"""Cap-It's score chart: each player's cumulative points after each round, as the
coordinates of an SVG that `capit/_chart.html` draws on the server."""

CHART_COLOURS = ("#e0b43a", "#7fc8f8", "#f28482", "#b8e986", "#d4a5ff", "#ffffff")


def score_chart(names: list[str], scores: list[list], rounds_total: int = 5) -> dict | None:
    """Cumulative score lines per player, as coordinates for an SVG drawn by the template.
    `scores` is one list of points per finished round (None for a resigned seat)."""
    if not scores:
        return None
    width, height = 600, 250
    left, right, top, bottom = 44, 170, 14, 30
    plot_w, plot_h = width - left - right, height - top - bottom
    totals = []
    for seat in range(len(names)):
        run, line = 0, [0]
        for points_of_round in scores:
            run += points_of_round[seat] or 0
            line.append(run)
        totals.append(line)
    high = max(max(line) for line in totals)
    step = next((s for s in (10, 20, 25, 50, 100, 200, 250, 500) if high / s <= 6), 1000)
    top_value = max(step, -(-high // step) * step)

    def x(k):
        return round(left + plot_w * k / rounds_total, 1)

    def y(v):
        return round(top + plot_h * (1 - v / top_value), 1)

    series = []
    for seat, line in enumerate(totals):
        dots = [{"x": x(k), "y": y(v), "title": f"{names[seat]}: {v} after round {k}"} for k, v in enumerate(line) if k]
        series.append(
            {
                "name": names[seat],
                "colour": CHART_COLOURS[seat % len(CHART_COLOURS)],
                "index": seat,
                "points": " ".join(f"{x(k)},{y(v)}" for k, v in enumerate(line)),
                "dots": dots,
                "end": {"x": x(len(line) - 1) + 6, "y": y(line[-1]) + 4, "label": f"{names[seat]} {line[-1]}"},
            }
        )
    # Labels at the line ends must not overlap: push them apart, top to bottom.
    ends = sorted(series, key=lambda s: s["end"]["y"])
    for above, below in zip(ends, ends[1:]):
        if below["end"]["y"] - above["end"]["y"] < 13:
            below["end"]["y"] = round(above["end"]["y"] + 13, 1)
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": width - right,
        "top": top,
        "bottom": height - bottom,
        "grid": [{"y": y(v), "label": v} for v in range(0, top_value + 1, step)],
        "xticks": [{"x": x(k), "label": "start" if k == 0 else f"R{k}"} for k in range(rounds_total + 1)],
        "series": series,
        "label": "Cumulative points after each round: "
        + "; ".join(f"{names[i]} {line[-1]}" for i, line in enumerate(totals))
        + ". Lower is better.",
    }
