"""axe-core finds no serious or critical accessibility violation (issue 20 §5) on the pages a
player lives on: the lobby, a Capitalla table mid-turn with the declare panel open, a Cap-It
table mid-turn with the meld builder, both games' replays and results, the profile and the
other pages, on a 1280 px desktop and on a 390 x 844 phone. The contrast of text on the
felt's gradient, which axe leaves "incomplete", is checked at the gradient's worst.

axe is injected through Playwright's evaluate, which the site's CSP does not apply to: the
pages keep their own policy, and a CSP violation of the page itself still fails the test.

Every game is set up before the browser starts: an ORM call inside Playwright's event loop
would open a connection that outlives the test database."""

import pytest

from mailroom.models import OutboxMessage
from tables.actions import bot_play, lifecycle, player_moves
from tables.models import Game
from tests.capitalla.test_web_declare import WINNING, give_hand
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The impacts that fail the test; "minor" and "moderate" findings are left to judgement.
FAILING_IMPACTS = {"serious", "critical"}
VIEWPORTS = ["page", "phone"]
SEED = 1


def described(violations: list[dict]) -> str:
    """One paragraph a violation: its rule, impact and help, then the elements it found with
    what axe says of each ("insufficient color contrast of 3.9 (foreground color: ...)")."""
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>\n"
        + "".join(f"    {' '.join(node['target'])}: {_finding(node)}\n" for node in v["nodes"])
        for v in violations
    )


def _finding(node: dict) -> str:
    checks = node["any"] + node["all"] + node["none"]
    return "; ".join(check["message"] for check in checks if check.get("message"))


# axe cannot tell the contrast of text on a gradient (the felt of the table, a joker's
# face): it reports it as "incomplete". So the contrast is checked again with every gradient
# flattened to its lightest stop, then to its darkest: the worst case for light text and for
# dark text. Setting styles from script is CSSOM, which the site's CSP allows.
_FLATTEN_GRADIENTS = """(pick) => {
  const channel = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  for (const el of document.querySelectorAll("*")) {
    const image = getComputedStyle(el).backgroundImage;
    if (!image.includes("gradient")) continue;
    const stops = [...image.matchAll(/rgba?\\(([^)]+)\\)/g)].map(m => m[1].split(",").map(Number));
    stops.sort((p, q) => luminance(p) - luminance(q));
    const [r, g, b, a = 1] = pick === "lightest" ? stops[stops.length - 1] : stops[0];
    el.style.setProperty("background-image", "none");
    el.style.setProperty("background-color", `rgba(${r}, ${g}, ${b}, ${a})`);
  }
}"""


def failing(page, options=None) -> list[dict]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=options or {"resultTypes": ["violations"]})
    return [v for v in results.response["violations"] if v["impact"] in FAILING_IMPACTS]


def assert_accessible(page, path: str):
    """Opens `path` and runs axe over it once htmx has settled the page, then checks the
    contrast on its gradients at their lightest and at their darkest."""
    page.goto(path)
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => !document.querySelector('.htmx-added, .htmx-settling, .htmx-swapping')")
    where = f"{path} at {page.viewport_size['width']} px"
    found = failing(page)
    assert not found, f"{where}:\n{described(found)}"
    for pick in ("lightest", "darkest"):
        page.evaluate(_FLATTEN_GRADIENTS, pick)
        found = failing(page, {"runOnly": ["color-contrast"], "resultTypes": ["violations"]})
        assert not found, f"{where}, every gradient at its {pick}:\n{described(found)}"
    assert page.console_errors == [] and page.csp_errors == []


def browse_as_alice(request, viewport: str):
    page = request.getfixturevalue(viewport)
    log_in(page)
    return page


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_lobby_has_no_serious_violation(request, viewport, alice, bob):
    """With a table of mine and an open one of someone else's listed."""
    lifecycle.create_table(alice, "capitalla", seats=3)
    lifecycle.create_table(bob, "capit", seats=4)
    page = browse_as_alice(request, viewport)
    assert_accessible(page, "/")
    assert page.locator(".table-row").count() == 2


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_profile_has_no_serious_violation(request, viewport, alice):
    assert_accessible(browse_as_alice(request, viewport), "/accounts/profile/")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_capitalla_turn_with_the_declare_panel_has_no_serious_violation(request, viewport, alice, table):
    give_hand(table, 0, WINNING)
    player_moves.play_move(alice, table.pk, table.version, {"type": "draw", "from": "pile"})
    page = browse_as_alice(request, viewport)
    assert_accessible(page, f"/games/{table.pk}/")
    assert page.get_by_role("heading", name="You can declare!").is_visible()


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_cap_it_turn_with_the_meld_builder_has_no_serious_violation(request, viewport, alice, monkeypatch):
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEED)
    game = lifecycle.quick_game(alice, "capit")
    while bot_play.play_bot_turn(game.pk, game.version):
        game.refresh_from_db()
    game = player_moves.play_move(alice, game.pk, game.version, {"type": "take_discard"})
    page = browse_as_alice(request, viewport)
    assert_accessible(page, f"/games/{game.pk}/")
    assert page.locator(".builder").is_visible()


