"""`make run` with production settings started the development server and created the
`demo` / `capitalla-demo` account (a known password) with its tables. With DEBUG off,
load_demo and run_site refuse and point to the production steps (the README's "Production"
section, which leads to docs/operators.md)."""

import io
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

pytestmark = pytest.mark.django_db


def refusal(command: str) -> str:
    with pytest.raises(CommandError) as refused:
        call_command(command, stdout=io.StringIO(), stderr=io.StringIO())
    return str(refused.value)


def test_load_demo_with_debug_off_creates_no_known_password_account(settings):
    settings.DEBUG = False
    assert "README" in refusal("load_demo") and "Production" in refusal("load_demo")
    assert not get_user_model().objects.filter(username="demo").exists()


def test_run_site_with_debug_off_starts_no_development_server(settings):
    settings.DEBUG = False
    with mock.patch("subprocess.Popen") as started:
        assert "Production" in refusal("run_site")
    started.assert_not_called()


def test_simulate_with_debug_off_plays_no_game_into_the_site(settings):
    # It made an account "simulator" and public finished bot games in production.
    settings.DEBUG = False
    with pytest.raises(CommandError, match="Production"):
        call_command("simulate", "capitalla", "--games", "1", stdout=io.StringIO())
    assert not get_user_model().objects.filter(username="simulator").exists()
