from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.utils.functional import lazy
from django.views.generic.base import RedirectView

from api.views import urls as api_urls
from capitalla_site.health import health_check

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("chips/", include("ledger.urls")),
    path("ratings/", include("tables.urls_ratings")),
    path("api/v1/", api_urls()),
    path("api-tokens/", include("api.urls")),
    # Looked up per request: with DEBUG off its hashed name exists only after collectstatic.
    path("favicon.ico", RedirectView.as_view(url=lazy(static, str)("favicon.svg"), permanent=True)),
    path("healthz/", health_check, name="health_check"),
    path("", include("mailroom.urls")),
    path("", include("live.urls")),
    path("", include("tables.urls")),
]

# The site's own error pages (tables/views_errors.py); 403 and 500 are Django's views with
# our templates.
handler404 = "tables.views_errors.page_not_found"
handler500 = "tables.views_errors.server_error"
