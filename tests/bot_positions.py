"""Positions of bot games for the tests of hidden cards and hard bots."""

import random


def bot_positions(rules, bot, *, players: int, options: dict, seeds, every: int):
    """(state, seat to act) every `every` moves of games of `bot` against itself."""
    for seed in seeds:
        state, rng, moves = rules.new_game(players, dict(options), seed), random.Random(seed), 0
        while to_act := rules.to_act(state):
            if moves % every == 0:
                yield state, to_act[0]
            state = rules.apply(state, to_act[0], bot.choose(state, to_act[0], rng))
            moves += 1
