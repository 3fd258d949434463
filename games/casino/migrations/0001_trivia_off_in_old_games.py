"""Since decision 0043 a right answer scores unless the host turns it off. Tables made
before were made when it did not: they keep that, in their options (and the saved state of
those dealt), so that their logs replay (the replay, the hard bot's hints, `verify_games`)
and a game goes on as it began. A table made before and not yet dealt was created under
the old default too, by a host who saw "off": it keeps "off"."""

from django.db import migrations


def keep_trivia_off(apps, schema_editor):
    game_model = apps.get_model("tables", "Game")
    for game in game_model.objects.filter(kind="casino").iterator():
        if "trivia_points" in game.options:
            continue
        game.options = {**game.options, "trivia_points": False}
        if game.state is not None:
            game.state = {**game.state, "options": {**game.state["options"], "trivia_points": False}}
        game.save(update_fields=["options", "state"])


class Migration(migrations.Migration):
    dependencies = [("tables", "0002_content_types_from_games")]
    operations = [migrations.RunPython(keep_trivia_off, migrations.RunPython.noop)]
