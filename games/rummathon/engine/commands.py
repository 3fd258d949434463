"""Rummathon Royale's moves as mail commands (`engine.commands`).

    buy <n> | buy nothing                  extra cards after the deal
    declare                                Rummathon Royale (or the Double), before you draw
    draw                                   from the deck
    take discard | take <card> | take <n> cards     from the discard pile, then at once:
        ... and lay [<groups>]             your sequence, with the top card
        ... and hit [<cards>] on <group> [low|high]   a group on the table, with the card taken
    lay | lay <kind> <cards> / <kind> <cards> ...   e.g. "lay set Y6 Y6 G6 / run G9 Y10 B11 G12"
    hit <cards> on <group> [low|high]      e.g. "hit R3 on C"
    play <action> [on <player>]            e.g. "play Bypass on Ben", "play Sabotage"
    discard <card>

Cards as on the page (R8, Flex, Double Burden) or "red 8"; groups on the table by their
letter, A first, counting every seat's groups in seat order; players by name or "seat N".
"""

import re

from engine.base import Move
from engine.commands import (
    CommandError,
    faces_named,
    help_lines,
    letter,
    normalize,
    pick_cards,
    seat_named,
    seat_word,
    table_group,
    unknown_verb,
    verb_of,
    written_groups,
)

from .cards import ACTIONS, COLOUR_NAME, COLOURS, NUMBERS, face
from .groups import KINDS, is_group
from .rules import DRAW_FIRST, view_requirement
from .solver import find_sequence

_VERBS = ("buy", "declare", "draw", "take", "lay", "hit", "play", "discard")
FORMS = {
    "buy": ("buy <n> | buy nothing", "Buy extra cards (10 points each) before play starts."),
    "declare": ("declare", "Declare Rummathon Royale before you draw."),
    "draw": ("draw", "Draw the top card of the deck."),
    "take": ("take <card> [and lay ... | and hit <cards> on <group>]", "Take from the discard pile, use it at once."),
    "lay": ("lay | lay <kind> <cards> / ...", "Lay your sequence down: the groups found in your hand, or yours."),
    "hit": ("hit <cards> on <group letter>", "Add cards to a group on the table."),
    "action": ("play <action card> [on <player>]", "Play an action card."),
    "discard": ("discard <card>", "Discard a card and end your turn."),
}
_COLOUR_WORDS = re.compile(r"\b(" + "|".join(COLOUR_NAME.values()) + r") (\d{1,2})\b")
_COLOUR_INITIAL = {name: initial.lower() for initial, name in COLOUR_NAME.items()}
_NUMBER_CARD = re.compile(r"^([" + "".join(COLOURS).lower() + r"])(\d{1,2})$")
_ACTION_WORDS = {name.lower(): name for name in ACTIONS}
_NOTHING = ("nothing", "none", "no cards", "no card", "0", "0 cards")


def tokens(text: str) -> list[str]:
    """The words of a normalized command, "red 8" one token "r8", "double burden" one
    token "double_burden"."""
    text = _COLOUR_WORDS.sub(lambda m: _COLOUR_INITIAL[m.group(1)] + m.group(2), text)
    return text.replace("double burden", "double_burden").split()


def card_face(token: str) -> str | None:
    """The face a token names ("r8" -> "R8", "flex" -> "FLEX"), or None."""
    if token in _ACTION_WORDS:
        return _ACTION_WORDS[token]
    match = _NUMBER_CARD.match(token)
    if match and int(match.group(2)) in NUMBERS:
        return match.group(1).upper() + match.group(2)
    return None


def card_faces(text: str) -> list[str]:
    return faces_named(tokens(text), card_face, 'R8 or "red 8", actions by name (Flex)', "R8 or Flex")


def held(text: str, pool: list[str]) -> list[str]:
    return pick_cards(card_faces(text), pool, face)


def _cards(cards: list[str]) -> str:
    return " ".join(face(card) for card in cards)


def _table(view: dict) -> list[tuple[int, dict]]:
    """(owner, group) of every group on the table, in letter order."""
    return [(owner, group) for owner, groups in enumerate(view["groups"]) for group in groups]


