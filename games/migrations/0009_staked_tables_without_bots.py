"""Tables played for chips seat only people from now on (issue "Trust"). A staked table
opened earlier with bots could neither start nor settle now: close it, and give every
ante already in its pot back to whoever paid it (the house paid the bots'). This is the
last refund of a dealt game the site will ever make; no player can ask for it."""

from django.db import migrations
from django.db.models import Q
from django.utils import timezone


def close_staked_tables_with_bots(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Account = apps.get_model("ledger", "Account")
    Entry = apps.get_model("ledger", "Entry")
    stuck = Game.objects.filter(Q(status="open") | Q(status="active"), ante__gt=0, seats__user__isnull=True).distinct()
    for game in stuck:
        pot = Account.objects.filter(kind="pot", game=game).first()
        for ante in (Entry.objects.filter(credit=pot, reason="ante") if pot else []):
            Entry.objects.create(debit=pot, credit_id=ante.debit_id, amount=ante.amount, reason="refund",
                                 game=game, seat=ante.seat)
        Game.objects.filter(pk=game.pk).update(
            status="abandoned", finished_at=timezone.now(), to_act=[], bot_due_at=None, clock_seat=None,
            deadline=None, turn_mail_at=None, remind_at=None, invite_mail_at=None)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_magic_links"),
        ("ledger", "0003_starting_grant"),
    ]

    operations = [migrations.RunPython(close_staked_tables_with_bots, migrations.RunPython.noop)]
