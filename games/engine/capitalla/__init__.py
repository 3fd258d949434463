"""Capitalla: rummy with country cards, grouped by the initials of their capitals."""

from .cards import CARDS, Card
from .rules import RULES, CapitallaRules
from .solver import InvalidGroup, arrange, can_declare, find_declaration, group_kind

__all__ = [
    "CARDS",
    "RULES",
    "CapitallaRules",
    "Card",
    "InvalidGroup",
    "arrange",
    "can_declare",
    "find_declaration",
    "group_kind",
]
