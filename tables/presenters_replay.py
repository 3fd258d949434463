"""A finished game replayed one move at a time: the table as it was after move `at`, with
every hand shown (the game is over, so nothing is hidden any more). Each game lays out
its own table (its plugin's `replay_position`)."""

import random
from contextlib import suppress

from django.urls import reverse

from engine.base import IllegalMove
from tables.models import HISTORY_FIELDS
from tables.move_log import history_lines, in_words
from tables.replay import positions


def step_of(raw, last: int) -> int:
    """The move to show: `raw` from the query, kept within 0..last; the deal when unreadable."""
    try:
        return min(max(int(raw), 0), last)
    except (TypeError, ValueError):
        return 0


def present_replay(game, at: int, viewer=None) -> dict:
    """The replay at move `at`; for a player of the game (`viewer`) at one of their turns,
    also what the hard bot would have played there (`hint`)."""
    state, chapters = _state_and_chapters(game, at)
    rules = game.rules
    by_index = {s.index: s.name for s in game.seat_list}
    names = [by_index.get(i, f"Seat {i + 1}") for i in range(game.num_seats)]
    public = rules.view(state, None)
    hands = [rules.view(state, seat)["hand"] for seat in range(game.num_seats)]
    event = game.events.filter(seq=at).values(*HISTORY_FIELDS).first() if at else None
    line = history_lines([event], names.__getitem__)[0]["text"] if event else "The cards are dealt."
    url = reverse("replay", args=[game.pk])
    last = game.version

    def link(step: int) -> str | None:
        return f"{url}?at={step}" if 0 <= step <= last and step != at else None

    return {
        "title": game.title,
        "game_url": game.get_absolute_url(),
        "url": url,
        "at": at,
        "last": last,
        "line": line,
        "to_act": [names[i] for i in rules.to_act(state)],
        "nav": {"first": link(0), "prev": link(at - 1), "next": link(at + 1), "last": link(last)},
        "chapters": [
            {"label": label, "href": link(start), "current": start <= at < end}
            for (label, start), (_, end) in zip(chapters, [*chapters[1:], (None, last + 1)])
        ],
        "position": game.plugin.replay_position(public, hands, names),
        "hint": _hard_bot_hint(game, state, at, game.seat_of(viewer) if viewer else None, names),
    }


def _hard_bot_hint(game, state, at: int, seat, names: list[str]) -> dict | None:
    """At a turn of `seat`, the hard bot's move beside the move the player made, each in
    the move log's words. A learning aid, so only once the game is over (the replay is
    only then): the bot sees the seat's view, as it would have then."""
    plugin, rules = game.plugin, game.rules
    if seat is None or "hard" not in plugin.bots or seat.index not in rules.to_act(state):
        return None
    suggested = plugin.bots["hard"].choose(state, seat.index, random.Random(f"{game.pk}:{at}"))
    if suggested["type"] in plugin.no_hint_moves:
        return None
    made = game.events.filter(seq__gt=at, seat=seat.index).order_by("seq").values_list("move", flat=True).first()

    def words(move) -> str:  # "{player} discarded the 7♠.", the others named
        return to_the_player(
            in_words({"summary": rules.describe(state, seat.index, move), "seat": None}, names.__getitem__)
        )

    bot, played = words(suggested), None
    # Its next own move may be the site's (a timeout, a resignation), or made once others
    # had moved (at a step where the seats act at once): that is no play to compare here.
    if made is not None and made.get("type") in {move["type"] for move in rules.legal_moves(state, seat.index)}:
        with suppress(IllegalMove):
            played = words(made)
    return {
        "suggested": _would_have(bot, "the hard bot"),
        "played": played and played.replace("{player}", "you"),
        "same": played == bot,
    }


def to_the_player(line: str) -> str:
    """A line of the log about a seat's move, as said to its player: "hit Y7 on their own
    run" is on your own run, whoever would have played it."""
    return line.replace(" their own ", " your own ")


# The log's irregular verbs (the others' past participle is their past tense).
PARTICIPLES = {"drew": "drawn", "took": "taken", "went": "gone", "chose": "chosen"}


def _would_have(line: str, who: str) -> str:
    """A line of the log as a move not made, for `who`: "{player} drew from the draw pile."
    -> "the hard bot would have drawn from the draw pile"."""
    if not line.startswith("{player} "):
        return line.replace("{player}", who)
    verb, _, rest = line.removeprefix("{player} ").partition(" ")
    return f"{who} would have {PARTICIPLES.get(verb, verb)} {rest}".replace("{player}", who)


def _state_and_chapters(game, at: int) -> tuple[dict, list[tuple[str, int]]]:
    """The state after move `at`, and where each of the game's parts starts ((label, move),
    from its plugin's `chapter`; none for a game played in one part). The chapters need
    the whole game replayed: a few milliseconds for a five-round Cap-It game."""
    chapter = game.plugin.chapter
    state, chapters = None, []
    for seq, position in positions(game, upto=None if chapter else at):
        if seq <= at:
            state = position
        if chapter and (label := chapter(position)) != (chapters[-1][0] if chapters else None):
            chapters.append((label, seq))
    return state, chapters
