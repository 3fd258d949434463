"""The whole position in a turn mail (games/mail_position.py): through a played game of
every game, each seat's text names every card of its hand and no hidden card, fits a
72-column client and gives the others' hand sizes; the HTML shows the hand; the groups on
the table carry the letters the commands name them by."""

import html
import re

import pytest
from django.core import mail

from games import notifications
from games.capitalla.presenter import card as capitalla_card
from games.engine.cards import face as standard_face
from games.engine.commands import letter
from games.mail_position import WIDTH, position, wrap_text
from games.models import Game
from games.rummathon.engine import face as rummathon_face
from tests.contract.contract_checks import (
    _strings,
    dealt_table,
    every_game,
    play_to_the_end,
    seated_users,
    secrets_of,
)

pytestmark = pytest.mark.django_db

# A card as the mail's text names it, by game.
CARD_NAME = {
    "capitalla": lambda card: capitalla_card(card)["text_name"],
    "capit": standard_face,
    "casino": standard_face,
    "rummathon": rummathon_face,
}
# The positions checked: every this many moves, and the end.
EVERY = 15


def named(text: str, name: str) -> bool:
    """Whether `text` names this card on its own ("R1" is not in "R12")."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def check_position(game: Game, seat: int, user) -> None:
    name_of = CARD_NAME[game.kind]
    view = game.rules.view(game.state, seat)
    mailed = position(game, user)
    text, where = mailed["text"], f"{game.kind} v{game.version}, seat {seat}"
    too_long = [line for line in text.splitlines() if len(line) > WIDTH]
    assert not too_long, f"{where}: lines over {WIDTH} columns: {too_long}"
    if game.status != Game.Status.ACTIVE:
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
    for other, size in enumerate(view["hand_size"]):
        if other != seat and other not in (view.get("out") or []):
            player = game.seat_list[other].name
            seat_line = rf"^  {re.escape(player)} +{size} cards?\b"
            assert re.search(seat_line, text, re.M), f"{where}: {player}'s {size} cards are not in the text"


@every_game
def test_each_seat_reads_its_hand_and_no_hidden_card_through_a_game(plugin, people, player):
    def check(game):
        if game.version % EVERY and game.status == Game.Status.ACTIVE:
            return
        for seat, user in seated_users(game).items():
            check_position(game, seat, user)

    game = play_to_the_end(dealt_table(plugin, people), seed=5, at_each=check)
    watched = position(game, player("dave", "Dave"))["text"]
    assert f"{game.rules.info.name} #{game.pk}" in watched and "Your hand" not in watched


# ---------------------------------------------------------------- the groups on the table


def table_groups(kind: str, view: dict) -> list[tuple[int, list[str]]]:
    """(owner, cards) of each group on the table, in the order the commands letter them."""
    if kind == "capit":
        return [(meld["owner"], meld["cards"]) for meld in view["melds"]]
    if kind == "casino":
        return [(build["owner"], build["cards"]) for build in view["table"]["builds"]]
    return [(seat, group["cards"]) for seat, groups in enumerate(view["groups"]) for group in groups]


def group_paragraph(text: str, label: str) -> str:
    """The line of "On the table:" that starts with a group's letter, with its wrapped
    continuation lines."""
    lines = text.splitlines()
    table = lines.index("On the table:")
    start = next(k for k in range(table, len(lines)) if lines[k].startswith(f"  {label}  "))
    end = next((k for k in range(start + 1, len(lines)) if not lines[k].startswith("   ")), len(lines))
    return " ".join(lines[start:end])


@pytest.mark.parametrize("kind", ["capit", "casino", "rummathon"])
def test_groups_on_the_table_show_their_letter_owner_and_cards(kind, people):
    from games.plugins import PLUGINS

    checked = []

    def check(game):
        if game.status != Game.Status.ACTIVE:
            return
        seat = game.to_act[0]
        view = game.rules.view(game.state, seat)
        groups = table_groups(kind, view)
        if not groups:
            return
        text = position(game, seated_users(game)[seat])["text"]
        for k, (owner, cards) in enumerate(groups):
            paragraph = group_paragraph(text, letter(k))
            whose = "You" if owner == seat and kind == "rummathon" else game.seat_list[owner].name
            assert whose in paragraph, f"{kind}: group {letter(k)} does not name {whose}: {paragraph}"
            for card in cards:
                assert CARD_NAME[kind](card) in paragraph, f"{kind}: {card} is not in group {letter(k)}"
        checked.append(game.version)

    play_to_the_end(dealt_table(PLUGINS[kind], people), seed=5, at_each=check)
    assert checked, f"{kind}: no group was ever on the table"


# ---------------------------------------------------------------- each game's own lines


def text_at(kind: str, people, seed: int, wanted) -> tuple[Game, dict, str]:
    """The first position of a played game where `wanted(view)` holds for the seat to act:
    the game, that seat's view and its mail text."""
    from games.plugins import PLUGINS

    found = []

    def check(game):
        if not found and game.status == Game.Status.ACTIVE:
            view = game.rules.view(game.state, game.to_act[0])
            if wanted(view):
                found.append((game, view, position(game, seated_users(game)[game.to_act[0]])["text"]))

    play_to_the_end(dealt_table(PLUGINS[kind], people), seed=seed, at_each=check)
    assert found, f"{kind}: no such position"
    return found[0]


