"""The pages mail leads to: the magic-link landing page, one-click unsubscribe, and the
outbox where the embedded default keeps mail instead of sending it (and its reply box);
and the webhook where a hosted inbound-mail service posts the replies it receives.

Mail scanners fetch links: no GET here logs anyone in or changes anything. The landing
page and the unsubscribe page show a button; only its POST acts. A link's POST opens a
session for its game only (mailroom/scoped_sessions.py) and uses the link up.
"""

import base64

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.crypto import constant_time_compare
from django.views.decorators.csp import csp_override
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from capitalla_site.body_size import body_size
from mailroom import magic_links, scoped_sessions
from mailroom.inbound.message import MAX_MESSAGE_BYTES
from mailroom.inbound.receive import receive
from mailroom.models import OutboxMessage
from mailroom.notifications.links import user_from_unsubscribe_token
from mailroom.outbox import outbox_enabled, reply_as_mail
from tables.models import Game


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
            "mailroom/magic_link.html",
            {
                "title": genuine and game.title,
                "refused": refused.reason,
                "game_url": game.get_absolute_url() if genuine else "/",
            },
            status=refused.status,
        )
    title = game.title
    if request.method == "POST":
        return redirect(game)  # signed in now, or already signed in as the link's user
    return render(
        request,
        "mailroom/magic_link.html",
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
    return render(request, "mailroom/outbox.html", {"mails": mails, "kept_here": outbox_enabled()})


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


@login_required
@require_POST
def outbox_reply(request, mail_id: int):
    """The reply box under a mail in the outbox: the text goes out as a reply from the
    user's address to the mail's Reply-To, through the same reading and checks as a mail
    the site receives; the answer comes back into the outbox."""
    mail = get_object_or_404(OutboxMessage, pk=mail_id, user=request.user)
    if not (outbox_enabled() and mail.headers.get("Reply-To")):
        raise Http404("This mail takes no reply here.")
    text = request.POST.get("text", "")[:5000]
    received = receive(reply_as_mail(mail, request.user, text))
    level = messages.SUCCESS if received.status == "played" else messages.WARNING
    messages.add_message(request, level, f"Reply sent: {received.detail.lower()}. The answer is in your outbox.")
    return redirect("outbox")


@csrf_exempt  # a service posts here with the shared secret, not a browser with a session
@require_POST
def inbound_mail(request):
    """Where a hosted inbound-mail service posts each mail it receives for the game's
    domain: the raw MIME message as the body (Content-Type message/rfc822 or any), or as
    the form field "email" (SendGrid's raw mode) or "body-mime" (Mailgun). The secret
    MAIL_IN_SECRET comes as a bearer token or as Basic auth's password; with none set the
    endpoint does not exist. A permanent refusal answers 200 with its reason, so the
    service does not post it again; a failure of ours, 5xx, so that it does."""
    if not settings.MAIL_IN_SECRET:
        raise Http404("No inbound mail here.")
    if not constant_time_compare(_secret_sent(request), settings.MAIL_IN_SECRET):
        return JsonResponse({"error": "Wrong or missing secret."}, status=403)
    try:
        size = body_size(request)
    except ValueError:
        return JsonResponse({"error": "The Content-Length header is not a number."}, status=400)
    if size > MAX_MESSAGE_BYTES:
        return JsonResponse({"error": "Message too big."}, status=413)
    if request.content_type == "multipart/form-data" or request.content_type == "application/x-www-form-urlencoded":
        field = request.POST.get("email") or request.POST.get("body-mime") or ""
        raw = field.encode("utf-8", "surrogateescape")
    else:
        raw = request.body
    if not raw.strip():
        return JsonResponse({"error": "No message in the request."}, status=400)
    received = receive(raw, [request.POST.get("recipient", "")] if request.POST.get("recipient") else [])
    if received.status == "too_big":
        return JsonResponse({"error": received.detail}, status=413)
    return JsonResponse({"status": received.status, "detail": received.detail})


def _secret_sent(request) -> str:
    kind, _, credentials = request.headers.get("Authorization", "").partition(" ")
    if kind.lower() == "bearer":
        return credentials.strip()
    if kind.lower() == "basic":
        try:
            return base64.b64decode(credentials).decode().partition(":")[2]
        except (ValueError, UnicodeDecodeError):
            return ""
    return ""
