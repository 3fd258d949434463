"""Casino's own views: the plays a selection allows, and answering a question.

`plays`: htmx asks it (GET, on every change of the selection) for the plays panel: the
engine's plays for the hand card and table items picked, as buttons, or why there is
none. Without JavaScript the "Show plays" button posts the selection here and is sent
back to the game page with the selection in its query (post/redirect/get), where the
presenter shows the same panel. It changes nothing either way.

`answer`: a question put to me is answered at any time, not only on my turn.
"""

from urllib.parse import urlencode

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from tables import views
from tables.actions import errors, player_moves

from .forms import AnswerForm, selection_from
from .presenter import checked_selection, plays_for


def _table_and_seat(request, game_id: int):
    """The Casino table this user may see, and their seat at it (None for anyone else)."""
    game = views.visible_game_or_404(request, game_id)
    if game.kind != "casino":
        raise Http404("This table does not play Casino.")
    return game, game.seat_of(request.user) if request.user.is_authenticated else None


@require_http_methods(["GET", "POST"])
def plays(request, game_id: int):
    game, seat = _table_and_seat(request, game_id)
    data = request.POST if request.method == "POST" else request.GET
    if not request.htmx:
        card, picked = selection_from(data)
        query = urlencode([("card", card or "")] + [("pick", item) for item in picked])
        return redirect(f"{game.get_absolute_url()}?{query}#casino-plays")
    in_play = seat is not None and game.status == game.Status.ACTIVE
    view = game.rules.view(game.state, seat.index) if in_play else None
    table = {"version": game.version, "urls": {"move": reverse("move", args=[game.pk])}}
    if view is None or seat.index not in view["to_act"] or seat.away or view["phase"] != "play":
        selection = {"card": None, "plays": [], "reason": "You can choose a play only on your turn."}
        return render(request, "casino/_plays.html", {"sel": selection, "table": table}, status=403)
    card, picked = checked_selection(view, *selection_from(data))
    selection = plays_for(game, seat.index, card, picked)
    return render(request, "casino/_plays.html", {"sel": selection, "table": table})


@require_POST
def answer(request, game_id: int):
    """Answer a question put to me. The page's version is not asked for: an answer is one
    of the game's `version_free` moves (the engine checks that the question is pending and
    put to this seat), since a live table moves on every second and the page's version
    would go stale between two polls."""
    if not request.user.is_authenticated:
        return HttpResponse("Log in to answer.", status=403, content_type="text/plain")
    game, _ = _table_and_seat(request, game_id)
    form = AnswerForm(request.POST)
    try:
        if not form.is_valid():
            raise errors.ServiceError(form.error_message())
        game = player_moves.play_move(request.user, game.pk, None, form.move)
    except errors.ServiceError as exc:
        return views.refused(request, game_id, exc)
    if request.htmx:
        return views.render_game(request, game)
    return redirect(game)
