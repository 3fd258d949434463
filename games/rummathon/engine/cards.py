"""Rummathon Royale cards: numbers 1-12 in four colours (two copies each) and the action
cards, in the id notation of DESIGN.md: colour initial + number + copy ("Y12:1") or
action name + copy ("FLEX:3"); what a card is worth in hand, and how it is named.
"""

COLOURS = ("R", "Y", "G", "B")
COLOUR_NAME = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
LOW, HIGH = 1, 12  # the numbers, lowest and highest
NUMBERS = range(LOW, HIGH + 1)
COPIES = 2  # of each number card
FLEX = "FLEX"
# Action name -> copies in the deck.
ACTIONS = {"FLEX": 8, "BYPASS": 2, "BURDEN": 2, "DOUBLE_BURDEN": 1, "BLOCK": 2, "SABOTAGE": 1}
ACTION_NAME = {
    "FLEX": "Flex",
    "BYPASS": "Bypass",
    "BURDEN": "Burden",
    "DOUBLE_BURDEN": "Double Burden",
    "BLOCK": "Block",
    "SABOTAGE": "Sabotage",
}
ACTION_POINTS = {"FLEX": 25, "BYPASS": 15, "BURDEN": 15, "DOUBLE_BURDEN": 15, "BLOCK": 15, "SABOTAGE": 20}
HAND_SIZE = 12


def deck() -> list[str]:
    """Every card id of the game (112), in a fixed order: numbers by colour, then actions."""
    numbers = [f"{colour}{number}:{copy}" for copy in range(COPIES) for colour in COLOURS for number in NUMBERS]
    return numbers + [f"{name}:{copy}" for name, copies in ACTIONS.items() for copy in range(copies)]


# face ("Y12", "FLEX") -> (colour, number) of a number card, (None, None) for an action card.
_INFO: dict[str, tuple[str | None, int | None]] = {f"{c}{n}": (c, n) for c in COLOURS for n in NUMBERS}
_INFO.update({name: (None, None) for name in ACTIONS})
_MOST_COPIES = {**{name: COPIES for name in _INFO if name not in ACTIONS}, **ACTIONS}


def face_of(card: str) -> str:
    """The card without its copy index: "Y12:1" -> "Y12", "FLEX:3" -> "FLEX"."""
    return card.partition(":")[0]


def is_card(card: object) -> bool:
    """Whether this is the id of a card in the deck ("R1:0" .. "B12:1", "FLEX:0" .. "FLEX:7", …)."""
    if not isinstance(card, str):
        return False
    name, colon, copy = card.partition(":")
    return (
        name in _INFO and colon == ":" and copy.isdigit() and copy == str(int(copy)) and int(copy) < _MOST_COPIES[name]
    )


def colour(card: str) -> str | None:
    """ "R", "Y", "G" or "B" for a number card; None for an action card."""
    return _INFO[face_of(card)][0]


def number(card: str) -> int | None:
    """1..12 for a number card; None for an action card."""
    return _INFO[face_of(card)][1]


def action(card: str) -> str | None:
    """ "FLEX", "BYPASS", "BURDEN", "DOUBLE_BURDEN", "BLOCK" or "SABOTAGE"; None for a number card."""
    name = face_of(card)
    return name if name in ACTIONS else None


def is_flex(card: str) -> bool:
    return face_of(card) == FLEX


def points(card: str) -> int:
    """What a card left in hand is worth: 1-9 are 5, 10-12 are 10, action cards as their table says."""
    name = face_of(card)
    if name in ACTIONS:
        return ACTION_POINTS[name]
    return 10 if number(card) >= 10 else 5


def hand_points(cards: list[str]) -> int:
    return sum(points(card) for card in cards)


def face(card: str) -> str:
    """How a card is shown: "Y12", "Flex", "Double Burden"."""
    name = face_of(card)
    return ACTION_NAME.get(name, name)


def spoken(card: str) -> str:
    """A card's name in words, for screen readers: "yellow 12", "Flex"."""
    name = face_of(card)
    if name in ACTIONS:
        return ACTION_NAME[name]
    return f"{COLOUR_NAME[colour(card)]} {number(card)}"


# How a player may have their hand sorted (the first is the default).
HAND_ORDERS = ("colour", "number")


def sort_hand(cards: list[str], by: str = "colour") -> list[str]:
    """Action cards last (Flex first among them); number cards by colour then number
    ("colour"), or by number then colour ("number")."""
    action_order = list(ACTIONS)

    def key(card: str) -> tuple:
        name = action(card)
        if name:
            return (1, action_order.index(name), 0, card)
        colour_index, value = COLOURS.index(colour(card)), number(card)
        return (0, colour_index, value, card) if by == "colour" else (0, value, colour_index, card)

    return sorted(cards, key=key)
