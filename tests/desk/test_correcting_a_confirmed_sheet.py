"""Correcting a confirmed sheet at the desk: before anything is saved the page says what the
change does (the sheet becomes unconfirmed; points, places, medals that move, in the sanction
preview's words) and asks for a reason; nothing is saved without one; the sheet's history, the
sheet page and the championship's log keep it."""

import pytest
from django.urls import reverse

from rules.sheet import SheetLine
from scoring import sheets as sheet_services
from scoring.log import championship_log
from scoring.models import RoundResult, Sheet
from tests.desk.conftest import client_of
from tournament.models import Game

pytestmark = pytest.mark.django_db

CHAMPION, RUNNER_UP = 29, 10  # the demo's A-final, B1: 254 and 242 points
REASON = "Špatně přečtený zápis: hráč vyložil 20, ne 36."


@pytest.fixture
def confirmed(demo):
    """The A-final's game 1, table 1, round 7: the B1 champion closed with 36 laid (42)."""
    game = Game.objects.get(stage__tournament=demo, stage__kind="final_a", number=1)
    table = game.tables.get(number=1)
    round_ = game.rounds.get(number=7)
    sheet = Sheet.objects.get(table=table, round=round_)
    assert sheet.confirmed
    return game, table, round_, sheet


def url_of(table, round_):
    return reverse(
        "desk:sheet",
        kwargs={"slug": "mcr", "stage": "final_a", "number": 1, "table": 1, "round": 7},
    )


def corrected_form(table, round_, version, **extra):
    """The stored lines with the champion's laid lowered from 36 to 20."""
    data = {"version": str(version), "then": "stay", "confirm_warnings": "on", **extra}
    for result in RoundResult.objects.filter(table=table, round=round_).select_related("player"):
        number = result.player.start_number
        laid = 20 if number == CHAMPION else result.laid
        data[f"p{number}-laid"] = str(laid)
        data[f"p{number}-unused"] = str(result.unused)
        if result.closed:
            data[f"p{number}-closed"] = "on"
        if result.penalty:
            data[f"p{number}-penalty"] = str(result.penalty)
        if result.disqualified:
            data[f"p{number}-disqualified"] = "on"
    return data


def snapshot():
    return (
        list(Sheet.objects.order_by("pk").values()),
        list(RoundResult.objects.order_by("pk").values()),
    )


def test_the_desk_says_what_the_correction_does_before_saving(confirmed, referees):
    game, table, round_, sheet = confirmed
    client = client_of(referees[0])
    page = client.get(url_of(table, round_)).content.decode()
    assert 'id="confirmed-note"' in page and "Změna zruší jeho potvrzení" in page
    before = snapshot()
    response = client.post(url_of(table, round_), corrected_form(table, round_, sheet.version))
    assert response.status_code == 200
    page = response.content.decode()
    assert snapshot() == before  # nothing saved
    assert "Zápis je potvrzený: co tato oprava způsobí" in page
    assert "Zápis přestane být potvrzený" in page
    assert "Do té doby není finále A u konce" in page
    assert f"hráčka č. {CHAMPION}" in page and "body (finále A) 254 → 238" in page  # a woman
    # the same words as the sanction preview's for the podium
    assert "místo 1. se mění na 2. (finále A, B1)" in page
    assert page.count("místo 1. se mění na 2. (finále A, B1)") == 1  # said once
    assert f"hráčka č. {RUNNER_UP}" in page and "místo 2. se mění na 1. (finále A, B1)" in page
    assert 'name="correction_reason"' in page and 'name="correction_of"' in page
    assert 'value="20"' in page  # the values typed stay in the form


def test_the_reason_is_required_and_nothing_is_saved_without_it(confirmed, referees):
    game, table, round_, sheet = confirmed
    client = client_of(referees[0])
    preview = client.post(url_of(table, round_), corrected_form(table, round_, sheet.version))
    digest = preview.context["correction"]["digest"]
    before = snapshot()
    response = client.post(
        url_of(table, round_),
        corrected_form(table, round_, sheet.version, correction_of=digest, correction_reason=" "),
    )
    assert response.status_code == 422
    page = response.content.decode()
    assert 'id="id_correction_reason_error"' in page and "uveďte důvod opravy" in page
    assert 'aria-describedby="id_correction_reason_error correction-effects"' in page
    assert snapshot() == before
    with pytest.raises(sheet_services.SheetRefused) as refused:
        sheet_services.save_sheet(
            table=table,
            round=round_,
            lines=[
                SheetLine(
                    r.player.start_number, r.laid, r.unused, r.closed, r.disqualified, r.penalty
                )
                for r in RoundResult.objects.filter(table=table, round=round_).select_related(
                    "player"
                )
            ],
            by=referees[0],
            version=sheet.version,
            confirm_warnings=True,
        )
    assert refused.value.needs_reason
    assert snapshot() == before


def test_values_changed_after_the_preview_are_previewed_again(confirmed, referees):
    game, table, round_, sheet = confirmed
    client = client_of(referees[0])
    preview = client.post(url_of(table, round_), corrected_form(table, round_, sheet.version))
    digest = preview.context["correction"]["digest"]
    data = corrected_form(
        table, round_, sheet.version, correction_of=digest, correction_reason=REASON
    )
    data[f"p{CHAMPION}-laid"] = "30"  # not what the preview showed
    before = snapshot()
    response = client.post(url_of(table, round_), data)
    assert response.status_code == 200 and "body (finále A) 254 → 248" in response.content.decode()
    assert snapshot() == before


def test_the_correction_with_its_reason_is_saved_and_kept(confirmed, referees, organiser):
    game, table, round_, sheet = confirmed
    client = client_of(referees[0])
    preview = client.post(url_of(table, round_), corrected_form(table, round_, sheet.version))
    digest = preview.context["correction"]["digest"]
    response = client.post(
        url_of(table, round_),
        corrected_form(
            table, round_, sheet.version, correction_of=digest, correction_reason=REASON
        ),
    )
    assert response.status_code == 302
    sheet.refresh_from_db()
    assert not sheet.confirmed and sheet.version == 2 and sheet.correction_reason == REASON
    assert (
        RoundResult.objects.get(table=table, round=round_, player__start_number=CHAMPION).laid == 20
    )
    assert [r.correction_reason for r in sheet.history.order_by("history_date")][-1] == REASON
    page = client.get(url_of(table, round_)).content.decode()
    assert "Opravy po potvrzení" in page and REASON in page and "ref1" in page
    entries = [entry.words for entry in championship_log(game.stage.tournament)]
    assert any("potvrzený zápis opraven, důvod: " + REASON in words for words in entries)
    assert not any(REASON in e.words for e in championship_log(game.stage.tournament, public=True))
    # confirmed again by another referee: an ordinary later correction before it needs none
    sheet = sheet_services.confirm_sheet(sheet=sheet, by=referees[1], version=sheet.version)
    assert sheet.confirmed
