"""schemathesis runs the API's own OpenAPI document against the site under a real server
(uvicorn, the production ASGI application): for every operation, requests generated from
its schema, sent with a valid token, never answer 500, and every answer matches the
schema of its status (body, content type, documented codes). Ids of real tables (one
open, one in play, one finished) are put in most paths, so the answers are not all 404."""

import random

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api import tokens
from tables.actions import lifecycle
from tables.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

# "Schema-valid data is accepted" does not hold for a game site: a table or a move may fit
# the schema and break the rules (three players of Cap-It, a card not in the hand), and
# is refused with 400 and the reason (tests/api/test_api_bad_input.py checks those).
RULES_REFUSE = positive_data_acceptance
EXAMPLES = 30  # per operation, 18 operations: about half a minute in all


@pytest.fixture
def world(asgi_site, alice, bob, charlie, monkeypatch, settings, play_out):
    """The site, a token of Alice's, and her tables: open, in play, finished."""
    settings.API_READS_PER_MINUTE = settings.API_WRITES_PER_MINUTE = 100_000
    monkeypatch.setattr("api.views.LONG_POLL_MAX_WAIT", 0.2)
    monkeypatch.setattr("api.views.LONG_POLL_EVERY", 0.05)
    open_table = lifecycle.create_table(alice, "capitalla", seats=3)
    playing = lifecycle.create_table(alice, "capit", seats=4, bots=3)
    playing = lifecycle.start_table(alice, playing.pk)
    finished = lifecycle.create_table(alice, "capitalla", seats=2)
    lifecycle.join_table(bob, finished.pk)
    finished = play_out(lifecycle.start_table(alice, finished.pk))
    assert finished.status == Game.Status.FINISHED
    secret = tokens.create(alice, "schemathesis", ["read", "play"])[1]
    return {"url": asgi_site.url, "secret": secret, "ids": [open_table.pk, playing.pk, finished.pk]}


def test_the_api_keeps_its_own_schema(world):
    # The stream never ends (tests/api/test_api_stream.py reads it).
    schema = schemathesis.openapi.from_url(f"{world['url']}/api/v1/openapi.json").exclude(path_regex="/live/$")
    headers = {"Authorization": f"Bearer {world['secret']}"}
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == 18

    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, suppress_health_check=list(HealthCheck), derandomize=True)
        def keeps_its_schema(case):
            if "game_id" in (case.path_parameters or {}):
                pick = random.Random(repr(case.path_parameters) + repr(case.body) + repr(case.query))
                if pick.random() < 0.8:
                    case.path_parameters["game_id"] = pick.choice(world["ids"])
            case.call_and_validate(base_url=world["url"], headers=headers, excluded_checks=[RULES_REFUSE])

        keeps_its_schema()
