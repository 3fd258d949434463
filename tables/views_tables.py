"""A table's life before and after its game, as the seats see it: join (or by the invite
link), leave, start, free a seat, a new invite link, cancel, and a rematch. Each view
calls the write layer (tables/actions/lifecycle.py) and redirects (post/redirect/get)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_http_methods, require_POST

from tables.actions import errors, lifecycle
from tables.models import Game, Seat
from tables.views import login_url, polled_and_unchanged, render_game, visible_game_or_404

NEW_INVITE_LINK = "The old invite link no longer works: send the new one to those still invited."


def _lifecycle(request, game_id: int, action, done, *, invite_code=None, next_url=None):
    """Run a table's lifecycle service and redirect to the table with `done` (a message, or
    a function of the table the service returned that words it). A refusal shows the
    table again, to those who may still see it (by its `invite_code` if they came by it)."""
    try:
        game = action(request.user, game_id)
    except errors.ServiceError as exc:
        if isinstance(exc, errors.NotFound):
            raise Http404(exc.message) from None
        game = visible_game_or_404(request, game_id, invite_code)
        messages.error(request, exc.message)
        return render_game(request, game, status=exc.status, error=None, via_invite=bool(invite_code), partial=False)
    if isinstance(game, Seat):
        game = game.game
    messages.success(request, done(game) if callable(done) else done)
    return redirect(next_url or game.get_absolute_url())


@login_required
@require_POST
def join(request, game_id: int):
    game = visible_game_or_404(request, game_id)
    return _lifecycle(request, game.pk, lifecycle.join_table, "You have a seat at the table.")


@require_http_methods(["GET", "POST"])
def invite(request, code: str):
    """A private (or public) table by its invite link: see it, and join it. Holding the
    link is what lets one in, until the host makes a new one."""
    invited = Game.objects.filter(invite_code=code)
    if request.method == "GET" and polled_and_unchanged(request, invited, visible=True):
        return HttpResponse(status=204)
    game = invited.select_related("host").first()
    if game is None:
        raise Http404("This invite link is not valid: ask the host for the table's current link.")
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{login_url()}?next={request.path}")
        return _lifecycle(request, game.pk, lifecycle.join_table, "You have a seat at the table.", invite_code=code)
    if game.seat_of(request.user) is not None:
        return redirect(game)
    return render_game(request, game, via_invite=True)


@login_required
@require_POST
def leave(request, game_id: int):
    game = visible_game_or_404(request, game_id)
    done = "You closed the table." if game.host_id == request.user.pk else "You left the table."
    return _lifecycle(request, game.pk, lifecycle.leave_table, done, next_url="/")


@login_required
@require_POST
def start(request, game_id: int):
    game = visible_game_or_404(request, game_id)
    return _lifecycle(request, game.pk, lifecycle.start_table, "The cards are dealt. Good luck!")


@login_required
@require_POST
def free_seat(request, game_id: int, index: int):
    game = visible_game_or_404(request, game_id)

    def done(freed: Game) -> str:
        said = f"Seat {index + 1} is free: " + (
            "the game can start once someone takes it."  # an ante or a rating: no bots
            if freed.ante or freed.rated
            else "a friend may take it, or it becomes a bot at the start."
        )
        if freed.private and freed.invite_code != game.invite_code:
            said += f" {NEW_INVITE_LINK}"
        return said

    return _lifecycle(request, game.pk, lambda user, pk: lifecycle.free_seat(user, pk, index), done)


@login_required
@require_POST
def new_invite_link(request, game_id: int):
    game = visible_game_or_404(request, game_id)
    return _lifecycle(request, game.pk, lifecycle.new_invite_link, _new_link_done)


def _new_link_done(game: Game) -> str:
    if game.status == Game.Status.OPEN:
        return f"This table has a new invite link. {NEW_INVITE_LINK}"
    return "This game has a new link to watch it: the old one no longer works."


@login_required
@require_POST
def cancel(request, game_id: int):
    """The host closes the table before the deal; after it, the service says to resign."""
    game = visible_game_or_404(request, game_id)
    return _lifecycle(request, game.pk, lifecycle.close_table, "You closed the table.", next_url="/")


@login_required
@require_POST
def rematch(request, game_id: int):
    game = visible_game_or_404(request, game_id)
    return _lifecycle(
        request,
        game.pk,
        lifecycle.rematch,
        lambda following: (
            "Rematch! The cards are dealt. Good luck!"
            if following.status == Game.Status.ACTIVE
            else "Rematch: you have a seat at the new table."
        ),
    )
