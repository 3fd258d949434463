"""Alice plays one Cap-It turn against three bots in real Chromium, through htmx.

She opens a table from the lobby, the bots' moves come in by the table's poll, she pushes
(her draw from the stock), ticks cards into a contract group and reads the live check's
reason why they are no meld, sorts her hand by rank (the ticks stay), discards by tapping
a card, and the
bots' reply comes in by the poll until it is her turn again: all without a page load, a
console error or a CSP violation.

The deal is fixed (SEED): in about one random deal in fourteen a bot goes out of round 1
before Alice's first turn, and a bot going out at once after her discard in round 2 then
leaves a bot's turn out of the moves the test reads. In this deal no round ends before
her second turn, whatever she discards and whatever the bots choose (their choices follow
the game's id, which differs between runs). Every choice is still made from the hand the
page shows (its `data-card` ids), never from card ids known in advance. No worker runs:
`play_bot_turns` makes the bots' moves when the test says so (and BOT_MOVE_DELAY is 0,
from tests/conftest.py).

Once her contract is down, she ticks cards with the Tick box under each card (by mouse,
keyboard and, on a phone, touch), sees each ticked card and the box with the focus, and
melds and lays off the ticked cards; a refusal's alert goes once the live check finds
nothing wrong. That position is set up before the browser starts (`contract_down`).
"""

from itertools import combinations

import pytest

from engine.cards import face as shown_face
from games.capit.engine import meld_problem, sort_hand
from games.capit.presenter import pcard
from tables.actions import lifecycle, player_moves
from tests.capit.capit_web import set_hand
from tests.e2e.confirm import press_twice, questions_asked, record_questions
from tests.e2e.keyboard import follow_skip_link
from tests.e2e.layout import MIN_TARGET, box, horizontal_scroll, small_controls
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Checked for the game ids 1 to 2000 and a thousand more up to 10**7, for each of Alice's
# discards.
SEED = 2_026_112_503
# Milliseconds to wait for something the table's poll ("every 2s") brings in.
POLL_WAIT = 10_000
# Set on `window` once the game page has loaded: a full page load would lose it.
MARKER = "window.__sameCapItPage"


def open_capit_table(page, seats: int, bots: int):
    """The lobby's form, then the waiting room's Start button: empty seats become bots."""
    page.get_by_label("Game").select_option(label="Cap-It")
    page.get_by_label("Seats").fill(str(seats))
    page.get_by_label("Bots").fill(str(bots))
    page.get_by_role("button", name="Create table").click()
    page.get_by_role("button", name="Start the game").click()


def mark_page(page):
    """Marks this page load, once it is complete: htmx has taken over the page by then."""
    page.wait_for_load_state("load")
    page.evaluate(f"{MARKER} = true")


def settled(page):
    """Waits until htmx has wired up what it swapped in. It does so when the swap settles,
    20 ms after the new content shows: a click before that would submit the form the
    old way, with a full page load."""
    page.wait_for_function("() => !document.querySelector('.htmx-added, .htmx-settling, .htmx-swapping')")


def play_move(page, button):
    """Presses a move's button once the table is wired up."""
    settled(page)
    button.click()


def checked(page):
    """Waits for the meld builder's live check to answer the last change."""
    page.wait_for_function("() => !document.querySelector('.builder__live.htmx-request')")


def assert_same_page(page):
    assert page.evaluate(f"{MARKER} === true"), "the page was reloaded: htmx should have swapped the table"


def hand(page) -> list[str]:
    """My cards' ids in the order the page shows them."""
    return page.locator(".my-hand .phand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")


def tick_into_group(page, letter: str, card: str):
    """Clicks the card's group chip, as a player does (the checkbox itself is hidden), and
    waits for the check's answer, as a player reads it."""
    page.locator(f'#builder label.gtoggle--{letter}:has(input[value="{card}"])').click()
    checked(page)


