"""Hand-set Casino positions for the engine tests: a fresh game whose hands, table and
stock are replaced by the cards a case needs."""

from games.casino.engine import RULES


def build(build_id, cards, total, owner, multiple=False):
    return {"id": build_id, "cards": list(cards), "value": total, "owner": owner, "multiple": multiple}


def position(hands, loose=(), builds=(), stock=(), turn=0, options=None, seed=1, **extra):
    """A game of len(hands) seats at the given position, seat `turn` to play."""
    players = len(hands)
    state = RULES.new_game(players, options or {}, seed)
    state.update(
        hands=[list(hand) for hand in hands],
        table={"loose": list(loose), "builds": [dict(b) for b in builds]},
        stock=list(stock),
        piles=[[] for _ in range(players)],
        turn=turn,
        next_build=len(builds) + 1,
    )
    state.update(extra)
    return state


def capture(card, loose=(), builds=()):
    return {"type": "capture", "card": card, "loose": list(loose), "builds": list(builds)}


def make_build(card, total, loose=(), onto=None):
    return {"type": "build", "card": card, "loose": list(loose), "build": onto, "value": total}


def trail(card):
    return {"type": "trail", "card": card}


NO_QUESTIONS = {"type": "ask", "questions": {}}
