"""Casino's moves as mail commands (`engine.commands`).

    capture <table cards and builds> with <card>   e.g. "capture 9♠ A♥ and build B with 10♣"
    build <value> with <card> on <table cards or a build>   a new build, an addition, or a raise: "build 9 with 4♦ on B"
    trail <card>
    ask <player> about <card> [and <player> about <card> ...] | ask nobody   after a capture
    answer <choice> [for <country>]   the choice's letter A-D or the capital's name

Cards as on the page (10♥) or 10H, 10h, "ten of hearts"; builds by their letter, A first,
in the order the table shows them; players by name or "seat N".
"""

from engine.base import Move
from engine.cards import face
from engine.commands import (
    CommandError,
    card_tokens,
    help_lines,
    letter,
    name_key,
    normalize,
    pick_cards,
    seat_named,
    seat_word,
    standard_face,
    standard_faces,
    table_group,
    unknown_verb,
    verb_of,
)

from .questions import CHOICES

_VERBS = ("capture", "build", "trail", "ask", "answer")
FORMS = {
    "answer": ("answer <choice> [for <country>]", "Answer a question put to you: the letter A-D or the capital."),
    "ask": ("ask <player> about <card> | ask nobody", "Put captured cards' questions to your opponents."),
    "capture": ("capture <table cards, builds> with <card>", "Take table cards and builds with a card of yours."),
    "build": ("build <value> with <card> on <table cards or build>", "Build, add to a build, or raise one."),
    "trail": ("trail <card>", "Put a card from your hand on the table."),
}


def _builds(view: dict) -> list[dict]:
    return view["table"]["builds"]


def _build_letter(view: dict, build_id: str) -> str:
    return letter(next(k for k, build in enumerate(_builds(view)) if build["id"] == build_id))


def _pending(view: dict) -> list[dict]:
    return [record for record in view["asked"] if record["to"] == view["seat"] and record["choice"] is None]


class CasinoCommands:
    def command(self, view: dict, move: Move, names: list[str]) -> str:
        kind = move["type"]
        if kind == "trail":
            return f"trail {face(move['card'])}"
        if kind == "capture":
            taken = [" ".join(face(card) for card in move["loose"])] if move["loose"] else []
            taken += [f"build {_build_letter(view, build)}" for build in move["builds"]]
            return f"capture {' and '.join(taken)} with {face(move['card'])}"
        if kind == "build":
            items = [face(card) for card in move["loose"]]
            items += [_build_letter(view, move["build"])] if move["build"] is not None else []
            on = f" on {' '.join(items)}" if items else ""
            return f"build {move['value']} with {face(move['card'])}{on}"
        if kind == "ask":
            asked = [f"{seat_word(int(seat), names)} about {face(card)}" for seat, card in move["questions"].items()]
            return "ask " + " and ".join(asked) if asked else "ask nobody"
        record = next(record for record in view["asked"] if record["id"] == move["question"])
        choice = "ABCD"[move["choice"]]
        return f"answer {choice}" + ("" if len(_pending(view)) == 1 else f" for {_question_word(view, record)}")

    def parse(self, view: dict, text: str, names: list[str]) -> Move:
        verb, rest = verb_of(normalize(text))
        hand = view["hand"] or []
        if verb == "trail" and rest:
            return {"type": "trail", "card": _one(rest, hand)}
        if verb in ("capture", "take") and rest:
            items, with_, card = rest.rpartition(" with ")
            if not with_:
                raise CommandError('Say with which card: "capture 9♠ A♥ with 10♣".')
            loose, builds = _table_items(view, items)
            return {"type": "capture", "card": _one(card, hand), "loose": loose, "builds": builds}
        if verb == "build" and rest:
            return _build(view, rest, hand)
        if verb == "ask" and rest:
            return _ask(view, rest, names)
        if verb == "answer" and rest:
            return _answer(view, rest)
        raise unknown_verb(verb, _VERBS)

    def help(self, view: dict, legal: list[Move], names: list[str]):
        return help_lines(self, view, legal, names, FORMS)


def _one(text: str, pool: list[str], missing: str = "You hold no {}.") -> str:
    faces = standard_faces(text)
    if len(faces) != 1:
        raise CommandError(f'"{text}" should be one card.')
    return pick_cards(faces, pool, face, missing)[0]


def _table_items(view: dict, text: str) -> tuple[list[str], list[str]]:
    """The loose cards and the ids of the builds these words name ("9s ah and build b")."""
    loose, builds = [], []
    for token in card_tokens(text):
        found = standard_face(token)
        if token in ("and", "build", "builds", "+", "&"):
            continue
        if found:
            loose += pick_cards([found], view["table"]["loose"], face, "There is no loose {} on the table.")
        else:
            builds.append(_builds(view)[table_group(token, len(_builds(view)), "build")]["id"])
    return loose, builds


def _build(view: dict, rest: str, hand: list[str]) -> Move:
    total, _, after = rest.partition(" ")
    if not total.isdigit():
        raise CommandError('Start with the value: "build 9 with 4♦ on 5♣".')
    card_text, on, items = after.removeprefix("with ").partition(" on ")
    loose, builds = _table_items(view, items) if on else ([], [])
    if len(builds) > 1:
        raise CommandError("Build on one build at a time.")
    return {
        "type": "build",
        "card": _one(card_text, hand),
        "loose": loose,
        "build": builds[0] if builds else None,
        "value": int(total),
    }


def _ask(view: dict, rest: str, names: list[str]) -> Move:
    if rest in ("nobody", "no one", "none", "nothing"):
        return {"type": "ask", "questions": {}}
    questions = {}
    for part in rest.split(" and "):
        who, about, card = part.rpartition(" about ")
        if not about:
            raise CommandError('Write "ask Bob about 9♠" (or "ask nobody").')
        seat = seat_named(who, names, [s for s in range(len(names)) if s != view["seat"] and s not in view["out"]])
        questions[str(seat)] = _one(card, view["askable"], "The {} is not a card you just captured.")
    return {"type": "ask", "questions": questions}


def _question_word(view: dict, record: dict) -> str:
    """A pending question by its country, or by its number where a country is asked twice."""
    same = [other for other in _pending(view) if other["country"] == record["country"]]
    return record["country"] if len(same) == 1 else f"question {record['id'].removeprefix('q')}"


def _answer(view: dict, rest: str) -> Move:
    pending = _pending(view)
    if not pending:
        raise CommandError("No question waits for your answer.")
    choice_text, for_, which = rest.partition(" for ")
    if for_:
        key = name_key(which)
        number = key.removeprefix("question ").removeprefix("q")
        named = [r for r in pending if name_key(r["country"]) == key or r["id"] == f"q{number}"]
        if not named:
            countries = ", ".join(record["country"] for record in pending)
            raise CommandError(f'No question about "{which}" waits for you: you have {countries}.')
        record = named[0]
    elif len(pending) == 1:
        record = pending[0]
    else:
        raise CommandError(f'Say which question: "answer B for {_question_word(view, pending[0])}".')
    return {"type": "answer", "question": record["id"], "choice": _choice(record, choice_text)}


def _choice(record: dict, text: str) -> int:
    key = name_key(text)
    if len(key) == 1 and "a" <= key < chr(ord("a") + CHOICES):
        return ord(key) - ord("a")
    for k, capital in enumerate(record["choices"]):
        if name_key(capital) == key:
            return k
    offered = ", ".join(f"{'ABCD'[k]} {capital}" for k, capital in enumerate(record["choices"]))
    raise CommandError(f'"{text}" is not one of the answers: {offered}.')


COMMANDS = CasinoCommands()
