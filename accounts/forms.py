from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import User


class SignUpForm(UserCreationForm):
    """Username, display name, an optional mail address and the password twice."""

    display_name = forms.CharField(
        max_length=40, required=False,
        help_text="How other players see you. Leave empty to use your username.",
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name", "email")
        help_texts = {"email": "Optional: where game mail goes, and a link to a new password if you forget "
                               "yours. Other players never see it."}

    def clean_display_name(self):
        return self.cleaned_data["display_name"].strip()


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name", "email", "email_notifications")
        widgets = {"email_notifications": forms.RadioSelect}
        help_texts = {
            "display_name": "How other players see you. Leave empty to use your username.",
            "email": "Where game mail goes. Other players never see it.",
            "email_notifications": "Every mail has a link straight back to your game and a one-click unsubscribe.",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A request without the choice keeps the current one.
        self.fields["email_notifications"].required = False

    def clean_display_name(self):
        return self.cleaned_data["display_name"].strip()

    def clean_email_notifications(self):
        return self.cleaned_data.get("email_notifications") or self.instance.email_notifications
