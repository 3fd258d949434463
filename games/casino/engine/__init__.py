"""Casino (trivia edition): capture by pairing and combining, builds, first to 21, and a
capital-city question on every card."""

from .cards import CATEGORIES, deal_breakdown, deal_points, deck, is_capture, sort_hand, value
from .commands import COMMANDS
from .hidden import reshuffle_hidden
from .questions import capital
from .rules import (
    OPTION_RANGES,
    RULES,
    TARGET,
    CasinoRules,
    all_cards,
    owned_builds,
    pending_questions,
    play_label,
    selection_plays,
    trivia_stats,
)

__all__ = [
    "COMMANDS",
    "CATEGORIES",
    "OPTION_RANGES",
    "RULES",
    "TARGET",
    "CasinoRules",
    "all_cards",
    "capital",
    "deal_breakdown",
    "deal_points",
    "deck",
    "is_capture",
    "owned_builds",
    "pending_questions",
    "play_label",
    "reshuffle_hidden",
    "selection_plays",
    "sort_hand",
    "trivia_stats",
    "value",
]
