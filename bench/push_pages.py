"""The browsers' side of bench/bench_push.py, run in a process of its own: many open game
pages, each a stream of news (or, for the baseline, a poll every 2 s), recording when each
table's new version reached it and when the page had fetched the new table.

    python bench/push_pages.py <port> <mode: push|poll> <pages file> <results file> <fetchers>

The pages file lists one table per line: `<game id> <version shown>`. Every table gets
`pages / tables` pages; the first `fetchers` of them fetch the partial on news, as the
opponent's page does. Once every page is open the script prints "ready" and carries on
until it reads "stop" on standard input, then writes its results as JSON.
"""

import asyncio
import json
import random
import sys
import time

try:
    import uvloop
except ImportError:  # pragma: no cover
    uvloop = None

HOST = "127.0.0.1"
POLL_EVERY = 2.0


async def http_get(port: int, path: str) -> tuple[int, bytes]:
    reader, writer = await asyncio.open_connection(HOST, port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\nHX-Request: true\r\nConnection: close\r\n\r\n".encode())
    await writer.drain()
    data = await reader.read()
    writer.close()
    status = int(data.split(b" ", 2)[1]) if data else 0
    return status, data


class Pages:
    def __init__(self, port, tables, per_table, fetchers):
        self.port = port
        self.tables = tables  # game id -> version shown
        self.per_table = per_table
        self.fetchers = fetchers
        self.arrived = []  # (game, version, when) as each page's news or poll saw it
        self.fetched = []  # (game, version, when) the new table fetched (push) / polled (poll)
        self.requests = 0
        self.open = 0
        self.errors = 0

    async def stream(self, game: int, fetches: bool, opened: asyncio.Event):
        try:
            reader, writer = await asyncio.open_connection(HOST, self.port, limit=2**16)
            writer.write(f"GET /games/{game}/live/ HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
            await writer.drain()
            status = await reader.readline()
            if b" 200 " not in status:
                self.errors += 1
                return
            while await reader.readline() not in (b"\r\n", b""):
                pass
        except OSError:
            self.errors += 1
            return
        self.open += 1
        opened.set()
        shown = self.tables[game]
        buffer = b""
        while True:
            line = await reader.readline()
            if not line:
                self.open -= 1
                return
            buffer += line
            if b"data: " in line and b"event: table" in buffer:
                now = time.time()
                text = buffer.decode()
                version = int(text.split("data: ", 1)[1].split("\r\n", 1)[0].split("\n", 1)[0] or shown)
                self.arrived.append((game, version, now))
                if fetches and version > shown:
                    status, _ = await http_get(self.port, f"/games/{game}/?since={shown}&said=0")
                    self.requests += 1
                    if status == 200:
                        self.fetched.append((game, version, time.time()))
                        shown = version
                buffer = b""
            elif line in (b"\r\n", b"\n"):
                buffer = b""

    async def poll(self, game: int, fetches: bool):
        shown = self.tables[game]
        await asyncio.sleep(random.uniform(0, POLL_EVERY))
        while True:
            started = time.monotonic()
            try:
                status, body = await http_get(self.port, f"/games/{game}/?since={shown}&said=0")
            except OSError:
                self.errors += 1
                await asyncio.sleep(POLL_EVERY)
                continue
            self.requests += 1
            if status == 200:
                now = time.time()
                marker = body.find(b'data-version="')
                if marker >= 0:
                    version = int(body[marker + 14 : body.index(b'"', marker + 14)])
                    self.arrived.append((game, version, now))
                    if fetches:
                        self.fetched.append((game, version, now))
                    shown = version
            await asyncio.sleep(max(0.0, POLL_EVERY - (time.monotonic() - started)))


async def main():
    port, mode, pages_file, results_file, fetchers = sys.argv[1:6]
    port, fetchers = int(port), int(fetchers)
    lines = [line.split() for line in open(pages_file).read().splitlines() if line.strip()]
    count = int(lines[0][0])
    tables = {int(g): int(v) for g, v in lines[1:]}
    games = list(tables)
    pages = Pages(port, tables, max(1, count // len(games)), fetchers)
    tasks = []
    for n in range(count):
        game = games[n % len(games)]
        fetches = n // len(games) < fetchers
        if mode == "push":
            opened = asyncio.Event()
            tasks.append(asyncio.create_task(pages.stream(game, fetches, opened)))
            if n % 200 == 199:  # open them at a few hundred a second, as page loads would
                await asyncio.sleep(0.25)
        else:
            tasks.append(asyncio.create_task(pages.poll(game, fetches)))
    if mode == "push":
        deadline = time.monotonic() + 300
        while pages.open + pages.errors < count and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
    print(f"ready {pages.open} {pages.errors}", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    requests_before_stop = pages.requests
    for task in tasks:
        task.cancel()
    with open(results_file, "w") as out:
        json.dump(
            {
                "arrived": pages.arrived,
                "fetched": pages.fetched,
                "requests": requests_before_stop,
                "open": pages.open,
                "errors": pages.errors,
            },
            out,
        )


if __name__ == "__main__":
    if uvloop is not None:
        uvloop.install()
    asyncio.run(main())
