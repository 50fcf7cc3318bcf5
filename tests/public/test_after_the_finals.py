"""After the finals: the front page leads with the champions of each category, the B-final's
podium, the best team and the games ended early; the medals page lists every podium; where do
I sit still answers with the last seat."""

import json
import re

import pytest
from django.urls import reverse

from interchange.demo import DEMO_FILE
from interchange.exporter import export_tournament
from interchange.importer import DocumentRejected, import_tournament
from interchange.schema import validator
from scoring.pages import stage_page, team_page
from tests.authors import author
from tournament.models import Seat

pytestmark = pytest.mark.django_db


def html(client, name, **kwargs) -> str:
    response = client.get(reverse(name, kwargs=kwargs))
    assert response.status_code == 200
    return response.content.decode()


def test_the_front_page_leads_with_the_champions_the_b_final_and_the_best_team(client, demo):
    home = html(client, "public:home", slug=demo.slug)
    lead = home[: home.index('id="now-heading"')]  # what comes before "Now"
    assert "Výsledky mistrovství" in lead
    final_a = stage_page(demo, "final_a")
    champions = [c for c in final_a.categories if c.champion]
    assert len(champions) == 2
    for standing in champions:
        assert standing.title in lead and f">{standing.champion.name}</a>" in lead
    assert "Mistryně ČR v Syllabatimu 2026" in lead  # the demo's B1 champion is a woman
    podium = [row for row in stage_page(demo, "final_b").categories[0].rows if row.medal]
    assert len(podium) == 3
    section = lead[lead.index("Stupně vítězů finále B") :]
    for row in podium:
        assert f"{row.rank}. <a " in section and f">{row.player.name}</a>" in section
    best = next(row for row in team_page(demo).rows if row.medal == 1)
    assert f"Nejlepší družstvo</h3>\n  <p>{best.team}: {best.points} bodů (" in lead
    assert all(player.name in lead for player in best.counted)
    assert reverse("public:medals", kwargs={"slug": demo.slug}) in lead
    assert "předčasně ukončena" not in lead  # no game of the demo was ended early


def ended_early_document() -> dict:
    """The demo with the B-final's game 2 ended early after round 6, as the venue exports it
    (format v3) and pushes it to the public server."""
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    game = document["stages"]["final_b"]["games"][1]
    game["rounds"].remove(7)
    for table in game["tables"]:
        table["rounds"] = [played for played in table["rounds"] if played["round"] != 7]
    game["ended_early"] = {
        "at": "2026-06-14T15:40:00+02:00",
        "by": "Jana Veselá",
        "rounds_dropped": [7],
    }
    return document


def test_the_front_page_says_which_game_was_ended_early(client, db):
    document = ended_early_document()
    tournament, _ = import_tournament(json.loads(json.dumps(document)), slug="mcr")
    home = html(client, "public:home", slug=tournament.slug)
    lead = home[: home.index('id="now-heading"')]
    assert "Finále B, partie 2: předčasně ukončena rozhodčím (pravidlo F); nehrála se kola 7." in (
        lead
    )
    medals = html(client, "public:medals", slug=tournament.slug)
    assert "Předčasně ukončené partie" in medals and "Finále B, partie 2:" in medals
    # the document carries it: exported as imported
    exported = export_tournament(tournament)["stages"]["final_b"]["games"][1]
    assert exported["ended_early"] == document["stages"]["final_b"]["games"][1]["ended_early"]
    assert list(validator("tournament").iter_errors(export_tournament(tournament))) == []


def test_a_dropped_round_that_is_also_played_is_refused(db):
    document = ended_early_document()
    document["stages"]["final_b"]["games"][1]["ended_early"]["rounds_dropped"] = [6, 7]
    with pytest.raises(DocumentRejected) as refused:
        import_tournament(document, slug="mcr")
    assert str(refused.value) == (
        "Finále B, partie 2: kolo vypuštěné při předčasném ukončení partie se zároveň hraje: 6"
    )


def test_the_medals_page_lists_every_podium(client, demo):
    medals = html(client, "public:medals", slug=demo.slug)
    captions = re.findall(r"<caption>(.*?)</caption>", medals)
    assert captions == [
        "Finále A, B1, nevidomí",
        "Finále A, VS, vidící a slabozrací",
        "Finále B",
        "Družstva",
    ]
    for kind in ("final_a", "final_b"):
        for standing in stage_page(demo, kind).categories:
            for row in standing.rows:
                if row.medal:
                    assert f">{row.player.name}</a></th><td>{row.points}</td>" in medals
    for row in team_page(demo).rows:
        if row.medal:
            assert f">{row.team}</th><td>{row.points}</td>" in medals
    assert medals.count(">zlato<") == 4 and medals.count(">bronz<") == 4
    assert "Medaile</a>" in html(client, "public:teams", slug=demo.slug)  # in the navigation


@pytest.fixture
def qualifier_over(db):
    """The demo after its qualifier, the finals drawn and not played."""
    from draws.services import draw_game

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug="mcr")
    for kind in ("final_a", "final_b"):
        draw_game(
            tournament=tournament, kind=kind, number=1, by=author("Jana"), seed=1, confirm=True
        )
    return tournament


def test_nothing_is_announced_before_the_finals_are_over(client, qualifier_over):
    home = html(client, "public:home", slug=qualifier_over.slug)
    assert "Výsledky mistrovství" not in home, home
    assert "Mistr ČR v" not in home and "Mistryně" not in home
    medals = html(client, "public:medals", slug=qualifier_over.slug)
    assert "Zatím nejsou rozhodnuty žádné stupně vítězů" in medals and "<table" not in medals


def test_a_registered_name_without_a_seat_gets_a_hint_after_the_championship(client, demo):
    """ "Dvořák" found "Nalezeno 0 hráčů" and nothing else: a registered player never drawn."""
    demo.players.create(start_number=99, name="Pavel Dvořák", sight_class="B2", present=False)
    url = reverse("public:draw", kwargs={"slug": demo.slug})
    page = client.get(url, {"hledat": "dvorak"}).content.decode()
    assert "Nalezeno 0 hráčů." in page
    assert (
        "Pavel Dvořák: žádné místo v naposledy hraných partiích (finále A, partie 2; finále B, "
        "partie 2). Zatím bez místa u stolu." in page
    )
    # a finalist is found in the last game of the final played, not forgotten
    finalist = Seat.objects.filter(
        game__stage__tournament=demo, game__stage__kind="final_a", game__number=2
    ).select_related("player", "table")[0]
    page = client.get(url, {"hledat": str(finalist.player.start_number)}).content.decode()
    assert (
        f"finále A, partie 2, stůl {finalist.table.number}, místo {finalist.position + 1}" in page
    )