def finished_game(alice, kind: str) -> Game:
    """A game alice deals for bots alone, played to its end (in Cap-It, five rounds)."""
    seats = 4 if kind == "capit" else 2
    game = lifecycle.start_table(alice, lifecycle.create_table(alice, kind, seats=seats, bots=seats).pk)
    while bot_play.play_bot_turn(game.pk, game.version):
        game.refresh_from_db()
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    return game


def played_until(alice, kind: str, done, options=None) -> Game:
    """A game alice deals for two bots, played until `done(state)`."""
    game = lifecycle.create_table(alice, kind, seats=2, bots=2, options=options)
    game = lifecycle.start_table(alice, game.pk)
    while not done(game.state) and bot_play.play_bot_turn(game.pk, game.version):
        game.refresh_from_db()
    assert done(game.state)
    return game


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_casino_and_rummathon_tables_after_a_deal_or_a_round_have_no_serious_violation(request, viewport, alice):
    """Their score tables scroll sideways on a phone: each must be reachable by keyboard,
    and named apart from the section around it."""
    casino = played_until(alice, "casino", lambda state: len(state["deals"]) >= 2)
    rummathon = played_until(alice, "rummathon", lambda state: len(state["rounds"]) >= 2, {"variant": "half"})
    page = browse_as_alice(request, viewport)
    for game in (casino, rummathon):
        assert_accessible(page, f"/games/{game.pk}/")
        assert page.locator(".score-table__wrap").count() >= 2


@pytest.mark.parametrize("kind", ["capitalla", "capit"])
@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_replay_has_no_serious_violation(request, viewport, kind, alice):
    game = finished_game(alice, kind)
    page = browse_as_alice(request, viewport)
    assert_accessible(page, f"/games/{game.pk}/replay/?at={game.version // 2}")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_other_pages_have_no_serious_violation(request, viewport, alice, bob):
    """The waiting room, the results of both games, a game's moves, my games, the rules, and the pages
    of someone not logged in."""
    waiting = lifecycle.create_table(alice, "capit", seats=4)
    lifecycle.join_table(bob, waiting.pk)
    capitalla, capit = finished_game(alice, "capitalla"), finished_game(alice, "capit")
    page = browse_as_alice(request, viewport)
    for game in (waiting, capitalla, capit):
        assert_accessible(page, f"/games/{game.pk}/")
    for path in [f"/games/{capit.pk}/history/", "/my-games/", "/rules/", "/rules/capit/"]:
        assert_accessible(page, path)
    page.context.clear_cookies()
    for path in ["/accounts/login/", "/accounts/signup/"]:
        assert_accessible(page, path)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_the_outbox_the_chips_and_a_record_have_no_serious_violation(request, viewport, alice, bob):
    """With a mail to reply to, an ante paid and a game lost: the tables in their scrolling regions."""
    OutboxMessage.objects.create(
        user=alice,
        to=alice.email,
        from_email="Capitalla <noreply@capitalla.localhost>",
        subject="Your turn in Capitalla #1",
        text="Hello Alice,\n\nIt is your turn: http://127.0.0.1:8000/games/1/continue/1/" + "x" * 120,
        headers={"Reply-To": "play+1.0.1.3b7b2a8c833efbde5aaa1b7d@capitalla.localhost"},
    )
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=50)
    lifecycle.join_table(bob, game.pk)
    lifecycle.start_table(alice, game.pk)
    player_moves.resign(alice, game.pk)
    page = browse_as_alice(request, viewport)
    for path in ["/outbox/", "/chips/", f"/players/{alice.pk}/"]:
        assert_accessible(page, path)
