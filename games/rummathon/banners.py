"""What is in force in a Rummathon round, as the page and the replay say it: the banners
(declarations, bypasses, burdens, blocks), the tags on the seat rows, and the lines about
a blocked player's groups and a burden."""

from .engine.groups import KIND_NAME
from .engine.rules import BURDEN_GROUP
from .results import DECLARATION


def block_text(block: dict, seat: int, names: list[str]) -> str:
    if block["all"]:
        return f"{names[seat]}'s groups are blocked: no one else may hit them."
    return f"{names[seat]}'s groups are blocked by {names[block['by']]}: only they may hit them."


def burden_text(burden: dict, seat: int, names: list[str], me: int | None) -> str:
    item = BURDEN_GROUP[burden["kind"]]
    who = "You" if seat == me else names[seat]
    by = "you" if burden["by"] == me else names[burden["by"]]
    return f"{who} must also lay a {KIND_NAME[item['kind']]} of {item['size']} — played by {by}."


def banners(view: dict, names: list[str]) -> list[dict]:
    """What is in force this round, each as a banner: {"text", "kind"}."""
    out = []
    for seat, declared in enumerate(view["declared"]):
        if declared:
            count = "two" if declared == "royale" else "three"
            out.append(
                {
                    "kind": "declared",
                    "text": f"{names[seat]} declared {DECLARATION[declared]}: "
                    f"{count} sequences down before anyone goes out.",
                }
            )
    for seat in view["skips"]:
        out.append({"kind": "bypass", "text": f"{names[seat]}'s next turn is skipped (Bypass)."})
    for seat, burden in enumerate(view["burdens"]):
        if burden:
            laid = any(group["burden"] for group in view["groups"][seat])
            text = burden_text(burden, seat, names, None)
            out.append({"kind": "burden", "text": text + (" Laid." if laid else "")})
    for seat, block in enumerate(view["blocked"]):
        if block:
            out.append({"kind": "block", "text": block_text(block, seat, names)})
    for seat, banned in enumerate(view["banned_declare"]):
        if banned and view["phase"] != "over":
            out.append(
                {
                    "kind": "banned",
                    "text": f"{names[seat]}'s Rummathon Royale failed last round: they may not declare this round.",
                }
            )
    return out


def seat_tags(view: dict, seat: int) -> list[dict]:
    tags = []
    if seat == view["dealer"]:
        tags.append({"text": "dealer", "modifier": ""})
    if view["down"][seat]:
        tags.append({"text": "down", "modifier": "tag--active"})
    if view["declared"][seat]:
        tags.append({"text": "declared", "modifier": "tag--stakes"})
    if view["burdens"][seat]:
        tags.append({"text": "burdened", "modifier": "tag--out"})
    if view["blocked"][seat]:
        tags.append({"text": "blocked", "modifier": "tag--private"})
    return tags
