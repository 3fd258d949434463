"""Every regular expression that reads mail text runs in linear time: none has a repeat
inside an unbounded repeat, and no branch has two unbounded repeats, the two shapes that
backtrack (a German "am … schrieb …" line once cost 7.6 s for 64 KB). Each pattern is also
fed the lines that would make it backtrack, long ones."""

import re
import re._constants as sre
import re._parser as sre_parse

import pytest

from engine import commands
from games.rummathon.engine import commands as rummathon_commands
from mailroom.inbound import automatic, decoding, head, html_text, reply_text, sender

MODULES = [automatic, decoding, head, html_text, reply_text, sender, commands, rummathon_commands]
PATTERNS = sorted(
    {
        (module.__name__, name, value)
        for module in MODULES
        for name, value in vars(module).items()
        if isinstance(value, re.Pattern)
    },
    key=lambda found: found[:2],
)
REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)


def problems(items) -> tuple[int, list[str]]:
    """(unbounded repeats along the branch that has most, the nestings found) of a parsed
    pattern or part of one."""
    count, found = 0, []
    for op, arg in items:
        if op in REPEATS:
            low, high, sub = arg
            unbounded = high == sre.MAXREPEAT
            inner, inner_found = problems(sub)
            found += inner_found
            if (unbounded and has_repeat(sub)) or (high > 1 and inner):
                found.append(f"a repeat nested in a repeat {{{low},{'' if unbounded else high}}}")
            count += inner + unbounded
        else:
            for branch in branches(op, arg):
                inner, inner_found = problems(branch)
                found += inner_found
            count += max((problems(branch)[0] for branch in branches(op, arg)), default=0)
    return count, found


def branches(op, arg) -> list:
    """The parsed sub-sequences of a group, alternation or lookaround."""
    if op == sre.SUBPATTERN:
        return [arg[-1]]
    if op == sre.BRANCH:
        return list(arg[1])
    if op in (sre.ASSERT, sre.ASSERT_NOT):
        return [arg[1]]
    return []


def has_repeat(items) -> bool:
    return any(op in REPEATS or any(has_repeat(b) for b in branches(op, arg)) for op, arg in items)


def test_the_checker_finds_the_shapes_that_backtrack():
    assert problems(sre_parse.parse(r"am\b.*\bschrieb\b.*:$"))[0] == 2
    assert problems(sre_parse.parse(r"(a+)+"))[1]
    assert problems(sre_parse.parse(r'"(?:[^"\\]|\\.)*"'))[1] == []  # a quoted string: one char a turn
    assert problems(sre_parse.parse(r"(?:a|b.*)x"))[0] == 1
    assert problems(sre_parse.parse(r"[a-z]{0,61}x\s+"))[0] == 1


@pytest.mark.parametrize("module,name,pattern", PATTERNS, ids=[f"{m}.{n}" for m, n, _ in PATTERNS])
def test_pattern_is_linear(module, name, pattern):
    count, found = problems(sre_parse.parse(pattern.pattern, pattern.flags))
    assert not found and count <= 1, f"{module}.{name}: {count} unbounded repeats in a branch; {found}"


def pathological_lines(pattern: re.Pattern) -> list[str]:
    """Long lines built from the pattern's own words and the characters its repeats take,
    never ending as it wants: where a backtracking pattern spends n² or worse."""
    source = pattern.pattern.decode("latin-1") if isinstance(pattern.pattern, bytes) else pattern.pattern
    words = re.findall(r"[A-Za-zÀ-ÿ]{2,}", source) or ["x"]
    pieces = [f"{word} " for word in words] + [" ", "-", "_", "<a ", "a", ">", "=", '"', "'", ":", "\t"]
    return [piece * (20_000 // len(piece)) for piece in pieces] + ["".join(pieces) * (20_000 // len("".join(pieces)))]


@pytest.mark.parametrize("module,name,pattern", PATTERNS, ids=[f"{m}.{n}" for m, n, _ in PATTERNS])
def test_pattern_takes_pathological_lines(module, name, pattern):
    for line in pathological_lines(pattern):
        line = line.encode() if isinstance(pattern.pattern, bytes) else line
        pattern.search(line)
        pattern.match(line)
        list(pattern.finditer(line[:5_000]))
