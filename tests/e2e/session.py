"""Signing in a browser page as one of the test users (tests/conftest.py makes them)."""


def log_in(page, username: str = "alice"):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(f"{username}-password-123")
    page.get_by_role("button", name="Log in").click()
