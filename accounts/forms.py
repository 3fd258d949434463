from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import User


class SignUpForm(UserCreationForm):
    """Username, display name and the password twice."""

    display_name = forms.CharField(
        max_length=40, required=False,
        help_text="How other players see you. Leave empty to use your username.",
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name")

    def clean_display_name(self):
        return self.cleaned_data["display_name"].strip()


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("display_name",)
        help_texts = {"display_name": "How other players see you. Leave empty to use your username."}

    def clean_display_name(self):
        return self.cleaned_data["display_name"].strip()
