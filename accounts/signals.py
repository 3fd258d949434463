"""What accounts ask of the layers above them, which they do not import: the mail those
layers send (mailroom/notifications/sending.py receives these), and each app's part of
an account's profile, closing and data download (tables/account_data.py,
mailroom/account_data.py, api/account_data.py receive those). Every signal is sent with
`user`; one whose receivers answer with a dict is read with `answers`."""

from django.dispatch import Signal

# Mail the account a link to confirm its address (a mail row, tried at once).
address_to_confirm = Signal()
# Mail the account a link to choose a new password (queued, never sent in the request).
password_reset_asked = Signal()

# The profile's sections kept above accounts: each receiver answers with its template context.
profile_shown = Signal()
# What closing the account would change above accounts, for its owner to read first: each
# receiver answers with its part of the close page's context.
closing_foreseen = Signal()
# The account closes: sent inside the closing's transaction, the account's row locked.
# Each receiver deletes or leaves what its app keeps of the person; one that refuses
# raises accounts.closing.ClosingRefused and nothing of the closing stays. Receivers run
# in the order of INSTALLED_APPS, the core before the mail, so a mail queued by leaving a
# table goes with the rest of the player's mail.
account_closing = Signal()
# The player downloads their data: each receiver answers with its sections of the copy
# (accounts.export.SECTIONS places them).
personal_data_asked = Signal()


def answers(signal: Signal, user) -> dict:
    """The dicts `signal`'s receivers answer with for `user`, as one: each names its own keys."""
    merged = {}
    for _receiver, answer in signal.send(sender=type(user), user=user):
        merged |= answer
    return merged
