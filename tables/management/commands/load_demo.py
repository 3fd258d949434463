"""Demo data for a fresh site: a demo account and Ana, each hosting the open tables the
games ask for (`GamePlugin.demo_tables`, e.g. a table with bots, a table played for chips
that seats only people, a table with a free seat). Idempotent: a host keeps one open
table of each game."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from accounts.confirmation import confirm_address
from tables.actions import lifecycle
from tables.models import Game
from tables.plugins import PLUGINS

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "capitalla-demo"
DEMO_EMAIL = "demo@example.com"  # its mail lands in the outbox at /outbox/ (no EMAIL_HOST)


def refuse_in_production():
    """The demo account has a published password, run_site starts Django's development
    server, and simulate fills the lobby's history with bot games: none belongs on a site
    with DEBUG off."""
    if not settings.DEBUG:
        raise CommandError(
            "DEBUG is off: this is for development only (DEBUG=1, as `make run` sets). "
            'To run the site in production, follow the README\'s "Production" section.'
        )


class Command(BaseCommand):
    help = "Create the demo account, its open tables and Ana's (once)."

    def handle(self, **options):
        refuse_in_production()
        User = get_user_model()
        demo, created = User.objects.get_or_create(
            username=DEMO_USERNAME, defaults={"display_name": "Demo Player", "email": DEMO_EMAIL}
        )
        if created:
            demo.set_password(DEMO_PASSWORD)
            demo.save()
        elif not demo.email:
            demo.email = DEMO_EMAIL
            demo.save(update_fields=["email"])
        confirm_address(demo)  # its starting chips, for the table played for chips (once)
        hosts = {"demo": demo, "ana": User.objects.get_or_create(username="ana", defaults={"display_name": "Ana"})[0]}
        for plugin in PLUGINS.values():
            for table in plugin.demo_tables:
                options = dict(table)
                host = hosts[options.pop("host")]
                if not Game.objects.filter(host=host, kind=plugin.slug, status=Game.Status.OPEN).exists():
                    lifecycle.create_table(host, plugin.slug, **options)
        self.stdout.write(f"Demo login: {DEMO_USERNAME} / {DEMO_PASSWORD}")
