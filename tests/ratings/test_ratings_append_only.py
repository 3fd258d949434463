"""The rating history is append-only: a row is never changed nor deleted, by the model,
its querysets or the admin, and a game or player with history cannot be deleted."""

import pytest
from django.contrib.admin.sites import site
from django.db.models import ProtectedError
from django.test import RequestFactory

from ratings.models import AppendOnly, RatingChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def row(won_by, alice, bob):
    won_by(alice, [alice, bob])
    return RatingChange.objects.get(user=alice)


def test_a_row_is_not_saved_again(row):
    row.shown_after = 3000
    with pytest.raises(AppendOnly):
        row.save()
    assert RatingChange.objects.get(pk=row.pk).shown_after != 3000


def test_a_row_is_not_deleted(row):
    with pytest.raises(AppendOnly):
        row.delete()
    with pytest.raises(AppendOnly):
        RatingChange.objects.filter(pk=row.pk).delete()
    assert RatingChange.objects.filter(pk=row.pk).exists()


def test_rows_are_not_updated_in_bulk(row):
    with pytest.raises(AppendOnly):
        RatingChange.objects.filter(pk=row.pk).update(weight=0)
    with pytest.raises(AppendOnly):
        RatingChange.objects.bulk_update([row], ["weight"])


def test_the_game_and_the_player_keep_their_history(row):
    with pytest.raises(ProtectedError):
        row.game.delete()
    with pytest.raises(ProtectedError):
        row.user.delete()


def test_the_admin_only_shows_ratings(row, admin_user):
    request = RequestFactory().get("/admin/")
    request.user = admin_user
    for model in (RatingChange, type(row.user.ratings.get())):
        admin = site._registry[model]
        assert not admin.has_add_permission(request)
        assert not admin.has_change_permission(request, row)
        assert not admin.has_delete_permission(request, row)
