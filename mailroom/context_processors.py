"""Whether every page's header links to the outbox (the embedded default keeps mail there)."""

from mailroom.outbox import outbox_enabled


def outbox_link(request):
    return {"outbox_enabled": outbox_enabled()}