def no_meld(cards: list[str], kind: str) -> tuple[list[str], str]:
    """Three of these cards, in hand order, that make no `kind`, with the engine's reason.
    A hand of 10+ cards always has some: two natural cards of different ranks, say."""
    for trio in combinations(cards, 3):
        reason = meld_problem(list(trio), kind)
        if reason:
            return list(trio), reason
    raise AssertionError(f"every three cards of {cards} make a {kind}")


def styles(locator, *names: str) -> dict:
    """The element's computed styles `names` ("outlineStyle", "boxShadow"...)."""
    return locator.evaluate("(el, names) => Object.fromEntries(names.map(n => [n, getComputedStyle(el)[n]]))", names)


def history(page) -> list[str]:
    """The table's latest moves, newest first."""
    return page.locator(".history__list li").all_inner_texts()


def test_alice_plays_a_cap_it_turn_against_bots_through_htmx(page, alice, play_bot_turns, monkeypatch):
    from playwright.sync_api import expect

    monkeypatch.setattr(lifecycle, "new_seed", lambda: SEED)  # the live server deals in this process

    banner = page.locator(".turn-banner")

    # 1. Alice logs in and opens a Cap-It table (four players at least: three bots).
    log_in(page)
    open_capit_table(page, seats=4, bots=3)
    expect(page.locator(".table__title")).to_contain_text("Cap-It")
    # Alice deals round 1, so the seat after hers plays first.
    expect(banner).to_contain_text("Waiting for Bot 2")
    mark_page(page)

    play_bot_turns()  # as the worker would; the poll brings the bots' moves in
    expect(banner).to_contain_text("Your turn: take the", timeout=POLL_WAIT)
    assert_same_page(page)

    # 2. She draws from the stock (a push).
    push_and_draw(page)
    assert_same_page(page)

    # 3. She ticks three cards that make no meld into group A of the contract, then sorts
    # her hand by rank: her ticks stay.
    cards, trio = tick_no_meld_into_group_a(page)
    assert_same_page(page)
    sort_by_rank_keeping_ticks(page, cards, trio)
    assert_same_page(page)

    # 4. She discards one of them, and her turn ends; the bots' reply comes in by the poll.
    face = discard_on_second_press(page, trio[0], cards_before=len(cards))
    play_bot_turns()
    expect(banner).to_contain_text("Your turn: take the", timeout=POLL_WAIT)
    assert_same_page(page)
    moves = history(page)
    since_mine = moves[: moves.index(f"Alice discarded the {face}.")]
    # Each bot played in turn (a round may end on the way, so no exact count of moves).
    assert {move.split(" (")[0] for move in since_mine} == {"Bot 2", "Bot 3", "Bot 4"}, since_mine
    assert since_mine[0].startswith("Bot 4"), since_mine  # the seat before Alice's moved last

    # 5. Nothing went wrong in the browser.
    assert page.console_errors == []
    assert page.csp_errors == []


def push_and_draw(page):
    """A turn never starts with an empty discard pile (every turn ends with a discard,
    every round starts with one), so drawing from the stock is a push: the top discard and
    a stock card go to the next player, then she draws from the stock."""
    from playwright.sync_api import expect

    before = hand(page)
    take, push = page.get_by_role("button", name="Take the"), page.get_by_role("button", name="Push", exact=True)
    top = take.inner_text().removeprefix("Take the ")
    # The two choices are buttons of one look, one under the other, of one width.
    assert (box(take)["x"], box(take)["width"]) == (box(push)["x"], box(push)["width"])
    assert styles(take, "backgroundColor", "color") == styles(push, "backgroundColor", "color")
    play_move(page, push)
    expect(page.locator(".history__list li").first).to_have_text(
        f"Alice pushed the {top} and a stock card to the next player, then drew from the stock."
    )
    expect(page.locator(".my-hand .phand [data-card]")).to_have_count(len(before) + 1)
    expect(page.locator(".turn-banner")).to_contain_text("Your turn: lay down your contract if you can, then discard.")


