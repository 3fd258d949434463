"""Forms: every request that changes a game is parsed and validated here before a service
sees it. A form error is a 400 with a message; nothing is changed."""

import re

from django import forms

from tables.actions.errors import ServiceError
from tables.actions.table_checks import BOT_LEVELS, check_game_options, check_people_only, check_rated_table
from tables.models import DEFAULT_TURN_SECONDS, TURN_TIMES, Game
from tables.plugins import PLUGINS, GamePlugin, get_plugin

CARD_ID = re.compile(r"^[A-Z0-9]{1,6}(:[0-9]{1,2})?$")


class GameOptionsForm(forms.Form):
    """A game's table options on the create form (`GamePlugin.options_form`): a field per
    key of `rules.info.default_options` that the host may change. Its fields are named
    after the game (`<slug>-<option>`), since the create form holds every game's, and
    show the defaults; a field left blank or not posted keeps its default, and a posted
    name of the game's that it does not know is refused. `options` is what the host chose."""

    def __init__(self, data=None, *, game: GamePlugin):
        super().__init__(data, prefix=game.slug, initial=game.rules.info.default_options)
        self.kind, self.game_name = game.slug, game.name
        for option in self.fields.values():
            option.required = False

    def clean(self):
        data = super().clean()
        posted = {key.removeprefix(f"{self.prefix}-") for key in self.data if key.startswith(f"{self.prefix}-")}
        unknown = sorted(posted - set(self.fields))
        if unknown:
            names = ", ".join(name[:30] for name in unknown[:3])
            raise forms.ValidationError(f"{self.game_name} has no option {names}.")
        return data

    @property
    def options(self) -> dict:
        return {name: value for name, value in self.cleaned_data.items() if value is not None}

    def error_message(self) -> str:
        return " ".join(
            f"{self.fields[name].label}: {error}" if name in self.fields else str(error)
            for name, errors in self.errors.items()
            for error in errors
        )


def option_field(bounds: tuple[int, int | None], label: str, help_text: str) -> forms.IntegerField:
    """A whole-number option within the engine's `bounds` (lowest, highest or None)."""
    low, high = bounds
    return forms.IntegerField(label=label, min_value=low, max_value=high, help_text=help_text)


def game_options_form(game: GamePlugin, data=None) -> GameOptionsForm:
    return (game.options_form or GameOptionsForm)(data, game=game)


# What the levels mean to a player, and the promise every bot keeps (docs/bots.md).
BOT_LEVEL_HELP = (
    "Easy bots play loosely, normal ones sensibly, hard ones as strongly as we could make them. "
    "A bot sees what its seat may see and no more: its own cards and what the table has seen, as you do."
)


def _spoken(words: list[str]) -> str:
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def fewer_levels_note() -> str:
    """What a game offering fewer levels than BOT_LEVELS offers, one sentence a game: a level
    is offered only once it is measured stronger than the one below (bench/README.md, "Bot
    strength"), so a game without its top level says its harder bot played no better."""
    notes = []
    for plugin in PLUGINS.values():
        offered = [level for level in BOT_LEVELS if level in plugin.bots]
        if len(offered) == len(BOT_LEVELS):
            continue
        count = {0: "no", 1: "one level", 2: "two levels"}.get(len(offered), f"{len(offered)} levels")
        note = f"{plugin.name} has {count}, {_spoken(offered)}" if offered else f"{plugin.name} has no bots"
        missing = [level for level in BOT_LEVELS if level not in offered]
        if offered and BOT_LEVELS.index(missing[0]) == len(offered):  # only the top levels are missing
            note += f": a {missing[0]} bot we wrote played no better than its {offered[-1]} one"
        notes.append(note + ".")
    return " ".join(notes)


