"""Pages tell dates and hours in the signed-in player's own time zone (the profile's
"Time zone"); mails do too (mailroom.notifications). Anonymous visitors read UTC.

The zone is set when a page renders (a context processor, run by every `render`), not at
the start of each request: a request that renders nothing (an unchanged poll's 204)
never looks up who it is, and pays nothing. The middleware puts UTC back after every
request, so a server thread never lends one player's zone to the next request.
"""

from django.utils import timezone


def player_time_zone(request):
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        timezone.activate(user.time_zone)
    return {}


class PlayerTimeZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