def _group_letter(view: dict, owner: int, group_id: int) -> str:
    return letter(next(k for k, (o, g) in enumerate(_table(view)) if o == owner and g["id"] == group_id))


def _taken(view: dict, depth: int) -> list[str]:
    pile = view["discard"]
    return pile[len(pile) - 1 - depth :]


def _requirement(view: dict) -> list[dict] | None:
    return view_requirement(view, view["seat"])


def group_kind(cards: list[str], written: str | None, usual: str | None) -> str:
    """A group's kind: as written, else the one kind these cards make, else the `usual`
    one (the requirement's at that place), else the first they make."""
    if written:
        return written
    valid = [kind for kind in KINDS if is_group(cards, kind)]
    if len(valid) == 1 or (valid and usual not in valid):
        return valid[0]
    return usual or KINDS[0]


class RummathonCommands:
    def command(self, view: dict, move: Move, names: list[str]) -> str:
        kind = move["type"]
        if kind in ("draw", "declare"):
            return kind
        if kind == "buy":
            return f"buy {move['count']}" if move["count"] else "buy nothing"
        if kind == "discard":
            return f"discard {face(move['card'])}"
        if kind == "lay":
            return "lay " + _groups_words(move["groups"])
        if kind == "hit":
            return "hit " + _hit_words(view, move)
        if kind == "action":
            target = move.get("target")
            on = f" on {seat_word(target, names)}" if target is not None else ""
            return f"play {face(move['card'])}{on}"
        return _take_words(view, move)

    def parse(self, view: dict, text: str, names: list[str]) -> Move:
        words = tokens(normalize(text))
        verb, rest = (words[0], " ".join(words[1:])) if words else ("", "")
        hand = view["hand"] or []
        if verb in ("draw", "declare") and not rest:
            return {"type": verb}
        if verb == "buy" and rest:
            return {"type": "buy", "count": _count(rest)}
        if _after_draw(verb) and view["phase"] == "play" and view["turn"] == view["seat"] and not view["drawn"]:
            # Before reading the cards: "You hold no Y8" would hide why the move cannot be.
            raise CommandError(DRAW_FIRST)
        if verb == "discard" and rest:
            cards = held(rest, hand)
            if len(cards) > 1:
                raise CommandError("Discard one card.")
            return {"type": "discard", "card": cards[0]}
        if verb == "lay":
            return {"type": "lay", "groups": _groups(view, rest, hand, [])}
        if verb == "hit" and rest:
            return {"type": "hit", **_hit(view, rest, hand)}
        if verb == "take":
            return _take(view, rest, hand)
        if verb == "play" and rest:
            return _action(view, rest, hand, names)
        if card_face(verb) in ACTIONS:
            return _action(view, " ".join(words), hand, names)
        raise unknown_verb(verb, _VERBS)

    def help(self, view: dict, legal: list[Move], names: list[str]):
        return help_lines(self, view, legal, names, FORMS)


def _after_draw(verb: str) -> bool:
    """Whether a command starting with `verb` is a move made only after the draw."""
    return verb in ("lay", "hit", "play", "discard") or card_face(verb) in ACTIONS


def _count(text: str) -> int:
    if text in _NOTHING:
        return 0
    number = text.removesuffix(" cards").removesuffix(" card").removesuffix(" extra")
    if not number.isdigit():
        raise CommandError('Write how many extra cards: "buy 2", or "buy nothing".')
    return int(number)


def _groups_words(groups: list[dict]) -> str:
    return " / ".join(f"{group['kind']} {_cards(group['cards'])}" for group in groups)


def _hit_words(view: dict, hit: dict) -> str:
    end = f" {hit['end']}" if hit.get("end") else ""
    return f"{_cards(hit['cards'])} on {_group_letter(view, hit['seat'], hit['group'])}{end}"


