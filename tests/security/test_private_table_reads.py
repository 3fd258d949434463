"""Attack: read a private table without being let in. A signed-in stranger and an anonymous
visitor send every request they can think of (GET and POST, plain and htmx) to every URL
of a private game, in play and once over, and look for the table in the answers: the
players' names, the move history, the chat, the pot, the cards, the seed and its hash.

The URLs are taken from tables.urls, so a game URL added later is attacked too.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import URLResolver, reverse

from engine.registry import RULES
from ledger import chips
from tables import urls
from tables.actions import lifecycle, player_moves, table_talk
from tables.models import Game

pytestmark = pytest.mark.django_db

ANTE = 10
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}
# What a forged request may carry: a move of either game, a chat line, a ticked box...
FORM = {"version": "0", "type": "draw", "from": "pile", "text": "hello", "confirm": "on", "order": "suit"}


def game_url_parameters() -> dict[str, set[str]]:
    """Every URL of tables.urls that names a game (a game app's in its namespace), with
    the names of its parameters."""
    found = {}
    for p in urls.urlpatterns:
        if "game_id" not in p.pattern.converters:
            continue
        if isinstance(p, URLResolver):  # a game's own pages
            found |= {
                f"{p.namespace}:{q.name}": set(p.pattern.converters) | set(q.pattern.converters) for q in p.url_patterns
            }
        else:
            found[p.name] = set(p.pattern.converters)
    return found


def game_url_names() -> list[str]:
    return list(game_url_parameters())


def game_url(name: str, game_id: int) -> str:
    kwargs = {key: 1 for key in game_url_parameters()[name]} | {"game_id": game_id}
    return reverse(name, kwargs=kwargs)


def private_game(django_user_model, alice, bob, kind: str, finished: bool) -> Game:
    """Alice's and Bob's private game for chips (with friends of theirs when the game needs
    more players), two moves and a chat line in; over (Bob resigned) when `finished`."""
    alice.display_name, bob.display_name = "Alice Hiddenhost", "Bob Hiddenguest"
    alice.save()
    bob.save()
    friends = [
        django_user_model.objects.create_user(username=f"friend{n}", display_name=f"Friend Hidden{n}")
        for n in range(RULES[kind].info.min_players - 2)
    ]
    players = [alice, bob, *friends]
    for user in players:
        chips.grant(chips.player_account(user), ANTE)
    game = lifecycle.create_table(alice, kind, seats=len(players), private=True, ante=ANTE)
    for user in players[1:]:
        lifecycle.join_table(user, game.pk)
    game = lifecycle.start_table(alice, game.pk)
    for _ in range(2):
        seat = game.to_act[0]
        move = game.rules.legal_moves(game.state, seat)[0]
        game = player_moves.play_move(players[seat], game.pk, game.version, move)
    table_talk.say(bob, game.pk, "our secret plan")
    if finished:
        player_moves.resign(bob, game.pk)
    return Game.objects.get(pk=game.pk)


def secrets_of(game: Game) -> list[str]:
    """What an answer must not contain: anything from the table."""
    found = [
        game.seed_hash,
        game.invite_code,
        "Hiddenhost",
        "Hiddenguest",
        "our secret plan",
        "in the pot now",
        f"Ante {ANTE} chips",
        f"table--{game.kind}",
        'class="seats"',
        'class="card',
        'class="pcard',
        'class="history',
    ]
    if game.seed is not None:
        found.append(str(game.seed))
    return found


def answers(client, url: str) -> dict[str, object]:
    return {
        "GET": client.get(url),
        "GET htmx": client.get(url, **HTMX),
        "POST": client.post(url, FORM),
        "POST htmx": client.post(url, FORM, **HTMX),
    }


def outline(response, game_id: int) -> tuple:
    """What an answer says apart from its body: status and where it redirects to."""
    return response.status_code, response.get("Location", "").replace(f"/games/{game_id}/", "/games/<id>/")


@pytest.mark.parametrize("finished", [False, True], ids=["in play", "finished"])
@pytest.mark.parametrize("kind", list(RULES))
@pytest.mark.parametrize("visitor", ["stranger", "anonymous"])
def test_no_game_url_shows_a_private_table_to_an_outsider(
    client, django_user_model, alice, bob, charlie, kind, finished, visitor
):
    game = private_game(django_user_model, alice, bob, kind, finished)
    missing = Game.objects.order_by("-pk").values_list("pk", flat=True).first() + 1000
    if visitor == "stranger":
        client.force_login(charlie)
    leaks = []
    for name in game_url_names():
        private_answers, missing_answers = (
            answers(client, game_url(name, game.pk)),
            answers(client, game_url(name, missing)),
        )
        for how, response in private_answers.items():
            body = response.content.decode(errors="replace")
            leaks += [f"{how} {name}: {secret!r}" for secret in secrets_of(game) if secret in body]
            if outline(response, game.pk) != outline(missing_answers[how], missing):
                leaks.append(
                    f"{how} {name}: answers {outline(response, game.pk)}, unlike a table that "
                    f"does not exist {outline(missing_answers[how], missing)}"
                )
    assert leaks == [], "\n".join(leaks)


def test_the_rule_for_a_loaded_game_agrees_with_the_rule_for_a_query(django_user_model, alice, bob, charlie):
    """`Game.is_visible_to` (the seat check of every action) and `Game.objects.visible_to`
    (pages, polls, lists) are one rule: for every kind of visitor and table they agree."""
    staff = django_user_model.objects.create_user(username="staffer", is_staff=True)
    games = []
    for private in (False, True):
        game = lifecycle.create_table(alice, "capitalla", seats=3, private=private)
        lifecycle.join_table(bob, game.pk)
        games.append(game)
    for user in (alice, bob, charlie, staff, AnonymousUser()):
        listed = set(Game.objects.visible_to(user).values_list("pk", flat=True))
        for game in games:
            assert Game.objects.get(pk=game.pk).is_visible_to(user) == (game.pk in listed), (user, game.private)
