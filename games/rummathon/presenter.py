"""Rummathon Royale's page as a plain dict, from `rules.view(state, my_seat)` only.

`present_rummathon(game, table, seen)` adds the Rummathon parts to the generic table dict
that `presenters.present_table` built: the rule cards and how far each player is along
them, my rule card in full with my progress toward its current sequence, my hand, the
deck and the fanned discard pile, the groups on the table, the banners (declarations,
bypasses, burdens, blocks: `banners`), the buy panel, my moves, the round summaries and
the result (`results`); `RummathonTable` names the keys it adds. My moves are the
engine's `legal_moves` for my seat, each as the fields its form posts; the sequence I am
to lay next and how short my hand falls are the engine's (`next_requirement` reads only
what the view shows, `solver.shortfall`); nothing here decides a rule.
"""

from typing import cast

from engine.commands import letter
from tables.card_marks import PileMarks, PileMoves, discard_of, pile_marks
from tables.models import spoken_list
from tables.move_log import ROUND_ENDS, round_over
from tables.presenters import arranged
from tables.table_view import RoundOver, Seen, TableView

from . import builder
from .banners import banners, block_text, burden_text, seat_tags
from .engine import (
    ACTIONS,
    RULE_CARDS,
    arrange,
    find_sequence,
    is_flex,
    sequence_text,
    shortfall,
    sort_hand,
    spoken,
)
from .engine import action as action_of
from .engine.groups import KIND_NAME, slot_text
from .engine.rules import BUY_PRICE, next_requirement
from .faces import rcard
from .forms import fields_for
from .results import DECLARATION, final_result, points_by_round, round_rows

HAND_SORTS = ("colour", "number")
ACTION_NAME = {"BYPASS": "Bypass", "BURDEN": "Burden", "DOUBLE_BURDEN": "Double Burden", "BLOCK": "Block"}
# What each rule card leans to, in the words of the rules page (rummathon/rules.html).
LEAN = {
    "Crown": "A bit of everything.",
    "Sceptre": "Mostly runs, and they grow long.",
    "Orb": "Mostly colour groups.",
    "Throne": "Mostly sets.",
    "Banner": "Three small groups at a time.",
    "Citadel": "Few groups, but long ones.",
}

# ---------------------------------------------------------------- cards and groups


def group_label(group: dict) -> str:
    """A group on the table in words: "run 4–7", "set of 9s", "red colour group"."""
    slots = arrange(group["cards"], group["kind"])[1]
    if group["kind"] == "run":
        return f"run {slots[0]}–{slots[-1]}"
    if group["kind"] == "set":
        return f"set of {slots[0]}s"
    return f"{slot_text(slots[0])} {KIND_NAME['colour']}"


def placed_cards(group: dict) -> list[dict]:
    """A group's cards in order, each Flex with what it stands for."""
    cards, slots = arrange(group["cards"], group["kind"])
    return [rcard(card, slot) for card, slot in zip(cards, slots, strict=True)]


def _group(group: dict, k: int) -> dict:
    return {
        "id": group["id"],
        "letter": letter(k),
        "kind": group["kind"],
        "label": group_label(group),
        "burden": group["burden"],
        "cards": placed_cards(group),
    }


def table_groups(view: dict, names: list[str], me: int | None) -> list[dict]:
    """The groups on the table by owner (only owners with groups), burden groups and
    blocked players marked. Each group has its letter: `commands.letter` of its place
    counting through the view's groups seat by seat."""
    owners = []
    placed = 0  # the groups of the seats before
    for seat, groups in enumerate(view["groups"]):
        first, placed = placed, placed + len(groups)
        if not groups:
            continue
        block = view["blocked"][seat]
        owners.append(
            {
                "seat": seat,
                "name": "You" if seat == me else names[seat],
                "blocked": block_text(block, seat, names) if block else None,
                "groups": [_group(group, first + k) for k, group in enumerate(groups)],
            }
        )
    return owners


def _whose(seat: int, names: list[str], me: int | None) -> str:
    return "your" if seat == me else f"{names[seat]}'s"


# ---------------------------------------------------------------- rule cards


def _card_name(view: dict, seat: int) -> str:
    return RULE_CARDS[view["rule_card"][seat]]["name"]


def rule_cards_strip(view: dict, names: list[str], me: int | None) -> list[dict]:
    """Each seat's rule card in one line: its name, the sequence it works on and how far
    along the variant it is."""
    total = len(view["sequences"])
    rows = []
    for seat in range(view["players"]):
        requirement = view["requirement"][seat]
        done = view["progress"][seat] >= total
        rows.append(
            {
                "name": names[seat],
                "me": seat == me,
                "card": _card_name(view, seat),
                "step": min(view["progress"][seat] + 1, total),
                "total": total,
                "done": done,
                "text": requirement["text"] if requirement else "every sequence laid",
                "down": view["down"][seat],
                "out": seat in view["out"],
            }
        )
    return rows


