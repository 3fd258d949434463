"""What a game's page offers, read as a browser would post it, and judged by the code that
plays a move (`tables.offers.refusal`: the game's move form, then `rules.apply`).

Every button of a form that posts to the move view is one offer: the form's fields as
they come (hidden inputs, ticked boxes and radios, each select's chosen option, the value
of a number or text input), with the button's own name and value, and the inputs and
buttons tied to the form by their `form` attribute. A "what is missing" line in place of
a button says which move types it stands for in `data-missing`. The games' tests
(tests/<slug>/test_<slug>_offers_only_legal_moves.py) play random positions and check,
for the seat to act, that every offer would be played and that each type of its legal
moves has an offer or a line saying what is missing.
"""

import random
from html.parser import HTMLParser

from django.urls import reverse

from tables.actions import lifecycle
from tables.models import Game
from tables.offers import refusal


class PageForms(HTMLParser):
    """The forms of a page: {id or a made-up key: {"action", "fields", "buttons"}}, each
    button (name, value, formaction), and the move types of the "what is missing" lines."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: dict[str, dict] = {}
        self.current: str | None = None
        self.select: tuple[str, list] | None = None  # (form key, [name, chosen, first])
        self.missing: set[str] = set()

    def _form(self, attrs: dict) -> dict | None:
        key = attrs.get("form") or self.current
        return self.forms.setdefault(key, {"action": None, "fields": [], "buttons": []}) if key else None

    def handle_starttag(self, tag, attrs):
        a = {name: value or "" for name, value in attrs}
        if "data-missing" in a:
            self.missing |= set(a["data-missing"].split())
        if tag == "form":
            self.current = a.get("id") or f"form {len(self.forms)}"
            self.forms.setdefault(self.current, {"action": None, "fields": [], "buttons": []})["action"] = a.get(
                "action"
            )
            return
        form = self._form(a)
        if form is None or "disabled" in a:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind not in ("submit", "button", "reset"):
                form["fields"].append((a["name"], a.get("value", "")))
        elif tag == "button" and a.get("type", "submit") == "submit":
            form["buttons"].append((a.get("name"), a.get("value", ""), a.get("formaction")))
        elif tag == "select":
            self.select = (form, [a.get("name"), None, None])
        elif tag == "option" and self.select:
            chosen = self.select[1]
            chosen[2] = chosen[2] if chosen[2] is not None else a.get("value", "")
            if "selected" in a:
                chosen[1] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None
        elif tag == "select" and self.select:
            form, (name, chosen, first) = self.select
            if name:
                form["fields"].append((name, chosen if chosen is not None else first or ""))
            self.select = None


def offers(html: str, urls: dict[str, list[tuple[str, str]]]) -> tuple[list[list[tuple[str, str]]], set[str]]:
    """Every move the page's buttons would post to one of `urls` (each with the fields
    that url adds: an answer's type and version, say), as form fields without the csrf
    token; and the move types its "what is missing" lines stand for."""
    parser = PageForms()
    parser.feed(html)
    posted = []
    for form in parser.forms.values():
        for name, value, formaction in form["buttons"]:
            action = formaction or form["action"]
            if action not in urls:
                continue
            fields = [(n, v) for n, v in form["fields"] if n != "csrfmiddlewaretoken"] + urls[action]
            posted.append(fields + ([(name, value)] if name else []))
    return posted, parser.missing


def assert_offers_only_legal_moves(game: Game, seat: int, html: str, extra_urls=None, every_type=True) -> set[str]:
    """Every move the page offers `seat` would be played, and (`every_type`: but on a page
    showing one choice's moves) each type of its legal moves has an offer or a "what is
    missing" line. Returns the types offered."""
    urls = {reverse("move", args=[game.pk]): [], **(extra_urls or {})}
    posted, missing = offers(html, urls)
    types = set()
    for fields in posted:
        refused = refusal(game, seat, [(n, v) for n, v in fields if n != "version"])
        assert refused is None, f"seat {seat} is offered {fields}, refused: {refused}"
        types.add(dict(fields)["type"])
    legal = {move["type"] for move in game.rules.legal_moves(game.state, seat)}
    assert not every_type or legal <= types | missing, (
        f"seat {seat}: legal {legal}, offered {types}, missing lines for {missing}"
    )
    return types


def seat_state(game: Game, state: dict) -> Game:
    """Put this engine state on the table, as if the moves had led there."""
    game.state = state
    game.to_act = game.rules.to_act(state)
    game.save(update_fields=["state", "to_act"])
    return Game.objects.get(pk=game.pk)


def page_as(client, user, game: Game, query: str = "") -> str:
    """The game's page as `user` sees it, as it came (entities and all)."""
    client.force_login(user)
    response = client.get(reverse("game", args=[game.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def dealt(users: list, kind: str, options: dict | None = None) -> Game:
    """A dealt table of `kind` for these players (the first hosts), no bots."""
    game = lifecycle.create_table(users[0], kind, seats=len(users), options=options or {})
    for user in users[1:]:
        lifecycle.join_table(user, game.pk)
    return lifecycle.start_table(users[0], game.pk)


def positions(rules, bots: dict, players: int, options: dict, seed: int, moves: int, every: int):
    """Every `every`-th position of a game the bots play from this seed, `moves` moves at
    most: each move the choice of a bot of a random level for a random seat to act."""
    rng = random.Random(seed)
    state = rules.new_game(players, options, seed)
    for k in range(moves):
        to_act = rules.to_act(state)
        if not to_act:
            return
        if k % every == 0:
            yield state
        seat = rng.choice(to_act)
        state = rules.apply(state, seat, bots[rng.choice(sorted(bots))].choose(state, seat, rng))


def builder_page(client, url: str, fields) -> str:
    """The page a builder's "Check" brings back (no JavaScript) for these (name, value) fields."""
    data: dict[str, list[str]] = {}
    for name, value in fields:
        data.setdefault(name, []).append(value)
    response = client.post(url, data)
    assert response.status_code == 200
    return response.content.decode()
