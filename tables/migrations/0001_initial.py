"""The core's models, taken over from the games app as they stand: the tables exist already
(games_game, games_seat, ...: their names are kept), so this changes Django's state only.
Databases made before the move created them in games/migrations."""

import django.db.models.deletion
import tables.models
import tables.plugins
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0020_notification_kind_timed_out'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='QueueHeartbeat',
                    fields=[
                        ('queue', models.CharField(max_length=32, primary_key=True, serialize=False)),
                        ('sent_at', models.DateTimeField(blank=True, null=True)),
                        ('seen_at', models.DateTimeField(blank=True, null=True)),
                    ],
                    options={
                        'db_table': 'games_queueheartbeat',
                    },
                ),
                migrations.CreateModel(
                    name='Game',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(max_length=20, validators=[tables.plugins.validate_kind])),
                        ('status', models.CharField(choices=[('open', 'Waiting for players'), ('active', 'In play'), ('finished', 'Finished'), ('abandoned', 'Abandoned')], default='open', max_length=10)),
                        ('num_seats', models.PositiveSmallIntegerField()),
                        ('bot_level', models.CharField(default='normal', max_length=10)),
                        ('options', models.JSONField(blank=True, default=dict)),
                        ('private', models.BooleanField(default=False)),
                        ('ante', models.PositiveIntegerField(default=0)),
                        ('invite_code', models.CharField(default=tables.models.new_invite_code, max_length=32, unique=True)),
                        ('seed', models.BigIntegerField(blank=True, null=True)),
                        ('seed_hash', models.CharField(blank=True, max_length=64)),
                        ('state', models.JSONField(blank=True, null=True)),
                        ('version', models.PositiveIntegerField(default=0)),
                        ('to_act', models.JSONField(blank=True, default=list)),
                        ('result', models.JSONField(blank=True, null=True)),
                        ('bot_due_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('turn_seconds', models.PositiveIntegerField(choices=[(30, '30 seconds'), (120, '2 minutes'), (600, '10 minutes'), (3600, '1 hour'), (43200, '12 hours'), (86400, '1 day'), (259200, '3 days'), (604800, '7 days')], default=86400)),
                        ('timeout_policy', models.CharField(choices=[('bot', 'A bot plays the missed turn'), ('forfeit', 'The player is out')], default='bot', max_length=10)),
                        ('allow_extra_time', models.BooleanField(default=True)),
                        ('clock_seat', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('deadline', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('turn_mail_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('remind_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('result_mail_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('invite_mail_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('full_mail_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('extra_time_used', models.BooleanField(default=False)),
                        ('clock_left', models.DurationField(blank=True, null=True)),
                        ('absences_stop_clock', models.BooleanField(default=False)),
                        ('rated', models.BooleanField(default=False)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('started_at', models.DateTimeField(blank=True, null=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('chat_count', models.PositiveIntegerField(default=0)),
                        ('turned_away', models.JSONField(blank=True, default=list)),
                        ('host', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='hosted_games', to=settings.AUTH_USER_MODEL)),
                        ('rematch', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='rematch_of', to='tables.game')),
                    ],
                    options={
                        'db_table': 'games_game',
                    },
                ),
                migrations.CreateModel(
                    name='Event',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seq', models.PositiveIntegerField()),
                        ('seat', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('move', models.JSONField()),
                        ('summary', models.CharField(max_length=300)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='events', to='tables.game')),
                    ],
                    options={
                        'db_table': 'games_event',
                        'ordering': ['seq'],
                    },
                ),
                migrations.CreateModel(
                    name='ChatMessage',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField()),
                        ('text', models.CharField(max_length=300)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chat', to='tables.game')),
                    ],
                    options={
                        'db_table': 'games_chatmessage',
                        'ordering': ['id'],
                    },
                ),
                migrations.CreateModel(
                    name='Hand',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('number', models.PositiveSmallIntegerField()),
                        ('result', models.JSONField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hands', to='tables.game')),
                    ],
                    options={
                        'db_table': 'games_hand',
                        'ordering': ['number'],
                    },
                ),
                migrations.CreateModel(
                    name='Seat',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('index', models.PositiveSmallIntegerField()),
                        ('bot_level', models.CharField(blank=True, max_length=10)),
                        ('joined_at', models.DateTimeField(auto_now_add=True)),
                        ('missed_turns', models.PositiveSmallIntegerField(default=0)),
                        ('away', models.BooleanField(default=False)),
                        ('player_name', models.CharField(blank=True, max_length=150)),
                        ('hand_sort', models.CharField(blank=True, max_length=20)),
                        ('hand_order', models.JSONField(blank=True, default=list)),
                        ('absent_until', models.DateField(blank=True, null=True)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='tables.game')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_seat',
                        'ordering': ['index'],
                    },
                ),
                migrations.AddIndex(
                    model_name='game',
                    index=models.Index(fields=['status', 'private', '-created_at'], name='game_lobby_idx'),
                ),
                migrations.AddConstraint(
                    model_name='event',
                    constraint=models.UniqueConstraint(fields=('game', 'seq'), name='event_unique_seq'),
                ),
                migrations.AddIndex(
                    model_name='chatmessage',
                    index=models.Index(fields=['game', '-id'], name='chat_latest_idx'),
                ),
                migrations.AddConstraint(
                    model_name='hand',
                    constraint=models.UniqueConstraint(fields=('game', 'number'), name='hand_unique_number'),
                ),
                migrations.AddConstraint(
                    model_name='seat',
                    constraint=models.UniqueConstraint(fields=('game', 'index'), name='seat_unique_index'),
                ),
                migrations.AddConstraint(
                    model_name='seat',
                    constraint=models.UniqueConstraint(condition=models.Q(('user__isnull', False)), fields=('game', 'user'), name='seat_unique_user'),
                ),
            ],
            database_operations=[],
        ),
    ]
