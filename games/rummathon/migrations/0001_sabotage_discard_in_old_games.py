"""Since session 44 a Sabotage may not be discarded (the rule sheet: it never goes into the
discard pile). The games dealt before were played under the rules that let it: they keep
them, in their options and their saved state, so that their logs replay (the replay, the
hard bot's hints, `verify_games`) and a game in play goes on as it began. Tables not yet
dealt take today's rules."""

from django.db import migrations


def keep_old_rule(apps, schema_editor):
    game_model = apps.get_model("games", "Game")
    for game in game_model.objects.filter(kind="rummathon", state__isnull=False).iterator():
        game.options = {**game.options, "sabotage_discard": True}
        game.state = {**game.state, "options": {**game.state["options"], "sabotage_discard": True}}
        game.save(update_fields=["options", "state"])


class Migration(migrations.Migration):
    dependencies = [("games", "0020_notification_kind_timed_out")]
    operations = [migrations.RunPython(keep_old_rule, migrations.RunPython.noop)]
