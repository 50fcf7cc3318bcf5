"""Every page declares its audience, and no page that changes data answers to the wrong role.

A crawl of ALL URL patterns of the project: each is resolved with sample arguments from the
demo championship and requested (GET and POST) by an anonymous visitor, a referee and an
organiser.
"""

import json

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from accounts.roles import ORGANISER, REFEREE, create_account
from interchange.importer import import_tournament
from interchange.management.commands.demo import DEMO_FILE
from scoring.models import Lot
from tournament.models import Card, Person, Round, Team

pytestmark = pytest.mark.django_db

# Django's own pages for everyone; the project's public pages declare it (accounts.access.public).
PUBLIC = {"accounts:login", "accounts:logout"}


def patterns(resolver=None, prefix="", namespace=""):
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            space = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from patterns(entry, prefix + str(entry.pattern), space)
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), f"{namespace}{entry.name}", entry.callback


def declared(view, audience: str) -> bool:
    while view is not None:
        if getattr(view, audience, False):
            return True
        view = getattr(view, "__wrapped__", None)
    return False


def declared_public(view) -> bool:
    return declared(view, "public")


def declared_link_holder(view) -> bool:
    """A page for whoever holds a table link (accounts.access.link_holder): no account."""
    while view is not None:
        if getattr(view, "link_holder", False):
            return True
        view = getattr(view, "__wrapped__", None)
    return False


def required_role(view):
    while view is not None:
        if hasattr(view, "required_role"):
            return view.required_role
        view = getattr(view, "__wrapped__", None)
    return None


SAMPLES = {
    "slug": "mcr-2026",
    "stage": "kvalifikace",
    "number": "1",
    "table": "1",
    "round": "1",
    "token": "ABCDEF-not-a-table-link",
}


def url_of(route: str, extra: dict) -> str | None:
    """The route with sample values, or None for routes it cannot fill (admin, static)."""
    import re

    values = {**SAMPLES, **extra}
    url = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values.get(m.group(1), "?"), route)
    return None if "?" in url or "^" in url or "(?P" in route else url


@pytest.fixture
def crawl():
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    import_tournament(document, slug="mcr-2026")
    lot = Lot.objects.get()
    first = Round.objects.filter(game__stage__kind="qualifier", game__number=1).first()
    card, _created = Card.objects.get_or_create(letters="X", defaults={"value": 14})
    extra = {
        "lot": str(lot.pk),
        "round": str(first.number),
        "team": str(Team.objects.first().pk),
        "card": str(card.pk),
        "person_id": str(Person.objects.first().uuid),
    }
    clients = {"anonymous": Client()}
    for role in (REFEREE, ORGANISER):
        client = Client()
        user = create_account(username=role, role=role, password="heslo-heslo")
        client.force_login(user)
        clients[role] = client
        extra.setdefault("account", str(user.pk))
    pages = [
        (route, name, view, url_of(route, extra))
        for route, name, view in patterns()
        if not name.startswith("admin:") and not route.startswith("static")
    ]
    return clients, pages


def test_every_page_declares_its_audience(crawl):
    _clients, pages = crawl
    undeclared = [
        name
        for _route, name, view, _url in pages
        if name not in PUBLIC
        and required_role(view) is None
        and not declared_public(view)
        and not declared(view, "token_authenticated")  # programs with a key (accounts.access)
        and not declared_link_holder(view)
    ]
    assert undeclared == []


def test_table_link_pages_open_to_no_account_without_the_link(crawl):
    """A wrong token is a 404 for everyone, organiser included: the link is the only key."""
    clients, pages = crawl
    checked = 0
    for _route, _name, view, url in pages:
        if not declared_link_holder(view) or url is None:
            continue
        checked += 1
        for client in clients.values():
            for method in ("get", "post"):
                assert getattr(client, method)(url).status_code == 404, (method, url)
    assert checked >= 2


def test_no_page_answers_to_the_wrong_role(crawl):
    clients, pages = crawl
    checked = 0
    for _route, _name, view, url in pages:
        role = required_role(view)
        if role is None or url is None:
            continue
        checked += 1
        for method in ("get", "post"):
            response = getattr(clients["anonymous"], method)(url)
            assert response.status_code == 302 and "/ucet/prihlaseni/" in response.url, (
                method,
                url,
            )
            if role == ORGANISER:
                assert getattr(clients[REFEREE], method)(url).status_code == 403, (method, url)
        allowed = clients[ORGANISER].get(url)
        assert allowed.status_code in (200, 302, 405), (url, allowed.status_code)
        if role == REFEREE:
            assert clients[REFEREE].get(url).status_code in (200, 302, 405), url
    assert checked >= 35
