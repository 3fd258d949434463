import os

from django.core.wsgi import get_wsgi_application

from capitalla_site.db_timeouts import bound

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "capitalla_site.settings")
bound("web")  # before the first connection: the pool opens every connection with them
application = get_wsgi_application()
