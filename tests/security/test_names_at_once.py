"""Sign-ups at the same instant. Found by a QA pass: the same username twice at once
answered 500 (the second insert failed), usernames differing in case were all created,
and five accounts took one display name, which the form refuses one at a time."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.at_once import run_together

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def sign_up(username: str, display_name: str = ""):
    fields = {
        "username": username,
        "display_name": display_name,
        "password1": "a-long-pass-9",
        "password2": "a-long-pass-9",
    }
    return lambda: Client().post(reverse("signup"), fields).status_code


def test_one_username_at_once_makes_one_account_and_no_error():
    outcomes = run_together(*(sign_up(name) for name in ("dup", "DUP", "dUp", "Dup")))
    assert sorted(outcomes) == [200, 200, 200, 302]  # one account; the others see the form's refusal
    assert get_user_model().objects.filter(username__iexact="dup").count() == 1


def test_one_display_name_at_once_goes_to_one_account():
    outcomes = run_together(*(sign_up(f"player{i}", "Zed") for i in range(4)))
    assert sorted(outcomes) == [200, 200, 200, 302]
    assert get_user_model().objects.filter(display_name="Zed").count() == 1
