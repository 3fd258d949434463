"""Casino as the core sees it (`tables.plugins.GamePlugin`)."""

from tables.plugins import GamePlugin, pot_to_the_winners, ranking_by

from . import forms, presenter, tour, urls
from .engine import COMMANDS, RULES, all_cards, reshuffle_hidden
from .engine.bots import BOTS

PLUGIN = GamePlugin(
    rules=RULES,
    bots=BOTS,
    present=presenter.present_casino,
    hand_sorts=presenter.HAND_SORTS,
    replay_position=presenter.casino_position,
    move_form=forms.CasinoMoveForm,
    move_fields=forms.fields_for,
    result_headline=presenter.result_headline,
    payouts=pot_to_the_winners(RULES),
    cards=all_cards,
    reshuffle_hidden=reshuffle_hidden,
    stand_in_level="hard",  # measured stronger than normal: bench/README.md, "Bot strength"
    commands=COMMANDS,
    face_down=lambda state: state["stock"],
    urls=urls.urlpatterns,
    options_form=forms.OptionsForm,
    chapter=lambda state: f"Deal {state['deal']}",
    # A question is answered whenever it is put, while the table moves on every second.
    version_free=frozenset({"answer"}),
    no_hint_moves=frozenset({"answer"}),  # the bots know a capital by chance (engine/bots.py)
    demo_tables=({"host": "demo", "seats": 3, "bots": 2, "bot_level": "normal", "ante": 0},),
    ranking=ranking_by(lambda state, seat: -state["scores"][seat]),  # the most points first
    tour=tour.TOUR,
)
