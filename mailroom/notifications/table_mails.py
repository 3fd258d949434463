"""The mails about tables and answers: the answer to a reply that sent commands, a
rematch waiting for the player, a host's full table, and the daily digest of the games
and rematches waiting for them."""

from mailroom.mail_position import position
from mailroom.models import InboundMail, Notification
from mailroom.notifications.delivery import claim_and_send
from mailroom.notifications.links import game_link, magic_link
from mailroom.notifications.turn_mails import by_mail, deadline_text, names_of
from tables.models import ON_A_CLOCK, Game, Seat, is_on_the_clock, turn_time_label


def send_mail_answer(user, game_id: int, inbound_id: int, attempt: int) -> bool | None:
    """The answer to a reply that sent commands: what was played or why nothing was, and
    the position now, threaded under the reply. Sent to the address the reply came from
    (the account's, checked on arrival) whatever the player's mail settings."""
    mail = InboundMail.objects.filter(pk=inbound_id, user=user, game_id=game_id).select_related("game").first()
    if mail is None or not user.email:
        return None
    return claim_and_send(
        user,
        mail.game,
        Notification.Kind.MAIL_ANSWER,
        inbound_id,
        attempt,
        "email/mail_answer",
        lambda: _mail_answer(user, mail),
    )


def _mail_answer(user, mail: InboundMail):
    game = mail.game
    report = mail.report or {}
    name_of = names_of(game)
    context = {
        "title": game.title,
        "game_name": game.rules.info.name,
        "done": report.get("done") or [],
        "refused": report.get("refused"),
        "skipped": report.get("skipped") or [],
        "said": report.get("said") or [],
        "unread": report.get("unread") or [],
        "moot": report.get("moot") or [],
        "stale": report.get("stale"),
        "since": report.get("since") or [],
        "position": position(game, user),
        **by_mail(user, game, mail.seat),
    }
    if game.status == Game.Status.ACTIVE:
        context.update(
            # Its turn, not any move it may send: a Casino answer may go at any time.
            my_turn=mail.seat in game.people_to_act(),
            waiting_for=" and ".join(name_of(i) for i in game.to_act),
            deadline=deadline_text(game.deadline),
            link=magic_link(user, game.pk),
            signs_in=True,
        )
    else:
        context.update(headline=game.plugin.result_headline(game.result or {}, name_of), link=game_link(game))
        context["by_mail"] = None
    context["mail_headers"].update(
        {"In-Reply-To": f"<{mail.message_id}>", "References": mail.references, "Auto-Submitted": "auto-replied"}
        if mail.message_id
        else {"Auto-Submitted": "auto-replied"}
    )
    subject = mail.subject if mail.subject.lower().startswith("re:") else f"Re: {mail.subject or game.title}"
    return subject, context


def send_rematch_invitation(user, game_id: int, attempt: int) -> bool | None:
    """The old game's player hears that its rematch waits for them, while it still does:
    the table open, a seat free, and they not at it yet."""
    following = Game.objects.filter(pk=game_id, status=Game.Status.OPEN).select_related("rematch_of", "host").first()
    if following is None or not following.rematch_waits_for(user):
        return None
    context = _rematch_invitation(following)
    return claim_and_send(
        user,
        following,
        Notification.Kind.REMATCH,
        0,
        attempt,
        "email/rematch",
        lambda: (f"{context['host']} wants a rematch of {context['old_title']}", context),
    )


def _rematch_invitation(following) -> dict:
    """What a mail says of a rematch table waiting for the player: the link leads to the
    old game's page, where "Join the rematch" is (a plain link: that game is over)."""
    return {
        "title": following.title,
        "old_title": following.rematch_of.title,
        "host": following.host.name,
        "link": game_link(following.rematch_of),
        "turn_time": turn_time_label(following.turn_seconds),
        "ante": following.ante,
        "rated": following.rated,
    }


def send_table_full(user, game_id: int, attempt: int) -> bool | None:
    """The host hears that every seat of their table is taken, while it still is and is
    not dealt yet: only they can start it. The table's plain page has the Start button."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.OPEN, host=user).first()
    if game is None or game.free_indexes():
        return None
    name_of = names_of(game)
    others = [name_of(s.index) for s in game.seat_list if s.user_id is not None and s.user_id != user.pk]
    context = {
        "title": game.title,
        "players": " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 1 else others),
        "link": game_link(game),
        "ante": game.ante,
    }
    return claim_and_send(
        user,
        game,
        Notification.Kind.TABLE_FULL,
        0,
        attempt,
        "email/table_full",
        lambda: (f"Your table {context['title']} is full: start it", context),
    )


def send_digest(user, day: int, attempt: int) -> bool | None:
    """The day's list of the games waiting for the player's move, and of the rematch
    tables waiting for them to sit down; none on a day with neither."""
    seats = [
        s
        for s in Seat.objects.filter(ON_A_CLOCK, user=user).select_related("game").order_by("game__deadline")
        if is_on_the_clock(s.index, s.game.clock_seat, s.game.to_act)
    ]
    rematches = [t for t in Game.objects.rematches_of_games_played_by([user.pk]) if t.rematch_waits_for(user)]
    if not seats and not rematches:
        return None
    games_heading, rematches_heading = _digest_headings(len(seats), len(rematches))
    subject = "; ".join(filter(None, (games_heading, rematches_heading.lower() if seats else rematches_heading)))
    return claim_and_send(
        user,
        None,
        Notification.Kind.DIGEST,
        day,
        attempt,
        "email/digest",
        lambda: (
            subject,
            {
                "title": subject,
                "games_heading": games_heading,
                "rematches_heading": rematches_heading,
                "signs_in": bool(seats),
                "games": [
                    {
                        "title": s.game.title,
                        "link": magic_link(user, s.game_id),
                        "deadline": deadline_text(s.game.deadline),
                    }
                    for s in seats
                ],
                "rematches": [_rematch_invitation(t) for t in sorted(rematches, key=lambda t: t.pk)],
            },
        ),
    )


def _digest_headings(games: int, rematches: int) -> tuple[str, str]:
    """The digest's two lists' headings, "" for an empty one: "2 games wait for your
    move", "A rematch waits for you"."""
    waiting = f"{games} game{'s' if games > 1 else ''} wait{'s' if games == 1 else ''} for your move" if games else ""
    if not rematches:
        return waiting, ""
    return waiting, "A rematch waits for you" if rematches == 1 else f"{rematches} rematches wait for you"
