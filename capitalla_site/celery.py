import os
import warnings

from celery import Celery, signals
from celery.exceptions import CPendingDeprecationWarning

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "capitalla_site.settings")

app = Celery("capitalla")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.worker_ready.connect
def _no_warning_of_a_chosen_default(**kwargs):
    """Celery warns at every broker outage that a default changes in Celery 6; the settings
    choose it (CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS). Once the worker
    is ready: its logging setup puts Celery's own warning filters first."""
    warnings.filterwarnings("ignore", r"\s*In Celery 5\.1 we introduced an optional", CPendingDeprecationWarning)
