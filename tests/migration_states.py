"""Models as a migration saw them: a data migration's function is tested with the apps of
its own point in the history, as `migrate` hands them to it (today's models may live in
another app: the core's moved from `games` to `tables`)."""

from django.db import connection
from django.db.migrations.loader import MigrationLoader


def apps_at(app_label: str, migration_name: str):
    """The historical models once `app_label`'s `migration_name` has run."""
    return MigrationLoader(connection).project_state((app_label, migration_name)).apps
