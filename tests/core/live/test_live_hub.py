"""The hub of a web process: news goes to the streams that follow its topics, the latest
of each kind only; lobby and "My games" news at most once a second a page; a lobby change
spread so that the pages do not all fetch at once."""

import asyncio
import json
import logging

from live import hub as hub_module
from live.hub import Hub


class Clock:
    """A loop's time and timers, run by hand."""

    def __init__(self):
        self.now = 0.0
        self.timers = []  # (when, callback, args)

    def time(self):
        return self.now

    def call_later(self, delay, callback, *args):
        timer = (self.now + delay, callback, args)
        self.timers.append(timer)
        return timer  # the handle

    def advance(self, seconds):
        end = self.now + seconds
        while due := sorted((t for t in self.timers if t[0] <= end), key=lambda t: t[0]):
            timer = due[0]
            self.timers.remove(timer)
            self.now = timer[0]
            timer[1](*timer[2])
        self.now = end


def news(game, v=None, users=(), lobby=False) -> bytes:
    return json.dumps({"game": game, "v": v, "users": list(users), "lobby": lobby}).encode()


def test_a_tables_news_goes_to_its_pages_only_the_latest_version_kept():
    hub = Hub(Clock())
    mine, other = hub.listen(["game:1"]), hub.listen(["game:2"])
    hub.dispatch(news(1, v=7))
    hub.dispatch(news(1, v=8))
    assert mine.take() == [("table", "8")]
    assert other.take() == []
    assert not mine.wake.is_set()


def test_a_chat_line_is_news_without_a_version():
    hub = Hub(Clock())
    page = hub.listen(["game:1"])
    hub.dispatch(news(1))
    assert page.take() == [("table", "")]


def test_news_of_my_tables_reaches_me_at_most_once_a_second():
    clock = Clock()
    hub = Hub(clock)
    alice, bob = hub.listen(["user:1"]), hub.listen(["user:2"])
    hub.dispatch(news(5, v=1, users=[1]))
    assert alice.take() == [("mine", "")] and bob.take() == []
    clock.advance(0.2)
    hub.dispatch(news(5, v=2, users=[1]))
    hub.dispatch(news(5, v=3, users=[1]))
    assert alice.take() == []  # within the second: merged, held back
    clock.advance(0.8)
    assert alice.take() == [("mine", "")]
    clock.advance(5)
    assert alice.take() == []


def test_a_lobby_change_is_spread_over_the_pages_and_each_page_hears_once_a_second(monkeypatch):
    monkeypatch.setattr(hub_module, "LOBBY_FETCHES_PER_SECOND", 100)
    clock = Clock()
    hub = Hub(clock)
    pages = [hub.listen(["lobby"]) for _ in range(300)]
    heard = {id(page): [] for page in pages}
    for page in pages:  # each page's wake-up, when news is pushed to it
        wake = page.wake.set
        monkeypatch.setattr(page.wake, "set", lambda wake=wake, page=page: (heard[id(page)].append(clock.now), wake()))
    hub.dispatch(news(9, lobby=True))
    clock.advance(0)  # the wave: its pushes are timers now
    first_wave = [when for when, _, _ in clock.timers]
    assert len(first_wave) == 300
    assert max(first_wave) - min(first_wave) > 2  # spread over the 3 s window, not all at once
    hub.dispatch(news(10, lobby=True))  # during the wave: both join the next one
    hub.dispatch(news(11, lobby=True))
    clock.advance(30)
    assert all(len(times) == 2 for times in heard.values())  # two waves, every page
    assert min(b - a for a, b in heard.values()) >= 1.0
    assert all(page.take() == [("lobby", "")] for page in pages)


def test_unreadable_news_is_dropped():
    hub = Hub(Clock())
    page = hub.listen(["game:1"])
    for raw in (b"not json", b"[]", b'{"v": 3}'):
        hub.dispatch(raw)
    assert page.take() == []


def test_a_forgotten_stream_hears_nothing_and_leaves_no_topic_behind():
    hub = Hub(Clock())
    page = hub.listen(["game:1", "user:3"])
    assert hub.listeners == 1
    hub.forget(page)
    hub.dispatch(news(1, v=2, users=[3]))
    assert page.take() == [] and hub.topics == {} and hub.listeners == 0


def test_a_redis_outage_is_logged_when_it_starts_and_when_it_ends_not_at_every_retry(live_redis, monkeypatch, caplog):
    monkeypatch.setattr(hub_module, "FIRST_RETRY", 0.05)
    monkeypatch.setattr(hub_module, "LAST_RETRY", 0.05)
    caplog.set_level(logging.WARNING, logger=hub_module.__name__)

    async def outage():
        hub = Hub(asyncio.get_running_loop())
        await hub.ready()
        live_redis.kill()
        while hub.subscribed.is_set():
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # some ten retries
        live_redis.start()
        await asyncio.wait_for(hub.subscribed.wait(), 10)
        hub.reader.cancel()

    asyncio.run(outage())
    said = [record.getMessage() for record in caplog.records]
    assert len(said) == 2, said
    assert said[0].startswith("Live news subscription lost") and said[1].startswith("Live news subscription back")
