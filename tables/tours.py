"""The first-game tour (decision 0045): a player's first table of each game offers a short
tour of it, each game's steps in its own words (`GamePlugin.tour`). Skipped or finished,
its kind goes into `User.tours_done` (`tours_done`, below) and it is not offered again.

The table page carries the offer outside `#table` (tables/_tour.html), so that the table's
swaps leave a tour under way alone; static/js/tour.js shows it once the cards are dealt,
fetches the steps (`tour_steps`) and walks them, finding each step's target in the table
again at every step and swap."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from tables.models import Game
from tables.plugins import PLUGINS
from tables.table_view import Seen, Tour


def offered_tour(game: Game, user, seen: Seen) -> Tour | None:
    """The tour `user` is offered at `game`: while they sit at it, open (the tour shows once
    it is dealt) or in play, and have not done the tour of its game. Not in a session a
    mailed link opened: it reaches this game's pages only, not the tours' (mailroom)."""
    steps = game.plugin.tour
    if not steps or seen.me is None or not user.is_authenticated or game.kind in user.tours_done:
        return None
    if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
        return None
    if getattr(seen.request, "scoped_game_id", None):
        return None
    return {
        "kind": game.kind,
        "game_name": game.plugin.name,
        "steps": len(steps),
        "steps_url": reverse("tour_steps", args=[game.kind]),
        "done_url": reverse("tour_done"),
        "next": game.get_absolute_url(),
    }


@require_GET
def tour_steps(request, kind: str):
    """The steps of the tour of `kind`, for tour.js. Not on the table page itself: the
    steps name the table's buttons ("Draw from the pile"), which the page then shows only
    where they are buttons."""
    plugin = PLUGINS.get(kind)
    if plugin is None or not plugin.tour:
        raise Http404("No such game.")
    steps = [{"title": s.title, "text": s.text, "targets": list(s.targets)} for s in plugin.tour]
    return JsonResponse({"steps": steps})


@login_required
@require_POST
def tour_done(request):
    """The player skipped or finished the tour of the game `kind`: htmx gets 204, a plain
    form goes back to its table (post/redirect/get)."""
    kind = request.POST.get("kind", "")
    if kind not in PLUGINS or not PLUGINS[kind].tour:
        return HttpResponseBadRequest("No such game.")
    request.user.finish_tour(kind)
    if request.htmx:
        return HttpResponse(status=204)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        back = reverse("lobby")
    return redirect(back)
