"""What every page's header needs: how many games wait for the user's move."""

from functools import cache

from tables.models import ON_A_CLOCK, Seat, is_on_the_clock


def waiting_count(user) -> int:
    """Games in play where the user's own clock is running: one query over the user's seats
    joined to their games (a step where the seats act at once is theirs while they are to
    act, which the game's `to_act` says: `is_on_the_clock`)."""
    seats = Seat.objects.filter(ON_A_CLOCK, user=user).values_list("index", "game__clock_seat", "game__to_act")
    return sum(is_on_the_clock(*seat) for seat in seats)


def my_turns(request):
    """`my_turns` is computed only if a template uses it (every page's header, and a game's
    htmx answers, which carry the header's link out of band; an unchanged poll's 204
    renders nothing), and once per request; anonymous users get none and no query."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"my_turns": 0}
    return {"my_turns": cache(lambda: waiting_count(user))}
