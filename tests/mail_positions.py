"""What the tests of the position in a turn mail (mailroom/mail_position.py) share: the
checks of a seat's text through a played game, for every game (the text fits 72 columns,
says the others' hand sizes) and for a game that says how its text names a card (every card
of my hand named, no hidden card), and the groups on the table with their letters.
tests/core/web/test_mail_position.py runs the first over every registered game; each
game's own tests give the card names (tests/<slug>/test_<slug>_mail_position.py)."""

import html
import re

from engine.commands import letter
from mailroom.mail_position import WIDTH, position
from tables.models import Game
from tests.contract.contract_checks import _strings, dealt_table, play_to_the_end, seated_users, secrets_of

# The positions checked: every this many moves, and the end.
EVERY = 15


def named(text: str, name: str) -> bool:
    """Whether `text` names this card on its own ("R1" is not in "R12")."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def check_position(game: Game, seat: int, user, name_of=None) -> None:
    """The seat's mail text fits WIDTH columns and, while the game is on, gives every other
    seat's hand size; given `name_of(card)` (how the game's text names a card), it names
    every card of the seat's hand, in the text and the HTML, and no hidden card."""
    view = game.rules.view(game.state, seat)
    mailed = position(game, user)
    text, where = mailed["text"], f"{game.kind} v{game.version}, seat {seat}"
    too_long = [line for line in text.splitlines() if len(line) > WIDTH]
    assert not too_long, f"{where}: lines over {WIDTH} columns: {too_long}"
    if game.status != Game.Status.ACTIVE:
        return
    for other, size in enumerate(view["hand_size"]):
        if other != seat and other not in (view.get("out") or []):
            player = game.seat_list[other].name
            seat_line = rf"^  {re.escape(player)} +{size} cards?\b"
            assert re.search(seat_line, text, re.M), f"{where}: {player}'s {size} cards are not in the text"
    if name_of is None:
        return
    for card in view["hand"]:
        assert named(text, name_of(card)), f"{where}: {name_of(card)} of my hand is not in the text"
        assert html.escape(name_of(card)) in mailed["html"], f"{where}: {name_of(card)} is not in the HTML"
    # A hidden card's name may also be that of a card I hold or the table shows (another
    # copy), or of the place a wild card takes in a meld ("Joker=10♠": a face, no copy).
    cards = set(game.plugin.cards(game.state))
    faces = cards | {card.partition(":")[0] for card in cards}
    seen = {name_of(card) for card in view["hand"]} | {name_of(s) for s in _strings(view) if s in faces}
    hidden = {name_of(card) for card in secrets_of(game.plugin, game.state)[seat]} - seen
    # An action card's or a joker's name is a word the mail also uses ("skipped (Bypass)").
    shown = sorted(name for name in hidden if not name.isalpha() and named(text, name))
    assert not shown, f"{where}: the text shows hidden cards {shown}"


def check_positions_through_a_game(plugin, people, name_of=None, seed: int = 5) -> Game:
    """`check_position` for every seat every EVERY moves of a game played to its end, and
    at the end; returns the finished game."""

    def check(game):
        if game.version % EVERY and game.status == Game.Status.ACTIVE:
            return
        for seat, user in seated_users(game).items():
            check_position(game, seat, user, name_of)

    return play_to_the_end(dealt_table(plugin, people), seed=seed, at_each=check)


def group_paragraph(text: str, label: str) -> str:
    """The line of "On the table:" that starts with a group's letter, with its wrapped
    continuation lines."""
    lines = text.splitlines()
    table = lines.index("On the table:")
    start = next(k for k in range(table, len(lines)) if lines[k].startswith(f"  {label}  "))
    end = next((k for k in range(start + 1, len(lines)) if not lines[k].startswith("   ")), len(lines))
    return " ".join(lines[start:end])


def check_groups_lettered(plugin, people, groups_of, name_of, mine_as_you: bool = False) -> None:
    """Through a played game, each group on the table (`groups_of(view)`: (owner, cards) in
    the order the commands letter them) is a paragraph of the seat to act's text that starts
    with its letter and names its owner (me as "You" if `mine_as_you`) and its cards."""
    checked = []

    def check(game):
        if game.status != Game.Status.ACTIVE:
            return
        seat = game.to_act[0]
        groups = groups_of(game.rules.view(game.state, seat))
        if not groups:
            return
        text = position(game, seated_users(game)[seat])["text"]
        for k, (owner, cards) in enumerate(groups):
            paragraph = group_paragraph(text, letter(k))
            whose = "You" if owner == seat and mine_as_you else game.seat_list[owner].name
            assert whose in paragraph, f"{plugin.slug}: group {letter(k)} does not name {whose}: {paragraph}"
            for card in cards:
                assert name_of(card) in paragraph, f"{plugin.slug}: {card} is not in group {letter(k)}"
        checked.append(game.version)

    play_to_the_end(dealt_table(plugin, people), seed=5, at_each=check)
    assert checked, f"{plugin.slug}: no group was ever on the table"


def text_at(plugin, people, seed: int, wanted) -> tuple[Game, dict, str]:
    """The first position of a played game where `wanted(view)` holds for the seat to act:
    the game, that seat's view and its mail text."""
    found = []

    def check(game):
        if not found and game.status == Game.Status.ACTIVE:
            view = game.rules.view(game.state, game.to_act[0])
            if wanted(view):
                found.append((game, view, position(game, seated_users(game)[game.to_act[0]])["text"]))

    play_to_the_end(dealt_table(plugin, people), seed=seed, at_each=check)
    assert found, f"{plugin.slug}: no such position"
    return found[0]
