"""Pots and entries name their game in the tables app now (the same table, games_game):
Django's state only."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ledger', '0004_entries_plural'),
        ('tables', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='account',
                    name='game',
                    field=models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='pot', to='tables.game'),
                ),
                migrations.AlterField(
                    model_name='entry',
                    name='game',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='chip_entries', to='tables.game'),
                ),
            ],
            database_operations=[],
        ),
    ]
