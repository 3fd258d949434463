"""Casino's table row marks what the last moves left on it (games/casino/marks.py): a
trailed card and a build say who played them, while they lie there; a capture is told in
words under the row, newest first."""

from games.casino.marks import mark_row

NAMES = ["Alice", "Bob"]


def row(loose=(), builds=()):
    return {
        "loose": [{"id": card, "mark": None} for card in loose],
        "builds": [{"id": b, "cards": [{"id": c} for c in cards], "mark": None} for b, cards in builds],
    }


def moves(*played):
    """History rows; a capture's line as the engine words it, another's left empty."""
    return [{"seq": k + 1, "seat": seat, "move": move, "summary": said(move)} for k, (seat, move) in enumerate(played)]


def said(move) -> str:
    if move["type"] != "capture":
        return move.get("said", "")
    return f"{{player}} captured {' '.join(move['loose'])} with the {move['card']}.{move.get('said', '')}"


def test_a_trailed_card_on_the_table_says_who_trailed_it():
    table = row(loose=["KD", "5C"])
    assert mark_row(table, moves((1, {"type": "trail", "card": "KD"})), NAMES.__getitem__) == []
    assert [c["mark"] for c in table["loose"]] == ["Bob trailed it", None]


def test_a_build_says_who_built_it():
    table = row(builds=[("b1", ["9S", "AH"])])
    mark_row(table, moves((0, {"type": "build", "card": "AH", "loose": ["9S"], "value": 10})), NAMES.__getitem__)
    assert table["builds"][0]["mark"] == "Alice built with it"


def test_a_capture_is_told_under_the_row_newest_first():
    table = row()
    told = mark_row(
        table,
        moves(
            (0, {"type": "capture", "card": "5S", "loose": ["5C"], "builds": []}),
            (1, {"type": "capture", "card": "10D", "loose": ["4H", "6S"], "builds": ["b1"]}),
        ),
        NAMES.__getitem__,
    )
    assert told == ["Bob captured 4H 6S with the 10D.", "Alice captured 5C with the 5S."]


def test_a_card_captured_since_it_was_trailed_is_no_longer_marked():
    table = row(loose=["2C"])
    mark_row(
        table,
        moves(
            (0, {"type": "trail", "card": "KD"}), (1, {"type": "capture", "card": "KS", "loose": ["KD"], "builds": []})
        ),
        NAMES.__getitem__,
    )
    assert table["loose"][0]["mark"] is None


def test_a_new_deal_starts_the_marks_again():
    table = row(loose=["KD"])
    told = mark_row(
        table,
        moves(
            (0, {"type": "trail", "card": "KD"}),
            (1, {"type": "capture", "card": "5S", "loose": ["5C"], "builds": [], "said": " Deal 1 is over."}),
        ),
        NAMES.__getitem__,
    )
    assert told == [] and table["loose"][0]["mark"] is None