def my_rule_card(view: dict, me: int, hand: list[str], names: list[str], top_lays: str | None) -> dict:
    """My rule card in full: each sequence of the variant, done ones ticked, the current
    one highlighted, with how far my hand is from the sequence I lay next (and the cards
    of it that fit, and `top_lays`: the discard pile's top card, by name, when a legal
    move takes it to lay down), and my burden if I have one."""
    card = RULE_CARDS[view["rule_card"][me]]
    order = view["sequences"]
    progress = view["progress"][me]
    lines = []
    for position, index in enumerate(order):
        requirement = card["sequences"][index]
        lines.append(
            {
                "number": index + 1,
                "text": sequence_text(requirement),
                "done": position < progress,
                "current": position == progress,
            }
        )
    burden = view["burdens"][me]
    return {
        "name": card["name"],
        "lean": LEAN.get(card["name"], ""),
        "lines": lines,
        "step": min(progress + 1, len(order)),
        "total": len(order),
        "skipped": [n + 1 for n in range(len(card["sequences"])) if n not in order],
        "burden": burden_text(burden, me, names, me) if burden else None,
        "aim": _aim(view, me, hand, top_lays),
    }


def _aim(view: dict, me: int, hand: list[str], top_lays: str | None) -> dict | None:
    """The sequence I lay next this round (my burden's group included) and how far my
    hand is from it: laid already, ready, or N cards short with the cards that fit (and
    the top card of the discard pile that makes it up, `top_lays`)."""
    requirement = next_requirement(view, me)
    if requirement is None:
        if view["down"][me]:
            return {"text": None, "ready": False, "short": 0, "fits": [], "down": True, "top": None}
        return None
    short = shortfall(hand, requirement)
    fits = _fitting(hand, requirement, short) if short else []
    return {
        "text": sequence_text(requirement),
        "ready": short == 0,
        "short": short,
        "fits": fits,
        "down": False,
        "top": top_lays if short else None,
    }


def _fitting(hand: list[str], requirement: list[dict], short: int) -> list[str]:
    """The hand's cards that the solver's plan uses when it is lent the Flex cards the
    hand is short of (none if there are not enough Flex cards out of the hand to lend)."""
    spare = [f"FLEX:{k}" for k in range(ACTIONS["FLEX"]) if f"FLEX:{k}" not in hand][:short]
    if len(spare) < short:
        return []
    groups = find_sequence(hand + spare, requirement) or []
    lent = set(spare)
    return [card for group in groups for card in group["cards"] if card not in lent]


# ---------------------------------------------------------------- buying


def buy_panel(view: dict, names: list[str], me: int | None) -> dict:
    """After the deal: who has chosen how many extra cards and who is still choosing;
    mine: my points, the price and the most I may buy."""
    bought = view["bought"]
    players = [s for s in range(view["players"]) if s not in view["out"]]
    chosen = [{"name": names[s], "count": bought[s]} for s in players if bought[s] is not None]
    waiting = [names[s] for s in players if bought[s] is None]
    mine = None
    if me is not None and me in players:
        mine = {
            "points": view["scores"][me],
            "most": view["most_to_buy"],
            "chosen": bought[me],
            "counts": list(range((view["most_to_buy"] or 0) + 1)),
        }
    return {"price": BUY_PRICE, "chosen": chosen, "waiting": waiting, "mine": mine}


# ---------------------------------------------------------------- my moves


def _move(move: dict, label: str) -> dict:
    return {"type": move["type"], "fields": fields_for(move), "label": label}


def _hit_label(hit: dict, names: list[str], me: int, groups: dict) -> str:
    cards = spoken_list([spoken(card) for card in hit["cards"]])
    return f"Hit {cards} on {_whose(hit['seat'], names, me)} {groups[hit['group']]}"


def _action_label(move: dict, names: list[str]) -> str:
    name, target = action_of(move["card"]), move.get("target")
    if name == "SABOTAGE":
        return "Sabotage (every opponent's Flex back into the deck)"
    if name == "BLOCK":
        return (
            "Block (protect my groups)" if target is None else f"Block {names[target]}'s groups (only I may hit them)"
        )
    return f"{ACTION_NAME[name]} {names[target]}"


