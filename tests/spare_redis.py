"""A redis-server of a test's own, on a free port, which the test may kill and start again."""

import socket
import subprocess

import redis
from celery_processes import wait_for


class SpareRedis:
    """A redis-server on a free port, with nothing kept on disk: a restart starts empty."""

    def __init__(self):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def answers(self) -> bool:
        try:
            return redis.Redis(port=self.port, socket_connect_timeout=1).ping()
        except redis.ConnectionError:
            return False

    def start(self):
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        assert wait_for(self.answers, timeout=10)

    def kill(self):
        self.process.kill()
        self.process.wait()
