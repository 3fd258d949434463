"""Free re-deals: a host deals a staked table, looks at the hand and calls the game off
for a refund until a deal wins at once. Once the cards are dealt, nothing gives the ante
back: the attacker's chips never grow and no chip is printed."""

import itertools

import pytest
from django.core.management import call_command

from games.capitalla.engine import find_declaration
from ledger import chips
from ledger.models import Entry
from tables.actions import errors, lifecycle, player_moves
from tables.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("enqueued")]

ANTE = 20
TRIES = 50


@pytest.fixture
def dealt_in_order(monkeypatch):
    """Deals come from seeds 0, 1, 2...: some of them (18, 25, 30...) give seat 0 a hand
    that declares at once with the card on the discard pile, so the loop meets them."""
    monkeypatch.setattr(lifecycle, "new_seed", itertools.count().__next__)


def winning_declaration(game):
    """What the host sees: their hand and the open discard. The declaration it allows, if any."""
    view = game.rules.view(game.state, 0)
    return find_declaration(view["hand"] + [view["discard_top"]])


def take_it_or_get_out(host, game):
    """The attacker's move on a dealt table: win at once with a good hand, otherwise try
    every way out that might give the ante back (call off, leave, and last resign)."""
    found = winning_declaration(game) if game.to_act == [0] else None
    if found:
        game = player_moves.play_move(host, game.pk, game.version, {"type": "draw", "from": "discard"})
        player_moves.play_move(
            host, game.pk, game.version, {"type": "declare", "discard": found[0], "groups": found[1]}
        )
        return
    for way_out in (lifecycle.close_table, lifecycle.leave_table, player_moves.resign):
        try:
            way_out(host, game.pk)
            return
        except errors.ServiceError:
            continue


def deal(host, seats: int, bots: int, friend=None):
    """Open a staked table and deal it; None when the site refuses (the open table is closed)."""
    try:
        game = lifecycle.create_table(host, "capitalla", seats=seats, bots=bots, ante=ANTE)
    except errors.ServiceError:
        return None
    if friend is not None:
        lifecycle.join_table(friend, game.pk)
    try:
        return lifecycle.start_table(host, game.pk)
    except errors.ServiceError:
        lifecycle.leave_table(host, game.pk)
        return None


def assert_ledger_clean():
    call_command("verify_ledger")  # raises CommandError on any problem


def test_redealing_against_bots_until_a_hand_wins_at_once_prints_no_chips(alice, dealt_in_order):
    start = chips.balance_of(alice)
    granted = Entry.objects.filter(reason=Entry.Reason.GRANT).count()
    for _ in range(TRIES):
        for seats, bots in ((4, 3), (4, 0)):  # bots seated at once, or filling empty seats at the start
            game = deal(alice, seats, bots)
            if game is not None:
                take_it_or_get_out(alice, game)
        assert chips.balance_of(alice) <= start
    assert chips.balance_of(alice) <= start
    assert Entry.objects.filter(reason=Entry.Reason.GRANT).count() == granted  # nothing topped up
    assert_ledger_clean()


def test_redealing_with_a_friends_second_account_prints_no_chips(alice, bob, dealt_in_order):
    """Bob is Alice's own second account: between them chips only change hands."""
    start = chips.balance_of(alice) + chips.balance_of(bob)
    granted = Entry.objects.filter(reason=Entry.Reason.GRANT).count()
    for _ in range(TRIES):
        game = deal(alice, 2, 0, friend=bob)
        if game is None:
            continue
        take_it_or_get_out(alice, game)
        game.refresh_from_db()
        if game.status == Game.Status.ACTIVE:  # nobody has won yet: Bob gets out too
            take_it_or_get_out(bob, game)
        assert chips.balance_of(alice) + chips.balance_of(bob) <= start
    assert Entry.objects.filter(reason=Entry.Reason.REFUND).count() == 0
    assert Entry.objects.filter(reason=Entry.Reason.GRANT).count() == granted
    assert_ledger_clean()


@pytest.fixture
def dealt(alice, bob):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=100)
    lifecycle.join_table(bob, game.pk)
    return lifecycle.start_table(alice, game.pk)


def test_calling_off_a_dealt_game_is_refused_and_changes_nothing(alice, bob, dealt):
    with pytest.raises(errors.Conflict, match="dealt"):
        lifecycle.close_table(alice, dealt.pk)
    with pytest.raises(errors.Conflict, match="dealt"):
        lifecycle.leave_table(alice, dealt.pk)
    with pytest.raises(errors.Forbidden):
        lifecycle.close_table(bob, dealt.pk)
    dealt.refresh_from_db()
    assert dealt.status == Game.Status.ACTIVE and dealt.version == 0
    assert chips.pot_of(dealt).balance() == 200
    assert chips.balance_of(alice) == chips.balance_of(bob) == 900


def test_posting_the_call_off_after_the_deal_answers_409_and_changes_nothing(client, alice, dealt):
    client.force_login(alice)
    page = client.get(f"/games/{dealt.pk}/").text
    assert "Call the game off" not in page and "Close the table" not in page
    response = client.post(f"/games/{dealt.pk}/cancel/")
    assert response.status_code == 409
    assert "The cards are dealt" in response.text
    dealt.refresh_from_db()
    assert dealt.status == Game.Status.ACTIVE
    assert chips.balance_of(alice) == 900 and chips.pot_of(dealt).balance() == 200


def test_resigning_after_the_deal_leaves_the_ante_in_the_pot(alice, bob, dealt):
    player_moves.resign(alice, dealt.pk)
    assert not Entry.objects.filter(reason=Entry.Reason.REFUND).exists()
    assert chips.balance_of(alice) == 900 and chips.balance_of(bob) == 1100
    assert_ledger_clean()
