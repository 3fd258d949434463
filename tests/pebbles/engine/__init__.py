"""Pebbles' pure engine: the rules, the bots and the mail commands (no Django)."""

from .bots import BOTS
from .commands import COMMANDS
from .rules import PILE, RULES, PebblesRules

__all__ = ["BOTS", "COMMANDS", "PILE", "RULES", "PebblesRules"]
