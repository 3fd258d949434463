"""manage.py rebuild_ratings [--check]: every rating again from the finished rated games
(`ratings.rebuild`). The command is the core's, not the ratings app's, because it reads
the games."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from ratings import rebuild
from ratings.models import Rating
from tables.models import Game


def finished_rated_games():
    """The finished rated games in the order ratings changed: `finished_at`, then id."""
    games = Game.objects.filter(rated=True, status=Game.Status.FINISHED).order_by("finished_at", "pk")
    return games.prefetch_related("seats").iterator(chunk_size=200)


class Command(BaseCommand):
    help = (
        "Recompute every rating from the finished rated games, in the order they finished, "
        "compare with the stored ratings and their history, and (unless --check) make the "
        "current ratings what the games say. The history is append-only: it is only checked."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--check", action="store_true", help="Change nothing; fail if anything differs from the games."
        )

    def handle(self, *args, check: bool = False, **options):
        with transaction.atomic():
            # Every rating row locked first: no game finishes between the replay and the write.
            list(Rating.objects.select_for_update().order_by("user_id", "kind").values_list("pk"))
            done = rebuild.replay(finished_rated_games())
            ratings = rebuild.rating_differences(done)
            history = rebuild.history_differences(done)
            for line in ratings + history:
                self.stdout.write(line)
            games = len({game for game, _ in done.changes})
            self.stdout.write(
                f"{games} rated games replayed: {len(done.skills)} ratings, "
                f"{len(ratings)} differ from the games; {len(history)} history rows differ."
            )
            if check:
                if ratings or history:
                    raise CommandError("The stored ratings do not agree with the games.")
                return
            rebuild.write_ratings(done)
            if ratings:
                self.stdout.write(f"{len(ratings)} ratings rewritten from the games.")
