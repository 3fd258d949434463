import logging

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import closing, confirmation, export, locks, throttle
from .client import client_ip
from .forms import (
    COMMON_ZONES,
    AbsenceForm,
    ClockForm,
    CloseAccountForm,
    ConfirmedAddressResetForm,
    PlayForm,
    ProfileForm,
    SignUpForm,
)
from .login_throttle import attempted_username
from .models import ABSENCE_DAYS_PER_YEAR, ABSENCE_MAX_DAYS, days_left
from .names import hold_names
from .signals import answers, password_reset_asked, profile_shown

logger = logging.getLogger(__name__)


def signup(request):
    if request.user.is_authenticated:
        return redirect("lobby")
    form = SignUpForm(request.POST or None)
    if request.method != "POST":
        return render(request, "registration/signup.html", {"form": form})
    with transaction.atomic():
        hold_names()  # two sign-ups at once cannot both pass the checks with one name
        if not form.is_valid():
            return render(request, "registration/signup.html", {"form": form})
        if not throttle.take("signup", client_ip(request), settings.SIGNUP_LIMIT):
            refused = "Too many new accounts from your network in the last hour. Try again later."
            return render(request, "registration/signup.html", {"form": form, "refused": refused}, status=429)
        user = form.save()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, f"Welcome, {user.name}! Create a table or join one.")
    if not user.email:
        messages.info(request, NO_ADDRESS)
    if user.email:
        _mail_confirmation(request, user)
    return redirect("lobby")


NO_ADDRESS = (
    "Without a mail address you get no mail when it is your turn, nor a way to reset a forgotten "
    "password; add one on your profile whenever you like."
)


@login_required
def profile(request):
    # Read before the form is bound: a refused change must not show as the current address.
    address = _address_status(request.user)
    before = (request.user.name, request.user.email_notifications)
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST":
        with transaction.atomic():
            hold_names()  # a new name, checked and saved before another can take it
            user = form.save() if form.is_valid() else None
        if user is not None:
            messages.success(request, _saved(before, user))
            if "email" in form.changed_data and user.email:
                _mail_confirmation(request, user)
            return redirect("profile")
    return profile_page(request, form=form, address=address)


def profile_page(request, status: int = 200, **forms):
    """The profile with its forms, any of them bound by the request that failed (the
    absences' views, tables/views_absences.py, show it too). Its sections kept above
    accounts (the API tokens) come from their apps (accounts/signals.py, `profile_shown`)."""
    user = request.user
    if "address" not in forms:
        user.refresh_from_db()  # a refused form must not show its values as saved
    now = timezone.now()
    context = {
        "form": ProfileForm(instance=user),
        "address": _address_status(user),
        "clock_form": ClockForm(instance=user),
        "play_form": PlayForm(instance=user),
        "absence_form": AbsenceForm(),
        "absences": user.absences.filter(over=False),
        "absence_days_left": max(0, days_left(user, user.today(now))),
        "absence_limits": {"days": ABSENCE_MAX_DAYS, "per_year": ABSENCE_DAYS_PER_YEAR},
        "time_zones": COMMON_ZONES,
        **answers(profile_shown, user),
        **forms,
    }
    return render(request, "accounts/profile.html", context, status=status)


@login_required
@require_POST
def profile_clock(request):
    """The time zone, quiet hours and digest hour."""
    form = ClockForm(request.POST, instance=request.user)
    if not form.is_valid():
        return profile_page(request, clock_form=form, status=400)
    user = form.save()
    messages.success(request, f"Saved: your time zone ({user.time_zone}), quiet hours and digest hour.")
    return redirect("profile")


@login_required
@require_POST
def profile_play(request):
    """The play preferences: whether a discard asks for a second press."""
    form = PlayForm(request.POST, instance=request.user)
    if not form.is_valid():
        return profile_page(request, play_form=form, status=400)
    user = form.save()
    messages.success(request, f"Saved: ask before a discard — {user.get_confirm_discards_display().lower()}.")
    return redirect("profile")


# What saving the profile says of a new mail choice.
MAIL_CHOICE_SAID = {
    "turn": "You now get a mail when it is your turn.",
    "digest": "You now get one daily digest.",
    "off": "You now get no game mail.",
}


def _saved(before: tuple[str, str], user) -> str:
    """ "Saved.", and only what changed of what others see and of the mail choice."""
    name, mail = before
    said = ["Saved."]
    if user.name != name:
        said.append(f"Other players now see you as {user.name}.")
    if user.email_notifications != mail:
        said.append(MAIL_CHOICE_SAID[user.email_notifications])
    return " ".join(said)


@login_required
@require_POST
def send_confirmation(request):
    """ "Send the link again" on the profile."""
    if not request.user.email or request.user.email_confirmed:
        messages.info(request, "There is no address waiting for its confirmation.")
    else:
        _mail_confirmation(request, request.user)
    return redirect("profile")


