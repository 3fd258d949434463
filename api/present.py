"""A game as the API shows it to one user: the same `rules.view(state, seat)` the page
renders from (tables/presenters.py), with the table around it. Nothing here reads the
state but through `rules.view`; the seed appears only in a finished game's log."""

from tables.models import Game
from tables.move_log import in_words
from tables.seat_ratings import seat_ratings, seat_ratings_of_games
from tables.table_chat import present_chat


def games_json(games, user) -> list[dict]:
    """A list of games, without their views: the players' ratings, and which games each
    plays again, read once for all."""
    games = list(games)
    ratings = seat_ratings_of_games([(game, game.seat_list) for game in games])
    plays_again = _rematch_of([game.pk for game in games])
    return [
        game_json(game, user, with_view=False, ratings=ratings[game.pk], rematch_of=plays_again.get(game.pk))
        for game in games
    ]


def _rematch_of(ids: list[int]) -> dict[int, int]:
    """{rematch table: the game it plays again} for these tables."""
    return dict(Game.objects.filter(rematch_id__in=ids).values_list("rematch_id", "pk"))


# `game_json`'s `rematch_of` when the caller did not read it.
NOT_READ = object()


def game_json(
    game: Game, user, *, with_view: bool = True, ratings: dict | None = None, rematch_of: int | None | object = NOT_READ
) -> dict:
    """`user`'s seat's view of `game` (a watcher's, `view(state, None)`, if they have no
    seat); lists leave the view out (`with_view`), a game's own answer has it. The players'
    ratings are the table's (`seat_ratings`, one query) and the game it plays again is read
    (one query), unless a list read them for all (`ratings`, `rematch_of`)."""
    me = game.seat_of(user)
    if ratings is None:
        ratings = seat_ratings(game, game.seat_list)
    if rematch_of is NOT_READ:
        rematch_of = _rematch_of([game.pk]).get(game.pk)
    active = game.status == Game.Status.ACTIVE
    to_act = list(game.to_act or []) if active else []
    clock_seats = game.clock_seats() if active else []
    view = None
    if with_view and game.state is not None:
        view = game.rules.view(game.state, me.index if me else None)
    return {
        "id": game.pk,
        "kind": game.kind,
        "game_name": game.rules.info.name,
        "status": game.status,
        "version": game.version,
        "private": game.private,
        "host": next((s.name for s in game.seat_list if s.user_id == game.host_id), None) or game.host.name,
        "me": me.index if me else None,
        "seats": [_seat(game, i, me, to_act, ratings) for i in range(game.num_seats)],
        "to_act": to_act,
        "my_turn": bool(me and me.index in to_act and not me.away),
        "clock": {"seats": clock_seats, "deadline": game.deadline, "at_once": game.clock_at_once}
        if clock_seats
        else None,
        "standing_clock": {"seat": game.clock_seat, "seconds_left": round(game.clock_left.total_seconds())}
        if active and game.clock_left is not None
        else None,
        "turn_seconds": game.turn_seconds,
        "ante": game.ante,
        "rated": game.rated,
        "timeout_policy": game.timeout_policy,
        "allow_extra_time": game.allow_extra_time,
        "absences_stop_clock": game.absences_stop_clock,
        "options": game.options,
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "rematch": game.rematch_id,
        "rematch_of": rematch_of,
        "chat_count": game.chat_count,
        "seed_hash": game.seed_hash or None,
        "result": game.result if game.status == Game.Status.FINISHED else None,
        "view": view,
    }


def _seat(game: Game, index: int, me, to_act: list[int], ratings: dict) -> dict:
    seat = next((s for s in game.seat_list if s.index == index), None)
    rating = ratings.get(seat.user_id) if seat and seat.user_id is not None else None
    return {
        "index": index,
        "name": seat.name if seat else None,
        "is_bot": bool(seat and seat.is_bot),
        "away": bool(seat and seat.away and game.status == Game.Status.ACTIVE),
        "is_me": me is not None and me.index == index,
        "to_act": index in to_act,
        "absent_until": seat.absent_until if seat and game.status == Game.Status.ACTIVE else None,
        "rating": rating["number"] if rating else None,
        "provisional": rating["provisional"] if rating else None,
        "change": rating["points"] if rating else None,
    }


# Events per answer of the log: a long Rummathon game has a few thousand.
LOG_PAGE = 1000


def log_json(game: Game, after: int = -1) -> dict:
    """The game's story after event `after`, as the table's history tells it (every move is
    one the table saw: the engines' moves name no hidden card), and once the game is
    finished the revealed seed, so that a client can rebuild each position with the
    engine (`new_game` + `apply`)."""
    names = {s.index: s.name for s in game.seat_list}

    def name_of(index):
        return names.get(index, f"Seat {index + 1}")

    events = list(game.events.filter(seq__gt=after).order_by("seq")[: LOG_PAGE + 1])
    return {
        "id": game.pk,
        "kind": game.kind,
        "num_seats": game.num_seats,
        "options": game.options,
        "seed": game.seed_revealed,
        "seed_hash": game.seed_hash or None,
        "result": game.result if game.status == Game.Status.FINISHED else None,
        "events": [
            {
                "seq": e.seq,
                "seat": e.seat,
                "move": e.move,
                "text": in_words(e.history_row(), name_of),
                "at": e.created_at,
            }
            for e in events[:LOG_PAGE]
        ],
        "more": len(events) > LOG_PAGE,
    }


# What the API tells of a line of table talk.
CHAT_LINE = ("seat", "name", "text", "at", "is_me")


def chat_json(game: Game, user) -> dict:
    """The table talk as the table's page shows it: the latest lines, newest first."""
    names = {s.index: s.name for s in game.seat_list}
    chat = present_chat(game, game.seat_of(user), lambda index: names.get(index, f"Seat {index + 1}"))
    return {"count": chat["count"], "lines": [{key: line[key] for key in CHAT_LINE} for line in chat["lines"]]}
