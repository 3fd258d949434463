"""The contract every game keeps, as plain functions that raise AssertionError.

The `test_contract_*` files call each check for every registered game
(`tables.plugins.PLUGINS`) and, in their failing examples, for a toy game broken in one
way (`toys/`), so the very code that passes for the real games is shown to fail.

Engine checks take a plugin and a seed and play a random legal game (`playout`); web
checks take a game in the database and the test client.
"""

import json
import random
import re
from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest
from django.db import transaction
from django.http import QueryDict
from django.urls import reverse

from engine.commands import CommandError
from ledger import chips
from ledger.models import Entry
from tables.actions import bot_play, lifecycle, player_moves
from tables.models import Game
from tables.plugins import PLUGINS
from tables.replay import replay

# Enough for any game to end when every move is a random legal one (Cap-It takes ~750).
MAX_MOVES = 5000
# A staked game's pot in the engine checks: an odd number, so that splits leave odd chips.
ANTE = 37
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_CURRENT_URL": "http://testserver/"}


def _json(value):
    return json.loads(json.dumps(value))


def _crash(plugin, seed, what: str, exc: Exception) -> AssertionError:
    return AssertionError(f"{plugin.slug}, seed {seed}: {what} raised {exc!r}")


# ---------------------------------------------------------------- random legal games


@dataclass
class Playout:
    players: int
    seed: int  # the game's seed (the check's seed chooses it)
    moves: list  # (seat, move), in order
    states: list  # states[0] is the deal, states[k] the state after moves[k - 1]

    @property
    def final(self) -> dict:
        return self.states[-1]


def playout(plugin, seed: int, max_moves: int = MAX_MOVES) -> Playout:
    """A random legal game: the number of players, the game's seed and every choice come
    from `seed`; each move is one of `legal_moves` of a seat to act. A rules call that
    raises, or a seat to act with no legal move, is an AssertionError."""
    rules, rng = plugin.rules, random.Random(seed)
    players = rng.randint(rules.info.min_players, rules.info.max_players)
    game_seed = rng.getrandbits(63)  # large: a page naming it cannot be a coincidence
    try:
        state = rules.new_game(players, dict(plugin.quick_options), game_seed)
    except Exception as exc:
        raise _crash(plugin, seed, "new_game", exc) from exc
    moves, states = [], [state]
    while len(moves) < max_moves:
        to_act = rules.to_act(state)
        if not to_act:
            break
        seat = rng.choice(to_act)
        legal = rules.legal_moves(state, seat)
        assert legal, f"{plugin.slug}, seed {seed}, move {len(moves)}: seat {seat} is to act with no legal move"
        move = rng.choice(legal)
        try:
            state = rules.apply(state, seat, move)
        except Exception as exc:
            raise _crash(plugin, seed, f"move {len(moves)}, apply({seat}, {move})", exc) from exc
        moves.append((seat, move))
        states.append(state)
    return Playout(players, game_seed, moves, states)


def check_playouts_run(plugin, seed: int) -> None:
    """No crash: at every position each legal move of each seat to act applies, every
    seat's view and the spectator's are JSON-ready, states are JSON-ready, a move is
    described in words, and the game is over (with a result) exactly when nobody is to act."""
    rules, game = plugin.rules, playout(plugin, seed)
    for k, state in enumerate(game.states):
        where = f"{plugin.slug}, seed {seed}, position {k}"
        assert _json(state) == state, f"{where}: the state is not JSON-ready"
        to_act = rules.to_act(state)
        result = rules.result(state)
        assert (result is None) == bool(to_act), f"{where}: to_act {to_act} but result {result}"
        for viewer in [None, *range(game.players)]:
            assert _json(rules.view(state, viewer)) == rules.view(state, viewer), f"{where}: view({viewer})"
        for seat in to_act:
            for move in rules.legal_moves(state, seat):
                try:
                    after = rules.apply(state, seat, move)
                    said = rules.describe(state, seat, move, after=after)
                except Exception as exc:
                    raise _crash(plugin, seed, f"position {k}, legal move {move} of seat {seat}", exc) from exc
                assert isinstance(said, str) and said, f"{where}: no words for {move}"


