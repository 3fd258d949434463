"""The pages mail leads to: the magic-link landing page, one-click unsubscribe, and the
outbox where the embedded default keeps mail instead of sending it.

Mail scanners fetch links: no GET here logs anyone in or changes anything. The landing
page and the unsubscribe page show a button; only its POST acts.
"""

from datetime import timedelta

from django.contrib.auth import login
from django.core import signing
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.csp import csp_override
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods
from sesame.utils import get_user

from games.models import Game, OutboxMessage
from games.notifications import game_scope, user_from_unsubscribe_token

# Long enough to tell "expired" from "not a valid link"; the real limit is SESAME_MAX_AGE.
_ANY_AGE = timedelta(days=3650)


@require_http_methods(["GET", "POST"])
def magic_link(request, game_id: int):
    """GET: check the link and show a "Continue to your game" button (nothing else).
    POST (the button): log in as the link's user and go to the game."""
    game = Game.objects.filter(pk=game_id).only("pk", "kind").first()
    if game is None:
        raise Http404("No such table.")
    scope = game_scope(game.pk)
    user = get_user(request, scope=scope, update_last_login=False)
    if user is None:
        expired = "sesame" in request.GET and get_user(request, scope=scope, max_age=_ANY_AGE,
                                                         update_last_login=False) is not None
        context = {"title": f"{game.rules.info.name} #{game.pk}", "expired": expired, "game_url": game.get_absolute_url()}
        return render(request, "games/magic_link.html", context, status=410 if expired else 403)
    if request.method == "GET":
        return render(request, "games/magic_link.html", {
            "title": f"{game.rules.info.name} #{game.pk}", "user_name": user.name, "action": request.get_full_path(),
            "signed_in_as_other": request.user.is_authenticated and request.user.pk != user.pk,
        })
    login(request, user)  # the sesame backend set user.backend
    return redirect(game)


@csrf_exempt  # one-click unsubscribe (RFC 8058): mail clients POST without our CSRF token
@require_http_methods(["GET", "POST"])
def unsubscribe(request, token: str):
    """GET shows a confirm button; POST (the button, or a mail client's one-click POST)
    turns all game mail off. No login: the signed token names the user, so the page names
    no one (it would show a stranger holding the link whose address it is)."""
    try:
        user = user_from_unsubscribe_token(token)
    except signing.SignatureExpired:
        return render(request, "accounts/unsubscribe.html", {"expired": True}, status=410)
    if user is None:
        return render(request, "accounts/unsubscribe.html", {"invalid": True}, status=400)
    if request.method == "POST":
        user.email_notifications = user.Mail.OFF
        user.save(update_fields=["email_notifications"])
        return render(request, "accounts/unsubscribe.html", {"done": True})
    return render(request, "accounts/unsubscribe.html", {"action": request.path})


@login_required
@require_GET
def outbox(request):
    """The logged-in user's own mail, newest first (embedded default: nothing is sent)."""
    mails = OutboxMessage.objects.filter(user=request.user)[:50]
    return render(request, "games/outbox.html", {"mails": mails})


@login_required
@require_GET
@csp_override({"default-src": ["'none'"], "style-src": ["'unsafe-inline'"], "img-src": ["'self'", "data:"],
               "script-src": ["'none'"], "form-action": ["'none'"], "frame-ancestors": ["'none'"],
               "sandbox": ["allow-popups", "allow-top-navigation"]})
def outbox_html(request, mail_id: int):
    """One mail's HTML part as a mail client would show it: its inline styles allowed,
    no script, sandboxed."""
    mail = get_object_or_404(OutboxMessage, pk=mail_id, user=request.user)
    if not mail.html:
        raise Http404("This mail has no HTML part.")
    return HttpResponse(mail.html, content_type="text/html; charset=utf-8")
