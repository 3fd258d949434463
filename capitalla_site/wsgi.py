import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "capitalla_site.settings")
application = get_wsgi_application()
