"""404, 403 (the CSRF check's too) and 500 are the site's own pages, with DEBUG off: the
site's header, what went wrong, and a way back to the lobby; none needs an inline style
or script, which the CSP would block (issue 20, "Error pages")."""

import pytest
from django.core.exceptions import PermissionDenied
from django.db import OperationalError
from django.test import Client, RequestFactory
from django.urls import reverse
from django.views.defaults import permission_denied
from psycopg_pool import PoolTimeout

from tables.actions import lifecycle

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _debug_off(settings):
    settings.DEBUG = False


def assert_the_sites_own(html: str, heading: str):
    assert '<header class="site-header">' in html and f"<h1>{heading}</h1>" in html
    assert f'<a class="button" href="{reverse("lobby")}">Back to the lobby</a>' in html
    assert "style=" not in html and "<style" not in html and "<script>" not in html


def test_404_for_a_table_says_no_such_table_under_the_sites_header(client, alice):
    client.force_login(alice)
    response = client.get(reverse("game", args=[99999]))
    html = response.content.decode()
    assert response.status_code == 404 and "Content-Security-Policy" in response
    assert_the_sites_own(html, "Nothing here")
    assert "No such table." in html and "Log out" in html  # the header knows who asks


def test_404_for_an_unknown_address_says_so_in_words(client):
    html = client.get("/no/such/page/").content.decode()
    assert_the_sites_own(html, "Nothing here")
    assert "There is no page at this address" in html and "Resolver404" not in html


def test_403_is_the_sites_own_page(rf: RequestFactory, alice):
    request = rf.get("/")
    request.user = alice
    response = permission_denied(request, PermissionDenied())
    assert response.status_code == 403
    assert_the_sites_own(response.content.decode(), "Not allowed")


def test_403_csrf_failure_is_the_sites_own_page_without_an_inline_style(alice):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    game = lifecycle.create_table(alice, "capitalla", seats=3)
    browser.get(game.get_absolute_url())  # the CSRF cookie is set; the form's token is not sent
    response = browser.post(reverse("start", args=[game.pk]), {"csrfmiddlewaretoken": "stale" * 8})
    html = response.content.decode()
    assert response.status_code == 403 and "Content-Security-Policy" in response
    assert_the_sites_own(html, "That form could not be sent")
    assert "Nothing was changed" in html and "Log out" in html


def test_403_csrf_failure_without_the_cookie_says_to_allow_cookies():
    response = Client(enforce_csrf_checks=True).post(reverse("login"), {"username": "alice"})
    assert response.status_code == 403
    html = response.content.decode()
    assert_the_sites_own(html, "That form could not be sent")
    assert "allow cookies for this site" in html


def test_500_is_the_sites_own_page(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("tables.views.render", broken)
    browser = Client(raise_request_exception=False)
    response = browser.get(reverse("rules_index"))
    html = response.content.decode()
    assert response.status_code == 500
    assert_the_sites_own(html, "Something went wrong on our side")
    assert "Log in" not in html  # rendered without the request: no account links it could get wrong


def test_a_request_the_database_pool_could_not_serve_in_time_is_503(monkeypatch):
    """Found by a QA pass: 40 logins at once kept every connection of a process busy,
    and the request that waited the pool's timeout got a 500."""

    def busy(*args, **kwargs):
        try:
            raise PoolTimeout("couldn't get a connection after 10.00 sec")
        except PoolTimeout as cause:
            raise OperationalError("couldn't get a connection after 10.00 sec") from cause

    monkeypatch.setattr("tables.views.render", busy)
    response = Client(raise_request_exception=False).get(reverse("rules_index"))
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert_the_sites_own(response.content.decode(), "The site is busy just now")


def test_404_to_htmx_puts_the_gone_line_in_place_of_the_table_not_a_page(client, alice, htmx):
    client.force_login(alice)
    response = client.get(reverse("game", args=[99999]), {"since": 0}, **htmx)
    html = response.content.decode()
    assert response.status_code == 404 and response["HX-Retarget"] == "#table"
    assert html.startswith('<section id="table" class="table table--gone">') and "site-header" not in html
    assert "No such table." in html and "Back to the lobby" in html
