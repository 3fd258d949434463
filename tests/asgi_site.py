"""The site under a real ASGI server (uvicorn, in a thread of the test process, on the
test database) and a small client of its streams of news (Server-Sent Events)."""

import asyncio
import socket
import threading
import time

import uvicorn
from asgiref.sync import sync_to_async
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.db import connections

from capitalla_site.asgi import application
from tests.mail_servers import free_port


class AsgiSite:
    def __init__(self):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = ASGIStaticFilesHandler(application)  # the site's, as gunicorn's workers serve it
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, lifespan="off", log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> "AsgiSite":
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        # The views' database connections live in the server's thread for sync code: closed
        # there, so that the test database can be dropped.
        loop = self.server_loop()
        if loop is not None:
            asyncio.run_coroutine_threadsafe(sync_to_async(connections.close_all)(), loop).result(timeout=10)
        self.server.should_exit = True
        self.server.force_exit = True  # open streams do not wait out a graceful shutdown
        self.thread.join(timeout=15)

    def server_loop(self):
        servers = getattr(self.server, "servers", None) or []
        return servers[0].get_loop() if servers else None


class Stream:
    """One open stream: `events()` reads the events as they come, `(event, data)` pairs."""

    def __init__(
        self, site: AsgiSite, path: str, cookies: dict | None = None, timeout: float = 5, headers: dict | None = None
    ):
        self.sock = socket.create_connection(("127.0.0.1", site.port), timeout=timeout)
        cookie = "; ".join(f"{k}={v}" for k, v in (cookies or {}).items())
        request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        if cookie:
            request += f"Cookie: {cookie}\r\n"
        request += "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
        self.sock.sendall((request + "\r\n").encode())
        self.file = self.sock.makefile("rb")
        status_line = self.file.readline().decode()
        self.status = int(status_line.split()[1])
        self.headers = {}
        while (line := self.file.readline().decode().strip()) != "":
            name, _, value = line.partition(":")
            self.headers[name.lower()] = value.strip()
        self.chunked = self.headers.get("transfer-encoding") == "chunked"
        self.body = "" if self.status == 200 else self.read_body()
        self.buffer = ""

    def read_body(self) -> str:
        if self.chunked:
            return self._chunk()
        return self.file.read(int(self.headers.get("content-length", 0))).decode()

    def _chunk(self) -> str:
        size = int(self.file.readline().decode().strip() or "0", 16)
        data = self.file.read(size).decode() if size else ""
        self.file.readline()
        return data

    def next_event(self) -> tuple[str, str] | None:
        """The next event, skipping comments and the retry line; None when the stream ends."""
        while True:
            if "\n\n" in self.buffer:
                block, self.buffer = self.buffer.split("\n\n", 1)
                fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
                if "event" in fields:
                    return fields["event"], fields.get("data", "")
                continue
            chunk = self._chunk()
            if not chunk:
                return None
            self.buffer += chunk

    def close(self) -> None:
        self.file.close()
        self.sock.close()