def check_cards_conserved(plugin, seed: int) -> None:
    """`plugin.cards(state)` is the same multiset after every move."""
    game = playout(plugin, seed)
    deck = Counter(plugin.cards(game.states[0]))
    for k, state in enumerate(game.states[1:], 1):
        now = Counter(plugin.cards(state))
        assert now == deck, (
            f"{plugin.slug}, seed {seed}, after move {k} {game.moves[k - 1]}: "
            f"made {dict(now - deck)}, lost {dict(deck - now)}"
        )


def check_replay_identical(plugin, seed: int) -> None:
    """`new_game` from the seed plus the moves (through JSON, as the log stores them)
    rebuilds every state of the game."""
    rules, game = plugin.rules, playout(plugin, seed)
    state = rules.new_game(game.players, dict(plugin.quick_options), game.seed)
    assert state == game.states[0], f"{plugin.slug}, seed {seed}: the same seed deals another game"
    for k, (seat, move) in enumerate(game.moves, 1):
        try:
            state = rules.apply(_json(state), seat, _json(move))
        except Exception as exc:
            raise _crash(plugin, seed, f"replaying move {k}", exc) from exc
        assert state == game.states[k], f"{plugin.slug}, seed {seed}: the replay differs after move {k}"


MAIL_NAMES = ("Alice", "Bob", "Charlie", "Dave", "Erin", "Frank")
_COPY = re.compile(r":\d+$")


def without_copies(value):
    """A move with the copy index of every card id dropped ("10H:1" -> "10H"): copies of a
    card are the same card to a player, so a command names the face and the parser takes
    the first copy held."""
    if isinstance(value, str):
        return _COPY.sub("", value)
    if isinstance(value, list):
        return [without_copies(item) for item in value]
    if isinstance(value, dict):
        return {key: without_copies(item) for key, item in value.items()}
    return value


def check_mail_commands(plugin, seed: int) -> None:
    """At every position of a random game, for every seat with legal moves: each legal
    move's command parses back into that move (copies aside, see `without_copies`), and
    each example `help` gives parses into a legal move."""
    rules, commands, game = plugin.rules, plugin.commands, playout(plugin, seed)
    names = list(MAIL_NAMES[: game.players])
    for k, state in enumerate(game.states):
        for seat in range(game.players):
            legal = rules.legal_moves(state, seat)
            if not legal:
                continue
            view, where = rules.view(state, seat), f"{plugin.slug}, seed {seed}, position {k}, seat {seat}"
            plain = [without_copies(move) for move in legal]
            for move in legal:
                text = commands.command(view, move, names)
                try:
                    parsed = commands.parse(view, text, names)
                except CommandError as refused:
                    raise AssertionError(f"{where}: {text!r} for {move} is refused: {refused.reason}") from None
                assert without_copies(parsed) == without_copies(move), f"{where}: {text!r} for {move} is {parsed}"
            for line in commands.help(view, legal, names):
                parsed = commands.parse(view, line.example, names)
                assert without_copies(parsed) in plain, f"{where}: help example {line.example!r} is {parsed}"


def check_payouts_sum_to_pot(plugin, seed: int) -> None:
    """For a table played for chips: no payout is negative, a round's shares never change
    once due, nothing is paid at the end before the game is over, and at the end the
    payouts add up to the pot."""
    game = playout(plugin, seed)
    rules, pot = plugin.rules, ANTE * game.players
    assert not rules.to_act(game.final), f"{plugin.slug}, seed {seed}: the game did not end"
    due_before = []
    for k, state in enumerate(game.states):
        due = plugin.payouts(state, pot)
        where = f"{plugin.slug}, seed {seed}, position {k}"
        assert all(p.amount >= 0 and p.seat in range(game.players) for p in due), f"{where}: {due}"
        rounds = [p for p in due if p.round is not None]
        assert all(p in rounds for p in due_before if p.round is not None), f"{where}: a round's share changed"
        assert rules.result(state) is not None or all(p.round is not None for p in due), f"{where}: paid early"
        due_before = due
    paid = sum(p.amount for p in plugin.payouts(game.final, pot))
    assert paid == pot, f"{plugin.slug}, seed {seed}: paid {paid} of a pot of {pot}"


# ---------------------------------------------------------------- hidden information


def _strings(value) -> set[str]:
    """Every string a JSON value holds, keys included."""
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return {value} if isinstance(value, str) else set()