def moves_panel(view: dict, legal: list[dict], names: list[str], me: int) -> dict:
    """My legal moves sorted into the page's places, each a one-click form: drawing,
    taking from the pile (by depth), declaring, laying the solver's suggestion, the hits,
    the action cards and the discards."""
    labels = {group["id"]: group_label(group) for seat_groups in view["groups"] for group in seat_groups}
    pile = view["discard"]
    panel = {"draw": None, "declare": None, "lay": None, "takes": {}, "upturned": None}
    panel.update(hits=[], actions=[], discards=[], buy=False)
    for move in legal:
        kind = move["type"]
        if kind == "draw":
            panel["draw"] = _move(move, "Draw from the deck")
        elif kind == "declare":
            double = view["declared"][me] == "royale"
            label = f"Declare {DECLARATION['double' if double else 'royale']}"
            panel["declare"] = {**_move(move, label), "double": double}
        elif kind == "buy":
            panel["buy"] = True
        elif kind == "lay":
            panel["lay"] = {**_move(move, "Lay down this sequence"), "groups": _suggested(move["groups"])}
        elif kind == "take":
            card = spoken(pile[len(pile) - 1 - move["depth"]])
            if "lay" in move:
                label = f"Take the {card} and lay down your sequence with it"
                entry = {**_move(move, label), "groups": _suggested(move["lay"])}
            elif "hit" in move:
                above, hit = move["depth"], move["hit"][0]
                label = f"Take the {card} and hit {_whose(hit['seat'], names, me)} {labels[hit['group']]} with it"
                if above:
                    label += f" (the {above} card{'s' * (above != 1)} above it come{'s' * (above == 1)} to your hand)"
                entry = _move(move, label)
            else:
                panel["upturned"] = _move(move, f"Take the {card} turned up (then draw as usual)")
                continue
            panel["takes"].setdefault(move["depth"], []).append(entry)
        elif kind == "hit":
            panel["hits"].append(_move(move, _hit_label(move, names, me, labels)))
        elif kind == "action":
            panel["actions"].append(_move(move, _action_label(move, names)))
        elif kind == "discard":
            panel["discards"].append({**_move(move, f"Discard {spoken(move['card'])}"), "card": rcard(move["card"])})
    return panel


def _suggested(groups: list[dict]) -> list[dict]:
    """The solver's groups as the page shows them: each Flex says what it stands for."""
    return [{"kind": KIND_NAME[group["kind"]], "cards": placed_cards(group)} for group in groups]


def fanned_pile(view: dict, takes: dict[int, list[dict]]) -> list[dict]:
    """The discard pile, oldest first (the newest on the right), each card with its depth
    (0 = the top) and the takes at that depth."""
    pile = view["discard"]
    return [
        {"card": rcard(card), "depth": depth, "takes": takes.get(depth, []), "top": depth == 0}
        for depth, card in ((len(pile) - 1 - k, card) for k, card in enumerate(pile))
    ]


def hit_forms(view: dict, hand: list[str], names: list[str], me: int, legal: list[dict]) -> list[dict]:
    """Once my sequence is down: a form per group I may hit, to hit it with the cards I
    tick; a run asks where Flex cards go. Only the groups some card of my hand fits alone
    (`legal`'s hits, which the rules refuse at a burden group or a blocked seat): cards
    that fit together include one that fits alone, the one next to the group. That card
    comes ticked, so that the form as it comes posts a legal hit."""
    hittable: dict[tuple[int, int], str] = {}
    for move in legal:
        if move["type"] == "hit":
            hittable.setdefault((move["seat"], move["group"]), move["cards"][0])
    if not hittable:  # my sequence is not down, or nothing in my hand fits
        return []
    playable = [rcard(card) for card in hand if not action_of(card) or is_flex(card)]
    flex = any(card["flex"] for card in playable)
    return [
        {
            "seat": seat,
            "group": group["id"],
            "label": f"{_whose(seat, names, me)} {group_label(group)}",
            "cards": playable,
            "ticked": hittable[(seat, group["id"])],
            "ends": flex and group["kind"] == "run",
        }
        for seat, groups in enumerate(view["groups"])
        for group in groups
        if (seat, group["id"]) in hittable
    ]


# ---------------------------------------------------------------- the replay


def rummathon_position(view: dict, hands: list[list[str]], names: list[str]) -> dict:
    """A replay's Rummathon table: the round, the rule cards, the piles, the groups on the
    table, the banners, the scores and every hand."""
    return {
        "template": "rummathon/_replay.html",
        "round": view["round"],
        "deck_size": view["deck_size"],
        "pile": fanned_pile(view, {}),
        "rule_cards": rule_cards_strip(view, names, None),
        "groups": table_groups(view, names, None),
        "banners": banners(view, names),
        "scores": [{"name": names[i], "total": t} for i, t in enumerate(view["scores"])],
        "hands": [
            {"name": names[i], "cards": [rcard(c) for c in sort_hand(hand)], "out": i in view["out"]}
            for i, hand in enumerate(hands)
        ],
    }


