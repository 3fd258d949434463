"""Helpers for the Casino web tests: tables, positions set up in the state (every card of
the deck stays in play exactly once), posted moves and what a page shows."""

import re
from collections import Counter

from games.casino.engine import all_cards, deck
from tables.actions import bot_play
from tables.models import Game
from tests.web_moves import page, post_move  # noqa: F401 (the game's tests import them from here)

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}


def current(game) -> Game:
    return Game.objects.get(pk=game.pk)


def set_position(game, *, hands=None, loose=None, builds=None, turn=None, phase=None, just_captured=None) -> Game:
    """Put these cards where they are named: `hands` {seat: [cards]}, the `loose` table
    cards, the table's `builds` (dicts as the engine keeps them). Each named card is taken
    from wherever it lies; what a named place held before goes to the front of the stock.
    Optionally whose `turn` it is and the `phase`. The deck stays whole."""
    state = game.state
    named = [c for cards in (hands or {}).values() for c in cards] + list(loose or [])
    named += [c for build in builds or [] for c in build["cards"]]
    assert len(set(named)) == len(named)
    places = state["hands"] + [state["stock"], state["table"]["loose"]] + state["piles"]
    places += [build["cards"] for build in state["table"]["builds"]]
    for place in places:
        place[:] = [c for c in place if c not in named]
    freed = []
    for seat, cards in (hands or {}).items():
        freed += state["hands"][seat]
        state["hands"][seat] = list(cards)
    if loose is not None:
        freed += state["table"]["loose"]
        state["table"]["loose"] = list(loose)
    if builds is not None:
        freed += [c for build in state["table"]["builds"] for c in build["cards"]]
        state["table"]["builds"] = [dict(build) for build in builds]
    state["stock"][:0] = freed
    if turn is not None:
        state["turn"] = turn
    if phase is not None:
        state["phase"] = phase
    if just_captured is not None:
        state["just_captured"] = list(just_captured)
    game.state = state
    game.to_act = game.rules.to_act(state)
    game.save(update_fields=["state", "to_act"])
    assert Counter(all_cards(game.state)) == Counter(deck())
    return game


def rendered_card_ids(html: str) -> set[str]:
    """Card ids the page carries in data-card="…" and value="…" attributes."""
    ids = set(re.findall(r'data-card="([^"]+)"', html))
    ids.update(v for v in re.findall(r'value="([^"]+)"', html) if re.fullmatch(r"(?:[2-9]|10|[JQKA])[SHDC]", v))
    return ids


def section(html: str, marker: str, end: str = "</section>") -> str:
    """The part of the page from `marker` to the next `end`."""
    return html.split(marker, 1)[1].split(end, 1)[0]


def play_bots(game, limit: int = 10_000) -> Game:
    """Bot turns until a human is to act or the game is over."""
    for _ in range(limit):
        game = current(game)
        if not bot_play.play_bot_turn(game.pk, game.version):
            return game
    raise AssertionError("the bots never stopped")
