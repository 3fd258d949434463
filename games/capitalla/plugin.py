"""Capitalla as the core sees it (`games.plugins.GamePlugin`)."""

from games.engine.common import active_seats
from games.plugins import GamePlugin, Payout, split_pot

from . import forms, presenter
from .engine import RULES, all_cards
from .engine.bots import BOTS
from .results import result_headline


def payouts(state: dict, pot: int) -> list[Payout]:
    """One deal, no rounds: at the end the whole pot to the winner, or shared by the
    players still in after a drawn deal (the odd chips to the first of them)."""
    result = RULES.result(state)
    if result is None:
        return []
    players = state["players"]
    return split_pot(pot, result["winners"] or active_seats(state), players, players - 1)


PLUGIN = GamePlugin(
    rules=RULES,
    bots=BOTS,
    present=presenter.present_capitalla,
    hand_sorts=("initial",),
    replay_position=presenter.capitalla_position,
    move_form=forms.MoveForm,
    move_fields=forms.fields_for,
    result_headline=result_headline,
    payouts=payouts,
    cards=all_cards,
    face_down=lambda state: state["draw"],
    options_form=forms.OptionsForm,
    demo_tables=(
        {"host": "demo", "seats": 4, "bots": 3, "bot_level": "normal", "ante": 0},
        {"host": "ana", "seats": 3, "bots": 1, "bot_level": "easy"},
    ),
)
