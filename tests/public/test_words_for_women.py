"""Words about a woman take the feminine: her title on the pages and the certificate, her
sanction, "tato hráčka" in the seating; the gender travels in the tournament document."""

import io
import json

import pytest
from django.urls import reverse
from pypdf import PdfReader

from interchange.demo import DEMO_FILE
from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from printing import documents, pdf
from scoring.pages import stage_page
from tests.interchange.test_version_2 import v2
from tournament.models import Player

pytestmark = pytest.mark.django_db


def champions(tournament) -> list[Player]:
    page = stage_page(tournament, "final_a")
    return [
        tournament.players.get(start_number=c.champion.number)
        for c in page.categories
        if c.champion
    ]


def text_of(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_a_woman_champion_is_mistryne_on_the_page_and_the_certificate(demo, client):
    woman, man = champions(demo)
    Player.objects.filter(pk=woman.pk).update(gender="feminine")
    Player.objects.filter(pk=man.pk).update(gender="masculine")
    url = reverse("public:standings", kwargs={"slug": demo.slug, "stage": "final_a"})
    html = client.get(url).content.decode()
    assert f"Mistryně ČR v Syllabatimu 2026: {woman.name}" in html
    assert f"Mistr ČR v Syllabatimu 2026: {man.name}" in html
    certificates = text_of(pdf.certificates(documents.results(demo).awards()))
    assert certificates.count("Mistryně ČR v Syllabatimu 2026") == 1
    assert certificates.count("Mistr ČR v Syllabatimu 2026") == 1


@pytest.fixture
def sanctioned(example_document):
    """The example with 12 (Ludmila Vlček) disqualified from qualifier game 1 and 5 (Jiří
    Žáková) expelled in the B-final's game 2; neither name shows the gender as it is."""
    tournament, _ = import_tournament(v2(example_document), slug="tresty")
    Player.objects.filter(tournament=tournament, start_number=12).update(gender="feminine")
    Player.objects.filter(tournament=tournament, start_number=5).update(gender="masculine")
    return tournament


def test_sanctions_follow_the_stored_gender_not_the_name(sanctioned, client):
    def player_page(number):
        url = reverse("public:player", kwargs={"slug": sanctioned.slug, "number": number})
        return client.get(url).content.decode()

    assert "Diskvalifikována z partie 1 kvalifikace" in player_page(12)
    assert "Vyloučen z turnaje v partii 2 finále B" in player_page(5)
    qualifier = client.get(
        reverse("public:standings", kwargs={"slug": sanctioned.slug, "stage": "qualifier"})
    ).content.decode()
    assert "diskvalifikována z partie 1" in qualifier
    assert "diskvalifikován z partie 1" not in qualifier


def test_the_seating_says_tato_hracka_beside_a_woman(game, client):
    starters = [
        seat
        for table in game.tables.prefetch_related("seats__player")
        for seat in table.seats.all()
        if seat.position == table.starting_seat
    ]
    Player.objects.filter(pk__in=[s.player_id for s in starters]).update(gender="masculine")
    Player.objects.filter(pk=starters[0].player_id).update(gender="feminine")
    html = client.get(
        reverse("public:draw", kwargs={"slug": game.stage.tournament.slug})
    ).content.decode()
    assert html.count("tato hráčka") == 1
    assert html.count("tento hráč") == len(starters) - 1


def test_the_gender_goes_through_the_tournament_document(db):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    first, second, third = document["players"][:3]
    first["name"], first["gender"] = "Eva Krejčí", "feminine"  # the surname says nothing
    second["name"], second["gender"] = "Jan Nováková", "masculine"  # chosen against it
    third["name"] = "Dagmar Pokorná"
    del third["gender"]  # a version-2 document: as the surname suggests
    tournament, _ = import_tournament(document, slug="rod")
    exported = export_tournament(tournament)["players"][:3]
    assert [(p["name"], p["gender"]) for p in exported] == [
        ("Eva Krejčí", "feminine"),
        ("Jan Nováková", "masculine"),
        ("Dagmar Pokorná", "feminine"),
    ]


def test_a_woman_without_a_result_is_hracka(demo, client):
    woman = demo.players.create(start_number=99, name="Dagmar Pokorná", sight_class="B2")
    assert woman.gender == "feminine"  # as the surname suggests
    url = reverse("public:player", kwargs={"slug": demo.slug, "number": 99})
    assert "Hráčka zatím nemá výsledek." in client.get(url).content.decode()
