"""The mail's models, taken over from the games app as they stand: the tables exist already
(games_notification, ...: their names are kept), so this changes Django's state only."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('games', '0020_notification_kind_timed_out'),
        ('tables', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='InboundMail',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('key', models.CharField(max_length=64, unique=True)),
                        ('message_id', models.CharField(blank=True, max_length=255)),
                        ('received_at', models.DateTimeField(auto_now_add=True)),
                        ('seat', models.PositiveSmallIntegerField()),
                        ('subject', models.CharField(blank=True, max_length=300)),
                        ('references', models.TextField(blank=True)),
                        ('text', models.TextField(blank=True)),
                        ('outcome', models.CharField(choices=[('played', 'Played'), ('partly', 'Partly played'), ('refused', 'Refused'), ('over', 'Game over')], max_length=8)),
                        ('report', models.JSONField(default=dict)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='inbound_mails', to='tables.game')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='inbound_mails', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_inboundmail',
                        'ordering': ['-received_at', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='MagicLink',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('used_at', models.DateTimeField(blank=True, null=True)),
                        ('revoked_at', models.DateTimeField(blank=True, null=True)),
                        ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tables.game')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='magic_links', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_magiclink',
                    },
                ),
                migrations.CreateModel(
                    name='OutboxMessage',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('to', models.CharField(max_length=254)),
                        ('from_email', models.CharField(max_length=254)),
                        ('subject', models.CharField(max_length=300)),
                        ('text', models.TextField()),
                        ('html', models.TextField(blank=True)),
                        ('headers', models.JSONField(blank=True, default=dict)),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True)),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='outbox', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_outboxmessage',
                        'ordering': ['-created_at', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='Notification',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('your_turn', 'Your turn'), ('reminder', 'Reminder'), ('game_over', 'Game over'), ('digest', 'Daily digest'), ('rematch', 'Rematch invitation'), ('table_full', 'Table full'), ('timed_out', 'Time ran out'), ('password_reset', 'Password reset'), ('confirm_address', 'Address confirmation'), ('mail_answer', 'Answer to a mailed move')], max_length=16)),
                        ('version', models.PositiveIntegerField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('sent_at', models.DateTimeField(blank=True, null=True)),
                        ('attempts', models.PositiveSmallIntegerField(default=0)),
                        ('next_try_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('failed_at', models.DateTimeField(blank=True, db_index=True, null=True)),
                        ('error', models.TextField(blank=True)),
                        ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='notifications', to='tables.game')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='notifications', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'games_notification',
                        'constraints': [models.UniqueConstraint(fields=('user', 'game', 'kind', 'version'), name='notification_once'), models.UniqueConstraint(condition=models.Q(('game__isnull', True)), fields=('user', 'kind', 'version'), name='notification_digest_once')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
