"""Cap-It's table options on the create form, its moves as form fields, and the meld
builder's drafts.

The game page posts one form whose pressed button says the move's `type`:

- `take_discard`, `push`, `draw_stock`: nothing else;
- `lay_contract`: the cards of groups `A`, `B`, `C` (one field per ticked card), each with
  its kind in `kind_A`, `kind_B`, `kind_C` ("set" or "run");
- `meld`: the ticked `cards` and their `kind`;
- `lay_off`: the ticked `cards`, the table `meld` (its index) and, for wild cards on a run,
  the `end` they go to ("high" or "low");
- `replace`: the one ticked card (`cards`) and the table wild it replaces, `wild` as
  "<meld index>|<card id>" (the builder's select) or `wild` plus `meld`;
- `discard`: the `card`.

`fields_for(move)` is the inverse (the page's one-click forms are built from it), so every
move `legal_moves` offers has a form. The engine checks everything; this only refuses
what is not even shaped like a move, with a message, before a service sees it.
"""

from itertools import islice

from django import forms

from engine.melds import KINDS
from tables.forms import CARD_ID, BaseMoveForm, GameOptionsForm, ListField, card_id, option_field

from .engine.contracts import GROUPS
from .engine.rules import OPTION_RANGES

ENDS = ("high", "low")
MAX_CARDS = 30  # more cards than any hand holds
TYPES = ("take_discard", "push", "draw_stock", "lay_contract", "meld", "lay_off", "replace", "discard")


class OptionsForm(GameOptionsForm):
    ace_value = option_field(
        OPTION_RANGES["ace_value"],
        "Points for an ace",
        "What an ace left in a hand counts at the end of a round.",
    )
    round_share_percent = option_field(
        OPTION_RANGES["round_share_percent"],
        "Round share (% of the pot)",
        "At a table with an ante: the part of the pot each round's lowest scorers win. "
        "The winners of the game take the rest.",
    )


def _kind_field(label: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        required=False,
        choices=[("", "—")] + [(k, k) for k in KINDS],
        error_messages={
            "invalid_choice": f"{label} is a set or a run, not %(value)s.",
        },
    )


class CapItMoveForm(BaseMoveForm):
    type = forms.ChoiceField(
        choices=[(t, t) for t in TYPES],
        error_messages={
            "required": "The move has no type: press one of the buttons.",
            "invalid_choice": "Unknown kind of move %(value)s.",
        },
    )
    cards = ListField("the ticked cards", most=MAX_CARDS)
    A = ListField("group A", most=MAX_CARDS)
    B = ListField("group B", most=MAX_CARDS)
    C = ListField("group C", most=MAX_CARDS)
    kind = _kind_field("A meld")
    kind_A = _kind_field("Group A")
    kind_B = _kind_field("Group B")
    kind_C = _kind_field("Group C")
    meld = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=999,
        error_messages={
            "invalid": "Choose a meld on the table.",
            "min_value": "Choose a meld on the table.",
            "max_value": "Choose a meld on the table.",
        },
    )
    end = forms.ChoiceField(
        required=False,
        choices=[("", "either")] + [(e, e) for e in ENDS],
        error_messages={
            "invalid_choice": "Wild cards go at the high or the low end of a run.",
        },
    )
    wild = forms.CharField(required=False, max_length=20)
    card = forms.CharField(required=False, max_length=12)

    def parse(self, data: dict) -> dict:
        kind = data["type"]
        if kind in ("take_discard", "push", "draw_stock"):
            return {"type": kind}
        if kind == "lay_contract":
            filled = [letter for letter in GROUPS if data.get(letter)]
            if filled != list(GROUPS[: len(filled)]):
                # The engine names the melds by their place: group A is the first one.
                empty = next(letter for letter in GROUPS if not data.get(letter))
                raise forms.ValidationError(f"Group {empty} has no cards: tick the cards of each group in turn.")
            melds = []
            for letter in filled:
                cards = data[letter]
                if not data.get(f"kind_{letter}"):
                    raise forms.ValidationError(f"Say whether group {letter} is a set or a run.")
                melds.append({"kind": data[f"kind_{letter}"], "cards": cards})
            if not melds:
                raise forms.ValidationError("Put your cards into the groups of the contract first (A, B…).")
            return {"type": "lay_contract", "melds": melds}
        if kind == "discard":
            return {"type": "discard", "card": card_id(data.get("card"), "the card to discard")}
        cards = data.get("cards") or []
        if not cards:
            raise forms.ValidationError("Tick the cards from your hand first.")
        if kind == "meld":
            if not data.get("kind"):
                raise forms.ValidationError("Say whether the new meld is a set or a run.")
            return {"type": "meld", "kind": data["kind"], "cards": cards}
        if kind == "lay_off":
            if data.get("meld") is None:
                raise forms.ValidationError("Choose the meld on the table to lay off on.")
            move = {"type": "lay_off", "meld": data["meld"], "cards": cards}
            if data.get("end"):
                move["end"] = data["end"]
            return move
        # replace
        if len(cards) != 1:
            raise forms.ValidationError("Tick the one card from your hand that takes the wild card's place.")
        index, wild = parse_wild(data.get("wild") or "", data.get("meld"))
        return {"type": "replace", "meld": index, "wild": wild, "card": cards[0]}


