"""Settings, read from the environment in one place.

With no DATABASE_URL / REDIS_URL the site runs on embedded defaults: SQLite under var/ and a
Celery broker in a SQLite file there too, so `make run` needs nothing but Python.
"""

import os
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlparse

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from kombu import Exchange, Queue

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in ("1", "true", "yes", "on")


def development_secret_key(path: Path) -> str:
    """A random key made once for this checkout and kept in `path` (mode 0600): a key
    shipped in the code would let anyone sign cookies and links for any site that runs it.
    Written to a private temporary file and linked into place, so concurrent first starts
    all read the one complete key."""
    if not path.exists():
        temporary = path.with_name(f".{path.name}.{os.getpid()}")
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_urlsafe(50))
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process was first: use its key
        finally:
            temporary.unlink()
    return path.read_text().strip()


# Off unless the environment turns it on (`make run` and `make test` do): the debug page
# of a 500 shows the settings, database and mail passwords among them.
DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY: with DEBUG off the site does not start without one.")
    SECRET_KEY = development_secret_key(VAR_DIR / "secret_key")
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")
# Where `make run` serves (run_site reads it too), and so, unless SITE_URL says otherwise,
# where mail links point: a bare port or every interface (0.0.0.0) means this machine.
RUN_ADDR = os.environ.get("RUN_ADDR", "127.0.0.1:8000")
_run_host, _, _run_port = RUN_ADDR.rpartition(":")
_run_host = "127.0.0.1" if _run_host in ("", "0.0.0.0") else _run_host
SITE_URL = os.environ.get("SITE_URL") or f"http://{_run_host}:{_run_port}"

# HTTPS. Behind a TLS proxy (BEHIND_TLS_PROXY=1, which must set X-Forwarded-Proto and strip
# a client's own) a request is secure when the proxy says so; POSTs are trusted from
# SITE_URL's origin; cookies are Secure when SITE_URL is https.
if env_bool("BEHIND_TLS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
_site = urlparse(SITE_URL)
CSRF_TRUSTED_ORIGINS = os.environ.get("CSRF_TRUSTED_ORIGINS", f"{_site.scheme}://{_site.netloc}").split(",")
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", _site.scheme == "https")
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", _site.scheme == "https")
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
# The monitor asks over plain HTTP on the machine itself (docs/operators.md, Production).
SECURE_REDIRECT_EXEMPT = [r"^healthz/$"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "capitalla_site",  # the site's deploy checks
    "accounts",
    "ledger",
    "ratings",
    "tables",  # the core: tables, seats, the move log, the write layer, their pages
    "mailroom",  # mail out and in
    "live",  # server push
    "games",  # the game packages' home (its migrations: the core's tables before they moved)
    "ninja",  # its docs page's assets from our static files, not a CDN (the CSP allows only 'self')
    "api",
]
# The games: one Django app each (games/<slug>/, with its plugin.py). Adding a game is
# adding its folder and its line here; the first is the create form's default.
GAME_APPS = [
    "games.capitalla",
    "games.capit",
    "games.casino",
    "games.rummathon",
]
INSTALLED_APPS += GAME_APPS

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "capitalla_site.nul_bytes.RefuseNulBytesMiddleware",  # 400 before PostgreSQL sees a NUL
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A session opened by a mailed link sees its game only (mailroom/scoped_sessions.py).
    "mailroom.scoped_sessions.GameScopedSessionMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "accounts.time_zones.PlayerTimeZoneMiddleware",  # UTC again after each page in a player's zone
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into its page
]

ROOT_URLCONF = "capitalla_site.urls"
WSGI_APPLICATION = "capitalla_site.wsgi.application"
ASGI_APPLICATION = "capitalla_site.asgi.application"  # what production and run_site serve

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "tables.context_processors.my_turns",
                "mailroom.context_processors.outbox_link",
                "accounts.time_zones.player_time_zone",
            ],
        },
    },
]

