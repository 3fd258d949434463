"""The only code that changes a game, one module per concern (as Zulip's zerver/actions/).
Views, tasks and commands import the module they use and call its functions
(`from tables.actions import player_moves`, then `player_moves.play_move(...)`); nothing
here re-exports the others.

`check_*` functions validate and authorise without writing; `do`-style functions below
them mutate under the game's row lock and enqueue follow-up work on commit. Every refusal
is an `errors.ServiceError` carrying the HTTP status and a message fit to show the user.

The modules import each other one way only: `errors`, `enqueue` and `clocks` import none
of the others; `checks` and `game_state` (the row lock, applying a move and the
bookkeeping after every change) build on them; the actions build on those
(pyproject.toml's import-linter contract "The write layer's modules import each other
one way" holds the order).
"""
