"""Every address has an owner (issue 31): no page answers to the wrong audience, and a new one
cannot open a hole silently.

Every URL pattern of the project, read from the resolver in both languages (the Czech
addresses and the English ones under /en/), declares its audience (``accounts.access``:
``audience_of`` its view) and is requested, filled with sample values from the demo
championship, by an anonymous visitor, a referee and an organiser (a table link also with a
wrong secret and with the right one, the push API with no key and with a wrong one). Each
answer is compared with what its audience gets (``answers``). A pattern with no audience, or
with a parameter no sample fills (``world``: ``samples`` by the parameter's name,
``by_pattern`` where a name means different things), fails: add the decorator, or the sample.
"""

import re
import types
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.contenttypes.models import ContentType
from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, path, resolve
from django.utils import translation

from accounts.access import (
    AUDIENCES,
    BACK_OFFICE,
    LINK_HOLDER,
    PROGRAM,
    PUBLIC,
    audience_of,
    public,
)
from accounts.roles import ORGANISER, REFEREE, create_account
from printing import catalog
from scoring import links, sanctions
from scoring.models import Lot
from tournament.models import Card, Person, Round, Team, Tournament

pytestmark = pytest.mark.django_db

LANGUAGES = ("cs", "en")
ANONYMOUS = "anonymous"
CLIENTS = (ANONYMOUS, REFEREE, ORGANISER)
LOGIN = "/ucet/prihlaseni/"
ADMIN_LOGIN = "/admin/login/"


@dataclass(frozen=True)
class Address:
    route: str  # the pattern as written, its includes' prefixes before it
    name: str
    view: Callable

    @property
    def audience(self) -> str | None:
        return audience_of(self.view)


def _walk(resolver, prefix="", namespace=""):
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            space = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _walk(entry, prefix + str(entry.pattern), space)
        elif isinstance(entry, URLPattern):
            yield Address(prefix + str(entry.pattern), f"{namespace}{entry.name}", entry.callback)


def addresses(urlconf=None) -> list[Address]:
    """Every URL pattern, once in each language where the language prefixes it."""
    found = {}
    for language in LANGUAGES:
        with translation.override(language):
            for address in _walk(get_resolver(urlconf)):
                found.setdefault(address.route, address)
    return list(found.values())


# --- sample values --------------------------------------------------------------------------

# a route's parameters by name; a regular expression's unnamed groups by their names here
POSITIONAL = {r"^([^/]+)/history/([^/]+)/$": ("object_id", "history_id")}
PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>[^)]*\)|\([^?][^)]*\)")


class NoSample(Exception):
    pass


def url_of(address: Address, samples: Callable[[Address, str], str | None]) -> str:
    """The address with sample values; raises ``NoSample`` naming a parameter no sample
    fills, ``AssertionError`` when the URL made does not lead to the pattern's view."""
    names = iter(next((n for r, n in POSITIONAL.items() if address.route.endswith(r)), ()))

    def value(match):
        name = match.group(1) or match.group(2) or next(names, "?")
        found = samples(address, name)
        if found is None:
            raise NoSample(f"no sample value for <{name}>")
        return found

    url = "/" + PARAMETER.sub(value, address.route).replace("^", "").replace("$", "")
    with translation.override("en" if url.startswith("/en/") else "cs"):
        reached = resolve(url).func
    assert reached is address.view, f"{url} leads to another page"
    return url


@dataclass
class World:
    """The demo championship as it stands after the finals, with what the addresses name."""

    clients: dict[str, Client]
    samples: dict[str, str]
    by_pattern: dict[str, dict[str, str]]
    link: links.TableLink

    def sample(self, address: Address, name: str) -> str | None:
        admin = getattr(address.view, "model_admin", None) or getattr(
            getattr(address.view, "__wrapped__", None), "__self__", None
        )
        model = getattr(admin, "model", None)
        # a model's first row (none: 0, which the admin says it does not have)
        if model is not None and name in ("object_id", "id"):
            return str(
                model._default_manager.order_by("pk").values_list("pk", flat=True).first() or 0
            )
        if model is not None and name == "history_id":
            return str(model.history.order_by("pk").values_list("pk", flat=True).first() or 0)
        if name == "stage" and "<final:stage>" in address.route:  # the finals' draw pages
            return "finale-a"
        return self.by_pattern.get(address.name, {}).get(name, self.samples.get(name))


