"""Cap-It: contract rummy over five rounds, with a push draw and wild 2s and jokers."""

from engine.cards import face, is_wild, parse
from engine.melds import MeldError, arrange, extend, fits, is_natural, is_valid_meld, meld_problem

from .cards import HAND_ORDERS, deck, hand_points, points, sort_hand
from .commands import COMMANDS
from .contracts import CONTRACTS, contract_problem, contract_text, find_contract, find_melds
from .hidden import reshuffle_hidden
from .rules import RULES, CapItRules, all_cards

__all__ = [
    "COMMANDS",
    "all_cards",
    "CONTRACTS",
    "HAND_ORDERS",
    "RULES",
    "CapItRules",
    "MeldError",
    "arrange",
    "contract_problem",
    "contract_text",
    "deck",
    "extend",
    "face",
    "find_contract",
    "find_melds",
    "fits",
    "hand_points",
    "is_natural",
    "is_valid_meld",
    "is_wild",
    "meld_problem",
    "parse",
    "points",
    "reshuffle_hidden",
    "sort_hand",
]
