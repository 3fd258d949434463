"""How a player arranges the cards of their hand: dragged into an order, or sorted as the
game offers. It changes nothing in the game."""

from tables.actions.checks import check_in_play, check_seated
from tables.actions.errors import ServiceError
from tables.actions.game_state import _load
from tables.models import Seat

# The most card ids an arrangement may name: more than any hand of any game holds.
MAX_HAND_ORDER = 120


def arrange_hand(user, game_id: int, *, order=None, sort=None) -> Seat:
    """Keep how the player arranged their hand, on their seat: `order`, the card ids in the
    order they dragged them to (only cards of their hand, each once; cards left out go
    after them), or `sort`, one of the game's `hand_sorts`, which undoes any dragging. It
    changes nothing in the game, so it needs no version and takes no lock."""
    game = _load(game_id)
    seat = check_seated(game, user)
    check_in_play(game)
    if sort is not None:
        sorts = game.plugin.hand_sorts
        if sort not in sorts:
            raise ServiceError(f"Sort the hand {' or '.join(f'by {s}' for s in sorts) or 'as it is dealt'}.")
        seat.hand_sort, seat.hand_order = sort, []
    else:
        seat.hand_order = _checked_order(order, game.rules.view(game.state, seat.index).get("hand") or [])
    seat.save(update_fields=["hand_sort", "hand_order"])
    return seat


def _checked_order(order, hand: list[str]) -> list[str]:
    if not isinstance(order, list | tuple) or not 0 < len(order) <= MAX_HAND_ORDER:
        raise ServiceError("Say the order of the cards of your hand.")
    if not all(isinstance(card, str) for card in order) or len(set(order)) != len(order):
        raise ServiceError("Name each card of your hand once.")
    if not set(order) <= set(hand):
        raise ServiceError("That card is not in your hand: the table has changed, reload it.")
    return list(order)