def secrets_of(plugin, state: dict, views: dict | None = None) -> dict:
    """What each viewer may not see in a game in play, by seat (None: a spectator): the
    face-down cards, and every other seat's hand (as that seat's own view has it) but
    for what the table sees too. `views`: the state's views by viewer, if at hand."""
    views = views or views_of(plugin, state)
    public = _strings(views[None])
    hands = {seat: set(view["hand"]) for seat, view in views.items() if seat is not None}
    face_down = set(plugin.face_down(state))
    return {
        viewer: face_down | {card for seat, hand in hands.items() if seat != viewer for card in hand} - public
        for viewer in views
    }


def views_of(plugin, state: dict) -> dict:
    """`rules.view` of the state for every seat, and for a spectator (None)."""
    players = len(plugin.rules.view(state, None)["hand_size"])
    return {viewer: plugin.rules.view(state, viewer) for viewer in [None, *range(players)]}


def check_views_hide_secrets(plugin, seed: int) -> None:
    """While the game is on, `rules.view(state, seat)` holds the seat's own hand (as many
    cards as the table says it holds, none face down, nobody else's) and no card of
    another seat's hand, no face-down card, no seed; the spectator's holds no hand."""
    rules, game = plugin.rules, playout(plugin, seed)
    for k, state in enumerate(game.states):
        if rules.result(state) is not None:
            break  # at the end every hand is shown
        where = f"{plugin.slug}, seed {seed}, position {k}"
        views = views_of(plugin, state)
        assert not views[None]["hand"], f"{where}: the spectator's view has a hand"
        hands = [views[seat]["hand"] for seat in range(game.players)]
        assert [len(hand) for hand in hands] == views[None]["hand_size"], f"{where}: hands and hand sizes differ"
        held = Counter(card for hand in hands for card in hand)
        assert max(held.values(), default=1) == 1, f"{where}: a card in two hands"
        assert not set(held) & set(plugin.face_down(state)), f"{where}: a face-down card in a hand"
        for viewer, secret in secrets_of(plugin, state, views).items():
            strings = _strings(views[viewer])
            assert not strings & secret, f"{where}: the view of {viewer} shows {sorted(strings & secret)}"
            assert "seed" not in strings and str(game.seed) not in json.dumps(views[viewer]), (
                f"{where}: the view of {viewer} shows the seed"
            )


def check_moves_name_no_hidden_card(plugin, seed: int) -> None:
    """A move names only cards the table saw, or cards of the mover's own hand, which the
    move shows the table (a discard, a lay-down, a card played or traded in): never one
    face down or in another hand (a draw that said what it drew). So the log of moves,
    which the API and the history give while the game is on, tells nothing the table did
    not see."""
    game = playout(plugin, seed)
    for k, (seat, move) in enumerate(game.moves):
        before = game.states[k]
        views = views_of(plugin, before)
        named = _strings(move) & secrets_of(plugin, before, views)[None] - set(views[seat]["hand"])
        assert not named, f"{plugin.slug}, seed {seed}, move {k} of seat {seat}: {move} names {sorted(named)}"


# A card id as a page may carry it (tables.forms.CARD_ID), standing alone.
_CARD_TOKEN = re.compile(r"(?<![\w:])[A-Z0-9]{1,6}(?::[0-9]{1,2})?(?![\w:])")
# Random tokens (CSRF, CSP nonces) that could hold a card id's letters by chance.
_RANDOM_TOKEN = re.compile(r"[A-Za-z0-9+/=_-]{20,}")


def _card_ids(html: str) -> set[str]:
    return set(_CARD_TOKEN.findall(_RANDOM_TOKEN.sub("", html)))


def pages_of(client, game: Game) -> list[tuple[str, str]]:
    """What a viewer can fetch of a game, as (url, html): the page, the history, and the
    htmx answer to a poll from the page of the move before (the table alone at the deal)."""
    page, history = reverse("game", args=[game.pk]), reverse("history", args=[game.pk])
    poll = f"{page}?since={game.version - 1}" if game.version else page
    answers = [(page, client.get(page)), (history, client.get(history)), (poll, client.get(poll, **HTMX))]
    for url, response in answers:
        assert response.status_code == 200, f"{game.kind}: {url} answered {response.status_code}"
    return [(url, response.content.decode()) for url, response in answers]