@pytest.fixture
def world(demo) -> World:
    referee = create_account(username="rozhodci", role=REFEREE, password="heslo-heslo")
    organiser = create_account(username="organizator", role=ORGANISER, password="heslo-heslo")
    clients = {ANONYMOUS: Client()}
    for role, user in ((REFEREE, referee), (ORGANISER, organiser)):
        clients[role] = Client()
        clients[role].force_login(user)
    game = demo.stages.get(kind="qualifier").games.get(number=1)
    player = game.tables.get(number=1).seats.first().player
    sanction = sanctions.record_sanction(
        player=player, scope="game", game=game, reason="zvonící telefon", by=referee
    )
    link = links.issue_table_links(game=game, by=organiser)[1]
    card, _created = Card.objects.get_or_create(letters="X", defaults={"value": 14})
    first_round = Round.objects.filter(game=game).order_by("position").first()
    person = Person.objects.filter(players__tournament=demo).first()
    shown = {doc.file_name(demo.slug) for doc in catalog.available(demo, public=True)}
    staffs = [doc for doc in catalog.available(demo) if doc.file_name(demo.slug) not in shown]
    public_file = next(d for d in catalog.available(demo, public=True) if d.format == catalog.TXT)
    staff_file = next(d for d in staffs if d.format == catalog.TXT)
    samples = {
        "slug": demo.slug,
        "stage": "kvalifikace",
        "number": "1",
        "table": "1",
        "round": str(first_round.number),
        "lot": str(Lot.objects.filter(tournament=demo).first().pk),
        "team": str(Team.objects.filter(tournament=demo).first().pk),
        "card": str(card.pk),
        "account": str(referee.pk),
        "sanction": str(sanction.pk),
        "person_id": str(person.uuid),
        "person": str(person.pk),
        "format": catalog.HTML,
        "token": links.token_of(link),
        "app_label": "tournament",
        "content_type_id": str(ContentType.objects.get_for_model(Tournament).pk),
        "object_id": str(demo.pk),
        "url": "neni-tu/",  # the admin's catch-all: an address it does not have
    }
    by_pattern = {
        "downloads:file": {"file_name": public_file.file_name(demo.slug)},
        "printing:download": {"file_name": staff_file.file_name(demo.slug)},
    }
    return World(clients, samples, by_pattern, link)


# --- what each audience gets ----------------------------------------------------------------


def _status(response) -> str:
    location = response.get("Location", "")
    return f"{response.status_code}{' → ' + location if location else ''}"


def _to(sign_in: str):
    def check(response) -> bool:
        return response.status_code == 302 and sign_in in response["Location"]

    check.__doc__ = f"302 to {sign_in}"
    return check


def _one_of(*statuses: int):
    def check(response) -> bool:
        location = response.get("Location", "")
        return response.status_code in statuses and LOGIN not in location

    check.__doc__ = " or ".join(map(str, statuses))
    return check


def _below_500_and_not(sign_in: str):
    def check(response) -> bool:
        return response.status_code < 500 and sign_in not in response.get("Location", "")

    check.__doc__ = f"under 500, not sent to {sign_in}"
    return check


OPEN = _one_of(200, 405)  # a page, or one that only takes a form sent to it (405 on GET)
REACHED = _one_of(200, 302, 405)  # past the audience check: the page, its redirect or 405
NOT_FOUND = _one_of(404)


def _wrong_secret(token: str) -> str:
    code, _dash, secret = token.partition("-")
    return f"{code}-{'A' if secret[0] != 'A' else 'B'}{secret[1:]}"


