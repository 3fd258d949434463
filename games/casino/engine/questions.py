"""Casino's trivia: every card of the deck carries "What is the capital of …?", four
choices, fixed by the game's seed from the shared country data."""

from engine.countries import COUNTRIES
from engine.rng import shuffled

from .cards import deck

CHOICES = 4


def capital(country: str) -> str:
    """The answer a question wants: the country's first listed capital, without the note a
    card shows beside it ("Yaren (seat of government; no official capital)"), which would
    give the answer away, or make a wrong choice plainly wrong."""
    return _name(COUNTRIES[country].capitals[0])


def is_capital_of(choice: str, country: str) -> bool:
    """Whether a choice names the country's capital, as a question of any game offers it
    (the games dealt before the notes were left out have them)."""
    return _name(choice) == capital(country)


def _name(capital: str) -> str:
    return capital.split(" (", 1)[0]


def make_questions(seed: int) -> dict[str, dict]:
    """card -> {"country": ISO code, "choices": [4 capitals], "answer": index}: 52
    different countries; the wrong choices are other countries' capitals."""
    ids = sorted(COUNTRIES)
    countries = shuffled(ids, seed, "countries")
    questions = {}
    for card, country in zip(deck(), countries):
        right = capital(country)
        wrong = []
        for other in shuffled(ids, seed, f"choices:{card}"):
            name = capital(other)
            if other != country and name != right and name not in wrong:
                wrong.append(name)
                if len(wrong) == CHOICES - 1:
                    break
        choices = shuffled([right, *wrong], seed, f"order:{card}")
        questions[card] = {"country": country, "choices": choices, "answer": choices.index(right)}
    return questions
