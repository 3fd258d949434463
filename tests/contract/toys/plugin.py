"""The toy game as the core sees it, and its broken copies (`BROKEN`), each a
`GamePlugin` with one fault. Tests register them with the `toy_game` fixture."""

from dataclasses import replace

from django import forms

from tables.forms import BaseMoveForm, card_id
from tables.plugins import GamePlugin, split_pot

from . import engine


class ToyMoveForm(BaseMoveForm):
    type = forms.ChoiceField(choices=[("play", "play")])
    card = forms.CharField(required=False, max_length=12)

    def parse(self, data: dict) -> dict:
        return {"type": "play", "card": card_id(data.get("card"), "a card to play")}


def move_fields(move: dict) -> list[tuple[str, str]]:
    return [("type", move["type"]), ("card", move["card"])]


def present(game, table: dict, seen) -> dict:
    view = seen.view
    mine = game.rules.legal_moves(game.state, seen.my_index) if table.get("my_turn") else []
    result = view.get("result")
    table.update(
        hand=view["hand"],
        pile=view["discard_top"],
        stock_size=view["stock_size"],
        controls=[move_fields(move) for move in mine],
        result={"headline": headline(result, seen.name_of)} if result else None,
    )
    return table


def replay_position(public: dict, hands: list[list[str]], names: list[str]) -> dict:
    return {
        "template": "toy/_replay.html",
        "pile": public["discard_top"],
        "hands": [{"name": name, "cards": hand} for name, hand in zip(names, hands)],
    }


def headline(result: dict, name_of) -> str:
    return f"Won by {' and '.join(name_of(seat) for seat in result['winners'])}."


def payouts(state: dict, pot: int):
    result = engine.ToyRules().result(state)
    if result is None:
        return []
    return split_pot(pot, result["winners"], state["players"], state["players"] - 1)


def all_cards(state: dict) -> list[str]:
    return [card for hand in state["hands"] for card in hand] + state["stock"] + state["discard"]


TOY = GamePlugin(
    rules=engine.ToyRules(),
    bots={"random": engine.RandomBot(), "easy": engine.RandomBot(), "normal": engine.RandomBot()},
    present=present,
    replay_position=replay_position,
    move_form=ToyMoveForm,
    move_fields=move_fields,
    result_headline=headline,
    payouts=payouts,
    cards=all_cards,
    face_down=lambda state: state["stock"],
    commands=engine.ToyCommands(),
)


def _peeking_present(game, table, seen):
    """Shows the top of the stock on the page, though the view keeps it hidden."""
    return {**present(game, table, seen), "peek": game.state["stock"][:1]}


def _house_cut(state, pot):
    """Keeps a chip of every pot."""
    return [
        replace(payout, amount=payout.amount - 1) if k == 0 else payout for k, payout in enumerate(payouts(state, pot))
    ]


def _lost_field(move):
    """Posts the card under a name the form does not read."""
    return [("type", move["type"]), ("cards", move["card"])]


def _missing_template(public, hands, names):
    return {**replay_position(public, hands, names), "template": "toy/_no_such_template.html"}


BROKEN = {
    "peeking view": replace(TOY, rules=engine.PeekingRules()),
    "peeking page": replace(TOY, present=_peeking_present),
    "losing cards": replace(TOY, rules=engine.LosingRules()),
    "telling moves": replace(TOY, rules=engine.TellingRules()),
    "unrepeatable": replace(TOY, rules=engine.UnrepeatableRules()),
    "offering illegal moves": replace(TOY, rules=engine.OfferingRules()),
    "endless": replace(TOY, rules=engine.EndlessRules()),
    "house cut": replace(TOY, payouts=_house_cut),
    "lost form field": replace(TOY, move_fields=_lost_field),
    "missing replay template": replace(TOY, replay_position=_missing_template),
    "mute commands": replace(TOY, commands=engine.MuteCommands()),
}
