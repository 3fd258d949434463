"""Pebbles as the core sees it (`tables.plugins.GamePlugin`): the fewest fields a game fills."""

from tables.plugins import GamePlugin, pot_to_the_winners

from . import forms, presenter
from .engine import BOTS, COMMANDS, RULES

PLUGIN = GamePlugin(
    rules=RULES,
    bots=BOTS,
    present=presenter.present,
    replay_position=presenter.replay_position,
    move_form=forms.PebblesMoveForm,
    move_fields=forms.fields_for,
    result_headline=presenter.result_headline,
    payouts=pot_to_the_winners(RULES, after=lambda state: state["seed"] % state["players"]),
    cards=lambda state: [],  # no cards: nothing to conserve, nothing face down
    face_down=lambda state: [],
    commands=COMMANDS,
    # Nothing is hidden: a world dealt again is the same world.
    reshuffle_hidden=lambda state, seat, rng: state,
    stand_in_level="hard",
)
