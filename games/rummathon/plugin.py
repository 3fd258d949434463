"""Rummathon Royale as the core sees it (`tables.plugins.GamePlugin`)."""

from tables.plugins import GamePlugin, pot_to_the_winners, ranking_by

from . import forms, presenter, tour, urls
from .engine import COMMANDS, RULES, all_cards, reshuffle_hidden
from .engine.bots import BOTS
from .results import result_headline

PLUGIN = GamePlugin(
    rules=RULES,
    bots=BOTS,
    present=presenter.present_rummathon,
    hand_sorts=presenter.HAND_SORTS,
    replay_position=presenter.rummathon_position,
    move_form=forms.RummathonMoveForm,
    move_fields=forms.fields_for,
    result_headline=result_headline,
    payouts=pot_to_the_winners(RULES),
    cards=all_cards,
    commands=COMMANDS,
    face_down=lambda state: state["deck"],
    reshuffle_hidden=reshuffle_hidden,
    stand_in_level="hard",  # measured stronger than normal: bench/README.md, "Bot strength"
    urls=urls.urlpatterns,
    options_form=forms.OptionsForm,
    chapter=lambda state: f"Round {state['round']}",
    # Every seat buys its extra cards at once, on one short clock, whatever the page showed.
    acting_at_once=lambda state: state["phase"] == "buy",
    version_free=frozenset({"buy"}),
    quick_options={"variant": "half"},
    demo_tables=(
        {"host": "demo", "seats": 4, "bots": 2, "bot_level": "normal", "ante": 0, "options": {"variant": "half"}},
    ),
    # The furthest through the sequences first, then the most points.
    ranking=ranking_by(lambda state, seat: (-state["progress"][seat], -state["scores"][seat])),
    tour=tour.TOUR,
)
