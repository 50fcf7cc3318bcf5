"""The staff's navigation in the header of every staff page, the addresses kept for the staff
pages, and no page of the day linking to the back office."""

import re

import pytest
from django.contrib.auth.models import User
from django.urls import get_resolver, reverse

from accounts.access import audience_of
from accounts.roles import ORGANISER, REFEREE
from staff import urls_organiser as staff_urls
from tests.test_roles import addresses
from tournament.models import STAFF_ADDRESSES, Card, Team, Tournament

pytestmark = pytest.mark.django_db


def navigation(html: str) -> str:
    start = html.index('class="staff-nav"')
    return html[start : html.index("</nav>", start)]


def test_the_staff_navigation_is_on_every_staff_page_with_the_current_one(as_organiser, played):
    for name, current in [
        ("staff:players", "staff:players"),
        ("desk:dashboard", "desk:dashboard"),
        ("draws:overview", "draws:overview"),
        ("printing:printouts", "printing:printouts"),
        ("desk:sanctions", "desk:sanctions"),
    ]:
        html = as_organiser.get(reverse(name, kwargs={"slug": "played"})).content.decode()
        nav = navigation(html)
        assert 'aria-label="Správa"' in html
        assert f'href="{reverse(current, kwargs={"slug": "played"})}" aria-current="page"' in nav
        assert nav.count('aria-current="page"') == 1
        for link in ("staff:start", "staff:accounts", "staff:cards"):
            assert reverse(link) in nav
        for link in ("staff:settings", "staff:players", "staff:teams", "desk:advancement"):
            assert reverse(link, kwargs={"slug": "played"}) in nav
        assert played.name in nav


def test_a_page_within_a_section_marks_its_section(as_organiser, played):
    html = as_organiser.get(reverse("staff:player", kwargs={"slug": "played", "number": 3}))
    nav = navigation(html.content.decode())
    assert (
        f'href="{reverse("staff:players", kwargs={"slug": "played"})}" aria-current="true"' in nav
    )


def test_the_local_qualifier_s_page_is_offered_for_a_local_qualifier_only(as_organiser, played):
    local = reverse("staff:local_qualifier", kwargs={"slug": "played"})
    players = reverse("staff:players", kwargs={"slug": "played"})
    assert local not in navigation(as_organiser.get(players).content.decode())
    Tournament.objects.filter(pk=played.pk).update(kind="local_qualifier", rule_set="casual")
    assert local in navigation(as_organiser.get(players).content.decode())


def test_the_referee_s_navigation_has_the_referee_s_pages_only(as_referee, played):
    nav = navigation(
        as_referee.get(reverse("desk:dashboard", kwargs={"slug": "played"})).content.decode()
    )
    assert reverse("staff:start") in nav
    assert reverse("desk:sanctions", kwargs={"slug": "played"}) in nav
    for name in ("staff:accounts", "staff:cards"):
        assert reverse(name) not in nav
    for name in ("staff:settings", "staff:players", "draws:overview", "printing:printouts"):
        assert reverse(name, kwargs={"slug": "played"}) not in nav


def test_public_pages_have_no_staff_navigation(as_organiser, played):
    for url in ("/", reverse("public:home", kwargs={"slug": "played"})):
        assert 'class="staff-nav"' not in as_organiser.get(url).content.decode()


def test_the_front_page_leads_the_staff_to_their_start_not_to_the_admin(
    as_organiser, client, played
):
    html = as_organiser.get("/").content.decode()
    assert reverse("staff:start") in html and "/admin/" not in html
    assert reverse("staff:start") not in client.get("/").content.decode()


def test_every_address_directly_under_the_staff_start_is_kept_from_tournaments():
    literal = set()
    for pattern in staff_urls.urlpatterns:
        first = str(pattern.pattern).split("/")[0]
        if first and "<" not in first:
            literal.add(first)
    assert literal == set(STAFF_ADDRESSES)


def test_the_staff_s_own_addresses_win_over_a_tournament_s(as_organiser):
    for address in STAFF_ADDRESSES:
        match = get_resolver().resolve(f"/sprava/{address}/")
        assert match.namespace == "staff" and "slug" not in match.kwargs


def test_no_page_of_the_day_links_to_the_back_office(as_organiser, played):
    """Every page a staff member or the public opens during the day, as the organiser."""
    team = Team.objects.filter(tournament=played).first()
    samples = {
        "slug": "played",
        "stage": "kvalifikace",
        "number": "1",
        "table": "1",
        "round": str(played.stages.get(kind="qualifier").games.get(number=1).rounds.first().number),
        "team": str(team.pk),
        "account": str(User.objects.get(username="org").pk),
        "card": str(Card.objects.get_or_create(letters="X", defaults={"value": 14})[0].pk),
    }
    checked = 0
    for address in addresses():
        route, name, view = address.route, address.name, address.view
        if (
            route.startswith("en/")
            or name.startswith("admin:")
            or route.startswith("static")
            or "<str:" in route
        ):
            continue
        url = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: samples.get(m.group(1), "?"), route)
        if "?" in url or "^" in url:
            continue
        response = as_organiser.get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        checked += 1
        html = response.content.decode()
        assert "/admin/" not in html, url
        if audience_of(view) in (ORGANISER, REFEREE):
            assert 'class="staff-nav"' in html, url
    assert checked >= 30