# SQLite waits for the lock instead of failing, and takes the write lock at BEGIN so the
# web server and the worker serialise their moves.
SQLITE_DEFAULT = {
    "ENGINE": "django.db.backends.sqlite3",
    "NAME": VAR_DIR / "capitalla.sqlite3",
    "OPTIONS": {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    },
}
DATABASES = {
    "default": dj_database_url.parse(os.environ["DATABASE_URL"]) if os.environ.get("DATABASE_URL") else SQLITE_DEFAULT
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A pool per process (psycopg_pool), not persistent connections: under ASGI every
    # request runs its sync code in a thread of its own, and with CONN_MAX_AGE each of those
    # threads kept a connection (30 requests at once left 31 open). The pool lends one for
    # a request's queries and bounds them at DB_POOL_SIZE per process (docs/operators.md, "PostgreSQL connections").
    # Each connection is checked as it is lent (one round trip): after a database restart
    # the pool held dead ones, and requests failed with 500 for minutes.
    from psycopg_pool import ConnectionPool

    DATABASES["default"]["OPTIONS"] = {
        **DATABASES["default"].get("OPTIONS", {}),
        "pool": {
            "min_size": 1,
            "max_size": int(os.environ.get("DB_POOL_SIZE", "8")),
            "timeout": 10,
            "check": ConnectionPool.check_connection,
        },
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    # Refuses nothing: a new password revokes the account's API tokens (api/password_change.py).
    {"NAME": "api.password_change.RevokeApiTokens"},
]
AUTHENTICATION_BACKENDS = [
    # First: refuses every login while the account or the client address is locked out.
    "accounts.login_throttle.LoginThrottleBackend",
    "django.contrib.auth.backends.ModelBackend",
    # Magic links in mails (django-sesame): tokens scoped to one game and one MagicLink row,
    # used on POST only (mailroom/magic_links.py).
    "sesame.backends.ModelBackend",
]
SESAME_MAX_AGE = timedelta(days=int(os.environ.get("MAGIC_LINK_DAYS", "7")))
# The login throttle (django-axes): AXES_FAILURE_LIMIT failed logins lock the account, and
# as many from one client address lock that address, for LOGIN_COOL_OFF_MINUTES. Kept in
# the database, so it holds while Redis is down; failures during a lockout do not extend it.
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_COOL_OFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_DISABLE_ACCESS_LOG = True  # only failures are counted; successful logins are not logged
AXES_VERBOSE = False  # no banner in every process's log at start, no user agents in the failures logged
AXES_CLIENT_IP_CALLABLE = "accounts.client.client_ip"
AXES_USERNAME_CALLABLE = "accounts.login_throttle.attempted_username"  # bounded to a username's length
AXES_WHITELIST_CALLABLE = "accounts.login_throttle.is_magic_link"
AXES_LOCKOUT_CALLABLE = "accounts.login_throttle.locked_out"
# How many reverse proxies stand in front of the site and append to X-Forwarded-For
# (0: clients connect directly, REMOTE_ADDR is the client).
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))
# Per hour: new accounts from one client address; password reset mails to one address;
# confirmation links to one address or for one account.
SIGNUP_LIMIT = int(os.environ.get("SIGNUP_LIMIT", "5"))
PASSWORD_RESET_LIMIT = int(os.environ.get("PASSWORD_RESET_LIMIT", "3"))
CONFIRMATION_MAIL_LIMIT = int(os.environ.get("CONFIRMATION_MAIL_LIMIT", "3"))
# How long a mailed link to confirm an address works.
CONFIRM_ADDRESS_DAYS = int(os.environ.get("CONFIRM_ADDRESS_DAYS", "3"))
# How long a mail's unsubscribe link works.
UNSUBSCRIBE_DAYS = int(os.environ.get("UNSUBSCRIBE_DAYS", "60"))
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
# Without `collectstatic` (development, tests) whitenoise serves straight from the finders;
# with DEBUG off, the hashed and compressed files `collectstatic` made (tables/checks.py
# fails the deploy while they are missing).
WHITENOISE_USE_FINDERS = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# A form refused by the CSRF check gets the site's page (Django's has an inline style, which
# the CSP below blocks).
CSRF_FAILURE_VIEW = "tables.views_errors.csrf_failure"

# Content Security Policy: only our own scripts and styles; htmx is served from static/.
from django.utils.csp import CSP  # noqa: E402

SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# Sessions stay in the database (Django's default engine), never in Redis: with Redis down
# everyone stays signed in and can move; read from Redis they saved only half a
# millisecond a move (bench/README.md, "Sessions in the database").
# Celery: Redis when REDIS_URL is set (kombu's transport, mended in
# capitalla_site/redis_broker.py), else a broker in a SQLite file under VAR_DIR
# (capitalla_site/embedded_broker.py says why not kombu's filesystem transport).
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT = "capitalla_site.redis_broker:Transport"  # it says why
    # A publish finds a refused connection at once (no retries inside the 2 s connect
    # timeout), and gives up after 1 s on one that stays open but never answers (a Redis
    # stopped or overloaded, a half-open connection): a move made meanwhile does not wait
    # on it, holding its database connection. The workers' event loop reads its BRPOP
    # (1 s) without this timeout.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": 300,
        "max_retries": 0,
        "socket_timeout": 1,
        "socket_connect_timeout": 2,
    }
else:
    CELERY_BROKER_URL = f"sqlite:///{VAR_DIR / 'broker.sqlite3'}"
    CELERY_BROKER_TRANSPORT = "capitalla_site.embedded_broker:Transport"
    # An idle worker looks for a new task this often.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.5}
# Server push (live/): with Redis, each web process holds one subscription to
# LIVE_CHANNEL and streams news of a change to its open pages (Server-Sent Events, under
# ASGI); pages without a stream poll. Pub/sub channels are shared by every database of a
# Redis server, so the channel carries the database's number.
LIVE_PUSH = env_bool("LIVE_PUSH", bool(REDIS_URL))
LIVE_CHANNEL = os.environ.get("LIVE_CHANNEL", f"capitalla.live.{urlparse(REDIS_URL).path.strip('/') or '0'}")
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker or beat that loses the broker keeps trying to reach it again (every 2 s, then
# up to every 30 s) for as long as it takes, instead of exiting after 100 tries; an error
# on a channel restarts the consumer the same way instead of stopping the worker.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_BROKER_CHANNEL_ERROR_RETRY = True
# A task running when the broker goes finishes, rather than being killed mid-way (a mail
# sent but not yet marked sent would go twice); it comes again, and finds its work done.
# Celery warns at each loss that this default changes in Celery 6: capitalla_site/celery.py
# silences that warning.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# A move never waits on the broker: publishing gives up quickly and the sweeper catches up.
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULER = "capitalla_site.beat:OutageQuietScheduler"  # one line an outage, not a traceback a sweep
CELERY_BEAT_SCHEDULE = {
    # Turn clocks, due mails (turn, reminder, result, daily digest) and overdue bot turns.
    "sweep": {"task": "tables.tasks.sweep", "schedule": 5.0},
}
# The sweep, the mails and the bot turns wait on a queue each, served by a worker each
# (run_site; docs/operators.md, Production), so a backlog of bot turns never delays a turn clock or
# a mail. A task with no route waits with the mails.
WORKER_QUEUES = ("sweep", "mail", "bots")
CELERY_TASK_QUEUES = [Queue(name, Exchange(name), routing_key=name) for name in WORKER_QUEUES]
CELERY_TASK_DEFAULT_QUEUE = "mail"
CELERY_TASK_ROUTES = {
    "tables.tasks.sweep": {"queue": "sweep"},
    "mailroom.tasks.send_notification": {"queue": "mail"},
    "tables.tasks.play_bot_turn": {"queue": "bots"},
}

# Chips: every account is granted STARTING_CHIPS when its mail address is first confirmed
# (once per address, accounts.confirmation); nothing else is ever granted.
STARTING_CHIPS = int(os.environ.get("STARTING_CHIPS", "1000"))

# Mail (Django 6.1's MAILERS; the EMAIL_* settings are deprecated, the environment keeps
# their names). With EMAIL_HOST set, Django's SMTP backend sends it; otherwise it is kept
# in the database and each user reads their own at /outbox/ (mailroom.outbox.OutboxBackend).
OUTBOX_BACKEND = "mailroom.outbox.OutboxBackend"
if os.environ.get("EMAIL_HOST"):
    MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": os.environ["EMAIL_HOST"],
                "port": int(os.environ.get("EMAIL_PORT", "587")),
                "username": os.environ.get("EMAIL_HOST_USER", ""),
                "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
                "use_tls": env_bool("EMAIL_USE_TLS", True),
                "timeout": 20,
            },
        }
    }
