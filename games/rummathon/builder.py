"""Rummathon's group builder: my hand (and the discard pile's top card while I may take
it) as cards ticked into the groups of my next sequence, checked by the engine
(`engine.drafts`) as I go, with the solver's arrangement offered as one click. Its
button shows only when what it would post would be played (`lay_down_offer`), else what
is missing in its place.

The builder is one form of the game page: groups `g1`..`g6` (a field per card), their
kinds `kind_1`..`kind_6` and the burden's group `burden`, as the move form reads them.
htmx sends it to the check view on every change; without JavaScript its "Check" button
posts it there and the page comes back with the ticks kept (`request.rummathon_draft`).
"""

from itertools import islice
from urllib.parse import urlencode

from django.urls import reverse

from tables.offers import refusal

from .engine import KINDS, action, arrange, is_card, is_flex, shortfall, spoken
from .engine.drafts import MAX_GROUPS, check_draft, empty_draft, group_text, takeable_top, wanted_text
from .engine.rules import view_requirement
from .faces import rcard
from .forms import fields_for

# The most cards read into one group: a colour group of every card of one colour and
# every Flex. More is dropped unread; the checks judge the rest.
MOST_IN_GROUP = 32


def draft_from(data) -> dict:
    """What the builder holds, read leniently from a query or form (see
    `engine.drafts`): card ids of the deck only, each once per group, at most
    MOST_IN_GROUP per group; a kind or burden that is not one is None."""

    def cards(name: str) -> list[str]:
        raw = data.getlist(name) if hasattr(data, "getlist") else data.get(name) or []
        if isinstance(raw, str):
            raw = [raw]
        # g1=R7:0,Y7:0 works too. Only the first parts are read, and a dict keeps them
        # once in order: a huge field costs one bounded split, never a search per part.
        parts = (part.strip() for value in raw[:MOST_IN_GROUP] for part in str(value).split(",", MOST_IN_GROUP))
        return list(dict.fromkeys(part for part in islice(parts, MOST_IN_GROUP) if is_card(part)))

    draft = empty_draft()
    for k in range(MAX_GROUPS):
        draft["groups"][k] = cards(f"g{k + 1}")
        kind = data.get(f"kind_{k + 1}")
        draft["kinds"][k] = kind if kind in KINDS else None
    burden = data.get("burden")
    if isinstance(burden, str) and burden.isdigit() and 1 <= int(burden) <= MAX_GROUPS:
        draft["burden"] = int(burden)
    return draft


def has_ticks(draft: dict) -> bool:
    """Whether a draft holds cards worth keeping on the page."""
    return any(draft["groups"])


def kept_draft(request, refused: bool) -> dict | None:
    """What the builder shows ticked: the check view's draft (`request.rummathon_draft`),
    or the groups of a refused move, kept so that the player mends them instead of
    ticking them all again; or those sent with the draw (the page ticks before it, as it
    suggests: "or draw first, then lay down"), which leaves the hand's cards in place."""
    if request is None:
        return None
    draft = getattr(request, "rummathon_draft", None)
    if draft is None and request.method == "POST" and (refused or request.POST.get("type") == "draw"):
        posted = draft_from(request.POST)
        draft = posted if has_ticks(posted) else None
    return draft


def _frame(view: dict, me: int) -> dict | None:
    """My builder's frame on my turn while I have a sequence to lay: its groups (kind and
    size, from my next requirement; the burden's last), the burden's group number, the
    discard pile's top card while I may take it to lay down with it, and the move the
    builder's button posts ("lay" after the draw, "take" before it, None when there is
    no top card to take with it). None when there is nothing to build."""
    if view["phase"] != "play" or view["turn"] != me or me not in view["to_act"]:
        return None
    requirement = view_requirement(view, me)
    if requirement is None:
        return None
    burdened = view["down"][me] == 0 and bool(view["burdens"][me])
    slots = [
        {
            "number": k,
            "kind": item["kind"],
            "text": f"Group {k}: {group_text(item['kind'], item['size'])}",
            "burden": burdened and k == len(requirement),
        }
        for k, item in enumerate(requirement, 1)
    ]
    top = takeable_top(view, me)
    usable_top = top if top and (is_flex(top) or not action(top)) else None
    return {
        "requirement": requirement,
        "slots": slots,
        "burden": len(slots) if burdened else None,
        "top": usable_top,
        "lay_as": "lay" if view["drawn"] else "take" if usable_top else None,
    }


def _ticked(frame: dict, draft: dict | None, hand: list[str]) -> list[tuple[str, list[int]]]:
    """Each card the builder shows (my hand, then the top card it may take) with the
    groups it is ticked into: only the toggles the page draws can be ticked."""
    cards = hand + ([frame["top"]] if frame["top"] else [])
    groups = draft["groups"] if draft else [[] for _ in frame["slots"]]
    return [
        (
            card,
            [s["number"] for s in frame["slots"] if card in groups[s["number"] - 1]]
            if is_flex(card) or not action(card)  # Bypass, Burden, Block, Sabotage join no group
            else [],
        )
        for card in cards
    ]


