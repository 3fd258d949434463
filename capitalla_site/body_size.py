"""How big a request's body is, asked before anything parses it: the API and the
inbound-mail webhook each refuse a body over their own limit with a 413."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig


def body_size(request) -> int:
    """The body's size in bytes: its Content-Length; or, sent in chunks without one, the
    size of what was read (the ASGI server takes such a body whole before Django runs,
    Django refusing past DATA_UPLOAD_MAX_MEMORY_SIZE, counted here as one byte more; WSGI
    reads it as empty). ValueError when Content-Length is not a number."""
    declared = request.headers.get("Content-Length")
    if declared is not None:
        return int(declared)
    try:
        return len(request.body)
    except RequestDataTooBig:
        return settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1
