"""Cap-It's moves as mail commands (`engine.commands`).

    take discard | push | draw        the draw: the discard, the push, the stock when the pile is empty
    lay                               the contract the server finds in the hand
    lay <meld> / <meld> ...           e.g. "lay 6♠ 6♦ 6♣ / 7♠ 7♦ 2♥"; a meld may start with "set" or "run"
    meld <cards>                      a new meld once the contract is down
    lay off <cards> on <meld> [low|high]   e.g. "lay off 5♠ on B"; low/high: the end of a run a wild card takes
    replace <wild> on <meld> with <card>   e.g. "replace 2♥ on B with 7♠"
    discard <card>

Cards are written as on the page (10♥, Joker) or as 10H, 10h, "ten of hearts", JK;
melds on the table by their letter, A first, in the order the table shows them.
"""

from engine.base import Move
from engine.cards import face
from engine.commands import (
    CommandError,
    card_tokens,
    held_standard,
    help_lines,
    letter,
    normalize,
    pick_cards,
    standard_faces,
    table_group,
    unknown_verb,
    verb_of,
    written_groups,
)
from engine.melds import KINDS, is_valid_meld

from .contracts import contract_text, find_contract
from .rules import DRAW_FIRST

_VERBS = ("take discard", "push", "draw", "lay", "meld", "lay off", "replace", "discard")
FORMS = {
    "take_discard": ("take discard", "Take the top card of the discard pile."),
    "push": ("push", "Push the discard and a stock card to the next player; you draw from the stock."),
    "draw_stock": ("draw", "Draw from the stock (the discard pile is empty)."),
    "lay_contract": ("lay | lay <meld> / <meld> ...", "Lay down your contract: the melds found in your hand or yours."),
    "meld": ("meld <cards>", "Put down a new set or run."),
    "lay_off": ("lay off <cards> on <meld letter>", "Add cards to a meld on the table."),
    "replace": ("replace <wild> on <meld letter> with <card>", "Take a wild card out of a meld for its natural card."),
    "discard": ("discard <card>", "Discard a card and end your turn."),
}
_PLAY_VERBS = ("lay", "meld", "replace", "swap", "discard")
_SIMPLE = {"take_discard": "take discard", "push": "push", "draw_stock": "draw"}


def _cards(cards: list[str]) -> str:
    return " ".join(face(card) for card in cards)


def meld_kind(cards: list[str], written: str | None, usual: str | None) -> str:
    """The kind of a meld: as written, else the one kind these cards make, else the
    `usual` one (the contract's at that place), else a set."""
    if written:
        return written
    valid = [kind for kind in KINDS if is_valid_meld(cards, kind)]
    if len(valid) == 1:
        return valid[0]
    return usual or KINDS[0]


def _meld_words(meld: dict, usual: str | None) -> str:
    written = "" if meld_kind(meld["cards"], None, usual) == meld["kind"] else meld["kind"] + " "
    return written + _cards(meld["cards"])


def _contract_kinds(view: dict) -> list[str]:
    return [meld["kind"] for meld in view["contract"]["melds"]]


