"""Game plugins: all that the core asks of a game, and the registry that finds them.

The core (`games/` outside the game apps, `ledger/`, `accounts/`) names no game. A game
is one Django app, `games/<slug>/`, listed in the settings' `GAME_APPS`; its `plugin.py`
holds one `GamePlugin` named `PLUGIN`. When Django starts, `load()` imports every one of
them, fills the engine's registry (`engine.registry.RULES` and the bots) and the
table below, so `get_plugin(game.kind)` is how the core reaches a game.
docs/adding-a-game.md walks through writing one.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError

from engine import registry
from engine.base import Bot, Move, Rules, State
from engine.commands import Commands
from engine.common import active_seats


@dataclass(frozen=True)
class Payout:
    """Chips the pot pays a seat: its share of round `round`, or (`round` None) its part
    of what the pot holds at the end of the game."""

    seat: int
    amount: int
    round: int | None = None


def ranking_by(key: Callable[[State, int], Any]) -> Callable[[State], list[int]]:
    """`GamePlugin.ranking` for a game that orders its finished seats by `key(state, seat)`
    (lower is better): the winners first, then the others still in by `key`, then every
    seat out of the game, tied. Seats with equal keys share a rank (1, 1, 3)."""

    def ranking(state: State) -> list[int]:
        winners = set((state.get("result") or {}).get("winners") or [])
        out = set(state["out"])
        keys = [
            (True,) if seat in out else (False, seat not in winners, key(state, seat))
            for seat in range(state["players"])
        ]
        return [1 + sum(other < mine for other in keys) for mine in keys]

    return ranking


winners_first = ranking_by(lambda state, seat: 0)


@dataclass(frozen=True)
class TourStep:
    """One step of a game's first-game tour (static/js/tour.js): a bubble with `title` and
    `text`, pointing at the first of `targets` (CSS selectors inside the table, tried in
    order: the action bar, else the turn banner while it is another's turn) that the page
    shows; none shown, the bubble stands in the middle of the screen."""

    title: str
    text: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class GamePlugin:
    """A game, as the core sees it. Writing a game means filling in these fields:

    - `rules`: the pure `Rules` object of the game's engine (`games/<slug>/engine/`, no
      Django; see `engine.base`). Its `info.slug` is the game's slug: the table's
      `Game.kind`, the URL prefix and the template folder.
    - `bots`: the engine's bots by level ("random", "easy", "normal"), each a `Bot`
      that chooses from `rules.view` and `rules.legal_moves` only.
    - `present(game, table, seen) -> table`: the game's own part of its page. The core
      builds the shared table dict (seats, clock, stakes, history, urls, whose turn:
      `presenters.present_table`) and `seen` (the viewer's `rules.view`, seat and names);
      the presenter adds what `<slug>/_play.html` and `<slug>/_my_turn.html` render,
      e.g. `table["controls"]`, `table["result"]` with its `headline`, and tags on the
      seat rows (`row["tags"]`, e.g. a dealer). It formats what the engine says and
      decides no rule.
    - `replay_position(public_view, hands, names) -> dict`: a finished game's table after
      one move, with every hand; its "template" key names the template that draws it.
    - `move_form`: the form class (a `tables.forms.BaseMoveForm`) that parses a move
      posted to `games/<id>/move/`; its `move` property is the move dict.
      `move_fields(move) -> [(name, value), ...]` is its inverse: the fields a browser
      posts for `move`. Every move `legal_moves` offers round-trips through the two.
    - `result_headline(result, name_of) -> str`: the result in one sentence, for the
      lobby, the player pages and the "game over" mail.
    - `payouts(state, pot) -> [Payout]`: for a table played for chips, every payout the
      position makes due out of a pot that collected `pot` chips in antes: round shares
      (each round once) and, once the game is over, the end payouts, which together with
      the round shares add up to `pot`. The ledger books each that it has not booked.
    - `cards(state) -> [card ids]`: every card of the game, wherever it is; the multiset
      stays the same through every move (the contract suite checks it).
    - `face_down(state) -> [card ids]`: the cards no seat may see while the game is on
      (the stock); with every other seat's hand, what no page may show a player (the
      contract suite checks every view and page against it).
    - `commands`: the game's moves as the words of a mail (a `engine.commands.Commands`
      from its engine): the command the turn mail offers for a legal move, the parsing of
      what a player writes back into a move, and the help listing what may be sent now.
      Every move `legal_moves` offers round-trips through `command` and `parse`.
    - `urls`: the game's own URL patterns, mounted at `games/<id>/<slug>/` in the URL
      namespace `<slug>`, each taking the `game_id`. A session opened by a mailed link
      may use them at its own game.
    - `demo_tables`: the open tables `manage.py load_demo` creates, each the keywords of
      `lifecycle.create_table` plus the `host`'s username ("demo" or "ana").
    - `options_form`: the table options the create form offers, a
      `tables.forms.GameOptionsForm` with a field per key of `rules.info.default_options`
      that a host may change (None: the game has none). The form shows the defaults;
      what the host chose is `lifecycle.create_table`'s `options`, which the rules check.
    - `chapter(state) -> str`: the part of the game a position is in ("Round 2"), for a
      game played in rounds or deals; the replay offers a jump to where each part starts.
      None (the default): a game played in one part.
    - `hand_sorts`: the ways a player may sort their hand ("suit", "rank"), the first the
      default. A player may also drag their cards into an order of their own; both are kept
      on their seat (`hand_arrangement.arrange_hand`), and the presenter shows the hand through
      `presenters.arranged(cards, seen, sort)` with `sort` its sorting function.
    - `acting_at_once(state) -> bool`: whether the seats to act now act together, each
      choosing in any order (Rummathon's buying of extra cards after the deal). While it
      says True, every person to act is on one short shared clock (`clocks.at_once_seconds`
      of the turn time), one seat's choice does not restart it for the others, a bot
      chooses for whoever is still to act when it runs out (no forfeit, no missed turn),
      and one bot task makes every bot seat's choice. None (the default): never.
    - `version_free`: the move types the engine checks whatever position the page showed
      (Casino's "answer"): `player_moves.play_move` applies them without comparing the page's
      version, since a live table moves on every second and a page's version goes stale
      between two polls. Still under the row lock; the engine decides whether they are
      legal now.

    - `quick_options`: the options of the game's short form, where it has one (Rummathon's
      Half variant: six sequences instead of twelve). "Play now against bots" deals them,
      so a first game fits in a sitting, at a table of `rules.info.default_players`; the
      contract suite plays its whole games with them. Empty (the default): the game has
      no shorter form.

    - `reshuffle_hidden(state, seat, rng) -> state`: the state with everything `seat` cannot
      see dealt again at random (the others' hands, the stock's order), consistent with what
      it can: the same `rules.view(state, seat)`, the same cards in all. A "hard" bot must
      choose the same move in either (the contract suite checks it), so it decides from the
      view alone; a bot that searches samples its worlds with it. None: not written yet.

    - `ranking(state) -> [rank per seat]`: a finished game's final ranking, for ratings:
      1 for the best, seats that tie share a rank (the next rank skips: 1, 1, 3), and a seat
      out of the game (resigned, timed out) ranks after every seat still in. Built with
      `ranking_by(key)`, the game's order of the seats still in; the default
      (`winners_first`) ranks the winners first and everyone else still in after them.

    - `stand_in_level`: the level of bot that plays a turn its player let run out (and the
      seat of a player who is away): "normal" until the game's hard bot is measured stronger
      (bench/bot_strength.py), then "hard". "Play now against bots" in the lobby seats the
      level the player picks instead ("normal" unless they pick another).

    - `no_hint_moves`: the kinds of move for which a replay shows no "what the hard bot
      would have played" (a bot's answer to a trivia question is a guess, no play to learn).

    - `tour`: the game's first-game tour, 3 to 6 `TourStep`s in the table's own words
      (the goal, the hand, the piles, the buttons, the last moves): offered on a player's
      first table of the game (`tables.tours`, decision 0045). Empty: no tour.

    The game's rules page is the template `<slug>/rules.html`, its CSS the static file
    `stylesheet`; the create form offers the player counts of `rules.info`. `tests/contract/` runs over every
    registered game.
    """

    rules: Rules
    bots: Mapping[str, Bot]
    present: Callable[[Any, dict, Any], dict]
    replay_position: Callable[[dict, list[list[str]], list[str]], dict]
    move_form: type
    move_fields: Callable[[Move], list[tuple[str, str]]]
    result_headline: Callable[[dict, Callable[[int], str]], str]
    payouts: Callable[[State, int], list[Payout]]
    cards: Callable[[State], list[str]]
    face_down: Callable[[State], list[str]]
    commands: Commands
    urls: Sequence = ()
    demo_tables: Sequence[Mapping[str, Any]] = field(default_factory=tuple)
    options_form: type | None = None
    chapter: Callable[[State], str] | None = None
    hand_sorts: Sequence[str] = ()
    acting_at_once: Callable[[State], bool] | None = None
    version_free: frozenset[str] = frozenset()
    quick_options: Mapping[str, Any] = field(default_factory=dict)
    reshuffle_hidden: Callable[[State, int, Any], State] | None = None
    stand_in_level: str = "normal"
    ranking: Callable[[State], list[int]] = winners_first
    no_hint_moves: frozenset[str] = frozenset()
    tour: Sequence[TourStep] = ()

    @property
    def slug(self) -> str:
        return self.rules.info.slug

    @property
    def name(self) -> str:
        return self.rules.info.name

    @property
    def play_template(self) -> str:
        return f"{self.slug}/_play.html"

    @property
    def my_turn_template(self) -> str:
        return f"{self.slug}/_my_turn.html"

    @property
    def rules_template(self) -> str:
        return f"{self.slug}/rules.html"

    @property
    def stylesheet(self) -> str:
        """The game's own CSS, a static file of its app (`static/<slug>/<slug>.css`):
        `base.html` links it after the site's on the game's pages (its table, replay
        and rules page), so no other page loads it."""
        return f"{self.slug}/{self.slug}.css"


PLUGINS: dict[str, GamePlugin] = {}


def load() -> None:
    """Register the plugin of every app in `GAME_APPS`, in that order (the first is the
    create form's default game). Called once, when the games app is ready."""
    for app in settings.GAME_APPS:
        register(import_module(f"{app}.plugin").PLUGIN)


def register(plugin: GamePlugin) -> None:
    PLUGINS[plugin.slug] = plugin
    registry.register(plugin.rules, dict(plugin.bots))


def get_plugin(kind: str) -> GamePlugin:
    """The plugin of a game kind; an unknown kind is an error, never a fallback."""
    try:
        return PLUGINS[kind]
    except KeyError:
        raise KeyError(f"No game {kind!r}; the games are: {', '.join(PLUGINS)}") from None


def validate_kind(kind: str) -> None:
    """`Game.kind` must name a registered game."""
    if kind not in PLUGINS:
        raise ValidationError(f"No game {kind!r}.", code="invalid_choice")


def split_pot(amount: int, winners: list[int], players: int, after: int) -> list[Payout]:
    """`amount` in even end payouts to `winners`; what does not divide goes to the winner
    seated first after seat `after` (a dealer, or the last seat for the first seat)."""
    if amount <= 0 or not winners:
        return []
    order = sorted(winners, key=lambda seat: (seat - after - 1) % players)
    each, rest = divmod(amount, len(order))
    return [Payout(seat, each + (rest if k == 0 else 0)) for k, seat in enumerate(order)]


def end_payouts(state: State, winners: list[int], amount: int, after: int) -> list[Payout]:
    """`amount` at the end of a game to its `winners`, or, should there be none (a drawn
    deal), to the players still in, split evenly (`split_pot`, odd chips after seat `after`)."""
    return split_pot(amount, winners or active_seats(state), state["players"], after)


def pot_to_the_winners(rules: Rules, after: Callable[[State], int] = lambda state: state["dealer"]):
    """`GamePlugin.payouts` for a game with no share per round: once it is over, the whole
    pot to the winners (`end_payouts`), the odd chips to the first of them after the seat
    `after(state)` names (by default the dealer)."""

    def payouts(state: State, pot: int) -> list[Payout]:
        result = rules.result(state)
        return [] if result is None else end_payouts(state, result["winners"], pot, after(state))

    return payouts