def tick_no_meld_into_group_a(page) -> tuple[list[str], list[str]]:
    """Ticks three cards of her hand that make no meld into group A; each change is
    checked live, and the check says why the cards are no meld, in the engine's words.
    Returns her hand and the three cards."""
    from playwright.sync_api import expect

    check = page.locator("#builder-check")
    settled(page)  # the builder came in with the push's answer
    cards = hand(page)
    kind = page.locator('#builder input[name="kind_A"]').get_attribute("value")
    trio, reason = no_meld(cards, kind)
    tick_into_group(page, "A", trio[0])
    expect(check).to_contain_text(f"✗ Group A is not a valid {kind}: {meld_problem(trio[:1], kind)}")
    tick_into_group(page, "A", trio[1])
    tick_into_group(page, "A", trio[2])
    for card in trio:
        expect(page.locator(f'#builder input[name="A"][value="{card}"]')).to_be_checked()
    expect(check.locator(".check--bad")).to_have_text(f"✗ Group A is not a valid {kind}: {reason}")
    return cards, trio


def sort_by_rank_keeping_ticks(page, cards: list[str], ticked: list[str]):
    """She sorts her hand by rank: the table comes back re-sorted with her ticks kept."""
    from playwright.sync_api import expect

    play_move(page, page.get_by_role("button", name="by rank"))
    expect(page.get_by_role("button", name="by rank")).to_have_attribute("aria-pressed", "true")
    assert hand(page) == sort_hand(cards, by="rank")
    for card in ticked:
        expect(page.locator(f'#builder input[name="A"][value="{card}"]')).to_be_checked()


def discard_on_second_press(page, card: str, cards_before: int) -> str:
    """Her first press asks, naming the card in words, the second discards it, and her turn
    ends. Returns the card's face, as the history shows it."""
    from playwright.sync_api import expect

    discard = page.locator(f'button[form="capit-discard"][value="{card}"]')
    face = shown_face(card)
    settled(page)
    press_twice(page, discard, f"Discard the {pcard(card)['name']}?")  # "queen of spades", "2 of clubs, wild"
    expect(page.locator(".history__list li").first).to_have_text(f"Alice discarded the {face}.")
    expect(page.locator(".turn-banner")).to_contain_text("Waiting for Bot 2")
    expect(page.locator(".my-hand .phand [data-card]")).to_have_count(cards_before - 1)
    return face


# ---------------------------------------------------------------- after the contract

# Alice's round-1 hand: her contract (two sets of 3: three 7s with a joker, three kings),
# then a set of jacks with the 2♠ wild, a 7♠ to lay off on her 7s, and two loose cards.
CONTRACT = [["7H:0", "7C:0", "JK:0"], ["KH:0", "KD:1", "KS:0"]]
JACKS = ["JH:0", "JC:0", "2S:0"]
SEVEN = "7S:1"
AFTER_CONTRACT = [*JACKS, SEVEN, "5D:0", "9C:0"]
GOLD = "rgb(224, 180, 58)"  # --gold: a ticked card's ring and its box
FOCUS_RING = {"outlineStyle": "solid", "outlineWidth": "3px", "outlineColor": "rgb(255, 191, 71)"}  # --focus


@pytest.fixture
def contract_down(alice, enqueued):
    """A quick game in which Alice has drawn and laid her contract down (the bots have not
    moved: nothing reaches a broker, see `enqueued`). Made before the browser starts:
    ORM calls inside Playwright's event loop get a connection of their own."""
    game = lifecycle.quick_game(alice, "capit")
    seat = game.seat_of(alice).index
    game = set_hand(game, seat, [*CONTRACT[0], *CONTRACT[1], *AFTER_CONTRACT], turn=seat, phase="play")
    melds = [{"kind": "set", "cards": cards} for cards in CONTRACT]
    game = player_moves.play_move(alice, game.pk, game.version, {"type": "lay_contract", "melds": melds})
    assert game.state["laid"][seat] and game.to_act == [seat]
    return game


def tick_checkbox(page, card: str):
    """A card's checkbox for a new meld, a lay-off or a swap, by its accessible name."""
    return page.get_by_role("checkbox", name=f"Tick the {pcard(card)['name']}", exact=True)


def tick_box(page, card: str):
    """What the player sees and clicks to tick a card: the label holding its checkbox."""
    return page.locator("#builder label").filter(has=page.locator(f'input[name="cards"][value="{card}"]'))


