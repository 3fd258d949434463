"""Casino as the core sees it (`games.plugins.GamePlugin`)."""

from games.engine.common import active_seats
from games.plugins import GamePlugin, Payout, split_pot

from . import forms, presenter, urls
from .engine import RULES, all_cards
from .engine.bots import BOTS


def payouts(state: dict, pot: int) -> list[Payout]:
    """No share per deal: at the end the whole pot to the winner (or to the players still
    in, should there be none), the odd chips to the first of them after the dealer."""
    result = RULES.result(state)
    if result is None:
        return []
    return split_pot(pot, result["winners"] or active_seats(state), state["players"], state["dealer"])


PLUGIN = GamePlugin(
    rules=RULES,
    bots=BOTS,
    present=presenter.present_casino,
    hand_sorts=presenter.HAND_SORTS,
    replay_position=presenter.casino_position,
    move_form=forms.CasinoMoveForm,
    move_fields=forms.fields_for,
    result_headline=presenter.result_headline,
    payouts=payouts,
    cards=all_cards,
    face_down=lambda state: state["stock"],
    urls=urls.urlpatterns,
    options_form=forms.OptionsForm,
    chapter=lambda state: f"Deal {state['deal']}",
    # A question is answered whenever it is put, while the table moves on every second.
    version_free=frozenset({"answer"}),
    demo_tables=({"host": "demo", "seats": 3, "bots": 2, "bot_level": "normal", "ante": 0},),
)
