"""The cards the last moves put on a discard pile or took from it (tables/card_marks.py),
walked from the moves alone: the top is marked while the discard that put it there is the
last change to the pile, and a take names only a card these moves saw go down."""

from tables.card_marks import PileMoves, discard_of, pile_marks
from tables.move_log import ROUND_ENDS

NAMES = ["Alice", "Bob", "Charlie"]
RUMMY = PileMoves(
    discards=discard_of,
    takes_at=lambda move: (move.get("depth", 0), "took") if move.get("type") == "take" else None,
    label=str.upper,
    new_deal=ROUND_ENDS,
)


def rows(*moves):
    return [{"seq": k + 1, "seat": seat, "move": move, "summary": said(move)} for k, (seat, move) in enumerate(moves)]


def said(move) -> str:
    """The engine's line for the move: a take names the card as the test's `taken` says,
    and `then` is what followed it (a round's end)."""
    words = {
        "discard": f"{{player}} discarded {move.get('card', '').upper()}.",
        "take": f"{{player}} took {move.get('said', '')}.",
    }
    return words.get(move["type"], "") + move.get("then", "")


def discard(card):
    return {"type": "discard", "card": card}


def take(depth=0, taken=""):
    """A take from `depth`; its line names `taken` (upper case, as RUMMY labels)."""
    return {"type": "take", "depth": depth, "said": taken.upper()}


def marks(recent, top):
    return pile_marks(recent, NAMES.__getitem__, RUMMY, top)


def test_the_last_discard_marks_the_top_with_who_put_it_there():
    got = marks(rows((0, discard("a")), (1, discard("b"))), top="b")
    assert got["top"] == {"card": "b", "label": "B", "by": "Bob", "verb": "discarded", "seq": 2}
    assert got["taken"] == []


def test_a_top_that_is_not_the_last_discard_is_not_marked():
    # A new round's upturned card, say: the moves saw "b" go down, the pile shows "z".
    assert marks(rows((1, discard("b"))), top="z")["top"] is None


def test_a_take_names_the_card_it_took_and_unmarks_the_top():
    got = marks(rows((0, discard("a")), (1, take(taken="a"))), top=None)
    assert got["top"] is None
    assert [(m["by"], m["verb"], m["label"]) for m in got["taken"]] == [("Bob", "took", "A")]


def test_a_deep_take_marks_the_card_at_its_depth_and_carries_off_those_above():
    got = marks(rows((0, discard("a")), (1, discard("b")), (2, discard("c")), (0, take(depth=1, taken="b"))), top="a")
    assert [m["card"] for m in got["taken"]] == ["b"]
    assert got["top"] is None  # "a" is on top again, but no move just put it there


def test_a_take_below_what_the_moves_saw_marks_nothing():
    got = marks(rows((0, discard("a")), (1, take(depth=2, taken="q"))), top=None)
    assert got["taken"] == []


def test_a_take_whose_line_names_another_card_marks_nothing():
    # The round ended after "a" went down and a new one turned up "d": Bob took the "d".
    got = marks(rows((0, discard("a")), (1, take(taken="d")), (1, discard("e")), (2, take(taken="e"))), top=None)
    assert [m["card"] for m in got["taken"]] == ["e"]


def test_a_card_is_named_as_a_word():
    got = marks(rows((0, discard("g1")), (1, take(taken="g12"))), top=None)
    assert got["taken"] == []


def test_takes_are_listed_newest_first():
    got = marks(rows((0, discard("a")), (1, take(taken="a")), (1, discard("b")), (2, take(taken="b"))), top=None)
    assert [(m["by"], m["card"]) for m in got["taken"]] == [("Charlie", "b"), ("Bob", "a")]


def test_a_move_with_no_seat_changes_no_pile():
    got = marks(rows((0, discard("a")), (None, {"type": "extra_time"})), top="a")
    assert got["top"]["card"] == "a"


def test_a_new_deal_starts_the_marks_again():
    got = marks(
        rows((0, discard("a")), (1, take(taken="a")), (1, {**discard("b"), "then": " Bob went out: round 1 is over."})),
        top="b",
    )
    assert got == {"top": None, "taken": []}
