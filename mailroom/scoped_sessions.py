"""Sessions a magic link opened see one game and nothing else.

Such a session is marked with the link and its game. Outside that game's own pages the
middleware presents the request as anonymous, so every page that needs an account asks
for a normal sign-in (and a leaked link cannot reach the profile, the outbox's other
links, the chips or the owner's other games). A normal sign-in drops the mark; a revoked
link (its owner signed out elsewhere, or changed their password) ends the session.
"""

from functools import cache

from asgiref.sync import sync_to_async
from django.contrib.auth import login
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.urls import Resolver404, resolve
from django.utils.functional import SimpleLazyObject

from mailroom import magic_links
from tables.plugins import PLUGINS

SESSION_KEY = "_game_link"  # {"link": <MagicLink id>, "game": <Game id>}

# What a link's session may do at its own game: see it (poll it, follow its news), move,
# sort or drag its hand, chat, resign, ask for extra time, come back from a bot, read the
# history and the replay, and use the game's own pages (its plugin's URLs, in the
# namespace of its slug, e.g. a meld builder). Matched on the resolved URL name and its
# `game_id`.
GAME_URL_NAMES = frozenset(
    {
        "game",
        "live",
        "move",
        "arrange_hand",
        "chat",
        "resign",
        "extra_time",
        "come_back",
        "history",
        "replay",
        "magic_link",
    }
)
# ... and anywhere: sign out.
ANYWHERE_URL_NAMES = frozenset({"logout"})


def open_session(request, link) -> None:
    """Sign `link.user` in for `link.game` only."""
    login(request, link.user)  # user_logged_in drops the mark of an earlier link first
    request.session[SESSION_KEY] = {"link": link.pk, "game": link.game_id}


@receiver(user_logged_in)
def drop_scope(sender, request, user, **kwargs):
    """Any sign-in starts unscoped: a password sign-in gives the whole account back."""
    if request is not None and hasattr(request, "session"):
        request.session.pop(SESSION_KEY, None)


def _allowed(path: str, game_id: int) -> bool:
    try:
        match = resolve(path)
    except Resolver404:
        return False
    own_page = match.view_name in GAME_URL_NAMES or (match.namespaces and match.namespaces[0] in PLUGINS)
    return match.view_name in ANYWHERE_URL_NAMES or (own_page and match.kwargs.get("game_id") == game_id)


class GameScopedSessionMiddleware:
    """After AuthenticationMiddleware. Lazy like `request.user`: a request that never asks
    who it is (an unchanged poll) pays nothing; other sessions pay nothing more; a scoped
    one, one query for its link. On the game's own pages `request.scoped_game_id` is the
    game (the header then says "Signed in for this game only"), elsewhere it is None."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        account = request.user
        presented = cache(lambda: self.present(request, account))
        request.user = SimpleLazyObject(lambda: presented()[0])
        request.scoped_game_id = SimpleLazyObject(lambda: presented()[1])

        async def auser():  # the async twin of request.user must not see more
            return (await sync_to_async(presented)())[0]

        request.auser = auser
        return self.get_response(request)

    @staticmethod
    def present(request, account) -> tuple:
        """(the user this request acts as, the game its session is scoped to or None)."""
        scope = request.session.get(SESSION_KEY)
        if scope is None or not account.is_authenticated:
            return account, None
        if not magic_links.is_live(scope["link"]):
            request.session.flush()  # not logout(): that would revoke links mailed since
            return AnonymousUser(), None
        if _allowed(request.path_info, scope["game"]):
            return account, scope["game"]
        return AnonymousUser(), None