# ---------------------------------------------------------------- the page


class RummathonTable(TableView, total=False):
    """The table with Rummathon's parts (`present_rummathon`): `hand` is my cards, each
    `rcard` marked "fits" (my current sequence) and "new"; `controls`, on my turn, is
    `moves_panel` with the hit forms and the lay-down builder."""

    round: int
    dealer_name: str
    deck_size: int
    pile: list[dict]  # fanned_pile
    pile_marks: PileMarks
    round_over: RoundOver | None  # while the round is new: its summary opens the table
    hand_count: int
    rule_cards: list[dict]  # rule_cards_strip
    my_rule_card: dict | None  # my_rule_card, while I play
    groups: list[dict]  # table_groups
    banners: list[dict]
    buying: dict | None  # buy_panel, after the deal
    scores: list[dict]
    round_rows: list[dict]  # results.round_rows
    points_by_round: dict  # results.points_by_round: the rows that add up to the score
    buy_price: int
    last_round: dict | None
    variant: str


# A take reaches down to a depth of the fanned pile; the cards above come along into the hand.
PILE_MOVES = PileMoves(
    discards=discard_of,
    takes_at=lambda move: (move["depth"], "took") if move.get("type") == "take" else None,
    label=lambda card: rcard(card)["face"],
    new_deal=ROUND_ENDS,
)


def present_rummathon(game, table: TableView, seen: Seen) -> RummathonTable:
    """Add Rummathon's parts to the generic `table` (see `presenters.present_table`)."""
    page = cast(RummathonTable, table)  # the same dict, with Rummathon's keys added below
    view = seen.view
    me = seen.my_index
    names = [seen.name_of(i) for i in range(view["players"])]
    over = view["phase"] == "over"
    for row in page["seats"]:
        seat = row["index"]
        if not over:
            row["tags"] += seat_tags(view, seat)
        points = f"{view['scores'][seat]} point{'s' * (view['scores'][seat] != 1)}"
        row["cards"] = " · ".join(filter(None, [row["cards"], points])) if page["is_active"] else points

    hand = arranged(page, seen, sort_hand)
    mine = me is not None and hand is not None and me not in view["out"] and page["is_active"]
    my_turn = bool(page.get("my_turn") and page["is_active"] and mine)
    legal = game.rules.legal_moves(game.state, me) if my_turn else []
    top_lays = next((spoken(view["discard"][-1]) for m in legal if m["type"] == "take" and "lay" in m), None)
    aim_card = my_rule_card(view, me, hand, names, top_lays) if mine else None
    fits = set(aim_card["aim"]["fits"]) if aim_card and aim_card["aim"] else set()
    panel = moves_panel(view, legal, names, me) if legal else None
    page.update(
        {
            "round": view["round"],
            "phase": view["phase"],
            "dealer_name": names[view["dealer"]],
            "deck_size": view["deck_size"],
            "pile": fanned_pile(view, panel["takes"] if panel else {}),
            "pile_marks": pile_marks(
                page["recent_moves"], seen.name_of, PILE_MOVES, view["discard"][-1] if view["discard"] else None
            ),
            "hand": [{**rcard(card), "fits": card in fits, "new": card == view["new_card"]} for card in hand]
            if hand is not None
            else None,
            "hand_count": len(hand or []),
            "rule_cards": rule_cards_strip(view, names, me),
            "my_rule_card": aim_card,
            "groups": table_groups(view, names, me),
            "banners": banners(view, names),
            "buying": buy_panel(view, names, me) if view["phase"] == "buy" else None,
            "scores": [{"name": names[i], "total": t} for i, t in enumerate(view["scores"])],
            "round_rows": round_rows(view, names),
            "result": final_result(view, name_of=seen.name_of, names=names),
            "variant": view["options"]["variant"].capitalize(),
        }
    )
    page["last_round"] = page["round_rows"][-1] if page["round_rows"] else None
    page["round_over"] = round_over(page, seen, ROUND_ENDS, "Round", page["last_round"])
    page["points_by_round"] = points_by_round(view, page["round_rows"])
    page["buy_price"] = BUY_PRICE
    controls = None
    if panel:
        controls = {
            **panel,
            "phase": view["phase"],
            "drawn": view["drawn"],
            "hit_forms": hit_forms(view, hand, names, me, legal) if view["drawn"] else [],
        }
        draft = builder.kept_draft(seen.request, refused=bool(page["error"]))
        controls["builder"] = builder.builder_panel(game, view, me, draft, legal, page["hand"])
    page["controls"] = controls
    return page
