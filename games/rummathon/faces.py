"""A Rummathon card as `rummathon/_rcard.html` draws it, for the page and the lay-down
builder alike."""

from .engine import action, colour, face, is_flex, number, spoken
from .engine.cards import COLOUR_NAME
from .engine.groups import slot_text

# A colour is never shown by colour alone: each has a symbol and its letter too.
COLOUR_SYMBOL = {"R": "♥", "Y": "★", "G": "♣", "B": "♦"}


def rcard(card_id: str, slot: str | None = None) -> dict:
    """A card's face: its number and colour (as a class, a letter and a symbol) or an
    action's name; its name in words; on the table a Flex says what it stands for."""
    tone = colour(card_id)
    flex = is_flex(card_id)
    stands = slot_text(slot) if flex and slot else None
    name = spoken(card_id)
    return {
        "id": card_id,
        "face": face(card_id),
        "name": f"{name} (standing for {stands})" if stands else name,
        "number": number(card_id),
        "colour": COLOUR_NAME.get(tone),
        "letter": tone,
        "symbol": COLOUR_SYMBOL.get(tone),
        "action": action(card_id),
        "flex": flex,
        "stands_for": stands,
    }