def check_pages_hide_secrets(client, game: Game, viewers: dict) -> None:
    """No page or htmx answer shows a viewer (`viewers`: seat or None -> user, None for
    an anonymous visitor) a card of another seat's hand, a face-down card, or the seed,
    while the game is on."""
    game = Game.objects.get(pk=game.pk)
    if game.status != Game.Status.ACTIVE:
        return
    secrets = secrets_of(game.plugin, game.state)
    for seat, user in viewers.items():
        _log_in(client, user)
        for url, html in pages_of(client, game):
            shown = sorted(_card_ids(html) & secrets[seat])
            assert not shown, f"{game.kind}: {url} shows seat {seat} {shown}"
            assert str(game.seed) not in html, f"{game.kind}: {url} shows seat {seat} the seed"


def api_answers_of(client, game: Game, secret: str) -> list[tuple[str, str]]:
    """What an API client (token `secret`) can fetch of a game, as (request, JSON text):
    the game, its legal moves, the long-poll, my games, the log (its seed only at the end)
    and a move sent with a stale version (409 with the game, to a seated player)."""
    headers = {"Authorization": f"Bearer {secret}"}
    base = f"/api/v1/games/{game.pk}"
    gets = [base, f"{base}/legal-moves?limit=500", f"{base}/events?after=-1&wait=0", "/api/v1/games", f"{base}/log"]
    answers = [(url, client.get(url, headers=headers)) for url in gets]
    stale = json.dumps({"version": -1, "move": {"type": "resign"}})
    answers.append(
        ("stale move", client.post(f"{base}/moves", stale, content_type="application/json", headers=headers))
    )
    for url, response in answers:
        assert response.status_code < 500 and response["Content-Type"].startswith("application/json"), (url, response)
    return [(url, response.content.decode()) for url, response in answers]


def check_api_hides_secrets(client, game: Game, secrets_by_seat: dict) -> None:
    """No API answer shows a viewer (`secrets_by_seat`: seat or None -> their token's
    secret) a card of another seat's hand, a face-down card, or the seed, while the game
    is on."""
    game = Game.objects.get(pk=game.pk)
    if game.status != Game.Status.ACTIVE:
        return
    secrets = secrets_of(game.plugin, game.state)
    for seat, secret in secrets_by_seat.items():
        for url, text in api_answers_of(client, game, secret):
            assert str(game.seed) not in text, f"{game.kind}: the API's {url} shows seat {seat} the seed"
            if url.endswith("/log"):
                # Its moves name cards the table saw played, which may be in a hand by now
                # (taken from the pile, dealt again in a later round): the moves themselves
                # are checked to name no hidden card (check_moves_name_no_hidden_card).
                continue
            shown = sorted(_strings(json.loads(text)) & secrets[seat])
            assert not shown, f"{game.kind}: the API's {url} shows seat {seat} {shown}"


def _log_in(client, user) -> None:
    if user is None:
        client.logout()
    else:
        client.force_login(user)


# ---------------------------------------------------------------- the site


