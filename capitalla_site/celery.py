import os
import warnings

from celery import Celery, signals
from celery.exceptions import CPendingDeprecationWarning

from capitalla_site.db_timeouts import bound, worker_role

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "capitalla_site.settings")

app = Celery("capitalla")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.celeryd_init.connect
def _bound_queries(options=None, **kwargs):
    """A worker's database bounds, by the queues it serves (capitalla_site/db_timeouts.py):
    set before it forks the processes that open connections."""
    bound(worker_role((options or {}).get("queues")))


@signals.worker_ready.connect
def _no_warning_of_a_chosen_default(**kwargs):
    """Celery warns at every broker outage that a default changes in Celery 6; the settings
    choose it (CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS). Once the worker
    is ready: its logging setup puts Celery's own warning filters first."""
    warnings.filterwarnings("ignore", r"\s*In Celery 5\.1 we introduced an optional", CPendingDeprecationWarning)
