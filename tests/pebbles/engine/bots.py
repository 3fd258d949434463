"""Pebbles' bots, by level: "easy" takes at random; "normal" takes the last pebbles when
it can; "hard" plays perfectly (leaves the other a multiple of three). Each chooses from
the view and the legal moves only, as every bot must."""

from .rules import RULES


class RandomBot:
    def choose(self, state, seat, rng):
        return rng.choice(RULES.legal_moves(state, seat))


class NormalBot:
    def choose(self, state, seat, rng):
        moves, pile = RULES.legal_moves(state, seat), RULES.view(state, seat)["pile"]
        winning = [move for move in moves if move["count"] == pile]
        return winning[0] if winning else rng.choice(moves)


class HardBot:
    def choose(self, state, seat, rng):
        moves, pile = RULES.legal_moves(state, seat), RULES.view(state, seat)["pile"]
        best = [move for move in moves if (pile - move["count"]) % 3 == 0]
        return best[0] if best else rng.choice(moves)


BOTS = {"random": RandomBot(), "easy": RandomBot(), "normal": NormalBot(), "hard": HardBot()}
