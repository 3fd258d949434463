"""Pebbles' move as form fields: `type` ("take") and `count` (1 or 2); `fields_for` is the
inverse, so every legal move has its form."""

from django import forms

from tables.forms import BaseMoveForm


class PebblesMoveForm(BaseMoveForm):
    type = forms.ChoiceField(choices=[("take", "take")])
    count = forms.TypedChoiceField(
        coerce=int, choices=[("1", "1"), ("2", "2")], error_messages={"invalid_choice": "Take one or two pebbles."}
    )

    def parse(self, data: dict) -> dict:
        return {"type": "take", "count": data["count"]}


def fields_for(move: dict) -> list[tuple[str, str]]:
    return [("type", move["type"]), ("count", str(move["count"]))]