def hand_card(page, card: str):
    return page.locator(f'#builder [data-hand-card="{card}"] .pcard')


def assert_ticked_look(page, card: str):
    """A ticked card rises with a gold ring, and its Tick box turns gold."""
    look = styles(hand_card(page, card), "boxShadow", "transform")
    assert GOLD in look["boxShadow"] and look["transform"] != "none", look
    assert styles(tick_box(page, card), "backgroundColor")["backgroundColor"] == GOLD


def assert_tick_box_shown(page, card: str, least: float):
    """The Tick box is a control of its own that the player sees: at least `least` px
    each way, its checkbox not transparent, apart from (under) the card's discard button."""
    label, card_box = box(tick_box(page, card)), box(hand_card(page, card))
    assert label["width"] >= least - 0.5 and label["height"] >= least - 0.5, label
    assert label["y"] >= card_box["bottom"], (label, card_box)
    assert styles(tick_checkbox(page, card), "opacity")["opacity"] == "1"
    assert tick_box(page, card).get_by_text("Tick", exact=True).is_visible()  # its word, besides its checkbox


def test_after_her_contract_alice_ticks_cards_and_melds_and_lays_them_off(contract_down, page, alice):
    from playwright.sync_api import expect

    check = page.locator("#builder-check")
    meld = page.locator("#capit-go-meld")
    log_in(page)
    page.goto(f"/games/{contract_down.pk}/")
    record_questions(page)  # a discard asks first: ticking must never ask
    expect(page.locator(".turn-banner")).to_contain_text("Your turn: meld, lay off or swap wild cards, then discard.")
    mark_page(page)

    # Each card is a discard button and then one Tick box: one Tab stop each.
    stops = page.locator("#builder .phand > li").evaluate_all(
        """tiles => tiles.map(li => [...li.querySelectorAll("button, input, select, a, [tabindex]")]
              .filter(el => el.tabIndex >= 0 && el.type !== "hidden").map(el => el.className))"""
    )
    assert stops == [["ptile__discard", "ptile__tick"]] * len(AFTER_CONTRACT), stops

    # With nothing ticked no button melds (it would be refused): the hint says to tick cards.
    expect(page.get_by_role("button", name="Meld the ticked cards")).to_have_count(0)
    expect(page.locator('#builder .hint[data-missing~="meld"]')).to_contain_text("Tick cards with the Tick box")

    # She ticks the two jacks with the mouse, and the 2♠ from the keyboard; in the meld
    # button's place, what is missing.
    tick_by_mouse(page, JACKS[:2])
    expect(meld).to_have_text("Say whether the new meld is a set or a run.")
    unticked = styles(hand_card(page, "5D:0"), "boxShadow")["boxShadow"]
    assert GOLD not in unticked, unticked
    tick_by_keyboard(page, "2S:0")

    # A set: the live check says so, and the button to meld it shows.
    page.get_by_label("New meld:").select_option("set")
    checked(page)
    expect(check.locator(".check--ok")).to_contain_text("Valid set")
    expect(meld.get_by_role("button", name="Meld the ticked cards")).to_be_visible()

    # The meld posts the ticked cards.
    play_move(page, page.get_by_role("button", name="Meld the ticked cards"))
    expect(page.locator(".history__list li").first).to_contain_text("Alice melded a set: ")
    expect(page.locator(".my-hand .phand [data-card]")).to_have_count(len(AFTER_CONTRACT) - len(JACKS))
    for card in JACKS:
        expect(page.locator(f'.tmelds [data-card="{card}"]')).to_have_count(1)

    lay_off_the_seven(page)

    # The hints say how to tick, and how to discard in words true of a mouse and a finger.
    expect(page.locator("#builder .hint").first).to_contain_text("Tick cards with the Tick box under each")
    expect(page.locator(".builder__go")).to_have_text("Choose a card to discard it and end your turn.")
    assert questions_asked(page) == []  # no card was pressed on the way
    assert_same_page(page)
    assert page.console_errors == [] and page.csp_errors == []