@require_http_methods(["GET", "POST"])
def confirm_address(request, token: str):
    """GET (a mail scanner, or the player) shows a button and changes nothing; its POST
    confirms the address the link names, if the account still has it."""
    try:
        user = confirmation.user_for_link(token)
    except confirmation.LinkRefused as refused:
        return render(request, "accounts/confirm_address.html", {"refused": refused.message}, status=refused.status)
    if request.method == "POST" and not user.email_confirmed:
        granted = confirmation.confirm_address(user)
        news = f" {granted} starting chips are on your account." if granted else ""
        messages.success(request, f"Your address {user.email} is confirmed.{news}")
        return redirect(request.path)
    return render(
        request,
        "accounts/confirm_address.html",
        {
            "email": user.email,
            "confirmed": user.email_confirmed,
            "action": request.path,
            "starting_chips": confirmation.chips_waiting(user),
        },
    )


# Downloads of one's data an hour: each reads every game, entry and line of the account.
DATA_DOWNLOADS_PER_HOUR = 10


@login_required
@require_GET
@never_cache
def download_data(request):
    """A JSON copy of what the site keeps about the signed-in player (accounts.export)."""
    if not throttle.take("data-download", str(request.user.pk), DATA_DOWNLOADS_PER_HOUR):
        messages.error(request, "You downloaded your data several times this hour: try again later.")
        return profile_page(request, status=429)
    answer = JsonResponse(
        export.personal_data(request.user), encoder=DjangoJSONEncoder, json_dumps_params={"indent": 1}
    )
    answer["Content-Disposition"] = f'attachment; filename="capitalla-{request.user.pk}.json"'
    return answer


@login_required
@require_http_methods(["GET", "POST"])
def close_account(request):
    """What closing the account does, and the form that does it: the password again and
    a tick, then the account closes and this session ends with it."""
    form = CloseAccountForm(request.user, request.POST or None)
    status = 400 if request.method == "POST" else 200
    if request.method == "POST" and form.is_valid():
        try:
            closing.close_account(request.user)
        except closing.ClosingRefused as refused:  # a table refused; all of it stays as it was
            form.add_error(None, f"Your account is still open: {refused.message}")
            status = refused.status
        else:
            logout(request)
            messages.success(request, "Your account is closed. Thank you for playing.")
            return redirect("lobby")
    context = {"form": form, **closing.what_closing_does(request.user)}
    return render(request, "accounts/close_account.html", context, status=status)


@login_required
def password_changed(request):
    messages.success(request, "Your password is changed.")
    return redirect("profile")


class Login(auth_views.LoginView):
    """One sign-in at a time per username. Tries at once each read the lockout's count
    before any of them was recorded (found by a QA pass: 41 at once checked up to 9
    passwords where 5 lock the account), so tries of one username wait for each other,
    and each reads the count the one before it left. One that waited LOGIN_WAIT seconds
    (a burst) is refused, counted nowhere; a double press only waits for the first."""

    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username = attempted_username(request, None) or ""
        with transaction.atomic():
            if locks.hold(f"login:{username.casefold()}", within=LOGIN_WAIT):
                return super().post(request, *args, **kwargs)
        form = self.form_class(request, initial={"username": username})
        context = self.get_context_data(form=form, refused=ONE_LOGIN_AT_A_TIME)
        return self.render_to_response(context, status=429)


# How long a sign-in waits for another of the same username (a normal one takes well
# under a second: the password's hash).
LOGIN_WAIT = 3
ONE_LOGIN_AT_A_TIME = "Other sign-ins to this account are under way: try again in a moment."


class Logout(auth_views.LogoutView):
    """Log out, and say so on the page it lands on. The message is added after the session
    is flushed, so it rides on the messages cookie to the next page."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        messages.info(request, "You are logged out.")
        return response


class ResetFormMailingARow(ConfirmedAddressResetForm):
    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        # A mail row like every mail (mailroom/notifications/), so one the mail server
        # refuses is tried again rather than lost; sent by the mail worker, not in here.
        password_reset_asked.send(sender=type(context["user"]), user=context["user"])


class PasswordReset(auth_views.PasswordResetView):
    """A link to choose a new password, mailed to the confirmed address saved in the
    profile. The link points at SITE_URL, never at whatever host the request named."""

    template_name = "registration/password_reset.html"
    form_class = ResetFormMailingARow


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """The new password from a mailed link. It also lifts the account's login lockout:
    whoever locked it by guessing (anyone may) cannot keep its owner out once the owner
    has proved they read its mail."""

    template_name = "registration/password_reset_confirm.html"

    def form_valid(self, form):
        answer = super().form_valid(form)
        # Every spelling its owner may have typed ("Hank" for "hank"): those failures
        # lock their network too. The table is axes' (AXES_HANDLER: the database's).
        AccessAttempt.objects.filter(username__iexact=form.user.get_username()).delete()
        return answer


class PasswordResetSent(auth_views.PasswordResetDoneView):
    template_name = "registration/password_reset_sent.html"


def _address_status(user) -> dict:
    return {"email": user.email, "confirmed": user.email_confirmed, "chips_waiting": confirmation.chips_waiting(user)}


def _mail_confirmation(request, user) -> None:
    try:
        sent = confirmation.send_confirmation(user)
    except Exception:  # a mail server that is down must not lose the sign-up or the change
        logger.exception("could not mail the confirmation link to user %s", user.pk)
        messages.warning(
            request, "We could not mail the confirmation link just now. Send it again from your profile in a while."
        )
        return
    if sent:
        messages.info(request, f"A link is on its way to {user.email}: follow it to confirm the address.")
    else:
        messages.warning(request, "You asked for several links lately: wait an hour before asking again.")
