import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "capitalla_site.settings")

app = Celery("capitalla")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
