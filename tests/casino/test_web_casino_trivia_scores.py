"""A question that is asked counts (issue 48, docs/decisions/0043-casino-answers-score-by-default.md):
a quick game and a table created with the default options score a right answer; at a table
whose host turned scoring off, the table says so beside the question."""

import pytest
from django.urls import reverse

from tables.actions import lifecycle
from tables.models import Game
from tests.casino.casino_web import current, page, section

pytestmark = pytest.mark.django_db

TABLE = {"kind": "casino", "seats": "2", "bots": "1", "bot_level": "normal"}
SCORES = "A right answer scores you 1 point toward 21."
NO_SCORE = "Answers do not score at this table: a right one wins no point."


def put_to_seat_zero(game) -> dict:
    """Seat 1 puts the question of a table card to seat 0 (as after its capture); the record."""
    state = game.state
    record = {
        "id": f"q{len(state['asked']) + 1}",
        "card": state["table"]["loose"][0],
        "by": 1,
        "to": 0,
        "deal": state["deal"],
        "choice": None,
        "right": None,
    }
    state["asked"].append(record)
    game.save(update_fields=["state"])
    return record


def answer_right(client, game, record) -> Game:
    choice = game.state["questions"][record["card"]]["answer"]
    response = client.post(reverse("casino:answer", args=[game.pk]), {"question": record["id"], "choice": choice})
    assert response.status_code == 302
    return current(game)


def created_and_dealt(client, alice, **options) -> Game:
    """A table alice creates on the lobby's form with these `options` fields, then deals."""
    client.force_login(alice)
    assert client.post(reverse("create_table"), TABLE | options).status_code == 302
    return lifecycle.start_table(alice, Game.objects.get().pk)


def test_a_quick_game_scores_right_answers(client, alice):
    client.force_login(alice)
    assert client.post(reverse("quick_game"), {"kind": "casino"}).status_code == 302
    game = Game.objects.get()
    assert game.options["trivia_points"] is True
    record = put_to_seat_zero(game)
    card = section(page(client, alice, game), 'class="question-card panel"')
    assert SCORES in card
    assert answer_right(client, game, record).state["scores"][0] == 1


def test_a_table_with_the_default_options_scores_right_answers(client, alice):
    game = created_and_dealt(client, alice)
    assert game.options == {"sweeps": False, "trivia_points": True}
    html = page(client, alice, game)
    assert "<span>Right answers score</span>" in html
    record = put_to_seat_zero(game)
    assert answer_right(client, game, record).state["scores"][0] == 1


def test_a_table_with_scoring_off_says_so_next_to_the_question(client, alice):
    game = created_and_dealt(client, alice, **{"casino-trivia_points": "False"})
    assert game.options["trivia_points"] is False
    record = put_to_seat_zero(game)
    html = page(client, alice, game)
    assert "<span>Answers do not score</span>" in html
    assert NO_SCORE in section(html, 'class="question-card panel"')
    game = answer_right(client, game, record)
    assert game.state["scores"][0] == 0
    log = section(page(client, alice, game), "Questions asked (1)", "</details>")
    assert "✓ right" in log and "Answers do not score at this table." in log


def test_a_forged_scoring_choice_is_refused_in_words(client, alice):
    client.force_login(alice)
    response = client.post(reverse("create_table"), TABLE | {"casino-trivia_points": "maybe"})
    assert response.status_code == 400
    assert "Trivia answers: Select a valid choice." in response.content.decode()
    assert not Game.objects.exists()