def _take_words(view: dict, move: Move) -> str:
    depth = move["depth"]
    card = face(_taken(view, depth)[0])
    topmost = next(k for k, c in enumerate(reversed(view["discard"])) if face(c) == card)
    said = "take discard" if depth == 0 else f"take {card}" if topmost == depth else f"take {depth + 1} cards"
    if "lay" in move:
        return f"{said} and lay {_groups_words(move['lay'])}"
    if "hit" in move:
        return said + "".join(f" and hit {_hit_words(view, hit)}" for hit in move["hit"])
    return said


def _groups(view: dict, text: str, hand: list[str], taken: list[str]) -> list[dict]:
    """The groups of a lay-down: as written, or (nothing written) those the server finds."""
    requirement = _requirement(view)
    if not text:
        found = find_sequence(hand + taken, requirement) if requirement else None
        if not found:
            raise CommandError("Your hand does not make your sequence yet: you cannot lay down.")
        return found
    usual = [item["kind"] for item in requirement or []]
    groups, free = [], taken + hand  # the cards taken first: the lay-down must use them
    for k, (written, cards_text) in enumerate(written_groups(text, KINDS)):
        cards = held(cards_text, free)
        free = [card for card in free if card not in cards]
        groups.append({"kind": group_kind(cards, written, usual[k] if k < len(usual) else None), "cards": cards})
    return groups


def _hit(view: dict, text: str, pool: list[str], taken: str | None = None) -> dict:
    """A hit: "<cards> on <group> [low|high]"; after a take, "it on <group>" or "on
    <group>" hits with the card `taken`."""
    cards_text, on, target = f" {text}".rpartition(" on ")
    cards_text = cards_text.strip()
    if not on:
        raise CommandError('Say where: "hit R3 on C", C the group\'s letter.')
    word, _, end = target.rpartition(" ")
    target, end = (word, end) if end in ("low", "high") and word else (target, None)
    owner, group = _table(view)[table_group(target, len(_table(view)), "group")]
    cards = [taken] if taken and cards_text in ("", "it") else held(cards_text, pool)
    hit = {"seat": owner, "group": group["id"], "cards": cards}
    if end:
        hit["end"] = end
    return hit


def _take(view: dict, rest: str, hand: list[str]) -> Move:
    source, _, then = rest.partition(" and ")
    move = {"type": "take", "depth": _depth(view, source)}
    taken = _taken(view, move["depth"])
    verb, what = verb_of(then)
    if verb == "lay":
        move["lay"] = _groups(view, what, hand, taken[:1])
    elif verb == "hit":
        hits, pool = [], taken + hand
        for part in then.split(" and "):
            verb, what = verb_of(part)
            if verb != "hit":
                raise CommandError('Write each hit as "hit R3 on C".')
            hit = _hit(view, what, pool, taken[0])
            pool = [card for card in pool if card not in hit["cards"]]
            hits.append(hit)
        move["hit"] = hits
    elif then:
        raise CommandError('After "take", say "and lay ..." or "and hit ... on <group>".')
    return move


def _depth(view: dict, source: str) -> int:
    pile = list(reversed(view["discard"]))
    if source in ("", "discard", "the discard", "from discard"):
        return 0
    count = source.removesuffix(" cards").removesuffix(" card")
    if count.isdigit() and count != source:
        if not 1 <= int(count) <= len(pile):
            raise CommandError(f"The discard pile has {len(pile)} card(s).")
        return int(count) - 1
    faces = card_faces(source)
    depth = next((k for k, card in enumerate(pile) if card.partition(":")[0] == faces[0]), None)
    if len(faces) != 1 or depth is None:
        raise CommandError(f'"{source}" is not a card in the discard pile.')
    return depth


def _action(view: dict, rest: str, hand: list[str], names: list[str]) -> Move:
    words = tokens(rest)
    name = card_face(words[0])
    if name not in ACTIONS or name == "FLEX":
        raise CommandError(f'"{words[0]}" is not an action card to play: play Bypass, Burden, Block or Sabotage.')
    (card,) = held(words[0], hand)
    target_text = " ".join(words[1:]).removeprefix("on ")
    others = [seat for seat in range(len(names)) if seat != view["seat"]]
    target = seat_named(target_text, names, others) if target_text else None
    return {"type": "action", "card": card, "target": target}


COMMANDS = RummathonCommands()
