"""Signing in a browser page as one of the test users (tests/conftest.py makes them), and
reaching the database from inside a browser test."""

from django.db import connections


def log_in(page, username: str = "alice"):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(f"{username}-password-123")
    page.get_by_role("button", name="Log in").click()


def on_the_server(action):
    """Runs `action` (ORM calls) from inside Playwright's event loop, then closes the
    connection it opened there, which would outlive the test database."""
    try:
        return action()
    finally:
        connections.close_all()
