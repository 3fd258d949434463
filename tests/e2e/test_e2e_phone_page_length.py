"""A game page on a phone ("Every table tells you what happened", Phones): at 390 x 844, touch,
the page with a hand in play is at most two screens and a half long (2,110 px), and the
top of my hand and the bottom of the next move's control are within one screen of each
other, in each game's position with the most cards in my hand that its deal gives:

- Capitalla: 13 cards dealt, 14 once drawn (the deal is the whole game);
- Cap-It: round 4 (three sets: three group toggles under every card, the builder's
  tallest, and three rounds of scores on the page), 10 cards dealt, 11 with the discard;
- Casino: 4 cards, every deal's hand;
- Rummathon: 12 cards dealt (every round deals 12), 13 once drawn.

A hand may grow past these (a Cap-It push gives the next seat two cards; Rummathon's
bought cards, up to 20): those are other players' or the player's own choices, not the
deal's. The bottom of a control is measured where it lies in the page, its sticky bar
put back in place.

Rummathon's page does not fit yet (its length test is an expected failure, strict: it
fails the suite once the page fits, so that the mark goes); its hand and controls are
within a screen of each other.

The deals are seeded (test_e2e_phone_layout.py's seed)."""

import random

import pytest

from tables.actions import bot_play, lifecycle, player_moves
from tables.models import Game
from tables.plugins import PLUGINS
from tests.e2e.layout import horizontal_scroll, small_controls
from tests.e2e.session import log_in, on_the_server

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SEED = 1
SCREEN = 844
LONGEST_PAGE = 2.5 * SCREEN

# Boxes in the document (not the viewport), each action bar in its place in the page.
_BOXES = """([hand, control]) => {
  const bars = [...document.querySelectorAll(".action-bar")];
  bars.forEach(bar => bar.style.setProperty("position", "static", "important"));
  const hand_box = document.querySelector(hand).getBoundingClientRect();
  const controls = [...document.querySelectorAll(control)].filter(el => el.getClientRects().length);
  const control_box = controls[controls.length - 1].getBoundingClientRect();
  const boxes = {page: document.documentElement.scrollHeight, hand: hand_box.top + scrollY,
                 control: control_box.bottom + scrollY};
  bars.forEach(bar => bar.style.removeProperty("position"));
  return boxes;
}"""


def deal(user, kind: str, monkeypatch) -> Game:
    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEED)
    return on_the_server(lambda: lifecycle.quick_game(user, kind))


def move(user, game: Game, action: dict) -> Game:
    return on_the_server(lambda: player_moves.play_move(user, game.pk, game.version, action))


def bots_until_my_turn(game: Game) -> Game:
    def play():
        while bot_play.play_bot_turn(game.pk, game.version):
            game.refresh_from_db()
        return Game.objects.get(pk=game.pk)

    return on_the_server(play)


def measured(page, game: Game, hand: str, control: str) -> dict:
    """Opens the game (signed in already) and measures it. A round's summary that opens
    the table after a round is within one screen, and is measured put away (Continue):
    the page as the round is played."""
    page.goto(game.get_absolute_url())
    round_over = page.locator("[data-round-over]")
    if round_over.count():
        assert round_over.bounding_box()["height"] <= SCREEN
        page.get_by_role("button", name="Continue").click()
    boxes = page.evaluate(_BOXES, [hand, control])
    assert abs(boxes["control"] - boxes["hand"]) <= SCREEN, boxes
    assert horizontal_scroll(page) == 0
    assert small_controls(page) == []
    assert page.console_errors == [] and page.csp_errors == []
    return boxes


def assert_fits_two_screens_and_a_half(page, game: Game, hand: str, control: str):
    """`measured`, and the page at most two screens and a half: a failure shows the numbers."""
    boxes = measured(page, game, hand, control)
    assert boxes["page"] <= LONGEST_PAGE, boxes


def test_a_capitalla_hand_of_13_then_14_cards(phone, alice, monkeypatch):
    game = deal(alice, "capitalla", monkeypatch)
    log_in(phone)
    assert_fits_two_screens_and_a_half(phone, game, ".my-hand", ".action-bar")  # to draw
    game = move(alice, game, {"type": "draw", "from": "pile"})
    assert len(game.state["hands"][0]) == 14
    # A discard is a tap on a card of the hand: the hand is the control.
    assert_fits_two_screens_and_a_half(phone, game, ".my-hand", ".my-hand form")


def test_a_cap_it_hand_in_round_4(phone, alice, monkeypatch):
    """Alice's own moves are her seat's bot's, up to her first turn of round 4."""
    game = deal(alice, "capit", monkeypatch)
    rng, alices_bot = random.Random(SEED), PLUGINS["capit"].bots["normal"]

    def play_to_round_4():
        current = game
        while not (current.state["round"] == 4 and current.state["phase"] == "draw" and 0 in current.to_act):
            if 0 in current.to_act:
                player_moves.play_move(alice, current.pk, current.version, alices_bot.choose(current.state, 0, rng))
            else:
                bot_play.play_bot_turn(current.pk, current.version)
            current = Game.objects.get(pk=current.pk)
        return current

    game = on_the_server(play_to_round_4)
    assert len(game.state["hands"][0]) == 10
    log_in(phone)
    assert_fits_two_screens_and_a_half(phone, game, ".my-hand", ".draw-choice")
    game = move(alice, game, {"type": "take_discard"})
    assert_fits_two_screens_and_a_half(phone, game, ".my-hand", ".builder__go")


def test_a_casino_hand_of_4_cards(phone, alice, monkeypatch):
    game = bots_until_my_turn(deal(alice, "casino", monkeypatch))
    assert game.to_act == [0] and len(game.state["hands"][0]) == 4
    log_in(phone)
    assert_fits_two_screens_and_a_half(phone, game, ".my-hand", "#casino-plays")


def rummathon_at_alices_first_turn(alice, monkeypatch) -> Game:
    """The bots play up to Alice's first turn: 12 cards, the discard pile's top may
    complete her sequence (the builder is out)."""
    game = bots_until_my_turn(deal(alice, "rummathon", monkeypatch))
    assert game.to_act == [0] and len(game.state["hands"][0]) == 12
    return game


def test_a_rummathon_hand_of_12_then_13_cards_near_its_controls(phone, alice, monkeypatch):
    """Her draw, then the builder, whose action bar lays her sequence down."""
    game = rummathon_at_alices_first_turn(alice, monkeypatch)
    log_in(phone)
    measured(phone, game, ".my-hand", ".rum-deck button")
    game = move(alice, game, {"type": "draw"})
    measured(phone, game, ".my-hand", ".builder__go")


@pytest.mark.xfail(
    strict=True,
    reason="Rummathon's phone page is 3,382 px at this position (issue 48 is open for it): the builder's three "
    "rows of 44 px group toggles under every card, the rule card and the table's groups",
)
def test_a_rummathon_page_fits_two_screens_and_a_half(phone, alice, monkeypatch):
    game = rummathon_at_alices_first_turn(alice, monkeypatch)
    log_in(phone)
    assert_fits_two_screens_and_a_half(phone, game, ".my-hand", ".rum-deck button")
