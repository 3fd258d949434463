from django.db import migrations, models

ABSENCES_STOP_CLOCK_FROM = 86400  # games.models, as it was when this migration was written


def stop_clocks_of_correspondence_tables(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Game.objects.filter(turn_seconds__gte=ABSENCES_STOP_CLOCK_FROM).update(absences_stop_clock=True)


class Migration(migrations.Migration):
    dependencies = [("games", "0015_inbound_mail")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="absences_stop_clock",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="game",
            name="rated",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(stop_clocks_of_correspondence_tables, migrations.RunPython.noop),
    ]
