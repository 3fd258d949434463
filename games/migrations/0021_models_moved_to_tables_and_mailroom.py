"""The core's models moved to the tables app and the mail's to the mailroom app, keeping
their tables (games_game, games_notification, ...): this removes them from this app in
Django's state only, once everything that named them names them in their new apps. No
row is copied, no table renamed (docs/decisions/0042-apps-by-layer.md)."""

from django.db import migrations

# Models that point at others first: a model leaves the state after those that name it.
MOVED = ["Notification", "MagicLink", "InboundMail", "OutboxMessage", "ChatMessage", "Event", "Hand", "Seat"]
MOVED += ["Game", "QueueHeartbeat"]


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0020_notification_kind_timed_out"),
        ("tables", "0001_initial"),
        ("mailroom", "0001_initial"),
        ("ledger", "0005_game_in_tables_app"),
        ("ratings", "0002_game_in_tables_app"),
        # The games' own data migrations read the games app's Game: they run before it goes.
        ("capit", "0001_drawn_in_saved_states"),
        ("capitalla", "0001_picks_from_discard_in_saved_states"),
        ("rummathon", "0001_sabotage_discard_in_old_games"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name) for name in MOVED],
            database_operations=[],
        )
    ]