def check_pages_render(client, game: Game, viewers: dict, replay_steps: int = 8) -> None:
    """The game's page and its htmx answer render for every viewer; once the game is over,
    so do its replay's steps (about `replay_steps` of them, the first and last among them,
    as pages and as htmx steps), for the first viewer and an anonymous visitor."""
    game = Game.objects.get(pk=game.pk)
    for user in viewers.values():
        _log_in(client, user)
        pages_of(client, game)
    if game.status != Game.Status.FINISHED:
        return
    url = reverse("replay", args=[game.pk])
    steps = sorted({*range(0, game.version, max(1, game.version // replay_steps)), game.version})
    for user in list(viewers.values())[:1] + [None]:
        _log_in(client, user)
        for at in steps:
            for headers in ({}, HTMX):
                response = client.get(f"{url}?at={at}", **headers)
                assert response.status_code == 200, f"{game.kind}: replay step {at} answered {response.status_code}"


def _post_move(client, game: Game, move: dict):
    fields = game.plugin.move_fields(move) + [("version", str(game.version))]
    return client.post(
        reverse("move", args=[game.pk]), urlencode(fields), content_type="application/x-www-form-urlencoded"
    )


def check_legal_moves_accepted(client, game: Game, posted: Counter | None = None, per_type: int = 3) -> None:
    """Every legal move of the seat to act, as the browser posts it (`move_fields`, form
    encoded), parses back to the same move (`move_form`), and is posted to the move URL
    by the seat's user (in a savepoint rolled back), accepted and logged as that very move. Given
    `posted` (move type -> how many were posted so far in this game), only moves of a
    type posted fewer than `per_type` times are posted; the others are checked through
    the form alone."""
    game = Game.objects.get(pk=game.pk)
    seat = game.to_act[0]
    client.force_login(seated_users(game)[seat])
    for move in game.rules.legal_moves(game.state, seat):
        fields = game.plugin.move_fields(move) + [("version", str(game.version))]
        form = game.plugin.move_form(QueryDict(urlencode(fields)))
        assert form.is_valid(), f"{game.kind}: {move} posted as {fields} is refused: {form.error_message()}"
        assert form.move == move, f"{game.kind}: {move} posted as {fields} reads as {form.move}"
        if posted is not None:
            if posted[move["type"]] >= per_type:
                continue
            posted[move["type"]] += 1
        with transaction.atomic():
            response = _post_move(client, game, move)
            after = Game.objects.get(pk=game.pk)
            logged = after.events.order_by("-seq").values_list("move", flat=True).first()
            transaction.set_rollback(True)
        assert response.status_code == 302 and after.version == game.version + 1 and logged == move, (
            f"{game.kind}: posting {move} answered {response.status_code}, logged {logged}"
        )


def play_to_the_end(game: Game, seed: int, at_each=lambda game: None) -> Game:
    """Play a table of people to its end, each move the normal bot's choice for the seat
    to act, made by the seat's user through the services; `at_each(game)` runs at every
    position before its move, and at the end."""
    rng, bot = random.Random(seed), bot_play.get_bot(game.kind, "normal")
    for _ in range(MAX_MOVES):
        game = Game.objects.get(pk=game.pk)
        at_each(game)
        if game.status != Game.Status.ACTIVE:
            return game
        user = seated_users(game)[game.to_act[0]]
        player_moves.play_move(user, game.pk, game.version, bot.choose(game.state, game.to_act[0], rng))
    raise AssertionError(f"{game.kind}: no end after {MAX_MOVES} moves")


def check_bot_game_finishes(plugin, host, max_turns: int = MAX_MOVES) -> Game:
    """A table of bots only, dealt and played through the services one bot turn at a
    time, ends within `max_turns`, and its log replays to its final state."""
    seats = plugin.rules.info.min_players
    game = lifecycle.create_table(
        host, plugin.slug, seats=seats, bots=seats, bot_level="normal", options=dict(plugin.quick_options)
    )
    game = lifecycle.start_table(host, game.pk)
    for _ in range(max_turns):
        if game.status != Game.Status.ACTIVE:
            break
        assert bot_play.play_bot_turn(game.pk, game.version), f"{plugin.slug}: a bot turn did nothing"
        game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED, f"{plugin.slug}: the bots did not finish in {max_turns} turns"
    assert game.result and replay(game) == game.state, f"{plugin.slug}: the log does not replay to the end"
    return game


def check_ledger_pays_the_pot(game: Game) -> None:
    """A finished game played for chips has paid out its whole pot, as its plugin says."""
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and game.ante, f"{game.kind}: not a finished staked game"
    pot = chips.pot_of(game)
    antes = sum(pot.incoming.filter(reason=Entry.Reason.ANTE).values_list("amount", flat=True))
    assert antes == game.ante * game.num_seats
    paid = Counter()
    for seat, amount in pot.outgoing.values_list("seat", "amount"):
        paid[seat] += amount
    due = Counter()
    for payout in game.plugin.payouts(game.state, antes):
        due[payout.seat] += payout.amount
    assert +paid == +due, f"{game.kind}: the ledger paid {dict(paid)}, the plugin says {dict(due)}"
    assert pot.balance() == 0, f"{game.kind}: the pot still holds {pot.balance()} of {antes} chips"


# Every registered game, so a new one is checked the moment it is in GAME_APPS; and the
# seeds of the random legal games each engine check plays.
every_game = pytest.mark.parametrize("plugin", list(PLUGINS.values()), ids=list(PLUGINS))
every_seed = pytest.mark.parametrize("seed", range(4))


def dealt_table(plugin, people) -> Game:
    """A dealt table of the game's fewest players, all people: the first of
    `people(n)` (the conftest's fixture) hosting, the others seated in order."""
    players = people(plugin.rules.info.min_players)
    game = lifecycle.create_table(players[0], plugin.slug, seats=len(players), options=dict(plugin.quick_options))
    for user in players[1:]:
        lifecycle.join_table(user, game.pk)
    return lifecycle.start_table(players[0], game.pk)


def seated_users(game: Game) -> dict:
    """The users at the table by seat."""
    return {seat.index: seat.user for seat in game.seat_list}
