"""Pure game rules. Nothing in this package may import Django or touch I/O.

Each game is a `Rules` object registered in `registry.RULES[slug]` (each game app keeps
its own engine, `games/<slug>/engine/`; this package holds what they share); a state is a
JSON-ready dict and `new_game(players, options, seed)` plus the list of applied moves
always rebuilds it.
"""
