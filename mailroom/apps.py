from django.apps import AppConfig


class MailroomConfig(AppConfig):
    """Mail out and in: mails due and sent, the outbox, game links, replies that play."""

    name = "mailroom"

    def ready(self):
        # Deploy checks of mail; mailed links revoked at sign-out and password change, and
        # scoped sessions unscoped by a normal sign-in; the mail accounts and tables ask for,
        # the mail's part of an account's closing and data download, and the sweeper's mail pass.
        from . import account_data, checks, magic_links, mails_due, scoped_sessions, tasks  # noqa: F401
        from .notifications import sending  # noqa: F401
