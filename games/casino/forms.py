"""Casino's table options on the create form, its moves as form fields, and the
selection a player makes on the page (a hand card and the table items it plays on).

The game page posts one form per play; the pressed button says the move's `type`:

- `capture`: the hand `card`, the `loose` table cards and the `builds` taken (repeated
  fields, in order);
- `build`: the hand `card`, the `loose` cards it joins, the `build` it adds to or raises
  (empty: a new build) and the `value` announced;
- `trail`: the hand `card`;
- `ask`: one `ask_<seat>` per opponent asked, the captured card whose question they get
  (none: ask nobody);
- `answer`: the `question` id and the `choice` (0 to 3).

`fields_for(move)` is the inverse, so every move `legal_moves` offers has a form. The
engine checks everything; this only refuses what is not even shaped like a move.
"""

import re

from django import forms

from tables.forms import CARD_ID, BaseMoveForm, GameOptionsForm, ListField, ParsedForm, card_id

TYPES = ("capture", "build", "trail", "ask", "answer")
MAX_SEATS = 4  # Casino seats 2 to 4: ask_0 .. ask_3
MAX_PICKED = 40  # more table items than a table holds
BUILD_ID = re.compile(r"^b[0-9]{1,4}$")
QUESTION_ID = re.compile(r"^q[0-9]{1,4}$")
ASK = re.compile(r"^ask_([0-9])$")


class OptionsForm(GameOptionsForm):
    sweeps = forms.BooleanField(
        label="Sweeps score",
        help_text="A capture that clears the table scores 1 point "
        "(taking what is left at the end of a deal is no sweep).",
    )
    # A choice, not a box to tick: a box left unticked is not posted, and a request without
    # the field keeps the default (on), as GameOptionsForm promises.
    trivia_points = forms.TypedChoiceField(
        label="Trivia answers",
        choices=[(True, "Score: 1 point each toward 21"), (False, "Do not score")],
        coerce=lambda choice: choice == "True",
        empty_value=None,
        help_text="Each right answer to a card's question is 1 point for the player who answered. "
        "Without it the questions are for fun, and the table says so beside each one.",
    )


def question_field() -> forms.RegexField:
    return forms.RegexField(QUESTION_ID, required=False, error_messages={"invalid": "No such question."})


def choice_field() -> forms.IntegerField:
    wrong = "Choose one of the four answers."
    return forms.IntegerField(
        required=False,
        min_value=0,
        max_value=3,
        error_messages={"invalid": wrong, "min_value": wrong, "max_value": wrong},
    )


def answer_move(question: str | None, choice: int | None) -> dict:
    if not question:
        raise forms.ValidationError("Which question do you answer?")
    if choice is None:
        raise forms.ValidationError("Choose one of the four answers.")
    return {"type": "answer", "question": question, "choice": choice}


class AnswerForm(ParsedForm):
    """An answer posted from the question card (`views.answer`): no version, since an
    answer stands whatever the table did meanwhile."""

    question = question_field()
    choice = choice_field()

    def parse(self, data: dict) -> dict:
        return answer_move(data.get("question"), data.get("choice"))


class CasinoMoveForm(BaseMoveForm):
    type = forms.ChoiceField(
        choices=[(t, t) for t in TYPES],
        error_messages={
            "required": "The move has no type: press one of the buttons.",
            "invalid_choice": "Unknown kind of move %(value)s.",
        },
    )
    card = forms.CharField(required=False, max_length=12)
    loose = ListField("the table cards", most=MAX_PICKED, items="items", unknown="is not on the table")
    builds = ListField("the builds", most=MAX_PICKED, pattern=BUILD_ID, items="items", unknown="is not on the table")
    build = forms.RegexField(
        BUILD_ID, required=False, error_messages={"invalid": "Choose a build on the table, or none for a new one."}
    )
    value = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=10,
        error_messages={
            "invalid": "A build's value is a number from 1 to 10.",
            "min_value": "A build's value is a number from 1 to 10.",
            "max_value": "A build is worth 10 at most.",
        },
    )
    question = question_field()
    choice = choice_field()

    def parse(self, data: dict) -> dict:
        kind = data["type"]
        if kind == "ask":
            return {"type": "ask", "questions": self._questions()}
        if kind == "answer":
            return answer_move(data.get("question"), data.get("choice"))
        card = card_id(data.get("card"), "a card from your hand")
        if kind == "trail":
            return {"type": "trail", "card": card}
        if kind == "capture":
            return {"type": "capture", "card": card, "loose": data["loose"], "builds": data["builds"]}
        if data.get("value") is None:
            raise forms.ValidationError("Say the value you build.")
        build = data.get("build") or None
        return {"type": "build", "card": card, "loose": data["loose"], "build": build, "value": data["value"]}

    def _questions(self) -> dict[str, str]:
        """The `ask_<seat>` fields: seat (as a string, the engine's JSON key) -> card."""
        questions = {}
        for name in self.data:
            match = ASK.match(name)
            if match is None:
                continue
            if int(match[1]) >= MAX_SEATS:
                raise forms.ValidationError("No such player to ask.")
            value = (self.data.get(name) or "").strip()
            if value:
                questions[match[1]] = card_id(value, "the card to ask about")
        if len(set(questions.values())) < len(questions):
            raise forms.ValidationError("Ask each player about a different card.")
        return dict(sorted(questions.items()))


def fields_for(move: dict) -> list[tuple[str, str]]:
    """The form fields that post this move (without the version)."""
    kind = move["type"]
    fields = [("type", kind)]
    if kind == "ask":
        fields += [(f"ask_{seat}", card) for seat, card in sorted(move["questions"].items())]
    elif kind == "answer":
        fields += [("question", move["question"]), ("choice", str(move["choice"]))]
    else:
        fields.append(("card", move["card"]))
        fields += [("loose", card) for card in move.get("loose") or []]
        fields += [("builds", build) for build in move.get("builds") or []]
        if kind == "build":
            if move.get("build"):
                fields.append(("build", move["build"]))
            fields.append(("value", str(move["value"])))
    return fields


def selection_from(data) -> tuple[str | None, list[str]]:
    """The page's selection, read leniently from a query or form: the hand `card` (or
    None) and the table items `pick`ed (loose card ids and build ids, each once, in order).
    Anything malformed is dropped; the engine says what is wrong with the rest."""
    card = (data.get("card") or "").strip()
    raw = data.getlist("pick") if hasattr(data, "getlist") else data.get("pick") or []
    if isinstance(raw, str):
        raw = [raw]
    picked = (str(item).strip() for item in raw[:MAX_PICKED])
    return (
        card if CARD_ID.match(card) else None,
        list(dict.fromkeys(item for item in picked if CARD_ID.match(item) or BUILD_ID.match(item))),
    )
