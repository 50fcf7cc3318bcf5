"""Every sentence about a person agrees with their gender (issue 33, point 5): the demo
championship made one of women only, with referees and organisers who are women, is read
page by page (every address of the crawl of ``tests/test_roles.py``, in Czech, as its
audience reads it), printout by printout and reveal by reveal, and no line that names a
person (or a page about one person) says it in the masculine ("Zapsal Jana Dvořáková",
"Karta hráče", "Titul: mistr", "zavřel kolo"); and the reverse for a championship of men.

A line here is what a block of the page holds (a paragraph, a cell, a caption, a label's
cell): a header of a column over everybody's rows is no sentence about one person."""

import io
import re

import pytest
from bs4 import BeautifulSoup
from django.contrib.auth.models import User
from django.test import Client
from pypdf import PdfReader

from accounts.access import LINK_HOLDER, PUBLIC
from accounts.roles import ORGANISER, REFEREE
from accounts.services import set_gender, set_name
from printing import catalog
from scoring import ceremony
from scoring.models import Lot, Sheet
from tests.test_roles import ANONYMOUS, addresses, url_of, world  # noqa: F401 (the fixture)
from tournament.models import Game, Person, Player

pytestmark = pytest.mark.django_db

MASCULINE = re.compile(
    r"\b(?:zavřel|zapsal|losoval|potvrdil|uložil|nařídil|ukončil|zrušil|získal|postoupil|"
    r"vyloučen|diskvalifikován|nalosován|zaplatil|hráč|hráče|mistr|tento hráč)\b",
    re.IGNORECASE,
)
FEMININE = re.compile(
    r"\b(?:zavřela|zapsala|losovala|potvrdila|uložila|nařídila|ukončila|zrušila|získala|"
    r"postoupila|vyloučena|diskvalifikována|nalosována|zaplatila|hráčka|hráčky|hráčku|"
    r"mistryně|tato hráčka)\b",
    re.IGNORECASE,
)
BLOCKS = (
    "p", "li", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4", "caption", "title", "legend",
    "option", "summary", "div", "tr", "section", "button", "label", "figcaption",
)  # fmt: skip
# pages about one person, every line of them
ONE_PERSON = re.compile(r"/hrac/\d+/|/osoby/[0-9a-f-]{36}/|karty|/ke-stazeni/hrac/")

WOMEN = {REFEREE: ("Jana", "Dvořáková"), ORGANISER: ("Věra", "Doležalová")}
MEN = {REFEREE: ("Petr", "Malý"), ORGANISER: ("Jan", "Novák")}


def lines_of_html(html: str) -> list[str]:
    soup = BeautifulSoup(html, "html.parser")
    for hidden in soup(["script", "style", "template"]):
        hidden.decompose()
    # a field in a group is announced with the group's name: "3. Jana Nováková: zavřela kolo"
    for group in soup.find_all("fieldset"):
        legend = group.find("legend")
        if legend is not None:
            for label in group.find_all("label"):
                label.insert(0, legend.get_text(" ") + ": ")
    for block in soup.find_all(BLOCKS):
        block.insert_before("\n")
        block.append("\n")
    text = soup.get_text(" ")
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def lines_of(response) -> list[str]:
    kind = response.get("Content-Type", "")
    if kind.startswith("application/pdf"):
        return lines_of_pdf(response.content)
    if kind.startswith("text/html"):
        return lines_of_html(response.content.decode())
    return []


def lines_of_pdf(content: bytes) -> list[str]:
    reader = PdfReader(io.BytesIO(content))
    return [line for page in reader.pages for line in page.extract_text().splitlines()]


def make_championship_of(tournament, gender: str, people: dict) -> list[str]:
    """Every player, person and staff account of one gender; the staff's names on the draws,
    lots and sheets they made. The names of everybody the words may be about."""
    Player.objects.update(gender=gender)
    Person.objects.update(gender=gender)
    accounts = {}
    for role, (first, last) in people.items():
        user = User.objects.get(username={REFEREE: "rozhodci", ORGANISER: "organizator"}[role])
        set_name(user=user, first_name=first, last_name=last)
        set_gender(user=user, gender=gender)
        accounts[role] = user
    referee, organiser = accounts[REFEREE], accounts[ORGANISER]
    Lot.objects.filter(tournament=tournament).update(drawn_by=referee.get_full_name())
    Game.objects.filter(stage__tournament=tournament).update(
        drawn_by=organiser.get_full_name(), draw_confirmed_by=organiser.get_full_name()
    )
    Sheet.objects.filter(table__game__stage__tournament=tournament).update(
        entered_by=referee, confirmed_by=organiser
    )
    return [u.get_full_name() for u in accounts.values()] + list(
        Player.objects.filter(tournament=tournament).values_list("name", flat=True)
    )


