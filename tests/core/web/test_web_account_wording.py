"""The words a player reads on signing up and saving the profile, and in the admin."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def signup(client, **extra):
    data = {
        "username": "dora",
        "display_name": "Dora",
        "password1": "capital-cities-42",
        "password2": "capital-cities-42",
    }
    return client.post(reverse("signup"), data | extra, follow=True).content.decode()


def test_signing_up_without_a_mail_address_says_there_will_be_no_turn_mails(client):
    page = signup(client)
    assert "Without a mail address you get no mail when it is your turn" in page


def test_signing_up_with_a_mail_address_says_nothing_of_the_kind(client):
    assert "no mail when it is your turn" not in signup(client, email="dora@example.com")


def test_the_profile_without_an_address_invites_adding_one(client):
    signup(client)
    page = client.get(reverse("profile")).content.decode()
    assert "Add your mail address below to hear when it is your turn" in page


def test_changing_only_the_mail_choice_says_only_that(client, alice):
    client.force_login(alice)
    data = {"display_name": "Alice", "email": "alice@example.com", "email_notifications": "digest"}
    page = client.post(reverse("profile"), data, follow=True).content.decode()
    assert "now see you as" not in page
    assert "Saved. You now get one daily digest." in page


def test_changing_the_name_says_how_others_see_you(client, alice):
    client.force_login(alice)
    data = {"display_name": "Alicia", "email": "alice@example.com", "email_notifications": "turn"}
    page = client.post(reverse("profile"), data, follow=True).content.decode()
    assert "Saved. Other players now see you as Alicia." in page


def test_the_admin_lists_chip_entries_not_entrys(admin_client):
    page = admin_client.get("/admin/").content.decode()
    assert "Entrys" not in page
    assert "Entries" in page
