"""A table with an ante plays for chips. A token opens, joins, deals, moves or resigns at
one only with the `stakes` scope as well as `play`: otherwise whoever holds a leaked
`play` token could seat its owner at their own staked table and lose the chips to
themselves. Alice's token leaks; Mallory (charlie) hosts the tables."""

import pytest
from django.urls import reverse

from api.models import ApiToken
from ledger import chips
from ledger.models import Entry
from tables.actions import lifecycle
from tables.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("enqueued")]

PLAY, STAKES = ("read", "play"), ("read", "play", "stakes")
REFUSAL = "This table plays for chips: that needs a token with the 'stakes' scope."


def staked_game(host, guest, ante=50):
    game = lifecycle.create_table(host, "capitalla", seats=2, ante=ante)
    lifecycle.join_table(guest, game.pk)
    return lifecycle.start_table(host, game.pk)


def assert_refused(answer):
    assert answer.status_code == 403 and answer.json() == {"detail": REFUSAL}


def test_a_leaked_play_token_cannot_seat_its_owner_at_a_staked_table(api_as, alice, charlie):
    bait = lifecycle.create_table(charlie, "capitalla", seats=2, ante=500)
    assert_refused(api_as(alice, PLAY).post(f"/games/{bait.pk}/join"))
    assert [s.user for s in Game.objects.get(pk=bait.pk).seat_list] == [charlie]
    assert chips.balance_of(alice) == 1000


def test_a_play_token_cannot_open_a_staked_table(api_as, alice):
    assert_refused(api_as(alice, PLAY).post("/tables", {"kind": "capitalla", "seats": 2, "ante": 10}))
    assert not Game.objects.exists()


def test_a_play_token_cannot_deal_a_staked_table(api_as, alice, charlie):
    game = lifecycle.create_table(alice, "capitalla", seats=2, ante=50)
    lifecycle.join_table(charlie, game.pk)
    paid = Entry.objects.filter(game=game).count()  # the antes paid on sitting down
    assert_refused(api_as(alice, PLAY).post(f"/games/{game.pk}/start"))
    assert Game.objects.get(pk=game.pk).status == Game.Status.OPEN
    assert Entry.objects.filter(game=game).count() == paid


def test_a_play_token_cannot_move_or_resign_in_a_staked_game(api_as, alice, charlie):
    game = staked_game(alice, charlie)
    client = api_as(alice, PLAY)
    move = client.get(f"/games/{game.pk}/legal-moves").json()["moves"][0]
    assert_refused(client.post(f"/games/{game.pk}/moves", {"version": game.version, "move": move}))
    assert_refused(client.post(f"/games/{game.pk}/resign"))
    after = Game.objects.get(pk=game.pk)
    assert after.version == game.version and after.status == Game.Status.ACTIVE
    assert chips.balance_of(alice) == chips.balance_of(charlie) == 950  # the antes, and no more


def test_a_play_token_may_still_leave_a_staked_table_and_chat(api_as, alice, charlie):
    open_table = lifecycle.create_table(charlie, "capitalla", seats=2, ante=50)
    lifecycle.join_table(alice, open_table.pk)
    assert api_as(alice, PLAY).post(f"/games/{open_table.pk}/leave").json()["me"] is None
    game = staked_game(alice, charlie)
    assert api_as(alice, PLAY).post(f"/games/{game.pk}/chat", {"text": "gl"}).status_code == 201


def test_a_play_token_plays_freely_where_there_is_no_ante(api_as, alice, charlie):
    game = lifecycle.create_table(charlie, "capitalla", seats=2)
    assert api_as(alice, PLAY).post(f"/games/{game.pk}/join").json()["me"] == 1


def test_a_stakes_token_opens_joins_deals_and_plays_for_chips(api_as, alice, charlie):
    host, guest = api_as(alice, STAKES), api_as(charlie, STAKES)
    created = host.post("/tables", {"kind": "capitalla", "seats": 2, "ante": 50})
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    assert guest.post(f"/games/{game_id}/join").json()["me"] == 1
    started = host.post(f"/games/{game_id}/start").json()
    assert started["status"] == "active"
    assert chips.balance_of(alice) == chips.balance_of(charlie) == 950
    player = host if started["my_turn"] else guest
    move = player.get(f"/games/{game_id}/legal-moves").json()["moves"][0]
    assert player.post(f"/games/{game_id}/moves", {"version": started["version"], "move": move}).status_code == 200
    assert host.post(f"/games/{game_id}/resign").json()["status"] == "finished"
    assert chips.balance_of(charlie) == 1050


def test_the_profile_makes_a_token_with_the_stakes_scope(client, alice):
    client.force_login(alice)
    fields = {"name": "my bot", "scopes": ["play", "stakes"], "current_password": "alice-password-123"}
    response = client.post(reverse("api_token_create"), {f"token-{k}": v for k, v in fields.items()})
    assert response.status_code == 200
    assert ApiToken.objects.get(user=alice).scopes == ["play", "stakes"]
    assert "stakes" in client.get(reverse("profile")).text
