from django import forms
from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm

from . import throttle
from .addresses import normalised_address
from .models import User
from .names import check_name

NAME_HELP = "How other players see you. Leave empty to use your username."


class SignUpForm(UserCreationForm):
    """Username, display name, an optional mail address and the password twice."""

    display_name = forms.CharField(max_length=40, required=False, help_text=NAME_HELP)

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name", "email")
        help_texts = {
            "email": "Optional: where game mail goes, and a link to a new password if you forget "
            "yours. Other players never see it. Confirm it (we mail you a link) to get "
            "your starting chips."
        }

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
            elif not self.instance.check_password(password):
                self.add_error("current_password", "Wrong password: the mail address stays as it was.")
        return cleaned


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
