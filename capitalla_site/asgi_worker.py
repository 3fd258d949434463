"""gunicorn's worker for the site (docs/operators.md, Production): uvicorn, serving the ASGI
application so that a page's live stream holds no thread.

The site reads the proxy's headers itself (TRUSTED_PROXIES, BEHIND_TLS_PROXY in
settings.py), so uvicorn must not rewrite the client address and scheme from them first;
no lifespan events (Django has none) and no Server header."""

from uvicorn_worker import UvicornWorker


class Worker(UvicornWorker):
    CONFIG_KWARGS = {**UvicornWorker.CONFIG_KWARGS, "proxy_headers": False, "lifespan": "off", "server_header": False}
