"""Rummathon Royale's table options on the create form, and its moves as form fields.

The game page posts one form per move; the pressed button says the move's `type`:

- `buy`: the `count` of extra cards (0 up to what the seat may buy);
- `declare`, `draw`: nothing else;
- `lay`: the groups `g1`..`g6` (repeated fields, one per card id) with their kinds
  `kind_1`..`kind_6` ("set", "run", "colour") and, optionally, `burden` (1..6: which
  group is the burden's); empty groups are ignored;
- `take`: the `depth` in the discard pile (0 = the top) and `with` = "lay" (then the lay
  fields, the taken card among them) or "hit" (then the hit fields, the taken card among
  `cards`); the action card the deal turned up is taken with `depth` 0 and no `with`;
- `hit`: the `seat` and `group` hit, the `cards` (repeated) and, optionally, the `end`
  ("low", "high") where Flex cards go on a run;
- `action`: the action `card` and, optionally, the `target` seat;
- `discard`: the `card`.

`fields_for(move)` is the inverse, so every move `legal_moves` offers has a form. The
engine checks everything; this only refuses what is not even shaped like a move.
"""

import re

from django import forms

from tables.forms import BaseMoveForm, GameOptionsForm, ListField

from .engine import KINDS, MAX_CARDS
from .engine.drafts import MAX_GROUPS  # g1 .. g6
from .engine.rules import MAX_BUY

TYPES = ("buy", "declare", "draw", "take", "lay", "hit", "action", "discard")
MAX_SEATS = 6
# A Rummathon card id: colour and number or an action's name, and the copy ("Y12:1",
# "DOUBLE_BURDEN:0"); the engine says whether it is a card of the deck.
CARD = re.compile(r"^[A-Z][A-Z0-9_]{0,13}:[0-9]{1,2}$")
VARIANT_CHOICES = [
    ("full", "Full: all twelve sequences"),
    ("half", "Half: the first six"),
    ("even", "Even: the 2nd, 4th, … 12th"),
    ("odd", "Odd: the 1st, 3rd, … 11th"),
]


class OptionsForm(GameOptionsForm):
    variant = forms.ChoiceField(
        label="Variant",
        choices=VARIANT_CHOICES,
        help_text="Which of their rule card's twelve sequences the players work through: "
        "the first to lay the last of them ends the game (Half is the quickest).",
    )


def cards_field(what: str) -> ListField:
    return ListField(what, most=MAX_CARDS * 2, pattern=CARD)


def _number(low: int, high: int, wrong: str) -> forms.IntegerField:
    messages = {"invalid": wrong, "min_value": wrong, "max_value": wrong}
    return forms.IntegerField(required=False, min_value=low, max_value=high, error_messages=messages)


def _card(value: str | None, what: str) -> str:
    value = (value or "").strip()
    if not value:
        raise forms.ValidationError(f"Choose {what}.")
    if not CARD.match(value):
        raise forms.ValidationError(f"{value[:16]!r} is not a card.")
    return value


