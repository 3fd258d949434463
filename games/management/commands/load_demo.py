"""Demo data for a fresh site: a demo account hosting an open Capitalla table with bots and
a Cap-It table played for chips, which seats only people (the demo account waits there
for friends), and Ana's table with a free seat. Idempotent."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from accounts.confirmation import confirm_address
from games import services
from games.models import Game

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "capitalla-demo"
DEMO_EMAIL = "demo@example.com"  # its mail lands in the outbox at /outbox/ (no EMAIL_HOST)


def refuse_in_production():
    """The demo account has a published password and run_site starts Django's development
    server: neither belongs on a site with DEBUG off."""
    if not settings.DEBUG:
        raise CommandError("DEBUG is off: this is for development only (DEBUG=1, as `make run` sets). "
                           "To run the site in production, follow the README's \"Production\" section.")


class Command(BaseCommand):
    help = "Create the demo account, its open tables and Ana's (once)."

    def handle(self, **options):
        refuse_in_production()
        User = get_user_model()
        demo, created = User.objects.get_or_create(
            username=DEMO_USERNAME, defaults={"display_name": "Demo Player", "email": DEMO_EMAIL})
        if created:
            demo.set_password(DEMO_PASSWORD)
            demo.save()
        elif not demo.email:
            demo.email = DEMO_EMAIL
            demo.save(update_fields=["email"])
        confirm_address(demo)  # its starting chips, for the table played for chips (once)
        for kind, bots, ante in (("capitalla", 3, 0), ("capit", 0, 50)):
            if not Game.objects.filter(host=demo, kind=kind, status=Game.Status.OPEN).exists():
                services.create_table(demo, kind, seats=4, bots=bots, bot_level="normal", ante=ante)
        ana, _ = User.objects.get_or_create(username="ana", defaults={"display_name": "Ana"})
        if not Game.objects.filter(host=ana, status=Game.Status.OPEN).exists():
            services.create_table(ana, "capitalla", seats=3, bots=1, bot_level="easy")
        self.stdout.write(f"Demo login: {DEMO_USERNAME} / {DEMO_PASSWORD}")