else:
    MAILERS = {"default": {"BACKEND": OUTBOX_BACKEND}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Capitalla <noreply@capitalla.localhost>")
# Play by mail (mailroom/inbound/): turn mails carry a Reply-To of MAIL_IN_ADDRESS with a
# signed token after a "+" ("play+<token>@play.example.org"), and replies to it make moves.
# The site receives them from `manage.py mail_in` (SMTP/LMTP, behind the mail server the
# domain's MX points to) or at /mail/inbound/ with MAIL_IN_SECRET (a hosted inbound-mail
# service). Unset with a mail server: no Reply-To, turn mails only link to the game. The
# embedded default keeps mail in the outbox, whose "reply" box goes through the same code.
MAIL_IN_ADDRESS = os.environ.get("MAIL_IN_ADDRESS", "" if os.environ.get("EMAIL_HOST") else "play@capitalla.localhost")
MAIL_IN_SECRET = os.environ.get("MAIL_IN_SECRET", "")
# How many mails `mail_in` reads at once (each holds a database connection while it does).
MAIL_IN_THREADS = int(os.environ.get("MAIL_IN_THREADS", "4"))
# A "your turn" mail waits this many seconds and is not sent if the player moved
# meanwhile; tables whose turn time is LIVE_TURN_SECONDS or less get no turn mails.
TURN_MAIL_DELAY = float(os.environ.get("TURN_MAIL_DELAY", "60"))
LIVE_TURN_SECONDS = int(os.environ.get("LIVE_TURN_SECONDS", "120"))

# Seconds a bot waits before moving, so a human can follow its play.
BOT_MOVE_DELAY = float(os.environ.get("BOT_MOVE_DELAY", "1.0"))
# A bot turn is published once per position. The sweeper sends it again only when the
# broker refused it (after BOT_TURN_GRACE seconds) or when it was still not played
# BOT_TURN_RESEND seconds after it was sent (lost: a backlog is worked off sooner).
BOT_TURN_GRACE = float(os.environ.get("BOT_TURN_GRACE", "15"))
BOT_TURN_RESEND = float(os.environ.get("BOT_TURN_RESEND", "120"))
# What one account may have at once, and open per hour, so that it cannot flood the lobby
# or the worker: open tables it hosts, games in play against bots, new tables (quick
# games included).
OPEN_TABLE_LIMIT = int(os.environ.get("OPEN_TABLE_LIMIT", "5"))
BOT_GAME_LIMIT = int(os.environ.get("BOT_GAME_LIMIT", "10"))
NEW_TABLE_LIMIT = int(os.environ.get("NEW_TABLE_LIMIT", "60"))

# The open API (api/): tokens per account; requests per account and minute, all its tokens
# together (reads: GETs; writes: everything else); long-polls one account, and everyone,
# may hold open at once per process (each holds a thread while it waits). The long-polls'
# setting had a per-token name before, still read.
API_TOKEN_LIMIT = int(os.environ.get("API_TOKEN_LIMIT", "10"))
API_READS_PER_MINUTE = int(os.environ.get("API_READS_PER_MINUTE", "600"))
API_WRITES_PER_MINUTE = int(os.environ.get("API_WRITES_PER_MINUTE", "120"))
API_LONG_POLLS_PER_ACCOUNT = int(
    os.environ.get("API_LONG_POLLS_PER_ACCOUNT", os.environ.get("API_LONG_POLLS_PER_TOKEN", "4"))
)
API_LONG_POLLS_PER_PROCESS = int(os.environ.get("API_LONG_POLLS_PER_PROCESS", "64"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "without_traceback": {"()": "capitalla_site.log_filters.WithoutTraceback"},
        "database_busy_in_one_line": {"()": "capitalla_site.log_filters.DatabaseBusyInOneLine"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        "console_one_line": {"class": "logging.StreamHandler", "filters": ["without_traceback"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    "loggers": {
        # Requests refused as suspicious (DisallowedHost, RequestDataTooBig…): one line each.
        "django.security": {"handlers": ["console_one_line"], "propagate": False},
        # A 503 because the database did not answer in time: one warning line saying why.
        "django.request": {"filters": ["database_busy_in_one_line"]},
        # At INFO, aiosmtpd (mail_in) logs every SMTP command, each RCPT's signed reply
        # token with it (a secret), and django-axes four lines per login: warnings only
        # (axes logs failed logins and lockouts as warnings).
        "mail.log": {"level": "WARNING"},
        "mail.debug": {"level": "WARNING"},
        "aiosmtpd": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
    },
}
