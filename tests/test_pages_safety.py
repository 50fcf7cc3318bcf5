"""What every page carries whatever it shows: a Content-Security-Policy without inline script
or style, the project's own Czech 404 and 500 pages, a 403 logged in one line."""

import logging
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, RequestFactory, override_settings
from django.views.defaults import server_error

from accounts.roles import ORGANISER, REFEREE, create_account

TEMPLATES = Path(settings.BASE_DIR) / "templates"


def policy_of(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return {
        part.split()[0]: " ".join(part.split()[1:])
        for part in (p.strip() for p in header.split(";"))
        if part
    }


@pytest.mark.django_db
def test_every_kind_of_page_has_the_policy(demo):
    organiser = create_account(username="org", role=ORGANISER, password="heslo-1234-abcd")
    staff = Client()
    staff.force_login(organiser)
    answers = [
        Client().get("/"),
        Client().get("/turnaj/mcr/kvalifikace/"),
        Client().get("/en/turnaj/mcr/"),
        Client().get("/ucet/prihlaseni/"),
        Client().get("/admin/login/"),
        Client().get("/stul/ABCDEF-spatne/"),
        Client().get("/neni-tu-nic/"),
        staff.get("/sprava/"),
        staff.get("/admin/"),
    ]
    for response in answers:
        policy = policy_of(response)
        assert policy["default-src"] == "'self'", response.request["PATH_INFO"]
        for directive in ("script-src", "style-src"):
            assert policy[directive] == "'self'", (directive, policy)
        assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"
        assert "unsafe" not in response["Content-Security-Policy"]


def test_no_template_has_inline_script_or_style():
    """Scripts and styles live in static files: the policy allows nothing else."""
    inline = re.compile(
        r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=|javascript:", re.I
    )
    for path in TEMPLATES.rglob("*.html"):
        found = inline.search(path.read_text(encoding="utf-8"))
        assert found is None, (path, found and found.group(0))


def test_htmx_injects_no_indicator_style():
    base = (TEMPLATES / "base.html").read_text(encoding="utf-8")
    assert """<meta name="htmx-config" content='{"includeIndicatorStyles": false}'>""" in base


@pytest.mark.django_db
def test_an_unknown_address_gets_the_czech_404_page_in_the_sites_layout():
    response = Client().get("/neni-tu-nic/")
    html = response.content.decode()
    assert response.status_code == 404
    assert '<html lang="cs">' in html and "Stránka nenalezena" in html
    assert 'href="#main"' in html and "<main" in html  # the site's layout, skip link and all
    english = Client().get("/en/neni-tu-nic/").content.decode()
    assert '<html lang="en">' in english and "Page not found" in english


@pytest.mark.django_db
@override_settings(DEBUG=True)
def test_a_table_address_that_no_longer_works_never_shows_the_debug_page():
    """A venue laptop may run with debug on: the phones still get the project's page, not
    Django's list of every address."""
    response = Client().get("/stul/ABCDEF-spatne/")
    html = response.content.decode()
    assert response.status_code == 404 and "Stránka nenalezena" in html
    assert "URLconf" not in html and "sprava/" not in html


def test_the_500_page_needs_neither_the_database_nor_a_context():
    """Rendered as Django renders it for an error (no request context): no query is made
    (this test has no database: a query would fail it)."""
    request = RequestFactory().get("/turnaj/mcr/")
    response = server_error(request)
    html = response.content.decode()
    assert response.status_code == 500
    assert '<html lang="cs">' in html and "Chyba serveru" in html
    assert "/static/css/site.css" in html and 'href="#main"' in html
    assert "Server Error (500)" not in html


@pytest.mark.django_db
def test_a_403_is_one_line_in_the_log(caplog):
    referee = create_account(username="ref", role=REFEREE, password="heslo-1234-abcd")
    client = Client()
    client.force_login(referee)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get("/sprava/ucty/").status_code == 403
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.getMessage() == "Forbidden (Permission denied): /sprava/ucty/"
    assert record.exc_info is None and record.exc_text is None
    formatted = logging.Formatter().format(record)
    assert "Traceback" not in formatted and "\n" not in formatted


@pytest.mark.django_db
def test_only_a_table_address_speaks_of_table_links_and_qr_codes():
    """A mistyped address of any other page has nothing to do with a table's link."""
    for path in ("/neni-tu-nic/", "/en/neni-tu-nic/", "/turnaj/neni-takovy/"):
        html = Client().get(path).content.decode()
        assert "QR" not in html and "stůl" not in html and "table" not in html.lower(), path
    for path in ("/stul/ABCDEF-spatne/", "/stul/nic/", "/en/stul/ABCDEF-spatne/"):
        response = Client().get(path)
        assert response.status_code == 404 and "QR" in response.content.decode(), path
