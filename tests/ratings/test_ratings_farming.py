"""Rating farming: accounts that play each other over and over gain nothing after the
first few games (docs/ratings.md, "Farming"). The rule looks at each player's last 10
rated games of the game: an opponent met in more than 3 of them makes the game count for
half, in more, for nothing."""

import pytest

from ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _many_tables(settings):
    settings.NEW_TABLE_LIMIT = settings.OPEN_TABLE_LIMIT = 1000


def weights_of(user, games) -> list[float]:
    return [RatingChange.objects.get(game=game, user=user).weight for game in games]


def test_the_same_two_gain_nothing_after_four_games_in_a_row(won_by, alice, bob):
    games = [won_by(alice, [alice, bob]) for _ in range(8)]
    assert weights_of(alice, games) == [1, 1, 1, 0.5, 0, 0, 0, 0]
    assert weights_of(bob, games) == [1, 1, 1, 0.5, 0, 0, 0, 0]
    fifth = RatingChange.objects.get(game=games[4], user=alice)
    assert fifth.change == 0 and fifth.mu_after == fifth.mu_before
    assert Rating.objects.get(user=alice).shown == RatingChange.objects.get(game=games[3], user=alice).shown_after


def test_a_discounted_game_moves_the_rating_by_its_share(won_by, alice, bob):
    games = [won_by(alice, [alice, bob]) for _ in range(4)]
    third, fourth = (RatingChange.objects.get(game=g, user=alice) for g in games[2:])
    assert 0 < fourth.mu_after - fourth.mu_before < third.mu_after - third.mu_before


def test_farmed_games_do_not_end_the_provisional_games(won_by, alice, bob):
    for _ in range(12):
        won_by(alice, [alice, bob])
    rating = Rating.objects.get(user=alice)
    assert rating.games == 4 and rating.label.endswith("?")


def test_a_third_account_at_the_table_does_not_reset_it(won_by, alice, bob, charlie):
    """The pair alice-bob repeats whether or not charlie sits with them."""
    games = [won_by(alice, [alice, bob] if k % 2 else [alice, bob, charlie]) for k in range(6)]
    assert weights_of(alice, games) == [1, 1, 1, 0.5, 0, 0]
    assert weights_of(charlie, games[0::2]) == [1, 1, 1]


def test_taking_turns_with_two_accounts_does_not_reset_it(won_by, alice, bob, charlie):
    """alice against bob, then charlie, then bob...: each still repeats in the window."""
    games = [won_by(alice, [alice, bob if k % 2 == 0 else charlie]) for k in range(11)]
    assert weights_of(alice, games[0::2]) == [1, 1, 1, 0.5, 0, 0]


def test_other_opponents_in_between_make_it_count_in_full_again(won_by, alice, bob, people):
    """The window is a player's last 10 games: after 7 against others, bob is one of 3."""
    crowd = people(10)[2:]
    for _ in range(4):
        won_by(alice, [alice, bob])
    for other in crowd[:7]:
        won_by(alice, [alice, other])
        won_by(bob, [bob, other])
    again = won_by(alice, [alice, bob])
    assert weights_of(alice, [again]) == weights_of(bob, [again]) == [1]


def test_a_fresh_opponent_counts_in_full_for_both(won_by, alice, bob, charlie):
    for _ in range(6):
        won_by(alice, [alice, bob])
    fresh = won_by(alice, [alice, charlie])
    assert weights_of(alice, [fresh]) == weights_of(charlie, [fresh]) == [1]