class CreateTableForm(forms.Form):
    kind = forms.ChoiceField(label="Game")
    seats = forms.IntegerField(label="Seats", min_value=2, max_value=6, initial=4)
    bots = forms.IntegerField(
        label="Bots",
        min_value=0,
        max_value=5,
        initial=0,
        help_text="Seats filled by bots now. Seats still empty when you start also become bots "
        "(not at a table with an ante: it seats only people).",
    )
    bot_level = forms.ChoiceField(
        label="Bot level",
        choices=[(level, level.capitalize()) for level in BOT_LEVELS],
        initial="normal",
    )
    ante = forms.IntegerField(
        label="Ante (chips)",
        min_value=0,
        max_value=1_000_000,
        initial=0,
        required=False,
        help_text="Each player pays it into the pot on sitting down (back if they leave before the deal); "
        "0 plays for fun. A table with an ante seats only people and can start only once every seat is taken.",
    )
    private = forms.BooleanField(
        label="Private table",
        required=False,
        help_text="Not listed in the lobby; friends join with the invite link.",
    )
    # The clock fields are optional in the request: a missing one takes its default.
    turn_seconds = forms.TypedChoiceField(
        label="Time per turn",
        choices=TURN_TIMES,
        coerce=int,
        required=False,
        initial=DEFAULT_TURN_SECONDS,
        empty_value=DEFAULT_TURN_SECONDS,
        help_text="Each player's time for one turn. Short times are for playing live, long ones by correspondence.",
    )
    timeout_policy = forms.ChoiceField(
        label="When time runs out",
        choices=Game.TimeoutPolicy.choices,
        required=False,
        initial=Game.TimeoutPolicy.BOT,
        help_text="With a bot, a player who misses 3 turns in a row has a bot in their seat until they are back.",
    )
    extra_time = forms.ChoiceField(
        label="Extra time",
        required=False,
        initial="allow",
        choices=[("allow", "Allowed, once per turn"), ("forbid", "Not allowed")],
        help_text="Whether players may give the player to act one more turn time.",
    )
    absences_stop_clock = forms.TypedChoiceField(
        label="Absences stop the clock",
        required=False,
        choices=[("", "From a day per turn"), ("on", "Yes"), ("off", "No")],
        coerce=lambda choice: choice == "on",
        empty_value=None,  # lifecycle.create_table decides by the turn time
        help_text="While a player is away (announced on their profile), their clock stands still.",
    )
    rated = forms.BooleanField(
        label="Rated",
        required=False,
        help_text="The result changes each player's rating in this game. Only people play (no bots), it starts "
        "once every seat is taken, and a player whose time runs out is out of the game.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(slug, plugin.name) for slug, plugin in PLUGINS.items()]
        first = next(iter(PLUGINS.values()))  # the first of GAME_APPS
        self.fields["kind"].initial = first.slug
        self.fields["seats"].initial = first.rules.info.default_players
        # A game offering fewer levels says so.
        self.fields["bot_level"].help_text = " ".join(filter(None, [BOT_LEVEL_HELP, fewer_levels_note()]))
        # Every game's options; only the chosen game's are read (without JavaScript the
        # page shows them all).
        self.game_options = {
            slug: game_options_form(plugin, self.data if self.is_bound else None) for slug, plugin in PLUGINS.items()
        }

    @property
    def option_fieldsets(self) -> list[GameOptionsForm]:
        return [options for options in self.game_options.values() if options.fields]

    def clean(self):
        data = super().clean()
        # A rated table forfeits a timed-out seat whatever was chosen: no bot plays for a rating.
        data["timeout_policy"] = (
            Game.TimeoutPolicy.FORFEIT if data.get("rated") else data.get("timeout_policy") or Game.TimeoutPolicy.BOT
        )
        data["allow_extra_time"] = data.get("extra_time") != "forbid"
        kind, seats, bots = data.get("kind"), data.get("seats"), data.get("bots")
        if kind and seats is not None:
            info = get_plugin(kind).rules.info
            if not info.min_players <= seats <= info.max_players:
                self.add_error("seats", f"{info.name} takes {info.min_players} to {info.max_players} players.")
            else:
                if bots is not None and bots >= seats:
                    self.add_error("bots", f"Bots can fill at most {seats - 1} of {seats} seats; one is yours.")
                self._clean_options(data, kind, seats)
        try:
            check_people_only(data.get("ante"), data.get("bots"))
            check_rated_table(data.get("rated"), data.get("bots"), data["timeout_policy"])
        except ServiceError as exc:
            self.add_error("bots", exc.message)
        return data

    def _clean_options(self, data: dict, kind: str, seats: int) -> None:
        """The chosen game's options, as its form and then its rules accept them."""
        chosen = self.game_options[kind]
        if not chosen.is_valid():
            self.add_error(None, chosen.error_message())
            return
        try:
            data["options"] = check_game_options(kind, seats, chosen.options)
        except ServiceError as exc:
            self.add_error(None, exc.message)


class ParsedForm(forms.Form):
    """A form whose fields make one move: `parse(data)` builds it from the cleaned fields
    (raising a ValidationError in words when they do not make one), and `move` holds it
    once the form is valid."""

    def clean(self):
        data = super().clean()
        if not self.errors:
            try:
                data["move"] = self.parse(data)
            except forms.ValidationError as exc:
                self.add_error(None, exc)
        return data

    def parse(self, data: dict) -> dict:
        raise NotImplementedError

    @property
    def move(self) -> dict:
        return self.cleaned_data["move"]

    def error_message(self) -> str:
        """All errors in one sentence or two, for a message."""
        return " ".join(str(e) for errors in self.errors.values() for e in errors)


class BaseMoveForm(ParsedForm):
    """What every game's move form shares: the table's `version` the move was made on,
    and its errors in words. A game's form adds its fields and `parse`;
    `GamePlugin.move_fields` is its inverse."""

    version = forms.IntegerField(
        min_value=0,
        error_messages={
            "required": "The move is missing the table's version number; reload the page.",
            "invalid": "The table's version number must be a whole number; reload the page.",
        },
    )


class ListField(forms.Field):
    """Repeated fields (`A=7H:0&A=7C:1`) read as a list in the order given, each item
    matching `pattern` (a card id unless told otherwise). More than `most` items are
    refused before any is read."""

    widget = forms.MultipleHiddenInput

    def __init__(self, what: str, *, most: int, pattern=CARD_ID, items="cards", unknown="is not a card", **kwargs):
        self.what, self.most, self.pattern, self.items, self.unknown = what, most, pattern, items, unknown
        super().__init__(required=False, **kwargs)

    def to_python(self, value):
        if not value:
            return []
        if isinstance(value, str):
            value = [value]
        if len(value) > self.most:
            raise forms.ValidationError(f"Too many {self.items} in {self.what}.")
        items = [str(v).strip() for v in value if str(v).strip()]
        for item in items:
            if not self.pattern.match(item):
                raise forms.ValidationError(f"{item[:12]!r} in {self.what} {self.unknown}.")
        return items


def card_id(value: str, what: str) -> str:
    """A card id as typed in a form, or a ValidationError asking for `what`."""
    value = (value or "").strip()
    if not value:
        raise forms.ValidationError(f"Choose {what}.")
    if not CARD_ID.match(value):
        raise forms.ValidationError(f"{value[:12]!r} is not a card.")
    return value


def move_form(kind: str, data) -> BaseMoveForm:
    """The move form of a game kind, bound to `data`."""
    return get_plugin(kind).move_form(data)


class ResignForm(forms.Form):
    confirm = forms.BooleanField(
        label="Yes, I resign this game",
        error_messages={"required": "Tick the box to confirm that you resign."},
    )