def answers(address: Address, url: str, world: World) -> list[str]:
    """Where the address answers otherwise than its audience expects: one line each."""
    clients = world.clients
    expected: list[tuple[str, str, Callable, dict]] = []  # (client, method, check, headers)
    audience = address.audience
    if audience == PUBLIC:
        statuses = {name: clients[name].get(url).status_code for name in CLIENTS}
        if len(set(statuses.values())) != 1:
            return [f"{url}: a public page answers the audiences differently: {statuses}"]
        expected = [(name, "get", OPEN, {}) for name in CLIENTS]
    elif audience in (ORGANISER, REFEREE):
        expected = [(ANONYMOUS, method, _to(LOGIN), {}) for method in ("get", "post")]
        if audience == ORGANISER:
            expected += [(REFEREE, method, _one_of(403), {}) for method in ("get", "post")]
        else:
            expected.append((REFEREE, "get", REACHED, {}))
        expected.append((ORGANISER, "get", REACHED, {}))
    elif audience == LINK_HOLDER:
        wrong = url.replace(links.token_of(world.link), _wrong_secret(links.token_of(world.link)))
        expected = [
            (name, method, NOT_FOUND, {"url": wrong})
            for name in CLIENTS
            for method in ("get", "post")
        ]
        expected += [(name, "get", _one_of(200), {}) for name in CLIENTS]
    elif audience == PROGRAM:
        # GET asks the revision held, with the key like PUT
        expected = [(name, "get", _one_of(401), {}) for name in CLIENTS]
        expected += [(name, "put", _one_of(401), {}) for name in CLIENTS]
        wrong_key = {"HTTP_AUTHORIZATION": "Bearer not-a-key"}
        expected += [(name, "put", _one_of(401), wrong_key) for name in CLIENTS]
    elif audience == BACK_OFFICE:
        if address.name == "admin:login":  # the organiser, signed in already, goes on
            expected = [(name, "get", _one_of(200), {}) for name in (ANONYMOUS, REFEREE)]
        else:
            # a referee is no staff account: sent to sign in as one, like the anonymous
            expected = [(name, "get", _to(ADMIN_LOGIN), {}) for name in (ANONYMOUS, REFEREE)]
            if address.name == "admin:logout":
                expected = [(name, "get", _one_of(302, 405), {}) for name in (ANONYMOUS, REFEREE)]
        expected.append((ORGANISER, "get", _below_500_and_not(ADMIN_LOGIN), {}))
    else:
        return [f"{address.route} ({address.name}): no audience declared"]
    wrong = []
    for name, method, check, options in expected:
        options = dict(options)
        target = options.pop("url", url)
        response = getattr(clients[name], method)(target, **options)
        if not check(response):
            wrong.append(
                f"{method.upper()} {target} as {name}: {_status(response)}, "
                f"expected {check.__doc__} ({audience})"
            )
    return wrong


def problems(found: list[Address], world: World) -> list[str]:
    result = []
    for address in found:
        if address.audience is None:
            result.append(f"{address.route} ({address.name}): no audience declared")
            continue
        try:
            url = url_of(address, world.sample)
        except NoSample as missing:
            result.append(f"{address.route} ({address.name}): {missing}")
            continue
        result.extend(answers(address, url, world))
    return result


# --- the tests ------------------------------------------------------------------------------


def test_every_address_declares_its_audience():
    undeclared = [f"{a.route} ({a.name})" for a in addresses() if a.audience is None]
    assert undeclared == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("audience", AUDIENCES)
def test_every_address_answers_its_audience_only(world, audience, language):
    """Each pattern of the audience, in the language, requested as each audience."""
    prefix = "en/"
    found = [
        a
        for a in addresses()
        if a.audience == audience and a.route.startswith(prefix) == (language == "en")
    ]
    assert found or (audience, language) == (PROGRAM, "en")  # the push API has no language
    assert problems(found, world) == []


def undeclared_view(request):
    return HttpResponse("nobody said who may see this")


def unsampled_view(request, thing):
    return HttpResponse("a parameter the crawl cannot fill")


def falsely_declared(request):
    return HttpResponse("said to be the organiser's, checks nothing")


falsely_declared.required_role = ORGANISER


def test_a_new_address_without_an_audience_a_sample_or_its_check_fails(world):
    """Three addresses added as a careless change would add them: one with no audience, one
    whose parameter no sample fills, one marked as the organiser's without the check. Each
    is reported by the same crawl that runs above."""
    throwaway = types.ModuleType("throwaway_urls")
    throwaway.urlpatterns = [
        path("novinka/", undeclared_view),
        path("tajne/<int:thing>/", public(unsampled_view)),
        path("jen-pro-organizatora/", falsely_declared),
        *get_resolver().url_patterns,
    ]
    project = {a.route for a in addresses()}
    with override_settings(ROOT_URLCONF=throwaway):
        new = [a for a in addresses(throwaway) if a.route not in project]
        assert sorted(a.route for a in new) == [
            "jen-pro-organizatora/",
            "novinka/",
            "tajne/<int:thing>/",
        ]
        found = problems(new, world)
    assert found == [
        "novinka/ (None): no audience declared",
        "tajne/<int:thing>/ (None): no sample value for <thing>",
        "GET /jen-pro-organizatora/ as anonymous: 200, expected 302 to /ucet/prihlaseni/ "
        "(organiser)",
        "POST /jen-pro-organizatora/ as anonymous: 200, expected 302 to /ucet/prihlaseni/ "
        "(organiser)",
        "GET /jen-pro-organizatora/ as referee: 200, expected 403 (organiser)",
        "POST /jen-pro-organizatora/ as referee: 200, expected 403 (organiser)",
    ]