class RummathonMoveForm(BaseMoveForm):
    type = forms.ChoiceField(
        choices=[(t, t) for t in TYPES],
        error_messages={
            "required": "The move has no type: press one of the buttons.",
            "invalid_choice": "Unknown kind of move %(value)s.",
        },
    )
    count = _number(0, MAX_BUY, f"Buy a whole number of extra cards, from 0 to {MAX_BUY}.")
    depth = _number(0, 200, "Choose a card of the discard pile.")
    # `with` is a Python keyword: the field is added below under its posted name.
    burden = _number(1, MAX_GROUPS, f"The burden's group is one of groups 1 to {MAX_GROUPS}.")
    seat = _number(0, MAX_SEATS - 1, "There is no such player.")
    group = _number(0, 10_000, "Choose a group on the table.")
    cards = cards_field("the cards you hit with")
    end = forms.ChoiceField(
        required=False,
        choices=[("", "either end"), ("low", "low end"), ("high", "high end")],
        error_messages={"invalid_choice": "Flex cards go at the low or the high end of a run."},
    )
    card = forms.CharField(required=False, max_length=20)
    target = _number(0, MAX_SEATS - 1, "There is no such player.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["with"] = forms.ChoiceField(
            required=False,
            choices=[("", "nothing"), ("lay", "lay down"), ("hit", "hit")],
            error_messages={"invalid_choice": "Take a discarded card to lay down or to hit with it."},
        )
        for k in range(1, MAX_GROUPS + 1):
            self.fields[f"g{k}"] = cards_field(f"group {k}")
            self.fields[f"kind_{k}"] = forms.ChoiceField(
                required=False,
                choices=[("", "—"), *((kind, kind) for kind in KINDS)],
                error_messages={"invalid_choice": f"Group {k} is a set, a run or a colour group."},
            )

    def parse(self, data: dict) -> dict:
        kind = data["type"]
        if kind in ("declare", "draw"):
            return {"type": kind}
        if kind == "buy":
            if data.get("count") is None:
                raise forms.ValidationError("Say how many extra cards you buy (0 for none).")
            return {"type": "buy", "count": data["count"]}
        if kind == "lay":
            return {"type": "lay", "groups": self._groups(data)}
        if kind == "hit":
            return {"type": "hit", **self._hit(data)}
        if kind == "take":
            return self._take(data)
        if kind == "action":
            return {"type": "action", "card": _card(data.get("card"), "an action card"), "target": data.get("target")}
        return {"type": "discard", "card": _card(data.get("card"), "the card to discard")}

    def _groups(self, data: dict) -> list[dict]:
        """The groups laid, in order, the empty ones left out; the burden's marked."""
        groups = []
        for k in range(1, MAX_GROUPS + 1):
            cards = data.get(f"g{k}") or []
            if not cards:
                continue
            kind = data.get(f"kind_{k}")
            if not kind:
                raise forms.ValidationError(f"Say whether group {k} is a set, a run or a colour group.")
            group = {"kind": kind, "cards": cards}
            if data.get("burden") == k:
                group["burden"] = True
            groups.append(group)
        if not groups:
            raise forms.ValidationError("Put the cards of your sequence into groups to lay them down.")
        if data.get("burden") is not None and not any(group.get("burden") for group in groups):
            raise forms.ValidationError("The burden's group is empty.")
        return groups

    def _hit(self, data: dict) -> dict:
        if data.get("seat") is None or data.get("group") is None:
            raise forms.ValidationError("Choose the group to hit.")
        if not data.get("cards"):
            raise forms.ValidationError("Choose the cards to hit with.")
        hit = {"seat": data["seat"], "group": data["group"], "cards": data["cards"]}
        if data.get("end"):
            hit["end"] = data["end"]
        return hit

    def _take(self, data: dict) -> dict:
        if data.get("depth") is None:
            raise forms.ValidationError("Choose the card of the discard pile you take.")
        move = {"type": "take", "depth": data["depth"]}
        use = data.get("with")
        if use == "lay":
            move["lay"] = self._groups(data)
        elif use == "hit":
            move["hit"] = [self._hit(data)]
        return move


def _group_fields(groups: list[dict]) -> list[tuple[str, str]]:
    fields = []
    for k, group in enumerate(groups, start=1):
        fields += [(f"g{k}", card) for card in group["cards"]]
        fields.append((f"kind_{k}", group["kind"]))
        if group.get("burden"):
            fields.append(("burden", str(k)))
    return fields


def _hit_fields(hit: dict) -> list[tuple[str, str]]:
    fields = [("seat", str(hit["seat"])), ("group", str(hit["group"]))]
    fields += [("cards", card) for card in hit["cards"]]
    if hit.get("end"):
        fields.append(("end", hit["end"]))
    return fields


def fields_for(move: dict) -> list[tuple[str, str]]:
    """The form fields that post this move (without the version)."""
    kind = move["type"]
    fields = [("type", kind)]
    if kind == "buy":
        fields.append(("count", str(move["count"])))
    elif kind == "lay":
        fields += _group_fields(move["groups"])
    elif kind == "hit":
        fields += _hit_fields(move)
    elif kind == "take":
        fields.append(("depth", str(move["depth"])))
        if move.get("lay") is not None:
            fields += [("with", "lay"), *_group_fields(move["lay"])]
        elif move.get("hit") is not None:
            (hit,) = move["hit"]  # the page takes to make one hit
            fields += [("with", "hit"), *_hit_fields(hit)]
    elif kind == "action":
        fields.append(("card", move["card"]))
        if move.get("target") is not None:
            fields.append(("target", str(move["target"])))
    elif kind == "discard":
        fields.append(("card", move["card"]))
    return fields
