from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordChangeForm, PasswordResetForm, UserCreationForm
from django.utils import timezone

from . import throttle
from .addresses import normalised_address
from .models import User
from .names import CLOSED_USERNAME_PREFIX, check_name
from .passwords import TOO_MANY, current_password_checked
from .zone_names import time_zone_names, zone_named

NAME_HELP = "How other players see you. Leave empty to use your username."


class BrowserTimeZoneField(forms.CharField):
    """The zone the browser reports (static/js/browser-time-zone.js fills the hidden
    field): a guess, so a missing or unknown one is UTC, never a reason to refuse."""

    widget = forms.HiddenInput(attrs={"data-browser-time-zone": True})

    def clean(self, value):
        return value if isinstance(value, str) and value in time_zone_names() else "UTC"


class SignUpForm(UserCreationForm):
    """Username, display name, an optional mail address and the password twice; the time
    zone comes from the browser."""

    display_name = forms.CharField(max_length=40, required=False, help_text=NAME_HELP)
    time_zone = BrowserTimeZoneField(required=False)

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name", "email", "time_zone")
        help_texts = {
            "email": "Optional: where game mail goes, and a link to a new password if you forget "
            "yours. Other players never see it. Confirm it (we mail you a link) to get "
            "your starting chips."
        }

    def clean_username(self):
        username = super().clean_username()
        if username and username.casefold().startswith(CLOSED_USERNAME_PREFIX):  # None: taken (an error already)
            raise forms.ValidationError(
                f"Usernames starting with “{CLOSED_USERNAME_PREFIX}” are kept for closed accounts."
            )
        return username

    def clean_display_name(self):
        return self.cleaned_data["display_name"].strip()

    def clean(self):
        cleaned = super().clean()
        name = cleaned.get("display_name") or cleaned.get("username")
        if name and "display_name" not in self.errors:
            try:
                check_name(name)
            except forms.ValidationError as error:
                self.add_error(
                    "display_name",
                    error
                    if cleaned.get("display_name")
                    else f"Your username “{name}” cannot be your name: {error.message} Choose a display name.",
                )
        return cleaned


class ProfileForm(forms.ModelForm):
    current_password = forms.CharField(
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        required=False,
        strip=False,
        help_text="Needed only to change the mail address.",
    )

    class Meta:
        model = User
        fields = ("display_name", "email", "email_notifications")
        widgets = {"email_notifications": forms.RadioSelect}
        help_texts = {
            "display_name": NAME_HELP,
            "email": "Where game mail goes, once you confirm it. Other players never see it.",
            "email_notifications": "Every mail has a link straight back to your game and a one-click unsubscribe.",
        }

    field_order = ("display_name", "email", "current_password", "email_notifications")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A request without the choice keeps the current one.
        self.fields["email_notifications"].required = False

    def clean_display_name(self):
        display_name = self.cleaned_data["display_name"].strip()
        check_name(display_name or self.instance.username, self.instance)
        return display_name

    def clean_email_notifications(self):
        return self.cleaned_data.get("email_notifications") or self.instance.email_notifications

    def clean(self):
        cleaned = super().clean()
        # Password resets go to this address: whoever holds a session must not redirect them.
        if "email" in self.changed_data:
            password = cleaned.get("current_password")
            if not password:
                self.add_error("current_password", "Give your current password to change the mail address.")
            elif (checked := current_password_checked(self.instance, password)) is None:
                self.add_error("current_password", TOO_MANY)
            elif not checked:
                self.add_error("current_password", "Wrong password: the mail address stays as it was.")
        return cleaned


class CountedPasswordChangeForm(PasswordChangeForm):
    """Django's form, its old password checked within the account's tries."""

    def clean_old_password(self):
        checked = current_password_checked(self.user, self.cleaned_data["old_password"])
        if checked is None:
            raise forms.ValidationError(TOO_MANY, code="too_many")
        if not checked:
            raise forms.ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return self.cleaned_data["old_password"]


