"""Capitalla's table options on the create form, and its moves as form fields: `type`
("draw", "discard", "declare") and the type's own fields: `from` ("pile" or "discard")
for a draw, `card` for a discard, `discard` and `groups` (a JSON list of lists of card
ids) for a declaration. `fields_for(move)` is the inverse. The engine checks everything;
this only refuses what is not even shaped like a move, with a message, before a service
sees it."""

import json

from django import forms

from tables.forms import CARD_ID, BaseMoveForm, GameOptionsForm, card_id, option_field

from .engine.rules import OPTION_RANGES

MAX_GROUPS = 13
MAX_CARDS = 14


class OptionsForm(GameOptionsForm):
    max_reshuffles = option_field(
        OPTION_RANGES["max_reshuffles"],
        "Reshuffles",
        "How often the discard pile may become a new draw pile. When the draw pile runs out after that, "
        "the deal is drawn.",
    )


class MoveForm(BaseMoveForm):
    """`from` is a Python keyword, so that field is added in __init__."""

    TYPES = ("draw", "discard", "declare")

    type = forms.ChoiceField(
        choices=[(t, t) for t in TYPES],
        error_messages={
            "required": "The move has no type.",
            "invalid_choice": "Unknown kind of move %(value)s.",
        },
    )
    card = forms.CharField(required=False, max_length=12)
    discard = forms.CharField(required=False, max_length=12)
    groups = forms.CharField(required=False, max_length=2000)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["from"] = forms.ChoiceField(
            required=False,
            choices=[("pile", "draw pile"), ("discard", "discard pile")],
            error_messages={"invalid_choice": "You can draw from the pile or the discard pile only."},
        )

    def clean_groups(self):
        raw = self.cleaned_data.get("groups", "")
        if not raw:
            return None
        try:
            groups = json.loads(raw)
        except ValueError:
            raise forms.ValidationError("The groups of the declaration are not valid JSON.") from None
        if (
            not isinstance(groups, list)
            or not groups
            or len(groups) > MAX_GROUPS
            or not all(isinstance(g, list) and g for g in groups)
        ):
            raise forms.ValidationError("The declaration must be a list of groups of cards.")
        if sum(len(g) for g in groups) > MAX_CARDS:
            raise forms.ValidationError("The declaration has too many cards.")
        for group in groups:
            for card in group:
                if not isinstance(card, str) or not CARD_ID.match(card):
                    raise forms.ValidationError("The declaration contains something that is not a card.")
        return groups

    def parse(self, data: dict) -> dict:
        kind = data["type"]
        if kind == "draw":
            if not data.get("from"):
                raise forms.ValidationError("Say which pile to draw from.")
            return {"type": "draw", "from": data["from"]}
        if kind == "discard":
            return {"type": "discard", "card": card_id(data.get("card"), "a card to discard")}
        discard = card_id(data.get("discard"), "the card to discard")
        if data.get("groups") is None:
            raise forms.ValidationError("The declaration has no groups.")
        return {"type": "declare", "discard": discard, "groups": data["groups"]}


def fields_for(move: dict) -> list[tuple[str, str]]:
    """The form fields that post this move (without the version)."""
    kind = move["type"]
    if kind == "draw":
        return [("type", kind), ("from", move["from"])]
    if kind == "discard":
        return [("type", kind), ("card", move["card"])]
    return [("type", kind), ("discard", move["discard"]), ("groups", json.dumps(move["groups"], separators=(",", ":")))]