def tick_by_mouse(page, cards: list[str]):
    """She ticks cards by clicking their Tick boxes: each shows ticked at once."""
    from playwright.sync_api import expect

    for card in cards:
        assert_tick_box_shown(page, card, least=24)  # WCAG 2.5.8's minimum target, with a mouse
        tick_box(page, card).click()
        checked(page)
        expect(tick_checkbox(page, card)).to_be_checked()
        assert_ticked_look(page, card)


def tick_by_keyboard(page, card: str):
    """Tab from the card reaches its Tick box, which shows the focus ring; Space ticks it;
    the next Tab leaves the card."""
    from playwright.sync_api import expect

    page.get_by_role("button", name=f"Discard the {pcard(card)['name']}", exact=True).focus()
    page.keyboard.press("Tab")
    expect(tick_checkbox(page, card)).to_be_focused()
    assert styles(tick_box(page, card), *FOCUS_RING) == FOCUS_RING
    page.keyboard.press("Space")
    checked(page)
    expect(tick_checkbox(page, card)).to_be_checked()
    assert_ticked_look(page, card)
    assert styles(tick_box(page, card), *FOCUS_RING) == FOCUS_RING  # ticked, the ring still shows
    page.keyboard.press("Tab")
    expect(tick_checkbox(page, card)).not_to_be_focused()


def lay_off_the_seven(page):
    """She ticks the 7♠ and lays it off on her set of 7s."""
    from playwright.sync_api import expect

    settled(page)
    tick_box(page, SEVEN).click()
    checked(page)
    assert_ticked_look(page, SEVEN)
    page.get_by_label("Lay off on").select_option(label="Alice’s set of 7s")
    checked(page)
    expect(page.locator("#builder-check .check--ok")).to_contain_text("Lay-off on Alice’s set of 7s fits")
    play_move(page, page.get_by_role("button", name="Lay off the ticked cards"))
    expect(page.locator(".history__list li").first).to_contain_text(f"Alice laid off {shown_face(SEVEN)} on the set")
    expect(page.locator(".my-hand .phand [data-card]")).to_have_count(2)


def test_on_a_phone_alice_ticks_cards_by_touch_and_melds_them(contract_down, phone, alice):
    from playwright.sync_api import expect

    log_in(phone)
    phone.goto(f"/games/{contract_down.pk}/")
    record_questions(phone)
    expect(phone.locator(".turn-banner")).to_contain_text("Your turn: meld, lay off or swap wild cards, then discard.")
    settled(phone)

    for card in JACKS:
        assert_tick_box_shown(phone, card, least=MIN_TARGET)  # a finger's 44 x 44 px
        tick_box(phone, card).tap()
        checked(phone)
        expect(tick_checkbox(phone, card)).to_be_checked()
        assert_ticked_look(phone, card)
    assert horizontal_scroll(phone) == 0
    assert small_controls(phone) == []

    phone.get_by_label("New meld:").select_option("set")
    checked(phone)
    expect(phone.locator("#builder-check .check--ok")).to_contain_text("Valid set")
    settled(phone)
    phone.get_by_role("button", name="Meld the ticked cards").tap()
    expect(phone.locator(".history__list li").first).to_contain_text("Alice melded a set: ")
    expect(phone.locator(".my-hand .phand [data-card]")).to_have_count(len(AFTER_CONTRACT) - len(JACKS))
    assert questions_asked(phone) == []
    assert phone.console_errors == [] and phone.csp_errors == []


def test_a_keyboard_reaches_alices_moves_past_her_hand(contract_down, page, alice):
    """Her hand in the builder is a card and a Tick box a card (before the contract, up to
    three group ticks): a link after the turn banner, seen once focused, goes past them
    to the turn's moves. Found by an accessibility pass: 40 Tabs before "Lay down"."""
    log_in(page)
    page.goto(f"/games/{contract_down.pk}/")
    settled(page)
    follow_skip_link(page)
    assert page.evaluate("() => document.activeElement.closest('.builder__actions') !== null")
    assert page.console_errors == [] and page.csp_errors == []