def parse_wild(value: str, meld: int | None = None) -> tuple[int, str]:
    """ "3|JK:0" -> (3, "JK:0"); a bare card id takes its meld from `meld`."""
    value = value.strip()
    if not value:
        raise forms.ValidationError("Choose the wild card on the table to swap.")
    number, bar, card = value.rpartition("|")
    if bar:
        if not number.isdigit() or len(number) > 3:
            raise forms.ValidationError("Choose the wild card on the table to swap.")
        meld = int(number)
    else:
        card = value
    if meld is None:
        raise forms.ValidationError("Choose the wild card on the table to swap.")
    if not CARD_ID.match(card):
        raise forms.ValidationError(f"{card[:12]!r} is not a card.")
    return meld, card


def fields_for(move: dict) -> list[tuple[str, str]]:
    """The form fields that post this move (without the version)."""
    kind = move["type"]
    fields = [("type", kind)]
    if kind == "lay_contract":
        for letter, meld in zip(GROUPS, move["melds"]):
            fields.append((f"kind_{letter}", meld["kind"]))
            fields += [(letter, card) for card in meld["cards"]]
    elif kind == "meld":
        fields.append(("kind", move["kind"]))
        fields += [("cards", card) for card in move["cards"]]
    elif kind == "lay_off":
        fields.append(("meld", str(move["meld"])))
        if move.get("end"):
            fields.append(("end", move["end"]))
        fields += [("cards", card) for card in move["cards"]]
    elif kind == "replace":
        fields += [("wild", f"{move['meld']}|{move['wild']}"), ("cards", move["card"])]
    elif kind == "discard":
        fields.append(("card", move["card"]))
    return fields


# ---------------------------------------------------------------- drafts (the meld builder)


def draft_from(data) -> dict:
    """What the builder holds, read leniently from a query or form: {"groups": {letter:
    [cards]}, "kinds": {letter: kind}, "cards": [...], "kind", "meld", "end", "wild"}.
    Anything malformed is dropped; the checks say what is wrong with the rest."""

    def cards(name):
        raw = data.getlist(name) if hasattr(data, "getlist") else data.get(name) or []
        if isinstance(raw, str):
            raw = [raw]
        # cards=7H:0,7C:1 works too. Only the first MAX_CARDS parts are read, and a dict
        # keeps them once in order: a huge field costs one split, never a search per part.
        parts = (part.strip() for value in raw[:MAX_CARDS] for part in str(value).split(",", MAX_CARDS))
        return list(dict.fromkeys(part for part in islice(parts, MAX_CARDS) if CARD_ID.match(part)))

    def choice(name, options):
        value = data.get(name)
        return value if value in options else None

    meld = data.get("meld")
    return {
        "groups": {letter: cards(letter) for letter in GROUPS},
        "kinds": {letter: choice(f"kind_{letter}", KINDS) for letter in GROUPS},
        "cards": cards("cards"),
        "kind": choice("kind", KINDS),
        "meld": int(meld) if isinstance(meld, str) and meld.isdigit() and len(meld) <= 3 else None,
        "end": choice("end", ENDS),
        "wild": (data.get("wild") or "")[:20] or None,
    }


def has_ticks(draft: dict) -> bool:
    """Whether a draft holds ticked cards (for a new meld or in a group) worth keeping."""
    return bool(draft["cards"]) or any(draft["groups"].values())
