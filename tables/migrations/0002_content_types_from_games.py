"""The moved models' content types follow them: the rows of games.game, games.notification,
... are renamed in place to tables.* and mailroom.*, so their permissions, groups and
admin history stay attached. A new database has none yet (Django makes them after
migrating), and nothing to rename."""

from django.db import migrations

MOVED = {
    "tables": ["game", "seat", "event", "hand", "chatmessage", "queueheartbeat"],
    "mailroom": ["notification", "outboxmessage", "magiclink", "inboundmail"],
}


def move_labels(apps, moves):
    """For each (from, to, models): rename the content types of `from` to `to`. A row the
    new code made under `to` before this ran (a content type asked for ahead of
    `migrate`) holds nothing yet: the old row, with the permissions and the history, wins."""
    content_type = apps.get_model("contenttypes", "ContentType")
    for old_label, new_label, models in moves:
        old = content_type.objects.filter(app_label=old_label, model__in=models)
        content_type.objects.filter(app_label=new_label, model__in=old.values("model")).delete()
        old.update(app_label=new_label)


def relabel(apps, schema_editor):
    move_labels(apps, [("games", label, models) for label, models in MOVED.items()])


def relabel_back(apps, schema_editor):
    move_labels(apps, [(label, "games", models) for label, models in MOVED.items()])


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("tables", "0001_initial"),
        ("games", "0021_models_moved_to_tables_and_mailroom"),
    ]

    operations = [migrations.RunPython(relabel, relabel_back)]