def test_capitalla_groups_my_hand_by_capital_initial_and_shows_the_discard(people):
    game, view, text = text_at("capitalla", people, 5, lambda view: view.get("discard_top"))
    # A long name may wrap the line (72 columns): compare the words.
    assert f"Discard pile: {capitalla_card(view['discard_top'])['text_name']} on top" in " ".join(text.split())
    for card in view["hand"]:
        face = capitalla_card(card)
        line = next(line for line in text.splitlines() if face["text_name"] in line)
        if not face["is_joker"]:
            assert line.startswith(f"  {face['group_letter']}  ") or line.startswith("     "), line


def test_capit_shows_round_contract_and_laid_status(people):
    game, view, text = text_at("capit", people, 5, lambda view: any(view["laid"]))
    assert f"Round {view['round']} of 5" in text
    assert f"Contract: {view['contract']['text']}" in text
    laid = [game.seat_list[i].name for i, down in enumerate(view["laid"]) if down]
    assert f"Contract down: {', '.join(laid)}." in text


def test_capit_says_what_the_turn_asks_as_the_page_does(people):
    """Found by a QA pass: the mail offered a draw from the stock with a discard to take
    (refused), and lay-offs before the contract (refused)."""
    _, _, text = text_at("capit", people, 5, lambda view: view["phase"] == "draw" and view["discard_top"])
    assert "Draw: take the discard, or push it." in text and "draw from the stock" not in text.lower()
    _, _, text = text_at("capit", people, 5, lambda view: view["phase"] == "play" and not view["laid"][view["seat"]])
    assert "Lay down your contract if you can, then discard." in text and "lay off" not in text.lower()
    _, _, text = text_at("capit", people, 5, lambda view: view["phase"] == "play" and view["laid"][view["seat"]])
    assert "Meld, lay off or swap if you can, then discard." in text


def test_casino_puts_my_question_with_its_choices_lettered(people):
    def asked_me(view):
        return any(q["to"] == view["to_act"][0] and q.get("choice") is None for q in view.get("asked") or [])

    game, view, text = text_at("casino", people, 5, asked_me)
    question = next(q for q in view["asked"] if q["to"] == view["to_act"][0] and q.get("choice") is None)
    assert f"what is the capital of {question['country']}?" in text
    for k, choice in enumerate(question["choices"]):
        assert f"  {'ABCD'[k]}  {choice}" in text


