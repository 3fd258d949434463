"""Cap-It's state keeps `drawn` (the card a seat drew or took this turn, marked on its page)
since the hand could be arranged. A state saved before has none, so `manage.py verify_games`
would report each such game as differing from its replayed log: each takes the value its
own replay gives."""

from django.db import migrations


def add_drawn(apps, schema_editor):
    from games.models import is_system_move
    from games.plugins import get_plugin

    rules = get_plugin("capit").rules
    game_model, event_model = apps.get_model("games", "Game"), apps.get_model("games", "Event")
    for game in game_model.objects.filter(kind="capit", state__isnull=False).iterator():
        if "drawn" in game.state:
            continue
        state = rules.new_game(game.num_seats, game.options, game.seed)
        for event in event_model.objects.filter(game=game).order_by("seq"):
            if not is_system_move(event.move):
                state = rules.apply(state, event.seat, event.move)
        game.state = {**game.state, "drawn": state.get("drawn")}
        game.save(update_fields=["state"])


class Migration(migrations.Migration):
    dependencies = [("games", "0014_seat_hand_arrangement")]
    operations = [migrations.RunPython(add_drawn, migrations.RunPython.noop)]
