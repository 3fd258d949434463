"""Moving chips: the only code that writes ledger entries.

Games call five hooks from games/services.py, inside the game's transaction:
`open_pot` (a table with an ante), `check_can_afford` (joining), `collect_antes`
(starting), `settle` (after every change: pays what the game's position says is due and
has not been paid yet, so calling it twice pays once) and `refund_antes` (a table closed
by its host). Only people stake chips: no hook takes from or pays into the house, and
nothing but a player's starting grant is ever issued (verify_ledger checks it).
"""

from django.db.models import Sum

from .models import Account, Entry

Reason = Entry.Reason


class ChipsRefused(Exception):
    """A movement of chips the ledger will not make; the message is fit to show."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotEnoughChips(ChipsRefused):
    pass


# ---------------------------------------------------------------- accounts


def bank() -> Account:
    return Account.objects.get_or_create(kind=Account.Kind.BANK)[0]


def player_account(user) -> Account:
    return Account.objects.get_or_create(kind=Account.Kind.PLAYER, user=user)[0]


def pot_of(game) -> Account | None:
    """The pot of a game played for chips; a friendly game (no ante) has none."""
    if not game.ante:
        return None
    return Account.objects.filter(kind=Account.Kind.POT, game=game).first()


def balance_of(user) -> int:
    return player_account(user).balance()


def grant(account: Account, amount: int) -> None:
    _record(bank(), account, amount, Reason.GRANT)


# ---------------------------------------------------------------- game hooks


def open_pot(game, host_seated: bool) -> None:
    if not game.ante:
        return
    if host_seated:
        _require(player_account(game.host), game.ante, mine=True)
    Account.objects.create(kind=Account.Kind.POT, game=game)


def check_can_afford(user, game) -> None:
    if game.ante:
        _require(player_account(user), game.ante, mine=True)


def collect_antes(game, seats, starter) -> None:
    """Every seat's player pays the ante into the pot. A player who cannot is not named
    to `starter` (balances are private); a bot seat is refused, never paid for."""
    pot = pot_of(game)
    if pot is None:
        return
    for seat in seats:
        payer = _player_account_of(seat)
        _require(payer, game.ante, mine=seat.user_id == starter.pk, lock=True)
        _record(payer, pot, game.ante, Reason.ANTE, game, seat=seat.index)


def refund_antes(game) -> None:
    pot = pot_of(game)
    if pot is None:
        return
    for entry in pot.incoming.filter(reason=Reason.ANTE):
        _record(pot, entry.debit, entry.amount, Reason.REFUND, game, seat=entry.seat)


def settle(game, seats) -> None:
    """Book what the game's plugin says the position makes due (round shares and, once
    the game is over, the end payouts) and is not booked yet. Amounts follow from the
    antes collected and the game's position alone, so a second call finds everything
    paid and does nothing."""
    pot = pot_of(game)
    if pot is None:
        return
    accounts = {seat.index: _player_account_of(seat) for seat in seats}
    starting_pot = pot.incoming.filter(reason=Reason.ANTE).aggregate(total=Sum("amount"))["total"] or 0
    paid_rounds = set(pot.outgoing.filter(reason=Reason.ROUND_SHARE).values_list("round", flat=True))
    paid_out = pot.outgoing.filter(reason=Reason.PAYOUT).exists()
    for payout in game.plugin.payouts(game.state, starting_pot):
        if payout.round is not None and payout.round not in paid_rounds:
            _record(pot, accounts[payout.seat], payout.amount, Reason.ROUND_SHARE, game, payout.round, payout.seat)
        elif payout.round is None and not paid_out:
            _record(pot, accounts[payout.seat], payout.amount, Reason.PAYOUT, game, seat=payout.seat)


# ---------------------------------------------------------------- internals


def _player_account_of(seat) -> Account:
    """The account of the seat's player, also while a stand-in bot plays the seat. A bot's
    seat has none: the house is no mint that bots could ante from or win into."""
    if seat.user_id is None:
        raise ChipsRefused("A table played for chips seats only people, no bots.")
    return player_account(seat.user)


def _require(account: Account, amount: int, mine: bool, lock: bool = False) -> None:
    """Refuse a debit the account cannot cover, telling its balance only to its owner."""
    if lock:
        Account.objects.select_for_update().filter(pk=account.pk).first()
    available = account.balance()
    if available >= amount:
        return
    if mine:
        raise NotEnoughChips(f"The ante is {amount} chips; you have only {available}.")
    raise NotEnoughChips(f"A player cannot cover the ante of {amount} chips.")


def _record(debit: Account, credit: Account, amount: int, reason: str, game=None, round=None, seat=None) -> None:
    if amount > 0:
        Entry.objects.create(
            debit=debit, credit=credit, amount=amount, reason=reason, game=game, round=round, seat=seat
        )
