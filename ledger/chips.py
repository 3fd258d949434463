"""Moving chips: the only code that writes ledger entries.

Games call these hooks from tables/actions/, inside the game's transaction:
`open_pot` (a table with an ante: the host's ante goes in), `hold_ante` (a player sits
down: their ante goes in), `return_ante` (a player leaves before the deal, or the host
frees their seat), `refund_antes` (a table closed before the deal), `collect_antes`
(the deal: any seat whose ante is not in yet pays it), and `settle` (after every change:
pays what the game's position says is due and has not been paid yet, so calling it twice
pays once). The ante is paid on sitting down, not at the deal: a player cannot sit at
more staked tables than they can cover, and leave every host waiting on a start that
fails. Only people stake chips: no hook takes from or pays into the house, and nothing but
a player's starting grant is ever issued (verify_ledger checks it).
"""

from collections import Counter

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


def open_pot(game, host_seat=None) -> None:
    """A table with an ante gets its pot; the host seated at it pays in at once."""
    if not game.ante:
        return
    pot = Account.objects.create(kind=Account.Kind.POT, game=game)
    if host_seat is not None:
        _pay_ante(pot, game, host_seat, mine=True)


def hold_ante(game, seat) -> None:
    """The player who just took `seat` pays the ante into the pot (refused, with their
    own balance, when they cannot)."""
    pot = pot_of(game)
    if pot is not None:
        _pay_ante(pot, game, seat, mine=True)


def return_ante(game, index: int) -> None:
    """The ante paid for seat `index` goes back to whoever paid it: they left before the
    deal, or the host freed their seat."""
    _refund(game, index)


def refund_antes(game) -> None:
    """Every ante the pot holds goes back: the table closed before the deal."""
    _refund(game, None)


def collect_antes(game, seats, starter) -> None:
    """At the deal, every seat's player has paid into the pot; a seat whose ante is not
    in (taken before antes were paid on sitting down) pays it now. A player who cannot is
    not named to `starter` (balances are private); a bot seat is refused, never paid for."""
    pot = pot_of(game)
    if pot is None:
        return
    paid = _held(pot)
    for seat in seats:
        payer = _player_account_of(seat)
        if not paid[seat.index, payer.pk]:
            _pay_ante(pot, game, seat, mine=seat.user_id == starter.pk)


def settle(game, seats) -> None:
    """Book what the game's plugin says the position makes due (round shares and, once
    the game is over, the end payouts) and is not booked yet. Amounts follow from the
    antes collected and the game's position alone, so a second call finds everything
    paid and does nothing."""
    pot = pot_of(game)
    if pot is None:
        return
    accounts = {seat.index: _player_account_of(seat) for seat in seats}
    starting_pot = sum(_held(pot).values())
    paid_rounds = set(pot.outgoing.filter(reason=Reason.ROUND_SHARE).values_list("round", flat=True))
    paid_out = pot.outgoing.filter(reason=Reason.PAYOUT).exists()
    for payout in game.plugin.payouts(game.state, starting_pot):
        if payout.round is not None and payout.round not in paid_rounds:
            _record(pot, accounts[payout.seat], payout.amount, Reason.ROUND_SHARE, game, payout.round, payout.seat)
        elif payout.round is None and not paid_out:
            _record(pot, accounts[payout.seat], payout.amount, Reason.PAYOUT, game, seat=payout.seat)


# ---------------------------------------------------------------- internals


def _pay_ante(pot: Account, game, seat, mine: bool) -> None:
    payer = _player_account_of(seat)
    _require(payer, game.ante, mine=mine, lock=True)
    _record(payer, pot, game.ante, Reason.ANTE, game, seat=seat.index)


def _held(pot: Account) -> Counter:
    """What the pot holds of each (seat, payer account): antes paid in, less refunds."""
    held = Counter()
    for index, payer, amount in pot.incoming.filter(reason=Reason.ANTE).values_list("seat", "debit", "amount"):
        held[index, payer] += amount
    for index, payer, amount in pot.outgoing.filter(reason=Reason.REFUND).values_list("seat", "credit", "amount"):
        held[index, payer] -= amount
    return held


def _refund(game, index: int | None) -> None:
    """Give back the antes held for seat `index` (every seat: None)."""
    pot = pot_of(game)
    if pot is None:
        return
    payers = {a.pk: a for a in Account.objects.filter(pk__in=pot.incoming.values("debit"))}
    for (seat, payer), amount in _held(pot).items():
        if amount > 0 and index in (None, seat):
            _record(pot, payers[payer], amount, Reason.REFUND, game, seat=seat)


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
