"""Pebbles' moves as the words of a mail: "take 1", "take 2" (or "take one", "take two")."""

from engine.commands import CommandError, help_lines, normalize, unknown_verb, verb_of

_NUMBERS = {"1": 1, "2": 2, "one": 1, "two": 2}
_FORMS = {"take": ("take <1 or 2>", "Take one or two pebbles from the pile; the last one wins.")}


class PebblesCommands:
    def command(self, view, move, names):
        return f"take {move['count']}"

    def parse(self, view, text, names):
        verb, rest = verb_of(normalize(text))
        if verb != "take":
            raise unknown_verb(verb, ["take 1", "take 2"])
        count = _NUMBERS.get(rest.removesuffix(" pebbles").removesuffix(" pebble"))
        if count is None:
            raise CommandError('Send "take 1" or "take 2".')
        return {"type": "take", "count": count}

    def help(self, view, legal, names):
        return help_lines(self, view, legal, names, _FORMS)


COMMANDS = PebblesCommands()
