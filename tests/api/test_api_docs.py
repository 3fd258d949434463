"""The OpenAPI 3 document at /api/v1/openapi.json and the browsable docs at /api/v1/docs,
both readable without a token; the docs page, as production serves it (DEBUG off, hashed
static files from collectstatic), under the site's CSP with ninja's assets from our own
static files (tests/e2e/test_e2e_api_docs.py renders it in Chromium)."""

import http.client
import re

import pytest

from tests.site.production_site import deploy, gunicorn

pytestmark = pytest.mark.django_db


def test_the_openapi_document_describes_every_endpoint(client):
    answer = client.get("/api/v1/openapi.json")
    assert answer.status_code == 200
    document = answer.json()
    assert document["openapi"].startswith("3.")
    assert document["components"]["securitySchemes"]["BearerToken"] == {"type": "http", "scheme": "bearer"}
    paths = document["paths"]
    for path in ("/api/v1/games", "/api/v1/games/{game_id}/moves", "/api/v1/games/{game_id}/log", "/api/v1/tables"):
        assert path in paths
    assert "409" in paths["/api/v1/games/{game_id}/moves"]["post"]["responses"]


def test_the_docs_page_fits_a_phone(client):
    page = client.get("/api/v1/docs").content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page and '<html lang="en">' in page


def get(port: int, path: str) -> tuple[http.client.HTTPResponse, str]:
    """A GET through the production environment's TLS proxy (its host and header)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path, headers={"Host": "capitalla.example", "X-Forwarded-Proto": "https"})
    response = connection.getresponse()
    return response, response.read().decode(errors="replace")


def test_the_docs_page_serves_its_assets_from_our_static_files_under_the_csp(tmp_path):
    deploy(tmp_path)
    with gunicorn(tmp_path) as port:
        response, page = get(port, "/api/v1/docs")
        assert response.status == 200
        assert "script-src 'self'" in response.getheader("Content-Security-Policy")
        assets = re.findall(r'(?:src|href)="(/static/ninja/[^"]+)"', page)
        assert len(assets) >= 3 and all(re.search(r"\.[0-9a-f]{12}\.", asset) for asset in assets), assets
        for asset in assets:
            assert get(port, asset)[0].status == 200, asset
        assert "<script>" not in page and "cdn" not in page
