"""Right passwords given at once are not counted as wrong ones. Found by a QA pass: each
check gave back "the latest count" of the account, so two at once gave back the same
one, and 9 token creations with the right password left 1–2 wrong tries behind."""

import pytest

from accounts.models import ThrottleHit
from accounts.passwords import current_password_checked
from tests.at_once import run_together

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]


def test_right_passwords_at_once_leave_no_count_and_wrong_ones_each_leave_one(alice):
    right = [lambda: current_password_checked(alice, "alice-password-123") for _ in range(9)]
    wrong = [lambda: current_password_checked(alice, "guess") for _ in range(2)]
    outcomes = run_together(*right, *wrong)
    assert outcomes == [True] * 9 + [False] * 2
    assert ThrottleHit.objects.filter(scope="current-password").count() == 2
