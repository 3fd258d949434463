"""Capitalla as the core sees it (`tables.plugins.GamePlugin`)."""

from tables.plugins import GamePlugin, pot_to_the_winners, winners_first

from . import forms, presenter, tour
from .engine import COMMANDS, RULES, all_cards, reshuffle_hidden
from .engine.bots import BOTS
from .results import result_headline

PLUGIN = GamePlugin(
    rules=RULES,
    bots=BOTS,
    present=presenter.present_capitalla,
    hand_sorts=("initial",),
    replay_position=presenter.capitalla_position,
    move_form=forms.MoveForm,
    move_fields=forms.fields_for,
    result_headline=result_headline,
    # One deal: the pot to the winner, or shared by the players still in after a drawn deal.
    payouts=pot_to_the_winners(RULES, after=lambda state: state["players"] - 1),
    cards=all_cards,
    commands=COMMANDS,
    reshuffle_hidden=reshuffle_hidden,
    stand_in_level="hard",  # measured stronger than normal: bench/README.md, "Bot strength"
    face_down=lambda state: state["draw"],
    options_form=forms.OptionsForm,
    demo_tables=(
        {"host": "demo", "seats": 4, "bots": 3, "bot_level": "normal", "ante": 0},
        {"host": "ana", "seats": 3, "bots": 1, "bot_level": "easy"},
    ),
    # One deal: the winner first, everyone else still in after (a drawn deal ties them all).
    ranking=winners_first,
    tour=tour.TOUR,
)
