"""Every table marks the cards the last moves moved (issue 48): the discard pile's top
that the last move put there is ringed with who put it, and the cards just taken from the
pile are named by it; Casino marks what was trailed or built on the table and tells the
captures. Played on through the write layer, each mark is checked against the "Just now"
panel's words, and every kind of mark turns up."""

import pytest
from django.urls import reverse

from tables.actions import lifecycle
from tables.presenters import present
from tests.playing import play_moves

pytestmark = pytest.mark.django_db

MOVES = 60


def just_now_words(table) -> list[str]:
    return [line["text"] for line in table["just_now"]]


def rummy_marks(table) -> tuple[list[str], list[str]]:
    """The top's mark and the taken cards' marks, each in the words the panel must hold."""
    marks = table["pile_marks"]
    tops = [f"{marks['top']['by']} discarded"] if marks["top"] else []
    taken = [f"{m['by']} {m['verb'].split()[0]}" for m in marks["taken"]]
    for mark, words in zip(marks["taken"], taken, strict=True):
        said = just_now_words(table)
        assert any(line.startswith(words) and mark["label"] in line for line in said), (mark, said)
    if marks["top"]:
        assert any(line.startswith(tops[0]) and marks["top"]["label"] in line for line in just_now_words(table))
    return tops, taken


def casino_marks(table) -> tuple[list[str], list[str]]:
    played = [c["mark"] for c in table["row"]["loose"] + table["row"]["builds"] if c["mark"]]
    for words in table["captures"]:
        assert any(line.startswith(words) for line in just_now_words(table)), words
    return played, table["captures"]


@pytest.mark.parametrize("kind", ["capitalla", "capit", "rummathon", "casino"])
def test_the_marks_on_the_table_are_the_last_moves(alice, monkeypatch, enqueued, kind):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: 3)
    game = lifecycle.quick_game(alice, kind, bot_level="normal")
    seen_top = seen_taken = 0
    for _ in range(MOVES):
        game = play_moves(game, 1)
        if game.status != game.Status.ACTIVE:
            break
        table = present(game, alice)
        top, taken = casino_marks(table) if kind == "casino" else rummy_marks(table)
        seen_top += bool(top)
        seen_taken += bool(taken)
    assert seen_top and seen_taken  # every kind of mark turned up in these moves


def test_a_replay_marks_nothing(client, alice, monkeypatch, enqueued):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: 3)
    game = play_moves(lifecycle.quick_game(alice, "capitalla", bot_level="normal"), 8)
    client.force_login(alice)
    page = client.get(reverse("replay", args=[game.pk]), {"at": 6}).content.decode()
    assert "discarded it" not in page
