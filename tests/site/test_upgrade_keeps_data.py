"""Upgrading a site from the release before the core left the games app loses nothing.

The core's models (Game, Seat, Event, Hand, ChatMessage, QueueHeartbeat) moved to the
tables app and the mail's (Notification, OutboxMessage, MagicLink, InboundMail) to the
mailroom app by state-only migrations: the tables keep their names (games_game, ...), no
row is copied, and the content types are renamed in place (tables/migrations/0002). This
takes the test database back to that release's migrations (BEFORE_THE_MOVE, each app's
last migration at commit 0fc0960), fills it there, runs `migrate` as an upgrade does, and
checks that every row is still there as it was, that `verify_games`, `verify_ledger` and
`rebuild_ratings --check` pass, that the permissions (and the groups and admin history
holding them) follow the content types, and that a magic link, an API token and the mails
due made before the upgrade still work after it.

The old database is filled with today's write layer: at the old migration state the
physical tables are the ones of today (that is the property under test, and the check
that the moved models' fields are the old ones, field for field, backs it), so the games
are played through tables.actions with real move logs, the chips staked through the
ledger, the ratings recorded as the rated game finishes, the mail sent and received
through mailroom.
"""

from contextlib import contextmanager
from io import StringIO

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.core.mail import EmailMultiAlternatives
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.test import Client

import mailroom.tasks
from api import tokens
from api.models import ApiToken
from engine.registry import get_rules
from ledger.models import Account, Entry
from mailroom import magic_links, mails_due
from mailroom.inbound.receive import receive
from mailroom.models import InboundMail, MagicLink, Notification, OutboxMessage
from mailroom.notifications import delivery
from ratings.models import Rating, RatingChange
from tables import heartbeats
from tables.actions import bot_play, lifecycle, table_talk
from tables.models import ChatMessage, Event, Game, Hand, QueueHeartbeat, Seat
from tests.mail_replies import reply
from tests.playing import play_moves

# Each app's last migration at the release before the move (commit 0fc0960); None: the
# app had no migrations yet. accounts is not taken back (it was at 0007): the move touches
# none of its tables, and the fill below runs today's code, which reads its later columns.
BEFORE_THE_MOVE = {
    "api": "0001_api_tokens",
    "games": "0020_notification_kind_timed_out",
    "ledger": "0004_entries_plural",
    "ratings": "0001_ratings_and_their_history",
    "capit": "0001_drawn_in_saved_states",
    "capitalla": "0001_picks_from_discard_in_saved_states",
    "rummathon": "0001_sabotage_discard_in_old_games",
    "tables": None,
    "mailroom": None,
}
MOVED = {
    "tables": [Game, Seat, Event, Hand, ChatMessage, QueueHeartbeat],
    "mailroom": [Notification, OutboxMessage, MagicLink, InboundMail],
}
# The rows of the moved models, and those that name a game from other apps.
KEPT = [*MOVED["tables"], *MOVED["mailroom"], Account, Entry, Rating, RatingChange, ApiToken]


def upgrade() -> None:
    """What an operator runs after installing the new release."""
    call_command("migrate", verbosity=0)
    ContentType.objects.clear_cache()


@pytest.fixture
def before_the_move(transactional_db, settings):
    """The test database at the release before the move (its tables are today's: the moves
    change Django's state only), migrated all the way again after the test, whatever
    happened, for the tests that come after it."""
    settings.NEW_TABLE_LIMIT = 1000
    executor = MigrationExecutor(connection)
    executor.migrate(list(BEFORE_THE_MOVE.items()))
    ContentType.objects.clear_cache()
    try:
        yield
    finally:
        if not MigrationRecorder(connection).migration_qs.filter(app="tables").exists():
            # A failed test may have made content types under the new labels, which the
            # renaming would collide with: the flush after the test drops them anyway.
            ContentType.objects.filter(app_label__in=MOVED).delete()
        upgrade()


def moved_content_types(app_label=None) -> dict[str, tuple[int, list[int]]]:
    """model name -> (its content type's id, its permissions' ids), under `app_label`
    (the moved models' new app by default)."""
    found = {}
    for new_label, models in MOVED.items():
        for model in models:
            name = model._meta.model_name
            content_type = ContentType.objects.filter(app_label=app_label or new_label, model=name).first()
            if content_type is not None:
                permissions = Permission.objects.filter(content_type=content_type).order_by("pk")
                found[name] = (content_type.pk, list(permissions.values_list("pk", flat=True)))
    return found


def rows() -> dict[str, list[dict]]:
    return {model._meta.label: list(model.objects.order_by("pk").values()) for model in KEPT}


