"""What the API keeps of a player, for their account (accounts/signals.py asks, since
accounts do not import the API): the profile's token section, the tokens deleted when it
closes, and listed by name and prefix in their data download. Connected in
ApiConfig.ready."""

from django.dispatch import receiver

from accounts.signals import account_closing, personal_data_asked, profile_shown
from api.models import ApiToken
from api.views_tokens import profile_section


@receiver(profile_shown)
def token_section(sender, user, **kwargs) -> dict:
    return {"api": profile_section(user)}


@receiver(account_closing)
def delete_the_tokens(sender, user, **kwargs) -> None:
    ApiToken.objects.filter(user=user).delete()


@receiver(personal_data_asked)
def tokens_listed(sender, user, **kwargs) -> dict:
    return {
        "api_tokens": list(
            ApiToken.objects.filter(user=user)
            .order_by("id")
            .values("name", "prefix", "scopes", "created_at", "last_used_at")
        )
    }
