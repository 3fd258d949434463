"""Cap-It's state keeps `drawn` (the card a seat drew or took this turn, marked on its page)
since the hand could be arranged. A state saved before has none, so `manage.py verify_games`
would report each such game as differing from its replayed log: each takes the value its
own replay gives."""

from django.db import migrations

from tables.saved_states import fill_from_replay


def add_drawn(apps, schema_editor):
    fill_from_replay(apps, "capit", ("drawn",))


class Migration(migrations.Migration):
    dependencies = [("games", "0014_seat_hand_arrangement")]
    operations = [migrations.RunPython(add_drawn, migrations.RunPython.noop)]