class CapItCommands:
    def command(self, view: dict, move: Move, names: list[str]) -> str:
        kind = move["type"]
        if kind in _SIMPLE:
            return _SIMPLE[kind]
        if kind == "discard":
            return f"discard {face(move['card'])}"
        if kind == "lay_contract":
            usual = _contract_kinds(view) + [None] * len(move["melds"])
            return "lay " + " / ".join(_meld_words(meld, usual[k]) for k, meld in enumerate(move["melds"]))
        if kind == "meld":
            return "meld " + _meld_words(move, None)
        if kind == "lay_off":
            end = f" {move['end']}" if move.get("end") else ""
            return f"lay off {_cards(move['cards'])} on {letter(move['meld'])}{end}"
        return f"replace {face(move['wild'])} on {letter(move['meld'])} with {face(move['card'])}"

    def parse(self, view: dict, text: str, names: list[str]) -> Move:
        verb, rest = verb_of(normalize(text))
        hand = view["hand"] or []
        if verb == "take" and rest in ("", "discard", "the discard"):
            return {"type": "take_discard"}
        if verb == "push" and not rest:
            return {"type": "push"}
        if verb == "draw" and rest in ("", "stock", "from stock", "from the stock"):
            return {"type": "draw_stock"}
        if verb in _PLAY_VERBS and view["phase"] == "draw" and view["turn"] == view["seat"]:
            # Before reading the cards: "You hold no 5♥" would hide why the move cannot be.
            raise CommandError(DRAW_FIRST)
        if verb == "discard" and rest:
            cards = held_standard(rest, hand)
            if len(cards) > 1:
                raise CommandError("Discard one card.")
            return {"type": "discard", "card": cards[0]}
        if verb == "lay" and rest.startswith("off "):
            return _lay_off(view, rest.removeprefix("off "), hand)
        if verb == "lay":
            return _lay_contract(view, rest, hand)
        if verb == "meld" and rest:
            written, cards_text = verb_of(rest)
            if written not in KINDS:
                written, cards_text = None, rest
            cards = held_standard(cards_text, hand)
            return {"type": "meld", "kind": meld_kind(cards, written, None), "cards": cards}
        if verb in ("replace", "swap") and rest:
            return _replace(view, rest, hand)
        raise unknown_verb(verb, _VERBS)

    def help(self, view: dict, legal: list[Move], names: list[str]):
        return help_lines(self, view, legal, names, FORMS)


def _lay_contract(view: dict, rest: str, hand: list[str]) -> Move:
    if not rest:
        melds = find_contract(hand, view["round"])
        if not melds:
            raise CommandError(f"Your hand does not make the contract ({contract_text(view['round'])}) yet.")
        return {"type": "lay_contract", "melds": melds}
    usual = _contract_kinds(view)
    melds, free = [], list(hand)
    for k, (written, cards_text) in enumerate(written_groups(rest, KINDS)):
        cards = held_standard(cards_text, free)
        free = [card for card in free if card not in cards]
        melds.append({"kind": meld_kind(cards, written, usual[k] if k < len(usual) else None), "cards": cards})
    return {"type": "lay_contract", "melds": melds}


def _lay_off(view: dict, rest: str, hand: list[str]) -> Move:
    cards_text, on, target = rest.rpartition(" on ")
    if not on:
        raise CommandError('Say where: "lay off 5♠ on B", B the meld\'s letter.')
    target, end = _with_end(target)
    index = table_group(target, len(view["melds"]), "meld")
    move = {"type": "lay_off", "meld": index, "cards": held_standard(cards_text, hand)}
    if end:
        move["end"] = end
    return move


def _with_end(target: str) -> tuple[str, str | None]:
    word, _, end = target.rpartition(" ")
    return (word, end) if end in ("low", "high") and word else (target, None)


def _replace(view: dict, rest: str, hand: list[str]) -> Move:
    wild_text, on, after = rest.partition(" on ")
    target, with_, card_text = after.partition(" with ")
    if not (on and with_):
        raise CommandError('Write "replace <wild card> on <meld letter> with <your card>": "replace 2♥ on B with 7♠".')
    index = table_group(target, len(view["melds"]), "meld")
    meld = view["melds"][index]
    wilds = [card for card, wild in zip(meld["cards"], meld["wild"]) if wild]
    missing = f"Meld {letter(index)} has no wild {{}}."
    (wild,) = pick_cards(_one_card(wild_text), wilds, face, missing)
    (card,) = pick_cards(_one_card(card_text), hand, face)
    return {"type": "replace", "meld": index, "card": card, "wild": wild}


def _one_card(text: str) -> list[str]:
    faces = standard_faces(text)
    if len(faces) != 1 or len(card_tokens(text)) != 1:
        raise CommandError(f'"{text}" should be one card.')
    return faces


COMMANDS = CapItCommands()
