#!/usr/bin/env python3
"""An outside bot for Capitalla's open API, in the standard library only.

It opens a table for one game against the site's bots, deals, and plays its seat to the
end through the API alone: it waits for its turn on the long-poll, takes the legal moves,
picks one (a simple policy: the move that puts down the most cards, else at random), and
sends it with the version of the position it chose in. A 409 (the table moved on) just
means: look again. At the end it prints the result.

    python examples/outside_bot.py --site http://127.0.0.1:8000 --token cap_… --game capit

Make a token with the `read` and `play` scopes on your profile (/accounts/profile/);
`stakes` too if it is to play at tables with an ante.
"""

import argparse
import json
import os
import random
import sys
import urllib.error
import urllib.request


class Api:
    def __init__(self, site: str, token: str):
        self.base = site.rstrip("/") + "/api/v1"
        self.token = token

    def call(self, method: str, path: str, body=None, timeout: float = 40):
        """(status, JSON answer) of one request; refusals (4xx) are answers too."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as refusal:
            body = refusal.read()
            try:
                return refusal.code, json.loads(body)
            except ValueError:  # not the API's answer: a proxy's page, say
                return refusal.code, {"detail": body.decode(errors="replace")[:200]}

    def ok(self, method: str, path: str, body=None) -> dict:
        status, answer = self.call(method, path, body)
        if status >= 400:
            sys.exit(f"{method} {path}: {status} {answer['detail']}")
        return answer


def cards_put_down(move: dict) -> int:
    """How many cards a move names, nested lists counted: a lay-down beats a discard."""

    def count(value):
        if isinstance(value, list):
            return sum(count(item) for item in value)
        return 1 if isinstance(value, str) else 0

    return sum(count(value) for key, value in move.items() if key != "type")


def choose(moves: list[dict], rng: random.Random) -> dict:
    most = max(cards_put_down(move) for move in moves)
    return rng.choice([move for move in moves if cards_put_down(move) == most])


def legal_moves(api: Api, game_id: int) -> tuple[int, list[dict]]:
    """(the version, every legal move of my seat), page after page."""
    moves, offset = [], 0
    while True:
        page = api.ok("GET", f"/games/{game_id}/legal-moves?offset={offset}&limit=500")
        moves += page["moves"]
        offset += len(page["moves"])
        if offset >= page["total"] or not page["moves"]:
            return page["version"], moves


def kinds(api: Api) -> dict[str, dict]:
    """The games the site plays, by kind: each one's players, options and short form."""
    return {game["kind"]: game for game in api.ok("GET", "/kinds")["kinds"]}


def play(api: Api, game_info: dict, rng: random.Random) -> dict:
    """A table of the game's fewest players in its short form (if it has one): the bot
    takes one seat, the site's bots the others."""
    players = game_info["min_players"]
    table = {"kind": game_info["kind"], "seats": players, "bots": players - 1, "options": game_info["quick_options"]}
    game = api.ok("POST", "/tables", table)
    print(f"Table #{game['id']} ({game['game_name']}) opened; dealing.")
    game = api.ok("POST", f"/games/{game['id']}/start")
    moves_made = 0
    while game["status"] == "active":
        if not game["my_turn"]:
            game = api.ok("GET", f"/games/{game['id']}/events?after={game['version']}&wait=25")
            continue
        version, moves = legal_moves(api, game["id"])
        status, answer = api.call(
            "POST", f"/games/{game['id']}/moves", {"version": version, "move": choose(moves, rng)}
        )
        if status == 409:  # the table moved on while I chose: look again
            game = answer.get("game") or api.ok("GET", f"/games/{game['id']}")
            continue
        if status >= 400:
            sys.exit(f"move refused: {status} {answer['detail']}")
        game, moves_made = answer, moves_made + 1
    me, result = game["me"], game["result"] or {}
    won = me in (result.get("winners") or [])
    print(f"Game #{game['id']} over after {moves_made} moves of mine: {'I won' if won else 'I lost'}.")
    print("Result:", json.dumps(result, sort_keys=True)[:300])
    return game


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=os.environ.get("CAPITALLA_SITE", "http://127.0.0.1:8000"))
    parser.add_argument("--token", default=os.environ.get("CAPITALLA_TOKEN"), help="or CAPITALLA_TOKEN")
    parser.add_argument("--game", default="capitalla", help="a game's kind (the site's GET /kinds lists them)")
    parser.add_argument("--seed", type=int, default=None, help="for the bot's own choices")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("give a token: --token or CAPITALLA_TOKEN")
    api = Api(args.site, args.token)
    games = kinds(api)
    if args.game not in games:
        parser.error(f"the site plays no game {args.game!r}: choose one of {', '.join(games)}")
    play(api, games[args.game], random.Random(args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
