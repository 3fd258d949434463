"""Cap-It cards: standard decks plus jokers, several copies of each.

A card id is its face and its copy index: "10H:1", "2C:0", "JK:3". A face is a rank
(2..10 J Q K A) and a suit (S H D C), or "JK" for a joker. Jokers and every 2 are
wild; a 2 standing for itself is natural (see `melds`).
"""

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"
ACE, KING, LOW = 14, 13, 2  # rank values: 2 is low, the ace high only
RANK_VALUE = {rank: k + 2 for k, rank in enumerate(RANKS)}
RANK_OF_VALUE = {value: rank for rank, value in RANK_VALUE.items()}
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
HAND_SIZE = 10

# face -> (rank value, suit); a joker is (0, "").
INFO: dict[str, tuple[int, str]] = {f"{rank}{suit}": (RANK_VALUE[rank], suit) for rank in RANKS for suit in SUITS}
INFO[JOKER] = (0, "")


def decks_for(players: int) -> tuple[int, int]:
    """(52-card decks, jokers) for a table: two and 4 for 4 players, three and 6 for 5-6."""
    return (2, 4) if players <= 4 else (3, 6)


def deck(players: int) -> list[str]:
    """Every card id of a table of this size, in a fixed order."""
    decks, jokers = decks_for(players)
    cards = [f"{rank}{suit}:{copy}" for copy in range(decks) for suit in SUITS for rank in RANKS]
    return cards + [f"{JOKER}:{copy}" for copy in range(jokers)]


def face_of(card: str) -> str:
    """The face of a card id ("10H:1" -> "10H"); a face is returned as is."""
    return card.partition(":")[0]


def parse(card: str) -> tuple[int, str]:
    """(rank value, suit) of a card id or face; a joker is (0, ""). KeyError if unknown."""
    return INFO[card.partition(":")[0]]


def is_card(card: object) -> bool:
    """Whether this is a face or a card id of the form face:copy."""
    if not isinstance(card, str):
        return False
    name, colon, copy = card.partition(":")
    return name in INFO and (not colon or (copy.isdigit() and copy == str(int(copy))))


def is_wild(card: str) -> bool:
    """Jokers and 2s: wild wherever they do not stand for themselves."""
    return INFO[card.partition(":")[0]][0] in (0, LOW)


def rank_of(card: str) -> str:
    """"7", "10", "A", or "JK" for a joker."""
    name = card.partition(":")[0]
    return name if name == JOKER else name[:-1]


def face(card: str) -> str:
    """How a card is shown to players: "10♥", "A♠", "Joker"."""
    name = card.partition(":")[0]
    if name == JOKER:
        return "Joker"
    return name[:-1] + SYMBOL[name[-1]]


def as_face(slot: str) -> str:
    """How the place a card takes in a meld is shown: "7♥" in a run, "7" in a set."""
    if slot[-1] in SYMBOL:
        return slot[:-1] + SYMBOL[slot[-1]]
    return slot


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
