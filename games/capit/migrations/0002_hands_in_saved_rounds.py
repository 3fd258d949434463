"""Each finished round of Cap-It's state keeps the cards left in each hand (so the page can
name the cards that made the points). A round saved before has none, so
`manage.py verify_games` would report its game as differing from its replayed log: each
such game takes the rounds its own replay gives (the same rounds, with the hands)."""

from django.db import migrations

from tables.saved_states import fill_from_replay


def rounds_lack_hands(state) -> bool:
    return not all("hands" in summary for summary in state.get("rounds") or [])


def add_hands(apps, schema_editor):
    fill_from_replay(apps, "capit", ("rounds",), lacks=rounds_lack_hands, app_label="tables")


class Migration(migrations.Migration):
    dependencies = [("capit", "0001_drawn_in_saved_states"), ("tables", "0002_content_types_from_games")]
    operations = [migrations.RunPython(add_hands, migrations.RunPython.noop)]