def everything_read(world, tournament) -> list[tuple[str, str]]:  # noqa: F811
    """(where, line): every Czech page as its audience reads it, every printout, every
    reveal of the ceremony."""
    read = []
    for address in addresses():
        if address.route.startswith(("en/", "admin/")):
            continue
        audience = address.audience
        client = world.clients.get(ANONYMOUS if audience in (PUBLIC, LINK_HOLDER) else audience)
        if client is None:
            continue
        url = url_of(address, world.sample)
        response = client.get(url)
        if response.status_code == 200:
            read += [(url, line) for line in lines_of(response)]
    for document in catalog.available(tournament):
        if document.format == catalog.PDF or document.format == catalog.LARGE_PDF:
            lines = lines_of_pdf(catalog.render(tournament, document, staff=True))
        elif document.format == catalog.HTML:
            lines = lines_of_html(catalog.render(tournament, document, staff=True).decode())
        else:
            continue
        read += [(document.file_name(tournament.slug), line) for line in lines]
    read += [("ceremony", r.sentence) for r in ceremony.ceremony_state(tournament).reveals]
    return read


def disagreeing(read, names: list[str], wrong: re.Pattern) -> list[str]:
    named = re.compile("|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)))
    return sorted(
        {
            f"{where}: {line[:160]}"
            for where, line in read
            if wrong.search(line) and (named.search(line) or ONE_PERSON.search(where))
        }
    )


def test_a_championship_of_women_is_spoken_of_in_the_feminine(world, demo):  # noqa: F811
    names = make_championship_of(demo, "feminine", WOMEN)
    read = everything_read(world, demo)
    assert any("Jana Dvořáková" in line for _where, line in read)  # the staff's words are read
    # who confirmed, by the person's name, not the login ("Potvrdil organizator")
    assert any(line == "Potvrdila Věra Doležalová." for _where, line in read)
    found = disagreeing(read, names, MASCULINE)
    assert found == [], "\n".join(found)


def test_a_championship_of_men_is_spoken_of_in_the_masculine(world, demo):  # noqa: F811
    names = make_championship_of(demo, "masculine", MEN)
    read = everything_read(world, demo)
    found = disagreeing(read, names, FEMININE)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(
    ("gender", "first", "last", "wrong"),
    [
        ("feminine", "Jana", "Dvořáková", MASCULINE),
        ("masculine", "Petr", "Malý", FEMININE),
    ],
)
def test_the_phone_and_the_desk_entering_a_round_agree(game, gender, first, last, wrong):
    """A game being played, which the finished demo has not: the phone's form ("zavřela
    kolo" beside each woman), the desk's sheet ("Věra Doležalová zavřela") and who entered
    it ("Zapsala Jana Dvořáková")."""
    from accounts.roles import create_account
    from rules.sheet import SheetLine
    from scoring import links
    from scoring import sheets as sheet_services
    from tests.conftest import client_of

    tournament = game.stage.tournament
    Player.objects.filter(tournament=tournament).update(gender=gender)
    referee = create_account(username="rozhodci2", role=REFEREE, password="heslo-heslo-1")
    set_name(user=referee, first_name=first, last_name=last)
    set_gender(user=referee, gender=gender)
    link = links.issue_table_links(game=game)[1]
    phone = f"/stul/{links.token_of(link)}/"
    table, second = game.tables.get(number=1), game.tables.get(number=2)
    first_round = game.rounds.order_by("position").first()
    desk = (
        f"/rozhodci/{tournament.slug}/kvalifikace/partie-{game.number}/stul-{{table}}/"
        f"kolo-{first_round.number}/"
    )
    names = [referee.get_full_name()] + list(
        Player.objects.filter(tournament=tournament).values_list("name", flat=True)
    )
    read = [(phone, line) for line in lines_of(Client().get(phone))]
    read += [(desk, line) for line in lines_of(client_of(referee).get(desk.format(table=2)))]
    seats = list(second.seats.select_related("player").order_by("position"))
    sheet_services.save_sheet(
        table=second,
        round=first_round,
        lines=[
            SheetLine(s.player.start_number, 10, 0 if i == 0 else 3, closed=i == 0)
            for i, s in enumerate(seats)
        ],
        by=referee,
        version=0,
    )
    entered = client_of(referee).get(desk.format(table=2))
    read += [(desk, line) for line in lines_of(entered)]
    said = "Zapsala" if gender == "feminine" else "Zapsal"
    assert any(line.startswith(f"{said} {first} {last}") for _w, line in read)
    assert any("kolo" in line and first not in line for _w, line in read)  # the phone read
    assert table.seats.exists()
    found = disagreeing(read, names, wrong)
    assert found == [], "\n".join(found)
