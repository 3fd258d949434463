"""A form's errors are tied to their fields: every id an aria-describedby names is on the page."""

from html.parser import HTMLParser

from django.contrib.auth import get_user_model
from django.urls import reverse

User = get_user_model()


class _Ids(HTMLParser):
    """The ids on a page, and for each aria-describedby the ids it names (with the element's id)."""

    def __init__(self):
        super().__init__()
        self.ids: dict[str, str] = {}
        self.described: list[tuple[str, list[str]]] = []
        self._open: list[tuple[str, str]] = []  # (tag, id) of the elements whose text we are in

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids[attrs["id"]] = ""
        if attrs.get("aria-describedby"):
            self.described.append((attrs.get("id", tag), attrs["aria-describedby"].split()))
        if tag not in ("input", "br", "img", "meta", "link", "hr"):
            self._open.append((tag, attrs.get("id", "")))

    def handle_endtag(self, tag):
        while self._open:
            if self._open.pop()[0] == tag:
                break

    def handle_data(self, data):
        for _, open_id in self._open:
            if open_id:
                self.ids[open_id] += data


def _page(html: str) -> _Ids:
    parser = _Ids()
    parser.feed(html)
    return parser


def test_signup_with_mismatched_passwords_ties_the_error_to_its_field(client, db):
    response = client.post(
        reverse("signup"),
        {
            "username": "dora",
            "display_name": "Dora the Explorer",
            "password1": "capital-cities-42",
            "password2": "something-else-42",
        },
    )
    assert response.status_code == 200
    assert not User.objects.filter(username="dora").exists()
    page = _page(response.content.decode())

    assert page.described, "no field names its help or its error"
    for element, ids in page.described:
        for described_by in ids:
            assert described_by in page.ids, f"{element} is described by #{described_by}, which is not on the page"

    password2 = dict(page.described)["id_password2"]
    assert "id_password2_error" in password2
    error = page.ids["id_password2_error"]
    assert "didn’t match" in error or "didn't match" in error
