"""Capitalla's state keeps what each seat took from the discard pile and passed over
(`taken`, `refused`, shown to every seat for the hard bot's opponent model); a state
saved before has neither."""

from django.db import migrations

from tables.saved_states import fill_from_replay


def add_picks(apps, schema_editor):
    fill_from_replay(apps, "capitalla", ("taken", "refused"))


class Migration(migrations.Migration):
    dependencies = [("games", "0015_inbound_mail")]
    operations = [migrations.RunPython(add_picks, migrations.RunPython.noop)]
