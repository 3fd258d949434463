"""Publish or drain a burst of messages on the embedded broker (no REDIS_URL), as separate
processes do under `make run`: `broker_burst.py publish <name> <count>` sends
`<name>:<i>` for i < count (padded to the size of a task message);
`broker_burst.py drain <total> <seconds>` takes messages until it has `total` or the time
is up, and prints one JSON line: the bodies it got and the errors its reads raised."""

import json
import sys
import time

import django

django.setup()

from capitalla_site.celery import app  # noqa: E402

QUEUE = "burst"


def publish(name: str, count: int) -> None:
    with app.connection_for_write() as connection:
        queue = connection.SimpleQueue(QUEUE)
        for i in range(count):
            queue.put({"body": f"{name}:{i}", "padding": "x" * 2000})
        queue.close()


def drain(total: int, seconds: float) -> None:
    bodies, errors = [], []
    deadline = time.monotonic() + seconds
    with app.connection_for_read() as connection:
        queue = connection.SimpleQueue(QUEUE)
        while len(bodies) < total and time.monotonic() < deadline:
            try:
                # No wait between reads: the drainer keeps up with the publishers, as an
                # idle worker does, and reads each message the moment it appears.
                message = queue.get(block=False)
            except queue.Empty:
                continue
            except Exception as exc:  # what a worker would die of: count it, go on
                errors.append(repr(exc)[:200])
                continue
            bodies.append(message.payload["body"])
            message.ack()
        queue.close()
    print(json.dumps({"bodies": bodies, "errors": errors}))


if __name__ == "__main__":
    if sys.argv[1] == "publish":
        publish(sys.argv[2], int(sys.argv[3]))
    else:
        drain(int(sys.argv[2]), float(sys.argv[3]))
