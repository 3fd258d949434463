"""Refusals. Every refusal is a ServiceError carrying the HTTP status and a message fit
to show the user; the texts several actions share are here too."""

from tables.models import Game


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class TooMany(ServiceError):
    status = 429


# Bots at a table played for chips would ante from, and win into, a purse nobody owns.
PEOPLE_ONLY = "A table played for chips seats only people"

# A rated table is for people only, and a seat whose time runs out loses (no stand-in bot).
RATED_PEOPLE_ONLY = "A rated table seats only people"

# After the deal no ante comes back: re-dealing until a hand wins at once must cost it.
DEALT = "The cards are dealt: nobody can call the game off or leave it now. Resign instead; any ante stays in the pot."


class StaleVersion(Conflict):
    def __init__(self, game: Game):
        super().__init__("The table moved on since you loaded it; here is the current position.")
        self.game = game
