"""The whole position of a game in a mail, for a player who plays from the mail alone.

`position(game, user)` renders the game's templates `<slug>/mail/position.txt` and
`<slug>/mail/position.html` from the dict the game page is rendered from
(`presenters.present`): what the page shows is what the mail shows, and hides what it
hides. The shared pieces (whose turn, the players, a card's chip) are the templates in
templates/email/position/; the text part goes through `wrap_text`, so that a game's
text template writes each line as long as it likes and a 72-column client reads it.
"""

import re
import textwrap

from django.template.loader import render_to_string

from tables.presenters import present

WIDTH = 72
# A line's label is a list item's "- ", or ends at its first gap of two spaces ("B  Ben:
# set 7♠ 7♦ 7♣", "  Bob    7 cards"): its wrapped lines hang under what follows.
_LABEL = re.compile(r"^ *(?:- |\S.*?  +)(?=\S)")
# Items of a list of cards whose names hold spaces ("Peru (Lima) · Bolivia (Sucre / La Paz)").
ITEM_GAP = " · "


def position(game, user) -> dict:
    """The position `user` sees in `game` (as a seat, a spectator, or after the end) as
    {"text": the plain-text part, lines of WIDTH at most; "html": the HTML part}."""
    context = {"table": present(game, user)}
    return {
        "text": wrap_text(render_to_string(f"{game.kind}/mail/position.txt", context)),
        "html": render_to_string(f"{game.kind}/mail/position.html", context),
    }


def wrap_text(text: str, width: int = WIDTH) -> str:
    """`text` with no line longer than `width`, one blank line at most between paragraphs
    (a template's lines of tags leave blank ones) and none at either end. A long line is
    wrapped with a hanging indent: under what follows its label (a "- " or a two-space
    gap) if that is in its first half, else four columns in from its own indent (prose at
    the margin wraps flush). A line listing items (joined by ITEM_GAP) breaks only between
    items while each fits."""
    lines: list[str] = []
    for line in text.splitlines():
        line = line.rstrip()
        if not line and (not lines or not lines[-1]):
            continue
        lines.extend(_wrapped(line, width) if line else [""])
    return "\n".join(lines).strip("\n") + "\n"


def _wrapped(line: str, width: int) -> list[str]:
    if len(line) <= width:
        return [line]
    indent = len(line) - len(line.lstrip(" "))
    label = _LABEL.match(line)
    hang = " " * (label.end() if label and label.end() <= width // 2 else indent + 4 if indent else 0)
    if ITEM_GAP in line:
        by_items = _by_items(line, hang, width)
        if by_items:
            return by_items
    # A word longer than the line (a link) stays whole: a broken link is a dead one.
    return textwrap.wrap(line, width, subsequent_indent=hang, break_long_words=False, break_on_hyphens=False)


def _by_items(line: str, hang: str, width: int) -> list[str] | None:
    """The line broken after its item separators only, or None if an item cannot fit."""
    head, *items = line.split(ITEM_GAP)
    lines = [head]
    trailing = len(ITEM_GAP.rstrip())  # a line broken after an item ends in the separator
    for n, item in enumerate(items, start=1):
        room = 0 if n == len(items) else trailing
        if len(lines[-1]) + len(ITEM_GAP) + len(item) + room <= width:
            lines[-1] += ITEM_GAP + item
        elif len(hang) + len(item) + room <= width:
            lines[-1] += ITEM_GAP.rstrip()
            lines.append(hang + item)
        else:
            return None
    return lines if all(len(line) <= width for line in lines) else None
