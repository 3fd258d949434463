"""Standard playing cards, in the notation every game played with them shares.

A card id is its face and its copy index: "10H:1", "2C:0", "JK:3". A face is a rank
(2..10 J Q K A) and a suit (S H D C), or "JK" for a joker. Jokers and every 2 are
wild in the rummy games' melds (`engine.melds`); a 2 standing for itself is natural.
"""

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
JOKER = "JK"
ACE, KING, LOW = 14, 13, 2  # rank values: 2 is low, the ace high only
RANK_VALUE = {rank: k + 2 for k, rank in enumerate(RANKS)}
RANK_OF_VALUE = {value: rank for rank, value in RANK_VALUE.items()}
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
# How a screen reader says a rank: "queen of spades", "10 of hearts".
RANK_NAME = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}

# face -> (rank value, suit); a joker is (0, "").
INFO: dict[str, tuple[int, str]] = {f"{rank}{suit}": (RANK_VALUE[rank], suit) for rank in RANKS for suit in SUITS}
INFO[JOKER] = (0, "")


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
    """ "7", "10", "A", or "JK" for a joker."""
    name = card.partition(":")[0]
    return name if name == JOKER else name[:-1]


def face(card: str) -> str:
    """How a card is shown to players: "10♥", "A♠", "Joker"."""
    name = card.partition(":")[0]
    if name == JOKER:
        return "Joker"
    return name[:-1] + SYMBOL[name[-1]]


def spoken(card: str) -> str:
    """A card's name in words, for screen readers, which would read "Q♠" as "Q black spade
    suit": "queen of spades", "10 of hearts", "joker"."""
    name = card.partition(":")[0]
    if name == JOKER:
        return "joker"
    return f"{_spoken_rank(name[:-1])} of {SUIT_NAME[name[-1]]}s"


def spoken_slot(slot: str) -> str:
    """The place a card takes in a meld, in words: "7 of hearts" in a run, "7" in a set."""
    if slot[-1] in SYMBOL:
        return spoken(slot)
    return _spoken_rank(slot)


def _spoken_rank(rank: str) -> str:
    return RANK_NAME.get(rank, rank)


def as_face(slot: str) -> str:
    """How the place a card takes in a meld is shown: "7♥" in a run, "7" in a set."""
    if slot[-1] in SYMBOL:
        return slot[:-1] + SYMBOL[slot[-1]]
    return slot
