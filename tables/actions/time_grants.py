"""Extra time: a player still in the game gives the player whose clock runs (or everyone
still to act in a step where the seats act at once) more time, once per turn."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from tables.actions.checks import check_in_play, check_seated, check_version
from tables.actions.clocks import _reminder_before, at_once_seconds
from tables.actions.errors import Conflict, Forbidden
from tables.actions.game_state import MOVE_FIELDS, _locked, _publish_bot_turn, out_seats
from tables.models import Game, Seat, spoken_list, turn_time_label


def check_can_give_extra_time(game: Game, seat: Seat) -> None:
    """A seated player still in the game may give the player whose clock runs more time,
    once per turn, when the table allows it; in a step where the seats act at once, a
    player not to act (or done already) may give the shared clock more time, once per step."""
    check_in_play(game)
    if not game.allow_extra_time:
        raise Forbidden("This table does not allow extra time.")
    if game.deadline is None:
        raise Conflict("No player's clock is running right now.")
    if seat.index == game.clock_seat or game.clock_at_once and seat.index in game.to_act:
        raise Forbidden("You cannot give yourself more time.")
    if seat.index in out_seats(game):
        raise Forbidden("You are out of this game.")
    if game.extra_time_used:
        raise Conflict(f"This {'step' if game.clock_at_once else 'turn'} has already been given extra time.")


def grant_extra_time(user, game_id: int, expected_version) -> Game:
    """Give the player whose clock runs one more turn time, never more than two turn times
    from now. Once per turn, when the table allows it. In a step where the seats act at
    once, the shared clock gets one more of its own length (never more than two from now),
    for everyone still to act, once per step; the event's "to" lists them."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = check_seated(game, user)
        check_version(game, expected_version)
        check_can_give_extra_time(game, seat)
        now = timezone.now()
        at_once = game.clock_at_once
        turn = timedelta(seconds=at_once_seconds(game.turn_seconds) if at_once else game.turn_seconds)
        deadline = min(game.deadline + turn, now + 2 * turn)
        added = deadline - game.deadline
        if added <= timedelta(0):
            raise Conflict("That player already has as much time as extra time can give.")
        targets = game.clock_seats()
        game.deadline = deadline
        # The reminder moves with the deadline; one already sent is due again, the
        # deadline being new news (it said "play before" the old one).
        game.remind_at = _reminder_before(game, deadline, turn, now)
        game.extra_time_used = True
        seconds = round(added.total_seconds())
        # Named by placeholder, as the engines name seats: a name changed later (or an
        # account closed) reads as it is now.
        names = spoken_list([f"{{seat:{index}}}" for index in targets])
        game.record_event(
            seat.index,
            {"type": "extra_time", "seconds": seconds, "to": targets if at_once else targets[0]},
            f"{{player}} gave {names} {turn_time_label(seconds)} more {'to choose' if at_once else 'for this turn'}.",
        )
        _publish_bot_turn(game)
        game.save(update_fields=MOVE_FIELDS)
    return game
