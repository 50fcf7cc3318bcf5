"""The organiser's replacements in the A-final (issue 22): an advancing player withdraws and
the next one of the category moves up; decided on the staff page with the rules' checks,
taken by the A-final's draw, exported and imported."""

import json

import pytest

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from scoring.models import Replacement
from scoring.selectors import tournament_data
from scoring.standings import final_fields
from tests.staff.conftest import demo_document

pytestmark = pytest.mark.django_db


@pytest.fixture
def after_qualifier(db):
    """The demo championship with its qualifier over and no final drawn."""
    document = demo_document(played=True)
    del document["stages"]["final_a"], document["stages"]["final_b"]
    document["lots"] = [lot for lot in document.get("lots", []) if lot["stage"] == "qualifier"]
    document.pop("sanctions", None)
    tournament, _ = import_tournament(document, slug="po-kvalifikaci")
    return tournament


def url(tournament) -> str:
    return f"/sprava/{tournament.slug}/nahradnici/"


def pick(tournament):
    """An advancing player and a non-advancing player of the same category."""
    fields = final_fields(tournament_data(tournament))
    players = {p.start_number: p for p in tournament.players.all()}
    for withdrawn in sorted(fields.a_final):
        for candidate in sorted(fields.b_final):
            if players[withdrawn].category == players[candidate].category:
                return withdrawn, candidate
    raise AssertionError("the demo has players of both categories on both sides")


def test_the_organiser_records_a_replacement_and_the_draw_takes_it(as_organiser, after_qualifier):
    page = as_organiser.get(url(after_qualifier))
    assert page.status_code == 200 and "Náhradníci ve finále A" in page.content.decode()
    withdrawn, moved_up = pick(after_qualifier)
    answer = as_organiser.post(
        url(after_qualifier),
        {"withdrawn": withdrawn, "replacement": moved_up, "reason": "odstoupil"},
        follow=True,
    )
    assert "Zaznamenáno" in answer.content.decode()
    fields = final_fields(tournament_data(after_qualifier))
    assert moved_up in fields.a_final and withdrawn not in fields.a_final | fields.b_final
    document = export_tournament(after_qualifier)
    assert document["replacements"][0]["withdrawn"] == withdrawn
    assert document["replacements"][0]["replacement"] == moved_up
    copy, _ = import_tournament(json.loads(json.dumps(document)), slug="kopie")
    assert export_tournament(copy) == document


def test_a_replacement_of_another_category_is_refused_next_to_the_form(
    as_organiser, after_qualifier
):
    fields = final_fields(tournament_data(after_qualifier))
    players = {p.start_number: p for p in after_qualifier.players.all()}
    withdrawn = min(fields.a_final)
    other = next(
        n for n in sorted(fields.b_final) if players[n].category != players[withdrawn].category
    )
    page = as_organiser.post(
        url(after_qualifier), {"withdrawn": withdrawn, "replacement": other, "reason": "x"}
    )
    html = page.content.decode()
    assert page.status_code == 200 and 'role="alert"' in html and "kategorie" in html
    assert not Replacement.objects.exists()


def test_no_replacement_once_the_a_final_is_drawn(as_organiser, played):
    html = as_organiser.get(url(played)).content.decode()
    assert "Finále A je už nalosováno" in html and "<form" not in html.split("new-heading")[1]


def test_a_replacement_loads_the_tournament_s_data_once(after_qualifier, monkeypatch):
    from django.contrib.auth.models import User

    from scoring import finals

    loads = []

    def counted(tournament):
        loads.append(tournament.pk)
        return tournament_data(tournament)

    monkeypatch.setattr(finals, "tournament_data", counted)
    withdrawn, moved_up = pick(after_qualifier)
    organiser = User.objects.create(username="organiser-once")
    finals.record_replacement(
        tournament=after_qualifier,
        withdrawn=withdrawn,
        replacement=moved_up,
        reason="odstoupil",
        by=organiser,
    )
    assert loads == [after_qualifier.pk]
    assert Replacement.objects.get(tournament=after_qualifier).replacement.start_number == moved_up
