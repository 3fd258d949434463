"""Each finished round of Rummathon's state keeps what each seat bought (so the page can
itemise the cost in the points by round). A round saved before has none, so
`manage.py verify_games` would report its game as differing from its replayed log: each
such game takes the rounds its own replay gives (the same rounds, with what was bought)."""

from django.db import migrations

from tables.saved_states import fill_from_replay


def rounds_lack_bought(state) -> bool:
    return not all("bought" in summary for summary in state.get("rounds") or [])


def add_bought(apps, schema_editor):
    fill_from_replay(apps, "rummathon", ("rounds",), lacks=rounds_lack_bought, app_label="tables")


class Migration(migrations.Migration):
    dependencies = [("rummathon", "0001_sabotage_discard_in_old_games"), ("tables", "0002_content_types_from_games")]
    operations = [migrations.RunPython(add_bought, migrations.RunPython.noop)]
