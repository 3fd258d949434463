"""The text part of a mail, readable in a 72-column client: `{% filter mail_wrap %}` wraps
what it holds as `mailroom.mail_position.wrap_text` does ("- " items hang under their text)."""

from django import template

from mailroom.mail_position import wrap_text

register = template.Library()


@register.filter(is_safe=True)
def mail_wrap(text: str) -> str:
    return wrap_text(text).rstrip("\n")
