"""Play bot-only games through the services, as a worker would, and summarise them. They
are real games of the database (an account "simulator" hosts them, public and finished):
for a development site only."""

import time
from collections import Counter
from statistics import median

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from engine.registry import RULES
from tables.actions import bot_play, errors, lifecycle, table_checks
from tables.management.commands.load_demo import refuse_in_production
from tables.models import Game


class Command(BaseCommand):
    help = "Play N bot-only games through the services and print a summary."

    def add_arguments(self, parser):
        parser.add_argument("kind", choices=sorted(RULES))
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--players", type=int, default=None)
        parser.add_argument("--level", choices=table_checks.BOT_LEVELS, default="normal")

    def handle(self, kind, games, players, level, **options):
        refuse_in_production()
        players = players or RULES[kind].info.default_players
        host, _ = get_user_model().objects.get_or_create(username="simulator", defaults={"display_name": "Simulator"})
        wins, reasons, moves, seconds = Counter(), Counter(), [], []
        for _ in range(games):
            started = time.perf_counter()
            try:
                game = lifecycle.create_table(host, kind, seats=players, bots=players, bot_level=level)
            except errors.ServiceError as exc:
                raise CommandError(exc.message) from None
            game = lifecycle.start_table(host, game.pk)
            self.stdout.write(f"game {game.pk}: seed sha256 {game.seed_hash}", ending="")
            while game.status == Game.Status.ACTIVE:
                bot_play.play_bot_turn(game.pk, game.version)
                game.refresh_from_db()
            seconds.append(time.perf_counter() - started)
            moves.append(game.version)
            reasons[game.result.get("reason", "?")] += 1
            wins.update(game.result["winners"])
            self.stdout.write(f" -> winners {game.result['winners']}, {game.version} moves, seed {game.seed}")
        self.stdout.write(
            f"\n{games} {kind} games, {players} {level} bots: "
            f"median {median(moves)} moves, median {median(seconds) * 1000:.0f} ms per game\n"
            f"end reasons: {dict(reasons)}\n"
            f"wins by seat: {dict(sorted(wins.items()))}"
        )
