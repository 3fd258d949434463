"""Ratings: each player's current rating per game (`Rating`, changed in place) and the
append-only record of every change (`RatingChange`, one row per finished rated game and
player). The record is the history the player page charts; `manage.py rebuild_ratings`
recomputes both from the games and checks them."""

from django.conf import settings
from django.db import models

from ratings.skill import SHOWN_BASE, START_MU, START_SIGMA, Skill, label, signed


class Rating(models.Model):
    """A player's rating in one game (`kind`), as OpenSkill's mu and sigma."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="ratings")
    kind = models.CharField(max_length=20)
    mu = models.FloatField(default=START_MU)
    sigma = models.FloatField(default=START_SIGMA)
    # The shown number, kept with mu so that the leaderboard sorts on an index.
    shown = models.IntegerField(default=SHOWN_BASE)
    games = models.PositiveIntegerField(default=0)
    # The farming window: the opponents (user ids) of the player's latest rated games of
    # this kind, newest first (skill.pushed), kept here so that rating a game reads it
    # with the row it locks anyway.
    recent = models.JSONField(default=list)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="one_rating_per_user_and_game")]
        indexes = [models.Index(fields=["kind", "-shown"], name="rating_leaderboard")]

    def __str__(self):
        return f"{self.user} {self.kind} {self.label}"

    @property
    def skill(self) -> Skill:
        return Skill(self.mu, self.sigma, self.games)

    def set_skill(self, new: Skill) -> None:
        self.mu, self.sigma, self.games, self.shown = new.mu, new.sigma, new.games, new.shown

    @property
    def provisional(self) -> bool:
        return self.skill.provisional

    @property
    def label(self) -> str:
        return label(self.shown, self.games)


class AppendOnly(Exception):
    """A rating change is history: it is never changed nor deleted."""


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AppendOnly("Rating changes are never updated.")

    def bulk_update(self, objs, fields, batch_size=None):
        raise AppendOnly("Rating changes are never updated.")

    def delete(self):
        raise AppendOnly("Rating changes are never deleted.")


class RatingChange(models.Model):
    """What one finished rated game did to one player's rating. Append-only: the model
    refuses to save a row twice, to update or to delete one (a game or user with rows
    cannot be deleted either), and the admin only shows them."""

    game = models.ForeignKey("tables.Game", on_delete=models.PROTECT, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="rating_changes")
    kind = models.CharField(max_length=20)
    seat = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    # The other players' user ids, for the farming window of later games (skill.repeat_weight).
    opponents = models.JSONField()
    # The share of OpenSkill's change the game counted for (1 in full; less when farming).
    weight = models.FloatField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    shown_before = models.IntegerField()
    games_before = models.PositiveIntegerField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    shown_after = models.IntegerField()
    games_after = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="one_rating_change_per_game_and_user")]
        indexes = [models.Index(fields=["user", "kind", "-id"], name="rating_change_history")]

    def __str__(self):
        return f"{self.user} {self.kind} #{self.game_id} {self.signed_change}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnly("Rating changes are never updated.")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnly("Rating changes are never deleted.")

    @property
    def change(self) -> int:
        return self.shown_after - self.shown_before

    @property
    def signed_change(self) -> str:
        return signed(self.change)

    @property
    def counted_in_full(self) -> bool:
        return self.weight >= 1

    @property
    def label_after(self) -> str:
        return label(self.shown_after, self.games_after)