class _Lingering:
    """Plays like `bot` but, while another legal move keeps the game going, never one that
    ends it: a game meant to be in play stays in play, whatever its deal."""

    def __init__(self, kind, bot):
        self.rules, self.bot = get_rules(kind), bot

    def choose(self, state, seat, rng):
        first = self.bot.choose(state, seat, rng)
        for move in [first, *self.rules.legal_moves(state, seat)]:
            if self.rules.result(self.rules.apply(state, seat, move)) is None:
                return move
        return first


@contextmanager
def lingering(monkeypatch):
    """Bots, and the people's moves of `play_moves`, keep the games going."""
    real = bot_play.get_bot
    with monkeypatch.context() as patched:
        patched.setattr(bot_play, "get_bot", lambda kind, level: _Lingering(kind, real(kind, level)))
        yield


def to_the_end(game):
    return play_moves(game, 100_000)


def dealt(host, kind, guests=(), **table):
    game = lifecycle.create_table(host, kind, **table)
    for user in guests:
        lifecycle.join_table(user, game.pk)
    return lifecycle.start_table(host, game.pk)


def mail_server_refuses(*args, **kwargs):
    raise ConnectionRefusedError(111, "Connection refused")


def fill_the_old_database(alice, bob, charlie, settings, monkeypatch, enqueued, run_enqueued) -> dict:
    """Games in play and finished, staked and rated, mails sent, due and refused, a mail
    received, links, tokens, a group's permissions and admin history: what the checks
    after the upgrade need."""
    settings.MAILERS = {"default": {"BACKEND": settings.OUTBOX_BACKEND}}
    # Finished: a bot game, a staked game (its pot paid out), a rated game, and a rematch
    # table waiting for players.
    to_the_end(dealt(charlie, "capit", seats=4, bots=3))
    staked = to_the_end(dealt(alice, "capitalla", [bob], seats=2, ante=50))
    to_the_end(dealt(bob, "capitalla", [charlie], seats=2, rated=True, timeout_policy=Game.TimeoutPolicy.FORFEIT))
    lifecycle.rematch(alice, staked.pk)
    # Their result mails, sent into the outbox (Notification and OutboxMessage rows).
    assert mails_due.send_due_mails() >= 4
    assert all(run_enqueued("send_notification"))
    with lingering(monkeypatch):
        # In play: a staked table (chips in its pot) and a bot game, half way.
        play_moves(dealt(bob, "capitalla", [charlie], seats=2, ante=20), 7)
        against_bots = play_moves(dealt(alice, "rummathon", seats=3, bots=2), 9)
        # In play: alice and bob's game, her first move by mail, a few more, some table talk.
        table = dealt(alice, "capitalla", [bob], seats=2)
        assert receive(reply(table, alice, "draw")).status == "played"
        table = play_moves(Game.objects.get(pk=table.pk), 5)
        while table.turn_mail_at is None:  # to the start of a turn: its mail is due on the game
            table = play_moves(table, 1)
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 3
    table_talk.say(alice, table.pk, "Good luck!")
    table_talk.say(bob, table.pk, "You too.")
    waiting = next(seat.user for seat in table.seat_list if seat.index == table.to_act[0])
    # The mail telling whose turn it is, refused by the mail server: due for another try.
    with monkeypatch.context() as down:
        down.setattr(EmailMultiAlternatives, "send", mail_server_refuses)
        assert mailroom.tasks.send_notification("your_turn", waiting.pk, table.pk, table.version) is False
    refused = Notification.objects.get(game=table, kind="your_turn", version=table.version)
    assert refused.next_try_at is not None and refused.sent_at is None
    heartbeats.send_heartbeats()
    # The worker's queue is empty when the site stops for the upgrade.
    run_enqueued("send_notification")
    enqueued.clear()
    # Permissions on the moved models, held by a group, and an admin's note on a game.
    referees = Group.objects.create(name="referees")
    referees.permissions.set(
        Permission.objects.filter(content_type__app_label="games", codename__in=["change_game", "view_notification"])
    )
    charlie.groups.add(referees)
    # (Today's admin would name the game's content type under tables: the old one names it under games.)
    LogEntry.objects.create(
        user=charlie,
        content_type=ContentType.objects.get(app_label="games", model="game"),
        object_id=str(table.pk),
        object_repr=str(table),
        action_flag=CHANGE,
        change_message="Checked",
    )
    return {
        "link": magic_links.issue(bob, table.pk),
        "token": tokens.create(alice, "alice's bot", ["read", "play"])[1],
        "table": table,
        "against_bots": against_bots,
        "refused": refused,
        "staked": staked,
    }


