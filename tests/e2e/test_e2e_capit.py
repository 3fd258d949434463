"""Alice plays one Cap-It turn against three bots in real Chromium, through htmx.

She opens a table from the lobby, the bots' moves come in by the table's poll, she pushes
(her draw from the stock), ticks cards into a contract group and reads the live check's
reason why they are no meld, sorts her hand by rank (the ticks stay), discards by tapping
a card, and the
bots' reply comes in by the poll until it is her turn again: all without a page load, a
console error or a CSP violation.

The deal is random (start_table draws a fresh seed), so every choice is made from the
hand the page shows (its `data-card` ids), never from card ids known in advance. No
worker runs: `play_bot_turns` makes the bots' moves when the test says so (and
BOT_MOVE_DELAY is 0, from tests/conftest.py).
"""

from itertools import combinations

import pytest

from games.capit.engine import meld_problem, sort_hand
from games.capit.presenter import pcard
from games.engine.cards import face as shown_face
from tests.e2e.session import log_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

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


def history(page) -> list[str]:
    """The table's latest moves, newest first."""
    return page.locator(".history__list li").all_inner_texts()


def test_alice_plays_a_cap_it_turn_against_bots_through_htmx(page, alice, play_bot_turns):
    from playwright.sync_api import expect

    banner = page.locator(".turn-banner")
    check = page.locator("#builder-check")

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

    # 2. She draws from the stock. A turn never starts with an empty discard pile (every
    # turn ends with a discard, every round starts with one), so that is a push: the top
    # discard and a stock card go to the next player, then she draws from the stock.
    before = hand(page)
    top = page.get_by_role("button", name="Take the").inner_text().removeprefix("Take the ")
    play_move(page, page.get_by_role("button", name="Push", exact=True))
    expect(page.locator(".history__list li").first).to_have_text(
        f"Alice pushed the {top} and a stock card to the next player, then drew from the stock."
    )
    expect(page.locator(".my-hand .phand [data-card]")).to_have_count(len(before) + 1)
    expect(banner).to_contain_text("Your turn: lay down your contract if you can, then discard.")
    assert_same_page(page)

    # 3. She ticks cards into group A of the contract; each change is checked live, and
    # the check says why the cards are no meld, in the engine's words.
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
    assert_same_page(page)

    # She sorts her hand by rank: the table comes back re-sorted with her ticks kept.
    play_move(page, page.get_by_role("button", name="by rank"))
    expect(page.get_by_role("button", name="by rank")).to_have_attribute("aria-pressed", "true")
    assert hand(page) == sort_hand(cards, by="rank")
    for card in trio:
        expect(page.locator(f'#builder input[name="A"][value="{card}"]')).to_be_checked()
    assert_same_page(page)

    # 4. She discards one of them by tapping it, says yes to the question naming the card in
    # words, and her turn ends; the bots' reply comes in by the poll.
    discard = page.locator(f'button[form="capit-discard"][value="{trio[0]}"]')
    face = shown_face(trio[0])
    questions = []
    page.once("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
    play_move(page, discard)
    expect(page.locator(".history__list li").first).to_have_text(f"Alice discarded the {face}.")
    assert questions == [f"Discard the {pcard(trio[0])['name']}?"]  # "queen of spades", "2 of clubs, wild"
    expect(banner).to_contain_text("Waiting for Bot 2")
    expect(page.locator(".my-hand .phand [data-card]")).to_have_count(len(cards) - 1)

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
