"""For data migrations: a game's state gains what its rules now keep. A saved state lacks
it, so `manage.py verify_games` would report it as differing from its replayed log; each
such game takes the values its own replay gives."""

from tables.models import is_system_move
from tables.plugins import get_plugin


def fill_from_replay(apps, slug: str, keys: tuple[str, ...], lacks=None, app_label: str = "games") -> None:
    """Each `slug` game whose saved state `lacks` what the rules keep now (by default: one of
    `keys`) takes `keys` from its replay. `app_label`: where the models are at the
    migration's point in the history (the games app's before the core had its own)."""
    lacks = lacks or (lambda state: not all(key in state for key in keys))
    rules = get_plugin(slug).rules
    game_model, event_model = apps.get_model(app_label, "Game"), apps.get_model(app_label, "Event")
    for game in game_model.objects.filter(kind=slug, state__isnull=False).iterator():
        if not lacks(game.state):
            continue
        state = rules.new_game(game.num_seats, game.options, game.seed)
        for event in event_model.objects.filter(game=game).order_by("seq"):
            if not is_system_move(event.move):
                state = rules.apply(state, event.seat, event.move)
        game.state = {**game.state, **{key: state.get(key) for key in keys}}
        game.save(update_fields=["state"])