def test_rummathon_shows_the_discard_pile_with_depths_and_my_sequence(people):
    game, view, text = text_at("rummathon", people, 5, lambda view: len(view["discard"]) >= 3)
    pile = view["discard"]
    depths = " · ".join(f"{depth}: {rummathon_face(card)}" for depth, card in enumerate(reversed(pile)))
    assert wrap_text(f"  {depths}").strip() in text
    assert "Your rule card:" in text and "now " in text


# ---------------------------------------------------------------- the text helper


def test_a_long_line_hangs_under_what_follows_its_label():
    text = wrap_text("  B  " + " ".join(["Peru"] * 30))
    lines = text.splitlines()
    assert len(lines) > 1 and all(len(line) <= WIDTH for line in lines)
    assert all(line.startswith("     Peru") for line in lines[1:])


def test_a_list_of_cards_breaks_between_cards_only():
    cards = ["Bolivia (Sucre / La Paz)", "South Africa (Pretoria / Cape Town)", "Peru (Lima)"] * 3
    lines = wrap_text("  B  " + " · ".join(cards)).splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert [part.strip(" ·") for line in lines for part in line[5:].split(" · ")] == cards


def test_a_list_of_cards_keeps_room_for_the_separator_at_a_lines_end():
    # This line's first three cards take 70 columns: the " ·" after them would make 72+,
    # and the wrap fell back to breaking inside "Morocco (Rabat)".
    cards = ["Malawi (Lilongwe)", "South Korea (Seoul)", "Bolivia (Sucre / La Paz)"]
    cards += ["Antigua and Barbuda (St. John's)", "Guyana (Georgetown)", "Morocco (Rabat)"]
    lines = wrap_text("  B  " + " · ".join(cards)).splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    assert [part.strip(" ·") for line in lines for part in line[5:].split(" · ")] == cards


def test_a_list_item_hangs_under_its_text_and_a_link_stays_whole():
    link = "https://capitalla.example/games/7/continue/3/?sesame=" + "A" * 40
    lines = wrap_text("- Bob trailed the 8♠ and said the rest is " + "words " * 12 + link).splitlines()
    assert all(line.startswith("  ") for line in lines[1:]) and lines[-1].strip() == link


def test_blank_lines_left_by_template_tags_shrink_to_one():
    assert wrap_text("\n\nA\n\n\n\nB\n\n") == "A\n\nB\n"


# ---------------------------------------------------------------- the turn mail


def test_the_turn_mail_carries_the_position_in_both_parts(table, alice):
    game = Game.objects.get(pk=table.pk)
    assert notifications.send_notification("your_turn", alice.pk, game.pk, game.version)
    sent = mail.outbox[-1]
    hand = game.rules.view(game.state, 0)["hand"]
    body, html_part = sent.body, sent.alternatives[0][0]
    assert "Your hand, 13 cards, by capital initial:" in body
    assert all(capitalla_card(card)["text_name"] in body for card in hand)
    assert all(html.escape(capitalla_card(card)["text_name"]) in html_part for card in hand)
    assert body.index("Your hand") < body.index("Continue to your game:")
    assert all(len(line) <= WIDTH for line in body.splitlines() if "://" not in line)


def test_a_finished_capitalla_game_says_who_left_and_counts_no_points(alice, bob, charlie):
    """Found by a QA pass: a resigned seat read "no cards · out" above its 13 cards shown at
    the end, and the hands said "1 point" and "0 points" in a game that has none."""
    from games.actions import lifecycle, player_moves

    game = lifecycle.create_table(alice, "capitalla", seats=3)
    lifecycle.join_table(bob, game.pk)
    lifecycle.join_table(charlie, game.pk)
    lifecycle.start_table(alice, game.pk)
    player_moves.resign(bob, game.pk)
    player_moves.resign(charlie, game.pk)
    text = position(Game.objects.get(pk=game.pk), alice)["text"]
    assert re.search(r"^  Bob +out of the game$", text, re.M) and "no cards" not in text
    assert "Alice (winner):" in text and "point" not in text
