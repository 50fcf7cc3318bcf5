"""No page shows a value as it is stored (issue 33, point 4): every public page, in Czech and
in English, and the pages of a table link, are read as their visitors read them, and none
says "none", "None", "True", a sight class's or a stage's code ("final_a"), a gender's.

The pages are those of the crawl of ``tests/test_roles.py`` (every URL pattern, filled with
the demo championship's samples), and besides, the page of a player and of a person of each
sight class: the sample is one player, whose class would leave the others unread."""

import re

import pytest
from bs4 import BeautifulSoup
from django.test import Client

from accounts.access import LINK_HOLDER, PUBLIC
from tests.test_roles import addresses, url_of, world  # noqa: F401 (the fixture)
from tournament.models import Player, SightClass

pytestmark = pytest.mark.django_db

# what a stored value looks like on a page, in either language: Python's own words, the codes
# of the choices (a sight class in lower case, a stage, a gender, a role)
# (a code inside a name, as a draw's commitment "mcr/final_a/game-1/tables", is no value)
CODES = r"None|True|False|final_a|final_b|feminine|masculine|b[1-4]"
RAW = re.compile(rf"(?<![/\w])(?:{CODES})(?![/\w])|\bclass none\b")
# the Czech pages have no English word at all: "none", a role's code
RAW_CZECH = re.compile(rf"(?<![/\w])(?:{CODES}|none|organiser|referee)(?![/\w])")


def visible_text(response) -> str:
    """The text a reader hears: the HTML's text without its scripts, or a text file."""
    content = response.content.decode()
    if response["Content-Type"].startswith("text/plain"):
        return content
    soup = BeautifulSoup(content, "html.parser")
    for hidden in soup(["script", "style", "template"]):
        hidden.decompose()
    texts = [soup.get_text(" ")]
    # what a screen reader reads besides: labels and alternative texts
    for tag in soup.find_all(attrs={"aria-label": True}):
        texts.append(tag["aria-label"])
    for tag in soup.find_all("img", alt=True):
        texts.append(tag["alt"])
    return "\n".join(texts)


def raw_values(url: str, response) -> list[str]:
    if response.status_code != 200:
        return []
    kind = response["Content-Type"]
    if not kind.startswith(("text/html", "text/plain")):
        return []
    pattern = RAW if url.startswith("/en/") else RAW_CZECH
    found = []
    for line in visible_text(response).splitlines():
        match = pattern.search(line)
        if match:
            found.append(f"{url}: {match.group(0)!r} in {line.strip()[:120]!r}")
    return found


def every_class_pages(tournament) -> list[str]:
    """A player's and a person's page of each sight class, in both languages."""
    urls = []
    for sight in SightClass.values:
        player = (
            Player.objects.filter(tournament=tournament, sight_class=sight)
            .select_related("person")
            .first()
        )
        if player is None:
            continue
        for prefix in ("", "/en"):
            urls.append(f"{prefix}/turnaj/{tournament.slug}/hrac/{player.start_number}/")
            if player.person_id:
                urls.append(f"{prefix}/osoby/{player.person.uuid}/")
    return urls


def test_no_page_shows_a_stored_value_as_it_is(world, demo):  # noqa: F811
    client = Client()
    urls = [
        url_of(address, world.sample)
        for address in addresses()
        if address.audience in (PUBLIC, LINK_HOLDER)
    ]
    sighted = Player.objects.filter(tournament=demo, sight_class=SightClass.NONE)
    assert sighted.exists()  # the demo has sighted players, whose class reads "none" stored
    urls += every_class_pages(demo)
    found = []
    for url in urls:
        found.extend(raw_values(url, client.get(url)))
    assert found == [], "\n".join(found)
