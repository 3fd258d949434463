"""Helpers for the Cap-It web tests: tables, bot turns, and hands set up in the state
(every card of the decks stays in play exactly once)."""

import re
from collections import Counter

from games.capit.engine import deck
from tables.actions import bot_play
from tables.models import Game
from tests.web_moves import post_move  # noqa: F401 (the game's tests import it from here)


def current(game) -> Game:
    return Game.objects.get(pk=game.pk)


def play_bots(game, limit: int = 10_000) -> Game:
    """Bot turns until a human is to act or the game is over."""
    for _ in range(limit):
        game = current(game)
        if not bot_play.play_bot_turn(game.pk, game.version):
            return game
    raise AssertionError("the bots never stopped")


def all_cards(state) -> Counter:
    piles = state["hands"] + list(state["out_hands"].values()) + [state["stock"], state["discard"]]
    return Counter(card for pile in piles + [m["cards"] for m in state["melds"]] for card in pile)


def set_hand(
    game, seat: int, wanted: list[str], *, turn: int | None = None, phase: str | None = None, laid: bool | None = None
) -> Game:
    """Give `seat` exactly these cards: each is taken from wherever it lies (another hand,
    the stock, the discard pile; never a table meld) and the cards the hand gives up go to
    the bottom of the stock. Optionally also whose turn it is, the phase, and whether the
    seat's contract is down. The deck stays whole."""
    state = game.state
    hand = state["hands"][seat]
    assert len(set(wanted)) == len(wanted)
    for card in wanted:
        if card in hand:
            continue
        holder = next(pile for pile in state["hands"] + [state["stock"], state["discard"]] if card in pile)
        holder.remove(card)
    state["stock"][:0] = [card for card in hand if card not in wanted]
    state["hands"][seat] = list(wanted)
    if turn is not None:
        state["turn"] = turn
    if phase is not None:
        state["phase"] = phase
    if laid is not None:
        state["laid"][seat] = laid
    game.state = state
    game.to_act = game.rules.to_act(state)
    game.save(update_fields=["state", "to_act"])
    assert all_cards(game.state) == Counter(deck(state["players"]))
    return game


def rendered_card_ids(html: str) -> set[str]:
    """Card ids the page carries in value="…" and data-card="…" attributes."""
    ids = set(re.findall(r'data-card="([^"]+)"', html))
    for value in re.findall(r'value="([^"]+)"', html):
        ids.update(part for part in value.split("|") if re.fullmatch(r"(?:[2-9]|10|[JQKA])[SHDC]:\d+|JK:\d+", part))
    return ids
