"""Cap-It as the core sees it (`tables.plugins.GamePlugin`)."""

from tables.plugins import GamePlugin, Payout, end_payouts, ranking_by

from . import forms, presenter, tour, urls
from .engine import COMMANDS, HAND_ORDERS, RULES, all_cards, reshuffle_hidden
from .engine.bots import BOTS


def payouts(state: dict, pot: int) -> list[Payout]:
    """A share of the pot (`round_share_percent` of the antes) to each round's lowest
    scorers, split evenly (what does not divide stays in the pot); at the end the rest to
    the winners, the odd chips to the first winner after the dealer."""
    share = pot * int(state["options"].get("round_share_percent", 0)) // 100
    due = []
    for rnd in state["rounds"]:
        if rnd["winners"]:
            each = share // len(rnd["winners"])
            due += [Payout(seat, each, rnd["number"]) for seat in rnd["winners"]]
    result = RULES.result(state)
    if result is not None:
        left = pot - sum(p.amount for p in due)
        due += end_payouts(state, result["winners"], left, state["dealer"])
    return due


PLUGIN = GamePlugin(
    rules=RULES,
    # No "hard": the hard bot (engine/hard.py, now a bench reference) measured only even
    # with normal, so Cap-It offers two levels and the lobby says so (bench/README.md, "Bot strength").
    bots=BOTS,
    stand_in_level="normal",
    present=presenter.present_capit,
    hand_sorts=HAND_ORDERS,
    replay_position=presenter.capit_position,
    move_form=forms.CapItMoveForm,
    move_fields=forms.fields_for,
    result_headline=presenter.result_headline,
    payouts=payouts,
    cards=all_cards,
    commands=COMMANDS,
    face_down=lambda state: state["stock"],
    reshuffle_hidden=reshuffle_hidden,
    urls=urls.urlpatterns,
    options_form=forms.OptionsForm,
    chapter=lambda state: f"Round {state['round']}",
    demo_tables=({"host": "demo", "seats": 4, "bots": 0, "bot_level": "normal", "ante": 50},),
    ranking=ranking_by(lambda state, seat: state["result"]["scores"][seat]),  # the lowest total first
    tour=tour.TOUR,
)
