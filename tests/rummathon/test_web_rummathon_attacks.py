"""Forged and refused Rummathon moves: a clear 4xx with a message, and nothing changed."""

import pytest

from tables.actions import player_moves
from tests.rummathon.rummathon_web import HTMX, post_move

pytestmark = pytest.mark.django_db


def refused(client, game, fields, snapshot, **post):
    before = snapshot(game)
    response = post_move(client, game, fields, headers=HTMX, **post)
    assert 400 <= response.status_code < 500, fields
    assert snapshot(game) == before, fields
    return response.status_code, response.content.decode()


def test_a_discard_taken_without_laying_down_or_hitting_is_refused(client, bob, bob_down, snapshot):
    client.force_login(bob)
    for depth in ("0", "1"):
        status, html = refused(client, bob_down, [("type", "take"), ("depth", depth)], snapshot)
        assert status == 400 and "must be used at once" in html


def test_a_take_to_lay_down_without_groups_is_refused(client, bob, bob_down, snapshot):
    client.force_login(bob)
    status, html = refused(client, bob_down, [("type", "take"), ("depth", "0"), ("with", "lay")], snapshot)
    assert status == 400 and "Put the cards of your sequence into groups" in html


def test_a_move_at_someone_elses_table_is_refused(client, player, bob_down, snapshot):
    client.force_login(player("dave"))
    status, _ = refused(client, bob_down, [("type", "draw")], snapshot)
    assert status == 403


def test_a_move_out_of_turn_is_refused(client, alice, bob_down, snapshot):
    client.force_login(alice)
    status, _ = refused(client, bob_down, [("type", "draw")], snapshot)
    assert status in (400, 403)


def test_a_move_on_a_stale_version_is_refused(client, bob, bob_down, snapshot):
    client.force_login(bob)
    player_moves.play_move(bob, bob_down.pk, bob_down.version, {"type": "declare"})
    status, _ = refused(client, bob_down, [("type", "draw")], snapshot, version=bob_down.version)
    assert status == 409


def test_a_card_not_in_hand_is_refused(client, bob, bob_drawn, snapshot):
    client.force_login(bob)
    for fields in (
        [("type", "discard"), ("card", "R1:1")],
        [("type", "action"), ("card", "SABOTAGE:0")],
        [("type", "hit"), ("seat", "1"), ("group", "1"), ("cards", "R5:0")],
    ):
        status, html = refused(client, bob_drawn, fields, snapshot)
        assert status == 400 and "You do not hold" in html, fields


def test_out_of_range_depth_seat_target_and_group_are_refused(client, bob, bob_down, bob_drawn, snapshot):
    client.force_login(bob)
    hit = [("with", "hit"), ("seat", "2"), ("group", "2"), ("cards", "G12:1")]
    refused(client, bob_down, [("type", "take"), ("depth", "40"), *hit], snapshot)
    refused(client, bob_down, [("type", "take"), ("depth", "-1"), *hit], snapshot)
    for fields in (
        [("type", "hit"), ("seat", "9"), ("group", "1"), ("cards", "R5:1")],
        [("type", "hit"), ("seat", "2"), ("group", "99"), ("cards", "R5:1")],
        [("type", "action"), ("card", "BYPASS:0"), ("target", "5")],
        [("type", "action"), ("card", "BYPASS:0"), ("target", "1")],  # himself
        [("type", "buy"), ("count", "3")],
    ):
        refused(client, bob_drawn, fields, snapshot)


def test_malformed_fields_are_refused_in_words(client, bob, bob_drawn, snapshot):
    client.force_login(bob)
    for fields, said in (
        ([("type", "cheat")], "Unknown kind of move"),
        ([("type", "discard"), ("card", "<script>")], "is not a card"),
        ([("type", "lay"), ("g1", "R3:0"), ("g1", "R4:0"), ("g1", "R5:1")], "Say whether group 1 is"),
        ([("type", "lay"), ("g1", "R3:0"), ("kind_1", "pair")], "is a set, a run or a colour group"),
        ([("type", "hit"), ("seat", "1"), ("group", "1")], "Choose the cards to hit with"),
        ([("type", "hit"), ("seat", "1"), ("group", "1"), ("cards", "R5:1"), ("end", "middle")], "low or the high end"),
        ([("type", "take"), ("depth", "1"), ("with", "steal")], "lay down or to hit"),
    ):
        status, html = refused(client, bob_drawn, fields, snapshot)
        assert status == 400 and said in html, fields
