"""The group builder's check (`engine.drafts.check_draft`): each group judged by the
engine, then whether the groups make the player's next sequence and how to lay them now.
Built on the test rule card (sequence 1: two sets of 3; sequence 2: a set of 3 and a run
of 4; sequence 3: a run of 4 and a colour group of 4)."""

import random

from games.rummathon.engine import group_problem
from games.rummathon.engine.bots import BOTS
from games.rummathon.engine.drafts import MAX_GROUPS, check_draft, empty_draft
from games.rummathon.engine.rules import RULES, next_requirement, view_requirement
from tests.rummathon.rummathon_tables import ids, known_cards, table

__all__ = ["known_cards"]  # the fixture, imported so that it applies here

SEVENS, THREES = ids("R7", "Y7", "B7"), ids("R3", "Y3", "G3")
NINES = ids("R9", "Y9", "B9")
SPARE = ids("B8", "G11")
FILLER = ids("R2", "Y5", "G9", "B10", "R11")


def draft(*groups, burden=None):
    """A draft of these (kind, cards) groups, in groups 1, 2, …"""
    made = empty_draft()
    for k, (kind, cards) in enumerate(groups):
        made["groups"][k], made["kinds"][k] = list(cards), kind
    made["burden"] = burden
    return made


def check(state, made, seat=0):
    return check_draft(RULES.view(state, seat), made, seat)


def texts(lines):
    return [line["text"] for line in lines]


def last(lines):
    return lines[-1]["ok"], lines[-1]["text"]


def test_a_valid_sequence_is_ok_and_can_be_laid_after_the_draw():
    state = table([SEVENS + THREES + SPARE, FILLER])
    lines = check(state, draft(("set", SEVENS), ("set", THREES)))
    assert texts(lines) == [
        "Group 1: a set of 3 — OK: R7 Y7 B7.",
        "Group 2: a set of 3 — OK: R3 Y3 G3.",
        "These groups make your sequence (two sets of 3): lay them down.",
    ]
    assert [line["ok"] for line in lines] == [True, True, True]


def test_a_valid_sequence_before_the_draw_asks_to_draw_first():
    state = table([SEVENS + THREES + SPARE, FILLER], drawn=False)
    assert last(check(state, draft(("set", SEVENS), ("set", THREES)))) == (
        True,
        "These groups make your sequence (two sets of 3): draw, then lay them down.",
    )


def test_the_discard_top_may_be_used_before_the_draw_by_taking_it():
    state = table([SEVENS + ids("R3", "Y3") + SPARE, FILLER], discard=ids("G3"), drawn=False)
    ok, text = last(check(state, draft(("set", SEVENS), ("set", THREES))))
    assert ok and text.endswith("take the G3 from the discard pile and lay them down.")
    drawn = table([SEVENS + ids("R3", "Y3") + SPARE, FILLER], discard=ids("G3"))
    assert "Group 2: you do not hold G3 (G3:0)." in texts(check(drawn, draft(("set", SEVENS), ("set", THREES))))


def test_a_run_with_a_gap_gets_the_engines_reason():
    state = table([ids("R3", "Y4", "G6", "G7") + SEVENS + SPARE, FILLER], progress=[1, 0])
    gap = ids("R3", "Y4", "G6", "G7")
    lines = check(state, draft(("set", SEVENS), ("run", gap)))
    assert f"Group 2 is not a valid run: {group_problem(gap, 'run')}" in texts(lines)
    assert "too far apart" in group_problem(gap, "run")
    assert lines[-1]["ok"] is False  # nothing claims the sequence is made


def test_a_flex_fills_the_gap_and_says_what_it_stands_for():
    state = table([ids("R3", "Y4", "FLEX", "B6") + SEVENS + SPARE, FILLER], progress=[1, 0])
    lines = check(state, draft(("set", SEVENS), ("run", ids("R3", "Y4", "FLEX", "B6"))))
    assert "Group 2: a run of 4 — OK: R3 Y4 Flex(5) B6." in texts(lines)
    assert last(lines) == (True, "These groups make your sequence (a set of 3 and a run of 4): lay them down.")


def test_a_flex_only_group_is_refused():
    flex = [f"FLEX:{k}" for k in range(3)]
    state = table([SEVENS + flex + SPARE, FILLER])
    lines = check(state, draft(("set", SEVENS), ("set", flex)))
    assert "Group 2 is not a valid set: Every group needs at least one natural card: Flex cards are wild." in texts(
        lines
    )


def test_a_colour_group_of_mixed_colours_is_refused():
    mixed = ids("R1", "R5", "Y8", "R10")
    state = table([mixed + ids("R3", "Y4", "G5", "B6") + SPARE, FILLER], progress=[2, 0])
    lines = check(state, draft(("run", ids("R3", "Y4", "G5", "B6")), ("colour", mixed)))
    assert "Group 2 is not a valid colour group: A colour group needs cards of one colour: R1 and Y8 differ." in texts(
        lines
    )


