"""A rating over time as an inline SVG, drawn on the server: the points of a polyline
and the labels of its axis, in the SVG's own coordinates (no script, no library)."""

WIDTH, HEIGHT = 600, 180
# Room for the y labels on the left and a margin elsewhere.
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 20
# The y axis spans at least this many rating points, so that a few games do not look steep.
MIN_SPAN = 100


def rating_chart(values: list[int]) -> dict | None:
    """The chart of `values` (the rating before the first game, then after each): the
    polyline's "points", a "dot" per game, and the y axis's "ticks" (lowest, middle,
    highest). None for fewer than two values."""
    if len(values) < 2:
        return None
    low, high = min(values), max(values)
    if high - low < MIN_SPAN:
        middle = (high + low) / 2
        low, high = round(middle - MIN_SPAN / 2), round(middle + MIN_SPAN / 2)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(k: int) -> float:
        return round(LEFT + inner_w * k / (len(values) - 1), 1)

    def y(value: float) -> float:
        return round(TOP + inner_h * (high - value) / (high - low), 1)

    dots = [{"x": x(k), "y": y(v), "value": v} for k, v in enumerate(values)]
    ticks = [{"y": y(v), "label": round(v)} for v in (high, (high + low) / 2, low)]
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "bottom": HEIGHT - BOTTOM,
        "points": " ".join(f"{d['x']},{d['y']}" for d in dots),
        "dots": dots[1:],
        "ticks": ticks,
    }
