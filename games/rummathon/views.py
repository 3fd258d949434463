"""Rummathon's own view: the group builder's check (`tables.views.builder_check`).

htmx asks it on every change of the builder whether each group is a valid set, run or
colour group (the engine's reason when not) and whether the groups make my next
sequence, and gets the builder's button back with the answer (out of band: shown only
when what it would post would be played, else what is missing in its place); without
JavaScript the builder's "Check" button gets the whole page back with the groups kept
and the answer shown. It changes nothing either way.
"""

from django.views.decorators.http import require_http_methods

from tables import views

from .builder import draft_from, lay_down_offer
from .engine.drafts import check_draft


def _judge(game, me: int, draft: dict) -> dict:
    view = game.rules.view(game.state, me)
    legal = game.rules.legal_moves(game.state, me)
    return {"lines": check_draft(view, draft, me), "go": lay_down_offer(game, view, me, draft, legal)}


@require_http_methods(["GET", "POST"])
def check(request, game_id: int):
    return views.builder_check(request, game_id, "rummathon", draft_from, _judge, "rummathon/_builder_answer.html")
