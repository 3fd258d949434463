"""Chips, kept by double entry. Every movement is an Entry from one Account to another;
a balance is what came in minus what went out, never a stored number."""

from django.conf import settings
from django.db import models
from django.db.models import Q, Sum


class Account(models.Model):
    class Kind(models.TextChoices):
        BANK = "bank", "Bank"  # issues every chip: its balance is minus all grants
        HOUSE = "house", "House"  # the bots' purse: bots ante from it and win into it
        PLAYER = "player", "Player"
        POT = "pot", "Pot"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="chip_account"
    )
    game = models.OneToOneField("tables.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="pot")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["kind"], condition=Q(kind__in=["bank", "house"]), name="account_one_bank_one_house"
            ),
            models.CheckConstraint(
                condition=(
                    Q(kind="player", user__isnull=False, game__isnull=True)
                    | Q(kind="pot", game__isnull=False, user__isnull=True)
                    | Q(kind__in=["bank", "house"], user__isnull=True, game__isnull=True)
                ),
                name="account_owner_matches_kind",
            ),
        ]

    def __str__(self):
        if self.kind == self.Kind.PLAYER:
            return f"chips of {self.user}"
        if self.kind == self.Kind.POT:
            return f"pot of game {self.game_id}"
        return self.get_kind_display()

    def balance(self) -> int:
        incoming = self.incoming.aggregate(total=Sum("amount"))["total"] or 0
        outgoing = self.outgoing.aggregate(total=Sum("amount"))["total"] or 0
        return incoming - outgoing


class Entry(models.Model):
    class Reason(models.TextChoices):
        GRANT = "grant", "Starting chips"
        ANTE = "ante", "Ante"
        REFUND = "refund", "Ante refunded"
        ROUND_SHARE = "round_share", "Round share"
        PAYOUT = "payout", "Payout"

    debit = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="outgoing")
    credit = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="incoming")
    amount = models.PositiveBigIntegerField()
    reason = models.CharField(max_length=12, choices=Reason.choices)
    game = models.ForeignKey(
        "tables.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="chip_entries"
    )
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    # The seat at `game` that paid or was paid: names the bot when the house is the account.
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "entries"
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="entry_amount_positive"),
            models.CheckConstraint(condition=~Q(debit=models.F("credit")), name="entry_between_two_accounts"),
        ]

    def __str__(self):
        return f"{self.amount} from {self.debit} to {self.credit} ({self.reason})"


class StartingGrant(models.Model):
    """The starting chips an account got when its address was first confirmed: once per
    account and once per address (normalised as a farmer would vary it; accounts.confirmation)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="starting_grant")
    # Null only for accounts granted before addresses were confirmed.
    address = models.CharField(max_length=254, unique=True, null=True, blank=True)
    granted_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"starting chips of {self.user}"
