"""A sanction's reason is the staff's: every public page, public download and public JSON says
what happened ("vyloučen z turnaje", "diskvalifikován z partie 1") and never why; the staff's
pages and printouts keep the reason. The public server imports the pushed tournament document
the way this fixture does and serves these same pages."""

import io
import re

import pytest
from django.test import Client
from pypdf import PdfReader

from interchange.importer import import_tournament
from printing import catalog
from tests.conftest import client_of
from tests.interchange.test_version_2 import v2

pytestmark = pytest.mark.django_db

EXPULSION = "Dechová zkouška XQ7 mimořádná"
DISQUALIFICATION = "Telefon ZK3 zazvonil potřetí"
REASONS = (EXPULSION, DISQUALIFICATION)


@pytest.fixture
def sanctioned(example_document):
    """12 disqualified from qualifier game 1, 5 expelled in the B-final's game 2, each with a
    distinctive reason."""
    document = v2(example_document)
    document["sanctions"][0]["reason"] = DISQUALIFICATION
    document["sanctions"][1]["reason"] = EXPULSION
    tournament, _ = import_tournament(document, slug="duvody")
    # his surname suggests the feminine (the version-2 document gives no gender): corrected
    tournament.players.filter(start_number=5).update(gender="masculine")
    return tournament


def readable(response) -> str:
    """What a reader gets: a page's text, a PDF's text layer, a Braille file's text."""
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if content.startswith(b"%PDF"):
        pages = PdfReader(io.BytesIO(content)).pages
        return " ".join(" ".join(p.extract_text() for p in pages).split())
    return content.decode("utf-8", errors="replace")


def public_responses(tournament) -> dict[str, str]:
    client = Client()
    base = f"/turnaj/{tournament.slug}/"
    paths = [
        "",
        "druzstva/",
        "rozlosovani/",
        "zaznam/",
        "losovani.json",
        "ke-stazeni/",
        *[f"{stage}/" for stage in ("kvalifikace", "finale-a", "finale-b")],
        *[f"{stage}/zive/" for stage in ("kvalifikace", "finale-a", "finale-b")],
        *[f"{stage}/vysledky.json" for stage in ("kvalifikace", "finale-a", "finale-b")],
        *[
            f"hrac/{number}/"
            for number in tournament.players.values_list("start_number", flat=True)
        ],
    ]
    found = {}
    for path in paths:
        response = client.get(base + path)
        assert response.status_code in (200, 204), path
        found[path] = readable(response)
    downloads = catalog.available(tournament, public=True)
    assert {d.format for d in downloads} >= {"pdf", "large-pdf", "html", "brf", "txt"}
    for document in downloads:
        path = "ke-stazeni/" + document.file_name(tournament.slug)
        response = client.get(base + path)
        assert response.status_code == 200, path
        found[path] = readable(response)
    return found


def test_no_public_response_carries_a_reason(sanctioned):
    responses = public_responses(sanctioned)
    for path, content in responses.items():
        for reason in REASONS:
            assert reason not in content, f"{reason!r} on {path}"
    # what happened is said, in Czech
    assert "5. Jiří Žáková: vyloučen z turnaje v partii 2 finále B" in responses["finale-b/"]
    assert "diskvalifikován z partie 1" in responses["kvalifikace/"]
    assert "Diskvalifikován z partie 1 kvalifikace" in responses["hrac/12/"]
    assert "vyloučen z turnaje" in responses["ke-stazeni/duvody-poradi-finale-b.pdf"]
    assert re.search(r"vyloučen z turnaje", responses["ke-stazeni/duvody-vysledky.html"])


def test_the_staff_keep_the_reasons(sanctioned, organiser):
    staff = client_of(organiser)
    assert DISQUALIFICATION in staff.get("/sprava/duvody/hraci/12/").content.decode()
    assert EXPULSION in staff.get("/sprava/duvody/hraci/5/").content.decode()
    sanctions = staff.get("/rozhodci/duvody/tresty/").content.decode()
    assert EXPULSION in sanctions and DISQUALIFICATION in sanctions
    printout = readable(staff.get("/sprava/duvody/tisk/duvody-poradi-finale-b.pdf"))
    assert EXPULSION in printout
    twin = readable(staff.get("/sprava/duvody/tisk/duvody-vysledky.html"))
    assert EXPULSION in twin
