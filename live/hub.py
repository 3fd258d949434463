"""One Redis subscription per web process, fanned out to the streams open in it.

The hub belongs to the process's event loop. Its reader task subscribes to LIVE_CHANNEL
and hands each piece of news to the listeners (open streams) that follow its topics:
`game:<id>` (a table's page), `user:<id>` (that user's lobby and "My games"), `lobby`
(everyone's list of open tables). When the subscription breaks, every stream is closed, so
the pages poll until it is back; new streams are refused meanwhile (`Unavailable`).

A listener keeps the latest event of each name only: news says that something changed,
not what, so a page slow to read it never piles anything up.
"""

import asyncio
import json
import logging
import random
from collections import defaultdict

import redis.asyncio as aioredis
from django.conf import settings

log = logging.getLogger(__name__)

# How long a new stream waits for the subscription before the page is told to poll.
CONNECT_WAIT = 1.0
# Back-off between tries to subscribe again after Redis went away. At most a few seconds:
# a try costs one connection attempt a web process, and with 30 s pages went on polling
# for up to half a minute after Redis was back.
FIRST_RETRY, LAST_RETRY = 0.5, 5.0
# Lobby and "My games" news reach a page at most once a second.
MIN_GAP = 1.0
# A lobby change makes every lobby page fetch its list again: spread over a window long
# enough that a process's pages ask at most this many times a second.
LOBBY_FETCHES_PER_SECOND = 200


class Unavailable(Exception):
    """No subscription to Redis right now: the page polls instead."""


class Listener:
    """One open stream: the topics it follows and the events waiting to be written."""

    __slots__ = ("topics", "pending", "wake", "closed", "spaced_at", "spacing", "loop")

    def __init__(self, topics: list[str], loop: asyncio.AbstractEventLoop):
        self.topics = topics
        self.pending: dict[str, str] = {}  # event name -> data, the latest only
        self.wake = asyncio.Event()
        self.closed = False
        self.spaced_at: dict[str, float] = {}  # event name -> when it last went out (spaced ones)
        self.spacing: set[str] = set()  # spaced events waiting for their gap to pass
        self.loop = loop

    def push(self, event: str, data: str = "") -> None:
        self.pending[event] = data
        self.wake.set()

    def push_spaced(self, event: str) -> None:
        """`push`, but at most once every MIN_GAP seconds: news within the gap is merged."""
        if event in self.spacing:
            return
        now = self.loop.time()
        wait = self.spaced_at.get(event, -MIN_GAP) + MIN_GAP - now
        if wait <= 0:
            self.spaced_at[event] = now
            self.push(event)
        else:
            self.spacing.add(event)
            self.loop.call_later(wait, self._push_after_gap, event)

    def _push_after_gap(self, event: str) -> None:
        self.spacing.discard(event)
        self.push_spaced(event)

    def take(self) -> list[tuple[str, str]]:
        events = list(self.pending.items())
        self.pending.clear()
        self.wake.clear()
        return events

    def close(self) -> None:
        self.closed = True
        self.wake.set()


class Hub:
    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self.topics: dict[str, set[Listener]] = defaultdict(set)
        self.subscribed = asyncio.Event()
        self.reader: asyncio.Task | None = None
        self.lobby_wave: asyncio.TimerHandle | None = None
        self.next_lobby_wave = 0.0

    async def ready(self) -> None:
        """Wait (briefly) for the subscription; `Unavailable` if there is none."""
        if self.reader is None or self.reader.done():
            self.reader = self.loop.create_task(self._read())
        if not self.subscribed.is_set():
            try:
                await asyncio.wait_for(self.subscribed.wait(), CONNECT_WAIT)
            except TimeoutError:
                raise Unavailable from None

    def listen(self, topics: list[str]) -> Listener:
        listener = Listener(topics, self.loop)
        for topic in topics:
            self.topics[topic].add(listener)
        return listener

    def forget(self, listener: Listener) -> None:
        for topic in listener.topics:
            followers = self.topics.get(topic)
            if followers is not None:
                followers.discard(listener)
                if not followers:
                    del self.topics[topic]

    @property
    def listeners(self) -> int:
        return len({listener for followers in self.topics.values() for listener in followers})

    # ------------------------------------------------------------ news in

    def dispatch(self, raw: bytes) -> None:
        try:
            news = json.loads(raw)
            game, version, users, lobby = news["game"], news.get("v"), news.get("users", []), news.get("lobby")
        except (ValueError, TypeError, KeyError):
            log.warning("Live news unreadable: %r", raw[:200])
            return
        data = "" if version is None else str(version)
        for listener in self.topics.get(f"game:{game}", ()):
            listener.push("table", data)
        for user in users:
            for listener in self.topics.get(f"user:{user}", ()):
                listener.push_spaced("mine")
        if lobby:
            self.lobby_changed()

    def lobby_changed(self) -> None:
        """Every lobby page hears of it, once per wave: news during a wave joins the next."""
        if self.lobby_wave is None:
            delay = max(0.0, self.next_lobby_wave - self.loop.time())
            self.lobby_wave = self.loop.call_later(delay, self._send_lobby_wave)

    def _send_lobby_wave(self) -> None:
        self.lobby_wave = None
        pages = list(self.topics.get("lobby", ()))
        window = max(MIN_GAP, len(pages) / LOBBY_FETCHES_PER_SECOND)
        for listener in pages:
            self.loop.call_later(random.uniform(0, window), listener.push_spaced, "lobby")
        self.next_lobby_wave = self.loop.time() + window

    # ------------------------------------------------------------ the subscription

    async def _read(self) -> None:
        # An outage is logged when it starts and when it ends, not at every retry.
        retry, lost_at = FIRST_RETRY, None
        while True:
            connection = aioredis.from_url(settings.REDIS_URL, socket_connect_timeout=1, health_check_interval=30)
            try:
                async with connection.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.subscribe(settings.LIVE_CHANNEL)
                    self.subscribed.set()
                    if lost_at is not None:
                        log.warning("Live news subscription back after %.0f s.", self.loop.time() - lost_at)
                    retry, lost_at = FIRST_RETRY, None
                    async for message in pubsub.listen():
                        if message["type"] == "message":
                            self.dispatch(message["data"])
            except (aioredis.RedisError, OSError) as exc:
                if lost_at is None:
                    lost_at = self.loop.time()
                    log.warning("Live news subscription lost (%s); pages poll until it is back.", type(exc).__name__)
                else:
                    log.debug("Live news subscription still down (%s).", type(exc).__name__)
            finally:
                self.subscribed.clear()
                self._close_all()
                await connection.aclose()
            await asyncio.sleep(retry)
            retry = min(retry * 2, LAST_RETRY)

    def _close_all(self) -> None:
        for followers in list(self.topics.values()):
            for listener in list(followers):
                listener.close()


_hub: Hub | None = None


def hub() -> Hub:
    """This process's hub, on the running loop (a test's new loop gets a new hub)."""
    global _hub
    loop = asyncio.get_running_loop()
    if _hub is None or _hub.loop is not loop:
        _hub = Hub(loop)
    return _hub