def test_a_colour_group_with_a_flex_names_its_colour():
    state = table([ids("R1", "R5", "FLEX", "R10") + ids("R3", "Y4", "G5", "B6") + SPARE, FILLER], progress=[2, 0])
    lines = check(state, draft(("run", ids("R3", "Y4", "G5", "B6")), ("colour", ids("R1", "R5", "FLEX", "R10"))))
    assert "Group 2: a colour group of 4 — OK: R1 R5 Flex(red) R10." in texts(lines)
    assert last(lines)[0] is True


def test_a_missing_group_is_not_yet_a_sequence():
    state = table([SEVENS + THREES + SPARE, FILLER])
    assert last(check(state, draft(("set", SEVENS)))) == (
        None,
        "So far so good: 1 more group to build for your sequence (two sets of 3).",
    )


def test_groups_of_the_wrong_kinds_get_the_engines_reason():
    state = table([SEVENS + ids("R3", "Y4", "G5") + SPARE, FILLER])
    assert last(check(state, draft(("set", SEVENS), ("run", ids("R3", "Y4", "G5"))))) == (
        False,
        "This sequence is two sets of 3, not a set of 3 and a run of 3.",
    )


def test_a_burden_group_missing_is_asked_for():
    burdened = {"by": 1, "kind": "burden"}
    state = table([SEVENS + THREES + NINES + SPARE, FILLER], burdens=[burdened, None])
    assert last(check(state, draft(("set", SEVENS), ("set", THREES)))) == (
        None,
        "These groups make your sequence (two sets of 3), but your burden adds a set of 3: build it too.",
    )
    lines = check(state, draft(("set", SEVENS), ("set", THREES), ("set", NINES), burden=3))
    assert last(lines) == (
        True,
        "These groups make your sequence (two sets of 3) and your burden's set of 3 "
        "(group 3 is the burden's): lay them down.",
    )


def test_a_burden_marked_on_a_group_that_cannot_be_it_is_refused():
    state = table(
        [SEVENS + THREES + ids("R8", "Y9", "G10", "B11") + SPARE, FILLER], burdens=[{"by": 1, "kind": "double"}, None]
    )
    lines = check(state, draft(("set", SEVENS), ("run", ids("R8", "Y9", "G10", "B11")), ("set", THREES), burden=1))
    ok, text = last(lines)
    assert ok is False and text.startswith("Group 1 is marked as the burden's: it must be a run of 4 or more")


def test_a_card_in_two_groups_is_flagged():
    state = table([SEVENS + ids("R3", "Y3") + SPARE, FILLER])
    lines = check(state, draft(("set", SEVENS), ("set", ids("R3", "Y3", "R7"))))
    assert "R7 (R7:0) is in groups 1 and 2: a card goes in one group." in texts(lines)
    assert not any("make your sequence" in text for text in texts(lines))


def test_a_card_not_held_is_flagged_and_a_forged_id_is_shown_as_given():
    state = table([SEVENS + SPARE, THREES + FILLER])
    lines = check(state, draft(("set", SEVENS), ("set", THREES)))
    assert "Group 2: you do not hold R3 (R3:0)." in texts(lines)
    lines = check(state, draft(("set", ["NOPE:0", "R7:0", "Y7:0"])))
    assert "Group 1: you do not hold 'NOPE:0'." in texts(lines)


def test_a_group_without_a_kind_asks_for_one():
    state = table([SEVENS + THREES + SPARE, FILLER])
    assert "Group 1: say whether it is a set, a run or a colour group." in texts(check(state, draft((None, SEVENS))))


def test_an_empty_draft_says_what_to_build_and_a_seat_down_has_nothing_to_lay():
    state = table([SEVENS + THREES + SPARE, FILLER])
    assert texts(check(state, draft())) == ["Tick cards into the groups to build your sequence (two sets of 3)."]
    down = table([SPARE, FILLER], groups={0: [("set", SEVENS, False), ("set", THREES, False)]})
    assert texts(check(down, draft())) == ["You have no further sequence to lay this round."]


def test_not_my_turn_says_to_lay_on_my_turn():
    state = table([SEVENS + THREES + SPARE, FILLER], turn=1)
    assert last(check(state, draft(("set", SEVENS), ("set", THREES))))[1].endswith("lay them down on your turn.")


def test_the_builder_has_room_for_the_longest_sequence_and_a_burden():
    from games.rummathon.engine.rule_cards import RULE_CARDS

    longest = max(len(sequence) for card in RULE_CARDS for sequence in card["sequences"])
    assert longest + 1 <= MAX_GROUPS


def test_the_views_requirement_is_the_states_along_whole_games():
    """`view_requirement` (what the page knows) agrees with `next_requirement` for every
    seat, seen from every seat, through bot games with declarations and burdens."""
    rng = random.Random(5)
    for seed in (11, 12):
        state = RULES.new_game(3, {"variant": "half"}, seed)
        while to_act := RULES.to_act(state):
            views = [RULES.view(state, seat) for seat in range(3)]
            for seat in range(3):
                assert all(view_requirement(view, seat) == next_requirement(state, seat) for view in views)
            seat = to_act[0]
            state = RULES.apply(state, seat, BOTS["normal"].choose(state, seat, rng))