class CloseAccountForm(forms.Form):
    """The owner's password and their word that they mean it, before the account closes."""

    current_password = forms.CharField(label="Your password", widget=forms.PasswordInput, strip=False)
    understood = forms.BooleanField(label="I understand: the account cannot be opened again.")

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_current_password(self):
        checked = current_password_checked(self.user, self.cleaned_data["current_password"])
        if checked is None:
            raise forms.ValidationError(TOO_MANY, code="too_many")
        if not checked:
            raise forms.ValidationError("Wrong password: the account stays open.", code="password_incorrect")
        return self.cleaned_data["current_password"]


class ConfirmedAddressResetForm(PasswordResetForm):
    """A reset link goes only to an address its owner confirmed, and at most
    PASSWORD_RESET_LIMIT times an hour to one address. The page answers the same either way."""

    def get_users(self, email):
        return (user for user in super().get_users(email) if user.email_confirmed)

    def save(self, *args, **kwargs):
        if throttle.take(
            "password-reset", normalised_address(self.cleaned_data["email"]), settings.PASSWORD_RESET_LIMIT
        ):
            super().save(*args, **kwargs)


# The zones the profile's time zone field suggests; any IANA name, or a city, is accepted.
COMMON_ZONES = (
    "UTC",
    "Europe/London",
    "Europe/Lisbon",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Madrid",
    "Europe/Rome",
    "Europe/Athens",
    "Europe/Helsinki",
    "Europe/Moscow",
    "Africa/Cairo",
    "Africa/Lagos",
    "Africa/Johannesburg",
    "Asia/Dubai",
    "Asia/Kolkata",
    "Asia/Bangkok",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Pacific/Auckland",
    "America/Sao_Paulo",
    "America/Buenos_Aires",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Mexico_City",
)


class ClockForm(forms.ModelForm):
    """The player's time zone, quiet hours and digest hour."""

    digest_hour = forms.TypedChoiceField(
        label="Daily digest at",
        choices=[(hour, f"{hour:02d}:00") for hour in range(24)],
        coerce=int,
        help_text="Your local hour for the daily digest, if you chose it above.",
    )

    class Meta:
        model = User
        fields = ("time_zone", "quiet_from", "quiet_until", "digest_hour")
        labels = {"time_zone": "Time zone", "quiet_from": "Quiet hours from", "quiet_until": "Quiet hours until"}
        widgets = {
            "time_zone": forms.TextInput(attrs={"list": "time-zones", "autocomplete": "off"}),
            "quiet_from": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_until": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }
        help_texts = {
            "time_zone": "A city such as Paris, or a zone such as Europe/Paris: your dates and hours here are in it.",
            "quiet_until": "A turn mail or reminder that falls in them waits until they end. "
            "They may span midnight (22:00 until 07:00); leave both empty for none.",
        }

    def clean_time_zone(self):
        return zone_named(self.cleaned_data["time_zone"])

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("quiet_from"), cleaned.get("quiet_until")
        if (start is None) != (end is None) and not self.errors:
            raise forms.ValidationError("Give both ends of the quiet hours, or neither.")
        if start is not None and start == end:
            raise forms.ValidationError("Quiet hours end at another time than they start.")
        return cleaned

    def save(self, commit=True):
        user = super().save(commit=False)
        if user.digest_due_at is not None:  # the next digest moves to the new hour or zone
            user.digest_due_at = user.next_digest_at(timezone.now())
        if commit:
            user.save()
        return user


class PlayForm(forms.ModelForm):
    """How the table behaves for this player: whether a discard asks for a second press."""

    class Meta:
        model = User
        fields = ("confirm_discards",)
        widgets = {"confirm_discards": forms.RadioSelect}
        labels = {"confirm_discards": "Ask before a discard"}
        help_texts = {
            "confirm_discards": "The first press on a card marks it and asks; the second discards it.",
        }


class AbsenceForm(forms.Form):
    first_day = forms.DateField(label="First day away", widget=forms.DateInput(attrs={"type": "date"}))
    last_day = forms.DateField(
        label="Last day away",
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text="Both days included, in your time zone.",
    )
