"""Start the web server, a Celery worker per queue and Celery beat together; restart any of
them that dies, after a back-off; stop all on Ctrl-C or SIGTERM. The address and the demo
login are printed once the web server answers, not before (a click on them got
"connection refused" for the seconds the server took to start)."""

import http.client
import signal
import socket
import subprocess
import sys
import threading
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tables.management.commands.load_demo import DEMO_PASSWORD, DEMO_USERNAME, refuse_in_production

# A process that dies is started again after 1 s, then 2 s, 4 s ... up to 30 s while it keeps
# dying; one that ran STEADY_SECONDS before it died starts over at 1 s.
FIRST_DELAY = 1.0
MAX_DELAY = 30.0
STEADY_SECONDS = 60.0
# How long the web server may take to answer its first request (it starts in a few
# seconds; a busy machine, or a restart after a crash, may need more), and how long one try
# waits (the first answer loads the rest of the site: a second or two).
WEB_START_SECONDS = 60.0
ANSWER_TRY_SECONDS = 5.0
ANSWER_RETRY_PAUSE = 0.25


def local_address(addr: str) -> tuple[str, int]:
    """Where this machine reaches the web server of `addr` (host:port, or a port alone):
    no host, or every interface (0.0.0.0), is the loopback, as for SITE_URL."""
    host, _, port = addr.rpartition(":")
    if not port.isdigit():
        raise CommandError(f"The address {addr!r} is host:port, such as 127.0.0.1:8000.")
    return ("127.0.0.1" if host in ("", "0.0.0.0") else host), int(port)


def listening(host: str, port: int) -> bool:
    """Whether something accepts connections at host:port already."""
    try:
        socket.create_connection((host, port), timeout=ANSWER_TRY_SECONDS).close()
    except OSError:
        return False
    return True


def answers(host: str, port: int) -> bool:
    """Whether an HTTP server at host:port answers a GET of / (with any status)."""
    connection = http.client.HTTPConnection(host, port, timeout=ANSWER_TRY_SECONDS)
    try:
        connection.request("GET", "/")
        connection.getresponse()
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()
    return True


def wait_until_answering(host: str, port: int, stop: threading.Event) -> bool:
    """True once the web server at host:port answers; False if `stop` is set first or it
    has not answered within WEB_START_SECONDS."""
    deadline = time.monotonic() + WEB_START_SECONDS
    while not stop.is_set():
        if answers(host, port):
            return True
        if time.monotonic() >= deadline:
            return False
        stop.wait(ANSWER_RETRY_PAUSE)
    return False


def process_commands(addr: str) -> dict[str, list[str]]:
    """The command line of each process, by name: the web server, a worker for each of
    settings.WORKER_QUEUES (so bot turns never hold up the sweep or the mails), beat."""
    host, _, port = addr.rpartition(":")
    host = host or "127.0.0.1"
    celery = [sys.executable, "-m", "celery", "-A", "capitalla_site"]
    # No gossip, no mingle: the site asks nothing of other workers, and gossip's restart
    # after a broker outage logged an AttributeError traceback.
    workers = {
        f"worker-{queue}": celery
        + ["worker", "--pool=solo", "--loglevel=warning", "--without-gossip", "--without-mingle"]
        + ["-Q", queue, "--hostname", f"{queue}@%h"]
        for queue in settings.WORKER_QUEUES
    }
    return {
        # The ASGI server, as in production: a page's live stream holds no thread.
        "web": [sys.executable, "-m", "uvicorn", "capitalla_site.asgi:application", "--host", host, "--port", port]
        + ["--lifespan", "off", "--no-proxy-headers"],
        **workers,
        "beat": celery + ["beat", "--loglevel=warning", "--schedule", settings.CELERY_BEAT_SCHEDULE_FILENAME],
    }


def restart_delay(failures: int) -> float:
    """How long to wait before starting a process again after its `failures`-th death in a row."""
    return min(FIRST_DELAY * 2 ** (failures - 1), MAX_DELAY)


def supervise(commands: dict[str, list[str]], stop: threading.Event, report, *, cwd=None, poll=0.5) -> None:
    """Run every command until `stop` is set, starting again one that exits (the others keep
    running); then terminate them all. `report(line)` tells what happened."""
    procs = {name: subprocess.Popen(cmd, cwd=cwd) for name, cmd in commands.items()}
    started = dict.fromkeys(commands, time.monotonic())
    failures = dict.fromkeys(commands, 0)
    restart_at = {}  # name -> when to start a dead process again
    try:
        while not stop.wait(poll):
            now = time.monotonic()
            for name, proc in procs.items():
                if name in restart_at:
                    if now >= restart_at[name]:
                        del restart_at[name]
                        procs[name], started[name] = subprocess.Popen(commands[name], cwd=cwd), now
                elif proc.poll() is not None:
                    failures[name] = 1 if now - started[name] >= STEADY_SECONDS else failures[name] + 1
                    delay = restart_delay(failures[name])
                    restart_at[name] = now + delay
                    report(f"{name} exited with status {proc.returncode}; starting it again in {delay:g} s.")
    finally:
        stop_all(procs.values())


def stop_all(procs) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


class Command(BaseCommand):
    help = "Run web + a worker per queue + beat (embedded defaults unless DATABASE_URL / REDIS_URL are set)."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default=settings.RUN_ADDR)

    def handle(self, addr, **options):
        refuse_in_production()
        host, port = local_address(addr)
        if listening(host, port):
            # Else the other server would answer for this one, which could not start.
            raise CommandError(
                f"Something already listens at {host}:{port}: is the site running already? "
                "Stop it, or choose another port (make run RUN_ADDR=127.0.0.1:8123)."
            )
        stop, gave_up = threading.Event(), threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        announcer = threading.Thread(target=self.announce, args=(host, port, stop, gave_up), daemon=True)
        announcer.start()
        try:
            supervise(process_commands(addr), stop, self.stderr.write, cwd=settings.BASE_DIR)
        except KeyboardInterrupt:
            pass  # supervise has stopped every process on its way out
        finally:
            stop.set()
            announcer.join()
        if gave_up.is_set():
            raise CommandError(
                f"The web server did not answer at http://{host}:{port}/ within {WEB_START_SECONDS:g} s "
                "(its lines above may say why); everything is stopped."
            )

    def announce(self, host: str, port: int, stop: threading.Event, gave_up: threading.Event) -> None:
        """Print where the site is once it answers there; stop everything if it never does."""
        if wait_until_answering(host, port, stop):
            self.stdout.write(
                f"\nCapitalla is running at http://{host}:{port}/\n"
                f"Log in as {DEMO_USERNAME} / {DEMO_PASSWORD}\n"
                f"Database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}, "
                f"broker: {settings.CELERY_BROKER_URL.split('://')[0]}, "
                f"moves {'pushed to the pages' if settings.LIVE_PUSH else 'polled by the pages (no Redis)'}. "
                "Ctrl-C stops everything.\n"
            )
            self.stdout.flush()  # at once, also when the output is a pipe
        elif not stop.is_set():
            gave_up.set()
            stop.set()
