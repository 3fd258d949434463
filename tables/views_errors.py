"""The site's own error pages, with its header and a way back to the lobby, with `DEBUG`
off: 404 (says what was not found when one of our views said so; an htmx request gets
the table's "gone" line in place of the table, not a page inside it), and
the page of a form refused by the CSRF check, and 500, or 503 when the database did not
answer in time: its pool had no connection to lend, or a statement or a lock wait ran
past its bound (capitalla_site/db_timeouts.py). 403 is Django's own view with our `403.html`."""

import sys

from django.http import Http404, HttpResponseServerError
from django.middleware.csrf import REASON_NO_CSRF_COOKIE
from django.shortcuts import render
from django.template import loader

from capitalla_site.db_timeouts import database_busy
from tables.views import not_found_partial


def page_not_found(request, exception):
    """Our views' Http404 messages are for players ("No such table."); a path no URL
    matches (Django's Resolver404) gets the template's words."""
    said = exception.args[0] if type(exception) is Http404 and exception.args else None
    message = said if isinstance(said, str) else None
    if getattr(request, "htmx", False):  # a poll or a move of a table that is gone: not a page in the table
        return not_found_partial(message or "This table is gone.")
    return render(request, "404.html", {"message": message}, status=404)


def csrf_failure(request, reason: str = ""):
    """CSRF_FAILURE_VIEW: a missing cookie and a stale token call for different fixes."""
    return render(request, "403_csrf.html", {"no_cookie": reason == REASON_NO_CSRF_COOKIE}, status=403)


def server_error(request):
    """handler500, called while the exception is handled. A request that waited for the
    database past its bounds (a burst larger than the pools, a lock held) changed nothing,
    its transaction rolled back: it gets 503 and a Retry-After, which clients and
    proxies read as "come back", not a 500. Rendered without the request, as Django's
    own: every context processor would ask the database again."""
    busy = database_busy(sys.exception())
    answer = HttpResponseServerError(loader.get_template("503.html" if busy else "500.html").render())
    if busy:
        answer.status_code = 503
        answer["Retry-After"] = "5"
    return answer
