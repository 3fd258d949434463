"""Cap-It's own views: the meld builder's check, and sorting the hand with its ticks kept.

htmx asks it (GET, on every change of the builder) for a small fragment saying whether
each group is a valid set or run, and the engine's reason when it is not, with the
builder's buttons (out of band: each shown only when what it would post would be
played, else what is missing in its place). Without
JavaScript the builder's "Check" button posts here and gets the whole game page back
with the groups kept and the answer shown. It changes nothing either way.
"""

from django.http import Http404, HttpResponseForbidden
from django.shortcuts import redirect
from django.views.decorators.http import require_http_methods, require_POST

from tables import views
from tables.actions import errors, hand_arrangement

from .builder import builder_offers
from .engine.drafts import check_draft
from .forms import draft_from, has_ticks


def _table_and_seat(request, game_id: int):
    """The Cap-It table this user may see, and their seat at it (None for anyone else)."""
    game = views.visible_game_or_404(request, game_id)
    if game.kind != "capit":
        raise Http404("This table does not play Cap-It.")
    return game, game.seat_of(request.user) if request.user.is_authenticated else None


def _judge(game, me: int, draft: dict) -> dict:
    by_index = {s.index: s.name for s in game.seat_list}

    def name_of(index: int) -> str:
        return by_index.get(index, f"Seat {index + 1}")

    view = game.rules.view(game.state, me)
    legal = game.rules.legal_moves(game.state, me)
    return {
        "lines": check_draft(view, draft, name_of, me),
        "go": builder_offers(game, view, me, draft, legal, name_of),
    }


@require_http_methods(["GET", "POST"])
def check(request, game_id: int):
    return views.builder_check(request, game_id, "capit", draft_from, _judge, "capit/_builder_answer.html")


@require_POST
def hand_order(request, game_id: int):
    """Sort my hand by suit or by rank (`hand_arrangement.arrange_hand`), keeping the builder's
    ticks, which htmx sends along: the table comes back sorted with them."""
    game, seat = _table_and_seat(request, game_id)
    if seat is None:
        return HttpResponseForbidden("Only the players of this game sort its hand.", content_type="text/plain")
    try:
        hand_arrangement.arrange_hand(request.user, game.pk, sort=request.POST.get("sort", ""))
    except errors.ServiceError as exc:
        return views.render_game(request, game, status=exc.status, error=exc.message)
    if not request.htmx:
        return redirect(game)
    game = views.visible_game_or_404(request, game_id)  # its seats again, the sort on mine
    draft = draft_from(request.POST)
    if has_ticks(draft):
        request.capit_draft = draft
    return views.render_game(request, game)
