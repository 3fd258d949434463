"""Celery tasks. Each one re-reads the database and is harmless when run twice."""

from celery import shared_task

from games import services


@shared_task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def play_bot_turn(game_id: int, version: int) -> bool:
    return services.play_bot_turn(game_id, version)


@shared_task(ignore_result=True)
def sweep() -> int:
    """Re-enqueue overdue bot turns. Returns how many."""
    return services.requeue_overdue_bot_turns()
