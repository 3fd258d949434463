"""The profile's API tokens: create one (its secret shown once, on the answer to the
POST) and revoke one. Session views, for a normal sign-in only: a magic link's session is
anonymous here (mailroom/scoped_sessions.py), and creating a token, a credential that
outlives the session, asks for the password as changing the mail address does."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from accounts.passwords import TOO_MANY, current_password_checked
from api import tokens
from api.forms import TokenForm


def profile_section(user) -> dict:
    """What the profile's token section shows: the user's tokens, the scopes, the cap."""
    return {
        "tokens": [
            {
                "id": t.pk,
                "name": t.name,
                "prefix": t.prefix,
                "scopes": t.scopes,
                "created_at": t.created_at,
                "last_used_at": t.last_used_at,
            }
            for t in user.api_tokens.all()
        ],
        "form": TokenForm(prefix=TokenForm.PREFIX),
        "limit": settings.API_TOKEN_LIMIT,
    }


@never_cache
@login_required
@require_POST
def create(request):
    form = TokenForm(request.POST, prefix=TokenForm.PREFIX)
    if not form.is_valid():
        messages.error(
            request, "The token was not created: " + " ".join(e for errors in form.errors.values() for e in errors)
        )
        return redirect("profile")
    checked = current_password_checked(request.user, form.cleaned_data["current_password"])
    if checked is None:
        messages.error(request, f"The token was not created. {TOO_MANY}")
        return redirect("profile")
    if not checked:
        messages.error(request, "Wrong password: the token was not created.")
        return redirect("profile")
    try:
        token, secret = tokens.create(request.user, form.cleaned_data["name"], form.cleaned_data["scopes"])
    except tokens.TokenRefused as exc:
        messages.error(request, exc.message)
        return redirect("profile")
    # Rendered, not redirected to: the secret is in this answer only, never stored.
    return render(request, "api/token_created.html", {"token": token, "secret": secret, "site_url": settings.SITE_URL})


@login_required
@require_POST
def revoke(request, token_id: int):
    if tokens.revoke(request.user, token_id):
        messages.success(request, "The token is revoked: it no longer works.")
    else:
        messages.error(request, "No such token.")
    return redirect("profile")
