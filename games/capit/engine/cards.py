"""Cap-It cards: standard decks plus jokers, several copies of each, in the shared
notation of `engine.cards`; what a card costs in hand, and how a hand is sorted."""

from engine.cards import ACE, INFO, JOKER, LOW, RANKS, SUITS, parse

HAND_SIZE = 10


def decks_for(players: int) -> tuple[int, int]:
    """(52-card decks, jokers) for a table: two and 4 for 4 players, three and 6 for 5-6."""
    return (2, 4) if players <= 4 else (3, 6)


def deck(players: int) -> list[str]:
    """Every card id of a table of this size, in a fixed order."""
    decks, jokers = decks_for(players)
    cards = [f"{rank}{suit}:{copy}" for copy in range(decks) for suit in SUITS for rank in RANKS]
    return cards + [f"{JOKER}:{copy}" for copy in range(jokers)]


def points(card: str, ace_value: int = 15) -> int:
    """What a card left in hand costs: K Q J 10 = 10, 9-3 = 5, 2 = 15, joker 20, ace option."""
    value = INFO[card.partition(":")[0]][0]
    if value == 0:
        return 20
    if value == LOW:
        return 15
    if value == ACE:
        return ace_value
    return 10 if value >= 10 else 5


def hand_points(cards: list[str], ace_value: int = 15) -> int:
    return sum(points(card, ace_value) for card in cards)


# How a player may have their hand sorted (the first is the default).
HAND_ORDERS = ("suit", "rank")


def sort_hand(cards: list[str], by: str = "suit") -> list[str]:
    """Wild cards last; the others by suit, ranks in order within each ("suit"), or by
    rank, equal ranks together ("rank")."""

    def key(card: str) -> tuple:
        value, suit = parse(card)
        suit_index = SUITS.index(suit) if suit else len(SUITS)
        wild = value in (0, LOW)
        rank = value or ACE + 1  # a joker after every 2 (in either order)
        return (wild, suit_index, rank, card) if by == "suit" else (wild, rank, suit_index, card)

    return sorted(cards, key=key)
