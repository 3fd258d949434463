from django import template
from django.conf import settings

from api.forms import TokenForm

register = template.Library()


@register.simple_tag
def api_tokens_of(user) -> dict:
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
