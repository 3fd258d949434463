"""Capitalla's moves as mail commands (`engine.commands`).

    draw                      take from the draw pile
    take discard              take the discard pile's top card
    discard <card>            e.g. "discard Peru", "discard Lima", "discard PER"
    declare                   the declaration the server finds in the hand, as the page offers it
    declare <cards> / <cards> ... discard <card>   a declaration of your own

A card is named by its country, any of its capitals or its ISO code, in any case, with
or without accents.
"""

from engine.base import Move
from engine.commands import CommandError, help_lines, name_key, unknown_verb, verb_of

from .cards import CARDS

_LONGEST_NAME = 8  # words


def _names_of_cards() -> dict[str, set[str]]:
    """name key -> the card ids it may mean: the country, each capital (also without a
    bracketed note, and the note alone: "Holy See (Vatican City)"), the ISO code."""
    keys: dict[str, set[str]] = {}
    for card in CARDS.values():
        names = [card.name, card.id, *card.capitals]
        for name in list(names):
            before, bracket, inside = name.partition(" (")
            if bracket:
                names += [before, inside.rstrip(")")]
        for name in names:
            keys.setdefault(name_key(name), set()).add(card.id)
    return keys


_CARD_NAMES = _names_of_cards()
_VERBS = ("draw", "take discard", "discard <card>", "declare")
FORMS = {
    "draw": ("draw | take discard", "Take the top card of the draw pile, or of the discard pile."),
    "declare": ("declare", "Declare and win: the groups the server finds in your hand, and its discard."),
    "discard": ("discard <card>", "Discard a card (its country, capital or code) and end your turn."),
}


def card_word(card: str) -> str:
    """How a command names a card: its country, or its code where that name is shared."""
    name = CARDS[card].name
    return name if _CARD_NAMES[name_key(name)] == {card} else card


def cards_named(text: str, hand: list[str]) -> list[str]:
    """The held cards a run of names means ("peru lima panama" -> 3 cards), read greedily,
    longest name first."""
    words = name_key(text).split()
    found, start = [], 0
    while start < len(words):
        for end in range(min(len(words), start + _LONGEST_NAME), start, -1):
            ids = _CARD_NAMES.get(" ".join(words[start:end]))
            if ids:
                break
        else:
            raise CommandError(f'"{words[start]}" starts no country, capital or code of a card.')
        found.append(_held(ids, hand, " ".join(words[start:end])))
        start = end
    return found


def _held(ids: set[str], hand: list[str], said: str) -> str:
    held = [card for card in hand if card in ids]
    if len(held) == 1:
        return held[0]
    if held:
        raise CommandError(f'"{said}" names {" and ".join(CARDS[c].name for c in held)}: write the country.')
    raise CommandError(f"You hold no {CARDS[min(ids)].name if len(ids) == 1 else said.title()}.")


class CapitallaCommands:
    def command(self, view: dict, move: Move, names: list[str]) -> str:
        kind = move["type"]
        if kind == "draw":
            return "draw" if move["from"] == "pile" else "take discard"
        if kind == "discard":
            return f"discard {card_word(move['card'])}"
        if move == {"type": "declare", **(view.get("declaration") or {})}:
            return "declare"
        groups = " / ".join(" ".join(card_word(card) for card in group) for group in move["groups"])
        return f"declare {groups} discard {card_word(move['discard'])}"

    def parse(self, view: dict, text: str, names: list[str]) -> Move:
        verb, rest = verb_of(name_key(text))
        hand = view["hand"] or []
        if verb == "draw" and rest in ("", "pile", "from pile", "from the pile", "from the draw pile"):
            return {"type": "draw", "from": "pile"}
        if verb in ("take", "draw") and rest in ("", "discard", "from discard", "the discard", "from the discard"):
            return {"type": "draw", "from": "discard"}
        if verb == "discard" and rest:
            cards = cards_named(rest, hand)
            if len(cards) > 1:
                raise CommandError("Discard one card.")
            return {"type": "discard", "card": cards[0]}
        if verb == "declare":
            return _declaration(view, rest, hand)
        raise unknown_verb(verb, _VERBS)

    def help(self, view: dict, legal: list[Move], names: list[str]):
        return help_lines(self, view, legal, names, FORMS)


def _declaration(view: dict, rest: str, hand: list[str]) -> Move:
    if not rest:
        if view.get("declaration"):
            return {"type": "declare", **view["declaration"]}
        if view["phase"] != "discard" or view["turn"] != view["seat"]:
            raise CommandError("You declare after picking a card, on your turn.")
        raise CommandError("Your hand does not make the groups yet: you cannot declare.")
    groups_text, said, discard = rest.rpartition(" discard ")
    if not said:
        raise CommandError('End a declaration with the card you discard: "declare ... discard Peru".')
    groups = [cards_named(group, hand) for group in groups_text.split("/")]
    return {"type": "declare", "discard": cards_named(discard, hand)[0], "groups": groups}


COMMANDS = CapitallaCommands()
