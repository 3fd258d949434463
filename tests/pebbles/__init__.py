"""Pebbles: the smallest whole game, for the tests only (docs/adding-a-game.md's worked
example in miniature). Two players take turns taking one or two pebbles from a pile of
seven; whoever takes the last pebble wins.

It is one package, as every game is: its pure engine (`engine/`: rules, bots, mail
commands), its plugin, presenter, forms, templates and stylesheet, and its tests. The
test settings (tests/settings.py) add it to `GAME_APPS` as the site's settings add a real
game, so every test that runs over the registered games runs over it too.
"""
