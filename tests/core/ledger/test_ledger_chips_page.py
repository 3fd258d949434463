"""The chips page: my entries, and my starting chips while they wait for my address."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_an_unconfirmed_account_is_told_where_its_starting_chips_are(client, django_user_model):
    dora = django_user_model.objects.create_user(username="dora", password="dora-secret-9876", email="d@example.com")
    client.force_login(dora)
    page = client.get(reverse("chips")).content.decode()
    assert "My chips: 0" in page and "1000 starting chips are waiting" in page


def test_a_confirmed_account_sees_its_grant_and_no_reminder(client, alice):
    client.force_login(alice)
    page = client.get(reverse("chips")).content.decode()
    assert "My chips: 1000" in page and "Starting chips" in page and "are waiting" not in page
