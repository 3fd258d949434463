"""For data migrations: a game's state gains keys its rules now keep. A saved state has
none, so `manage.py verify_games` would report it as differing from its replayed log;
each such game takes the values its own replay gives."""

from tables.models import is_system_move
from tables.plugins import get_plugin


def fill_from_replay(apps, slug: str, keys: tuple[str, ...]) -> None:
    rules = get_plugin(slug).rules
    game_model, event_model = apps.get_model("games", "Game"), apps.get_model("games", "Event")
    for game in game_model.objects.filter(kind=slug, state__isnull=False).iterator():
        if all(key in game.state for key in keys):
            continue
        state = rules.new_game(game.num_seats, game.options, game.seed)
        for event in event_model.objects.filter(game=game).order_by("seq"):
            if not is_system_move(event.move):
                state = rules.apply(state, event.seat, event.move)
        game.state = {**game.state, **{key: state.get(key) for key in keys}}
        game.save(update_fields=["state"])
