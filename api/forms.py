from django import forms

from api.models import READ, SCOPES


class TokenForm(forms.Form):
    """The profile's "Create a token" form (its fields prefixed: the profile's own form
    has a current password too)."""

    PREFIX = "token"

    name = forms.CharField(label="Token name", max_length=40, required=False, help_text="To tell your tokens apart.")
    scopes = forms.MultipleChoiceField(
        label="Scopes",
        choices=[(scope, scope) for scope in SCOPES],
        initial=[READ],
        widget=forms.CheckboxSelectMultiple,
        help_text="read: see your games. play: move, resign, chat, open, join and start tables for you. "
        "stakes: with play, do so at tables with an ante, where chips are won and lost.",
    )
    current_password = forms.CharField(
        label="Your current password",
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text="A token works until you revoke it: only you may make one.",
    )