def lay_down_offer(game, view: dict, me: int, draft: dict | None, legal: list[dict]) -> dict | None:
    """The builder's button as the move view would judge what it posts now (the groups
    ticked in `draft`): {"type": "lay" or "take"} when it would be played; else, in its
    place, `missing`: the refusal of those groups while a lay-down is possible this turn
    (the solver's among `legal`, my legal moves), or how far my hand is from my sequence.
    None when there is nothing to build."""
    frame = _frame(view, me)
    if frame is None:
        return None
    offer = {"type": None, "top": spoken(frame["top"]) if frame["top"] else None, "missing": None}
    refused = None
    if frame["lay_as"]:
        refused = refusal(game, me, _posted(frame, _ticked(frame, draft, view["hand"])))
        if refused is None:
            return {**offer, "type": frame["lay_as"]}
    possible = any(m["type"] == "lay" or m.get("lay") is not None for m in legal)
    offer["missing"] = refused if possible else _short_text(view, me, frame)
    return offer


def _posted(frame: dict, ticked: list[tuple[str, list[int]]]) -> list[tuple[str, str]]:
    """The fields the builder's form posts with its button (the version aside)."""
    fields = [("type", frame["lay_as"])]
    if frame["lay_as"] == "take":
        fields += [("depth", "0"), ("with", "lay")]
    fields += [(f"kind_{slot['number']}", slot["kind"]) for slot in frame["slots"]]
    if frame["burden"]:
        fields.append(("burden", str(frame["burden"])))
    return fields + [(f"g{number}", card) for card, numbers in ticked for number in numbers]


def _short_text(view: dict, me: int, frame: dict) -> str:
    """With no lay-down possible now: how many cards my hand (with the top card while I
    may take it) is short of my sequence, as the solver counts (`solver.shortfall`)."""
    wanted = wanted_text(view, me, frame["requirement"])
    top = frame["top"]
    short = shortfall(view["hand"] + ([top] if top else []), frame["requirement"])
    if not short:  # before the draw: the hand makes it without the top card
        return f"Draw, then lay down {wanted}."
    cards = f"{short} card{'s' * (short != 1)}"
    if view["drawn"]:
        return f"You are {cards} short of {wanted}."
    return f"You are {cards} short of {wanted}{f', even with the {spoken(top)}' if top else ''}: draw first."


def builder_panel(game, view: dict, me: int, draft: dict | None, legal: list[dict], hand: list[dict]) -> dict | None:
    """What `rummathon/_builder.html` draws in my hand's place on my turn while I have a
    sequence to lay (`_frame`): its groups, my cards (`hand`: the page's, in my order,
    with their marks) each with a toggle per group, the check's lines for a draft, the
    button or what is missing in its place (`lay_down_offer`), and the solver's
    suggestion (from `legal`, my legal moves). None when there is nothing to build."""
    frame = _frame(view, me)
    if frame is None:
        return None
    top = frame["top"]
    ticked = dict(_ticked(frame, draft, [card["id"] for card in hand]))
    cards = [
        {
            "id": card["id"],
            "card": card,
            "from_pile": card["id"] == top,
            "groups": [{"number": s["number"], "checked": s["number"] in ticked[card["id"]]} for s in frame["slots"]]
            if is_flex(card["id"]) or not action(card["id"])
            else [],
        }
        for card in hand + ([rcard(top)] if top else [])
    ]
    return {
        "wanted": wanted_text(view, me, frame["requirement"]),
        "slots": frame["slots"],
        "burden": frame["burden"],
        "cards": cards,
        "top": rcard(top) if top else None,
        "lay_as": frame["lay_as"],
        "lines": check_draft(view, draft, me) if draft is not None else None,
        "go": lay_down_offer(game, view, me, draft, legal),
        "suggested": _suggestion(game, legal, frame["burden"]),
        "check_url": reverse("rummathon:check", args=[game.pk]),
        "move_url": reverse("move", args=[game.pk]),
        "version": game.version,
    }


def _suggestion(game, legal: list[dict], burden: int | None) -> dict | None:
    """The solver's lay-down among my legal moves (after the draw a `lay`, before it a
    `take` of the top card with a lay), as groups to show and the fields that post it.
    Its groups come in the order of the requirement, as the builder's do: the burden's
    (group `burden`, if any) last."""
    move = next((m for m in legal if m["type"] == "lay" or m.get("lay") is not None), None)
    if move is None:
        return None
    groups = move["groups"] if move["type"] == "lay" else move["lay"]
    fields = fields_for(move)
    return {
        "type": move["type"],
        "groups": [
            {
                "text": f"Group {k}: {group_text(group['kind'], len(group['cards']))}"
                + (" — your burden’s" if k == burden else ""),
                "cards": [rcard(card) for card in arrange(group["cards"], group["kind"])[0]],
            }
            for k, group in enumerate(groups, 1)
        ],
        "fields": fields,
        "builder_url": reverse("rummathon:check", args=[game.pk])
        + "?"
        + urlencode([(name, value) for name, value in fields if name != "type"]),
    }
