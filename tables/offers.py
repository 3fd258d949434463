"""What a table's page may offer: the move a control would post, judged by the very code
that would play it (the game's move form, then `rules.apply` on the position), so that a
page shows a button only for a move it would accept, and otherwise says in its place what
is missing."""

from django.http import QueryDict

from engine.base import IllegalMove
from tables.forms import move_form


def refusal(game, seat: int, fields: list[tuple[str, str]]) -> str | None:
    """Why the move these form fields post (without the version) would be refused now, in
    the words the player would read after pressing; None when it would be played."""
    data = QueryDict(mutable=True)
    for name, value in fields:
        data.appendlist(name, value)
    data["version"] = str(game.version)
    form = move_form(game.kind, data)
    if not form.is_valid():
        return form.error_message()
    try:
        game.rules.apply(game.state, seat, form.move)
    except IllegalMove as refused:
        return refused.reason
    return None
