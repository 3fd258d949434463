"""A finished game's result in one sentence: the game page, the lobby and the mails say it."""

REASONS = {
    "declared": "declared a complete hand",
    "drawn": "The draw pile ran out and could not be refilled: the deal is a draw.",
    "last_standing": "everyone else is out of the game.",
}


def result_headline(result: dict, name_of) -> str:
    """The result in one sentence (the game page and the "game over" mail)."""
    names = [name_of(i) for i in result.get("winners") or []]
    reason = result.get("reason")
    if reason == "declared" and names:
        return f"{' and '.join(names)} {REASONS['declared']} and won."
    if reason == "last_standing" and names:
        return f"{' and '.join(names)} won: {REASONS['last_standing']}"
    if reason == "drawn":
        return REASONS["drawn"]
    if names:
        return f"Won by {' and '.join(names)}."
    return "The game is over."
