"""Refuse NUL characters at the door.

PostgreSQL cannot store or even compare text holding NUL (U+0000): a query with one
raises, and the request would end in a 500. Django's form fields refuse NUL, but URL
parameters, query strings, cookies and fields a view reads without a form reach the
database unchecked. No page has a use for NUL, so one check before any view answers 400.
"""

from django.http import HttpResponseBadRequest

NUL = "\x00"
MESSAGE = "This request holds a NUL character (\\x00), which no page of this site accepts."


def _holds_nul(request) -> bool:
    if NUL in request.path_info:
        return True
    for fields in (request.GET, request.POST):  # POST is parsed only for POST requests
        for name, values in fields.lists():
            if NUL in name or any(NUL in value for value in values):
                return True
    return any(NUL in name or NUL in value for name, value in request.COOKIES.items())


class RefuseNulBytesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if _holds_nul(request):
            return HttpResponseBadRequest(MESSAGE, content_type="text/plain; charset=utf-8")
        return self.get_response(request)
