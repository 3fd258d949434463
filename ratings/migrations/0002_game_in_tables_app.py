"""A rating change names its game in the tables app now (the same table, games_game):
Django's state only."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('ratings', '0001_ratings_and_their_history'),
        ('tables', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='ratingchange',
                    name='game',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='rating_changes', to='tables.game'),
                ),
            ],
            database_operations=[],
        ),
    ]
