"""Demo data for a fresh site: a demo account and an open table with bots, idempotent."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import services
from games.models import Game

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "capitalla-demo"
DEMO_EMAIL = "demo@example.com"  # its mail lands in the outbox at /outbox/ (no EMAIL_HOST)


class Command(BaseCommand):
    help = "Create the demo account and a bot-filled open table (once)."

    def handle(self, **options):
        User = get_user_model()
        demo, created = User.objects.get_or_create(
            username=DEMO_USERNAME, defaults={"display_name": "Demo Player", "email": DEMO_EMAIL})
        if created:
            demo.set_password(DEMO_PASSWORD)
            demo.save()
        elif not demo.email:
            demo.email = DEMO_EMAIL
            demo.save(update_fields=["email"])
        if not Game.objects.filter(host=demo, status=Game.Status.OPEN).exists():
            services.create_table(demo, "capitalla", seats=4, bots=3, bot_level="normal")
        ana, _ = User.objects.get_or_create(username="ana", defaults={"display_name": "Ana"})
        if not Game.objects.filter(host=ana, status=Game.Status.OPEN).exists():
            services.create_table(ana, "capitalla", seats=3, bots=1, bot_level="easy")
        self.stdout.write(f"Demo login: {DEMO_USERNAME} / {DEMO_PASSWORD}")