def run(command: str, *args) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def test_the_moved_models_are_their_old_selves_field_for_field():
    """Only Django's state changed: a field that changed on the way would have no
    migration altering its column, and the model would not match its table."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    old = loader.project_state(("games", BEFORE_THE_MOVE["games"]), at_end=True)
    new = loader.project_state(at_end=True)

    def fields(state):
        return {
            name: repr(field.deconstruct()[1:]).replace("tables.game", "games.game")
            for name, field in state.fields.items()
        }

    for app_label, models in MOVED.items():
        for model in models:
            before, after = old.models["games", model._meta.model_name], new.models[app_label, model._meta.model_name]
            assert fields(after) == fields(before)
            assert {**before.options, "db_table": model._meta.db_table} == after.options
            assert model._meta.db_table == f"games_{model._meta.model_name}"


@pytest.mark.django_db(transaction=True)
def test_an_upgrade_from_the_games_app_keeps_every_row_and_passes_the_checks(
    before_the_move, alice, bob, charlie, settings, monkeypatch, enqueued, run_enqueued
):
    # An old release's database: the moved models' content types under games.
    old_content_types = moved_content_types("games")
    assert len(old_content_types) == 10 and all(permissions for _, permissions in old_content_types.values())
    assert moved_content_types() == {}
    made = fill_the_old_database(alice, bob, charlie, settings, monkeypatch, enqueued, run_enqueued)
    before = rows()
    assert all(before.values()), [label for label, found in before.items() if not found]
    assert moved_content_types() == {}  # nothing above made one under the new labels

    upgrade()

    # Every row as it was (the same rows, primary keys and values), and the moved models'
    # content types renamed in place, their permissions still theirs.
    assert rows() == before
    assert moved_content_types() == old_content_types
    assert not ContentType.objects.filter(app_label="games").exists()
    assert ContentType.objects.get_for_model(Game).pk == old_content_types["game"][0]
    charlie = type(charlie).objects.get(pk=charlie.pk)
    assert charlie.has_perm("tables.change_game") and charlie.has_perm("mailroom.view_notification")
    assert LogEntry.objects.get().get_edited_object() == made["table"]
    # The checks an operator runs after an upgrade.
    dealt_games = Game.objects.filter(state__isnull=False).count()
    assert run("verify_games").strip() == f"{dealt_games} games replayed, 0 mismatches"
    assert run("verify_ledger").endswith(" 0 problems\n")
    assert run("rebuild_ratings", "--check").startswith("1 rated games replayed: 2 ratings, 0 differ")
    # The mails due go: the refused one on its next try, the turn mails due on the games.
    refused = made["refused"]
    assert delivery.retry_due_mails(now=refused.next_try_at) == 1
    assert run_enqueued("send_notification") == [True]
    assert Notification.objects.get(pk=refused.pk).sent_at is not None
    waiting = Game.objects.filter(turn_mail_at__isnull=False)
    due, last = dict(waiting.values_list("pk", "version")), max(waiting.values_list("turn_mail_at", flat=True))
    assert made["table"].pk in due
    assert mails_due.send_due_mails(now=last) >= len(due)
    run_enqueued("send_notification")
    sent = Notification.objects.filter(kind="your_turn", sent_at__isnull=False)
    assert set(due.items()) <= set(sent.values_list("game", "version"))
    # The API token authenticates, the magic link opens its game, and the games go on.
    api = Client(headers={"Authorization": f"Bearer {made['token']}"})
    assert api.get("/api/v1/me").json()["id"] == alice.pk
    assert api.get(f"/api/v1/games/{made['table'].pk}").json()["version"] == made["table"].version
    assert api.get(f"/api/v1/games/{made['staked'].pk}/log").json()["seed"] == made["staked"].seed
    client = Client()
    assert client.post(made["link"]).status_code == 302
    assert client.get(made["table"].get_absolute_url()).wsgi_request.user == bob
    against_bots = Game.objects.get(pk=made["against_bots"].pk)
    with lingering(monkeypatch):
        assert play_moves(against_bots, 3).version > against_bots.version
    assert run("verify_games").endswith(" 0 mismatches\n")


@pytest.mark.django_db(transaction=True)
def test_a_content_type_asked_for_before_migrating_gives_way_to_the_old_one(before_the_move):
    # The new release's code running ahead of `migrate` (an admin page, a shell) makes an
    # empty content type under the new label: the old one, with its permissions, wins.
    old_content_types = moved_content_types("games")
    made_early = ContentType.objects.get_for_model(Game)
    assert made_early.pk != old_content_types["game"][0]

    upgrade()

    assert moved_content_types() == old_content_types
    assert not ContentType.objects.filter(pk=made_early.pk).exists()
