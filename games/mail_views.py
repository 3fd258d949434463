"""The pages mail leads to: the magic-link landing page, one-click unsubscribe, and the
outbox where the embedded default keeps mail instead of sending it.

Mail scanners fetch links: no GET here logs anyone in or changes anything. The landing
page and the unsubscribe page show a button; only its POST acts. A link's POST opens a
session for its game only (games/scoped_sessions.py) and uses the link up.
"""

from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.csp import csp_override
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods

from games import magic_links, scoped_sessions
from games.mail import outbox_enabled
from games.models import Game, OutboxMessage
from games.notifications import user_from_unsubscribe_token


@require_http_methods(["GET", "POST"])
def magic_link(request, game_id: int, link_id: int):
    """GET: check the link and show a "Continue to your game" button (nothing else).
    POST (the button): use the link up and sign its user in for this game only."""
    game = Game.objects.filter(pk=game_id).only("pk", "kind", "status").first()
    try:
        if game is None:
            raise magic_links.LinkRefused("invalid")
        link = magic_links.check_link(request, game, link_id)
        if request.method == "POST" and request.user != link.user:
            magic_links.claim(link)
            scoped_sessions.open_session(request, link)
    except magic_links.LinkRefused as refused:
        # Only the holder of a genuine link (used, expired, revoked) learns which table it
        # is for; any other answer is the same whether the table exists or not.
        genuine = refused.reason != "invalid"
        return render(
            request,
            "games/magic_link.html",
            {
                "title": genuine and f"{game.rules.info.name} #{game.pk}",
                "refused": refused.reason,
                "game_url": game.get_absolute_url() if genuine else "/",
            },
            status=refused.status,
        )
    title = f"{game.rules.info.name} #{game.pk}"
    if request.method == "POST":
        return redirect(game)  # signed in now, or already signed in as the link's user
    return render(
        request,
        "games/magic_link.html",
        {
            "title": title,
            "user_name": link.user.name,
            "action": request.get_full_path(),
            "signed_in_as_other": request.user.is_authenticated and request.user != link.user,
        },
    )


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
    """The logged-in user's own mail, newest first (embedded default: nothing is sent). With
    a mail server it says where mail goes, and lists any kept from before."""
    mails = OutboxMessage.objects.filter(user=request.user)[:50]
    return render(request, "games/outbox.html", {"mails": mails, "kept_here": outbox_enabled()})


@login_required
@require_GET
@csp_override(
    {
        "default-src": ["'none'"],
        "style-src": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "script-src": ["'none'"],
        "form-action": ["'none'"],
        "frame-ancestors": ["'none'"],
        "sandbox": ["allow-popups", "allow-top-navigation"],
    }
)
def outbox_html(request, mail_id: int):
    """One mail's HTML part as a mail client would show it: its inline styles allowed,
    no script, sandboxed."""
    mail = get_object_or_404(OutboxMessage, pk=mail_id, user=request.user)
    if not mail.html:
        raise Http404("This mail has no HTML part.")
    return HttpResponse(mail.html, content_type="text/html; charset=utf-8")
