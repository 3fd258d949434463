"""The site as an ASGI application: what gunicorn's uvicorn workers (docs/operators.md, Production)
and `run_site` serve, so that a page's stream of news (live/) holds no thread."""

import os

from django.core.asgi import get_asgi_application

from capitalla_site.db_timeouts import bound

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "capitalla_site.settings")
bound("web")  # before the first connection: the pool opens every connection with them
django_application = get_asgi_application()  # sets Django up: imported after it

from live.streams import with_live_streams  # noqa: E402

application = with_live_streams(django_application)
