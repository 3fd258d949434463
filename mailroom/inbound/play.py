"""A mail's commands, played at the seat its reply address names: each through `tables.actions`
as a browser move is, so the clock, the bots, the chips and the other players' mails
follow as they do for the page.

The game's own commands come from its plugin (`GamePlugin.commands`, engine/
commands.py); a few work in every game: "resign", "back" (take the seat back from the bot
that played it while away) and "say <words>" (table talk). A mail's commands are played
in order, as clicks on the page would be, up to the first one refused: those before it
stand. Undoing them would undo what they showed the player while its reason still told of
it (a draw, then a refusal that names the card drawn), and they could send another turn
knowing the card. Lines after the commands
that start like none (a sign-off the reader did not cut: "Cheers," "Bob") end the
commands: they are left unread, and the answer says so.
"""

from dataclasses import dataclass, field

from django.db import transaction

from engine.commands import SAY_VERBS, CommandError, CommandHelp, normalize
from mailroom.models import InboundMail
from tables.actions import bot_play, errors, player_moves, table_talk
from tables.models import Event, Game
from tables.move_log import in_words

# Commands of every game, after the game's own in the help.
EVERY_GAME = (
    CommandHelp("say <words>", "say good game", "Say something at the table."),
    CommandHelp("resign", "resign", "Leave the game: the others play on without you (one left alone wins)."),
)
COME_BACK = CommandHelp("back", "back", "Play your seat yourself again (a bot plays it while you are away).")


@dataclass
class Report:
    """What a mail's commands came to, for its answer."""

    done: list[str] = field(default_factory=list)  # the logged sentences of the moves made
    said: list[str] = field(default_factory=list)  # the lines of table talk it sent
    refused: dict | None = None  # {"command", "reason"}: the first command refused
    skipped: list[str] = field(default_factory=list)  # the commands after it, not tried
    unread: list[str] = field(default_factory=list)  # the lines after the last command
    moot: list[str] = field(default_factory=list)  # the game's commands sent after its end

    @property
    def outcome(self) -> str:
        if not self.refused:
            return InboundMail.Outcome.PLAYED
        return InboundMail.Outcome.PARTLY_PLAYED if self.done or self.said else InboundMail.Outcome.REFUSED

    def as_json(self) -> dict:
        return {
            "done": self.done,
            "said": self.said,
            "refused": self.refused,
            "skipped": self.skipped,
            "unread": self.unread,
            "moot": self.moot,
        }


class _Refused(Exception):
    def __init__(self, command: str, reason: str, unknown_verb: bool = False):
        super().__init__(reason)
        self.command, self.reason, self.unknown_verb = command, reason, unknown_verb


def seat_names(game: Game) -> list[str]:
    by_index = {s.index: s.name for s in game.seat_list}
    return [by_index.get(i, f"Seat {i + 1}") for i in range(game.num_seats)]


def moves_help(game: Game, index: int) -> list[CommandHelp]:
    """The moves the seat may send now, in its game's commands (none when it has no legal
    move: not its turn). While a bot plays the seat, only "back"."""
    seat = next((s for s in game.seat_list if s.index == index), None)
    if game.status != Game.Status.ACTIVE or seat is None:
        return []
    if seat.away:
        return [COME_BACK]
    legal = _legal_moves(game, index)
    return game.plugin.commands.help(game.rules.view(game.state, index), legal, seat_names(game)) if legal else []


def _legal_moves(game: Game, index: int) -> list[dict]:
    """Legal moves of the seat, also out of turn where the game has moves that need none
    (a Casino answer)."""
    return game.rules.legal_moves(game.state, index) if index in game.to_act or game.plugin.version_free else []


def play_commands(user, game_id: int, index: int, commands: list[str]) -> Report:
    """Play `commands` in order at seat `index`, up to the first one refused."""
    report = Report()
    for k, command in enumerate(commands):
        try:
            with transaction.atomic():  # a command refused half-way leaves nothing of itself
                _play_one(user, game_id, index, command, report)
        except _Refused as refused:
            if k and refused.unknown_verb:
                report.unread = commands[k:]
            else:
                report.refused = {"command": refused.command, "reason": refused.reason}
                report.skipped = commands[k + 1 :]
            break
    return report


def _play_one(user, game_id: int, index: int, command: str, report: Report) -> None:
    """Play `command`, adding what it did to the report, or _Refused."""
    verb, _, rest = normalize(command).partition(" ")
    game = Game.objects.get(pk=game_id)
    seen = game.version
    try:
        if verb in SAY_VERBS:
            report.said.append(table_talk.say(user, game_id, command.split(None, 1)[1] if rest else "").text)
            return
        if verb == "resign" and not rest:
            player_moves.resign(user, game_id)
        elif normalize(command) in ("back", "i'm back", "im back", "i am back"):
            bot_play.come_back(user, game_id)
        elif any(s.index == index and s.away for s in game.seat_list):
            raise _Refused(command, "A bot is playing your seat while you are away: send “back” first.")
        else:
            player_moves.play_move(user, game_id, game.version, _game_move(game, index, command))
    except errors.ServiceError as exc:
        raise _Refused(command, exc.message) from None
    names = dict(enumerate(seat_names(game)))
    events = Event.objects.filter(game_id=game_id, seq__gt=seen).order_by("seq").values("seat", "summary")
    report.done.extend(in_words(e, lambda i: names.get(i, f"Seat {i + 1}")) for e in events if e["seat"] == index)


def reads_as_a_command(game: Game, index: int, text: str) -> bool:
    """Whether a line starts like a command of the game or of every game (else it is
    words the reader left in, as a sign-off)."""
    verb = normalize(text).partition(" ")[0]
    if verb in (*SAY_VERBS, "resign", "back"):
        return True
    try:
        game.plugin.commands.parse(game.rules.view(game.state, index), text, seat_names(game))
    except CommandError as error:
        return not error.unknown_verb
    return True


def _game_move(game: Game, index: int, command: str) -> dict:
    """The game's move for `command` in the position now, or _Refused saying why not (a
    line that is no command at all says so first, whoever's turn it is)."""
    if game.status != Game.Status.ACTIVE:
        raise _Refused(command, "The game is over.")
    names = seat_names(game)
    try:
        move, error = game.plugin.commands.parse(game.rules.view(game.state, index), command, names), None
    except CommandError as exc:
        move, error = None, exc
    if error is not None and error.unknown_verb:
        raise _Refused(command, error.reason, unknown_verb=True)
    if next(s for s in game.seat_list if s.index == index).away:
        raise _Refused(command, 'A bot is playing your seat while you are away: send "back" first.')
    if not _legal_moves(game, index):
        raise _Refused(command, f"It is not your turn: waiting for {', '.join(names[i] for i in game.to_act)}.")
    if error is not None:
        raise _Refused(command, error.reason)
    return move
