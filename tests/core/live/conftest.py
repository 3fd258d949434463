import json

import pytest
import redis


class NewsReader:
    """What is published on the live channel, read as a web process's hub would."""

    def __init__(self, url: str, channel: str):
        self.pubsub = redis.Redis.from_url(url).pubsub(ignore_subscribe_messages=True)
        self.pubsub.subscribe(channel)
        self.pubsub.get_message(timeout=1)  # the subscription's confirmation

    def read(self, wait: float = 0.3) -> list[dict]:
        news = []
        while (message := self.pubsub.get_message(timeout=wait)) is not None:
            news.append(json.loads(message["data"]))
        return news


@pytest.fixture
def news_reader(live_redis, settings):
    reader = NewsReader(live_redis.url, settings.LIVE_CHANNEL)
    yield reader
    reader.pubsub.close()
