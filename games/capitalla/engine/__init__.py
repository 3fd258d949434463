"""Capitalla: rummy with country cards, grouped by the initials of their capitals."""

from .cards import CARDS, Card
from .commands import COMMANDS
from .hidden import reshuffle_hidden
from .rules import RULES, CapitallaRules, all_cards
from .solver import InvalidGroup, arrange, can_declare, find_declaration, group_kind, run_roles

__all__ = [
    "COMMANDS",
    "all_cards",
    "CARDS",
    "RULES",
    "CapitallaRules",
    "Card",
    "InvalidGroup",
    "arrange",
    "can_declare",
    "find_declaration",
    "group_kind",
    "reshuffle_hidden",
    "run_roles",
]
