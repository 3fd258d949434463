"""manage.py verify_ledger: the ledger's invariants (`ledger.invariants`). The command is the
core's, not the ledger's, because an ended game's pot must be empty and only the core
knows which games have ended."""

from django.core.management.base import BaseCommand, CommandError

from ledger import invariants
from ledger.models import Account, Entry
from tables.models import Game


def problems() -> list[str]:
    """What breaks the ledger's invariants, one line each; a finished or abandoned game is over."""
    return invariants.problems(Game.objects.filter(status__in=(Game.Status.FINISHED, Game.Status.ABANDONED)))


class Command(BaseCommand):
    help = (
        "Check that ended games' pots are empty, chips add up to the grants, only players were granted "
        "chips, and no balance is negative."
    )

    def handle(self, **options):
        found = problems()
        for line in found:
            self.stderr.write(line)
        self.stdout.write(f"{Account.objects.count()} accounts, {Entry.objects.count()} entries, {len(found)} problems")
        if found:
            raise CommandError("verify_ledger found problems")
