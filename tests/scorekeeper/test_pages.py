"""The table's page: the scorekeeper enters rounds through the table's link, with the desk's
checks and messages; nothing is stored when anything is wrong."""

import re

import pytest
from django.test import Client

from rules.sheet import SheetLine
from scoring import sheets as sheet_services
from scoring.models import RoundResult, Sheet
from tests.authors import author
from tests.scorekeeper.conftest import client_of, round_form, seats_of

pytestmark = pytest.mark.django_db


def snapshot():
    return (
        list(Sheet.objects.order_by("pk").values()),
        list(RoundResult.objects.order_by("pk").values()),
    )


def test_the_page_shows_the_table_in_seating_order_and_the_next_round(game, table_links):
    table = game.tables.get(number=1)
    response = Client().get(table_links[1])
    assert response.status_code == 200
    page = response.content.decode()
    assert '<html lang="cs">' in page
    names = [seat.player.name for seat in seats_of(table)]
    positions = [
        page.index(f"{seat.player.start_number}. {seat.player.name}") for seat in seats_of(table)
    ]
    assert positions == sorted(positions), names  # the form in seating order
    assert '<h2 id="round-heading">Kolo 5</h2>' in page  # the first round in playing order
    assert "8 karet pro každého hráče" in page
    starter = seats_of(table)[table.starting_seat].player.name
    assert f"Začíná {starter}." in page
    assert 'name="p' in page and "-penalty" not in page and "-disqualified" not in page
    assert (
        response["Cache-Control"].startswith("max-age=0") or "no-store" in response["Cache-Control"]
    )
    assert response["Referrer-Policy"] == "strict-origin"


def test_english_under_en(game, table_links):
    response = Client().get("/en" + table_links[1])
    assert response.status_code == 200
    page = response.content.decode()
    assert '<html lang="en">' in page and "Round 5" in page and "Save round 5" in page


def test_a_valid_round_is_stored_as_the_tables_and_the_next_round_follows(game, table_links):
    table = game.tables.get(number=1)
    client = Client()
    response = client.post(table_links[1], round_form(table, round="5", version="0"))
    assert response.status_code == 302
    sheet = Sheet.objects.get(table=table, round__number=5)
    assert sheet.entered_at_table and sheet.entered_by is None and sheet.version == 1
    assert sheet.author == "stůl 1 (zapisovatel)"
    assert not sheet.confirmed
    assert RoundResult.objects.filter(table=table, round__number=5).count() == len(seats_of(table))
    page = client.get(response["Location"]).content.decode()
    # the qualifier needs no confirmation: marked as the table's
    assert "Kolo 5 uloženo" in page
    assert '<h2 id="round-heading">Kolo 2</h2>' in page  # the next round in playing order


def test_where_the_stage_needs_a_confirmation_the_round_waits_for_the_referee(game, table_links):
    game.stage.confirmation_required = True
    game.stage.save()
    table = game.tables.get(number=1)
    client = Client()
    response = client.post(table_links[1], round_form(table, round="5", version="0"), follow=True)
    assert "Kolo 5 uloženo, čeká na potvrzení rozhodčího" in response.content.decode()


def broken_forms(table):
    seats = seats_of(table)
    first, second = seats[0].player.start_number, seats[1].player.start_number
    return {
        "not a number": (round_form(table, **{f"p{first}-laid": "12x"}), "musí být celé číslo"),
        "closer with cards": (
            round_form(table, **{f"p{first}-unused": "4"}),
            "nevyužité karty",
        ),
        "two closers": (
            round_form(table, **{f"p{second}-closed": "on", f"p{second}-unused": "0"}),
            "víc hráčů",
        ),
        "over the card bound": (round_form(table, laid=500), ""),
        "a line left empty": (round_form(table, **{f"p{second}-laid": ""}), "celé číslo"),
        "negative": (round_form(table, **{f"p{second}-unused": "-3"}), "celé číslo"),
    }


@pytest.mark.parametrize(
    "case",
    [
        "not a number",
        "closer with cards",
        "two closers",
        "over the card bound",
        "a line left empty",
        "negative",
    ],
)
def test_each_check_through_the_table_page_stores_nothing_and_keeps_the_values(
    game, table_links, case
):
    table = game.tables.get(number=1)
    data, words = broken_forms(table)[case]
    data = {**data, "round": "5", "version": "0"}
    before = snapshot()
    response = Client().post(table_links[1], data)
    assert response.status_code == 422
    assert snapshot() == before
    page = response.content.decode()
    assert "Nic nebylo uloženo." in page and 'role="alert"' in page
    assert words in page
    # the same words as the desk's check
    state = sheet_services.sheet_state(table, game.rounds.get(number=5))
    from django.http import QueryDict

    from scorekeeper.views import _table_lines

    query = QueryDict(mutable=True)
    query.update(data)
    expected = sheet_services.check_lines(state, _table_lines(state, query))
    for problem in expected:
        if not problem.warning:
            assert problem.message.replace("„", "„") in page
    # what was typed is back in the form
    for name, value in data.items():
        if name.endswith(("-laid", "-unused")) and value:
            assert re.search(rf'name="{name}" id="id_{name}" value="{re.escape(value)}"', page), (
                name
            )


def test_a_warning_is_shown_and_saved_once_confirmed(game, table_links):
    table = game.tables.get(number=1)
    data = round_form(table, closer=None, round="5", version="0")  # nobody closed
    client = Client()
    response = client.post(table_links[1], data)
    assert response.status_code == 422
    assert not Sheet.objects.exists()
    assert 'name="confirm_warnings"' in response.content.decode()
    response = client.post(table_links[1], {**data, "confirm_warnings": "on"})
    assert response.status_code == 302
    assert Sheet.objects.get().entered_at_table


def test_a_table_cannot_set_a_penalty_or_a_disqualification(game, table_links):
    table = game.tables.get(number=1)
    first = seats_of(table)[1].player.start_number
    data = round_form(
        table, round="5", version="0", **{f"p{first}-penalty": "9", f"p{first}-disqualified": "on"}
    )
    response = Client().post(table_links[1], data)
    # refused with its place, not dropped (issue 35): nothing of the round is saved
    assert response.status_code == 422
    html = response.content.decode()
    assert f"Hráč č. {first}: tento zápis se na „disqualified“ neptá" in html
    assert f"Hráč č. {first}: tento zápis se na „penalty“ neptá" in html
    assert not RoundResult.objects.filter(table=table).exists()


def test_a_table_correction_keeps_the_referees_penalty(game, table_links, referees):
    table = game.tables.get(number=1)
    round_ = game.rounds.get(number=5)
    client = Client()
    client.post(table_links[1], round_form(table, round="5", version="0"))
    # the referee adds a penalty (the sheet is now the referee's, not confirmed)
    seats = seats_of(table)
    lines = [
        SheetLine(
            s.player.start_number, 10, 0 if i == 0 else 3, closed=i == 0, penalty=2 if i == 1 else 0
        )
        for i, s in enumerate(seats)
    ]
    sheet_services.save_sheet(table=table, round=round_, lines=lines, by=referees[0], version=1)
    # the table corrects laid of player 3 from the version it sees
    third = seats[2].player.start_number
    data = round_form(table, round="5", version="2", **{f"p{third}-laid": "11"})
    assert client.post(table_links[1] + "kolo-5/", data).status_code == 302
    second = RoundResult.objects.get(table=table, round=round_, player=seats[1].player)
    assert second.penalty == 2
    assert RoundResult.objects.get(table=table, round=round_, player=seats[2].player).laid == 11
    assert Sheet.objects.get(table=table, round=round_).entered_at_table


def test_a_confirmed_round_cannot_be_changed_from_the_table(game, table_links, referees):
    table = game.tables.get(number=1)
    client = Client()
    client.post(table_links[1], round_form(table, round="5", version="0"))
    sheet = Sheet.objects.get()
    sheet_services.confirm_sheet(sheet=sheet, by=referees[0], version=sheet.version)
    before = snapshot()
    response = client.post(
        table_links[1] + "kolo-5/", round_form(table, laid=12, round="5", version="1")
    )
    assert response.status_code == 422
    assert "potvrdil" in response.content.decode()
    assert snapshot() == before
    page = client.get(table_links[1] + "kolo-5/").content.decode()
    assert 'id="table-form"' not in page and "nelze" in page.lower()


def test_a_double_submit_stores_once_and_says_it_was_saved(game, table_links):
    table = game.tables.get(number=1)
    client = Client()
    data = round_form(table, round="5", version="0")
    assert client.post(table_links[1], data).status_code == 302
    after_first = snapshot()
    response = client.post(table_links[1], data)
    assert response.status_code == 200
    assert "už bylo uloženo" in response.content.decode()
    assert snapshot() == after_first
    assert Sheet.objects.get().version == 1


def test_two_phones_on_one_table_lose_no_update(game, table_links):
    table = game.tables.get(number=1)
    first, second = Client(), Client()
    first.post(table_links[1], round_form(table, laid=10, round="5", version="0"))
    saved = snapshot()
    response = second.post(table_links[1], round_form(table, laid=12, round="5", version="0"))
    assert response.status_code == 409
    assert snapshot() == saved  # the first phone's values stay
    page = response.content.decode()
    assert "Nic nebylo uloženo." in page
    assert 'value="12"' in page  # the second phone's values are kept in its form
    assert 'name="version" value="1"' in page  # to save them over, knowingly
    assert (
        second.post(table_links[1], round_form(table, laid=12, round="5", version="1")).status_code
        == 302
    )
    assert set(RoundResult.objects.values_list("laid", flat=True)) == {12}


def test_a_round_of_no_game_of_the_link_is_404(game, table_links):
    table = game.tables.get(number=1)
    before = snapshot()
    client = Client()
    assert client.get(table_links[1] + "kolo-4/").status_code == 404  # not a round of the game
    assert client.post(table_links[1], round_form(table, round="4", version="0")).status_code == 404
    assert (
        client.post(table_links[1], round_form(table, version="0")).status_code == 404
    )  # no round
    assert snapshot() == before


def test_the_referees_desk_shows_the_tables_round_as_its_own(game, table_links, referees):
    table = game.tables.get(number=1)
    Client().post(table_links[1], round_form(table, round="5", version="0"))
    desk = client_of(referees[0])
    page = desk.get("/rozhodci/mcr/?partie=qualifier-1").content.decode()
    assert "cell-table" in page and "od stolu" in page
    sheet_page = desk.get("/rozhodci/mcr/kvalifikace/partie-1/stul-1/kolo-5/").content.decode()
    assert "stůl 1 (zapisovatel)" in sheet_page
    assert "Potvrdit" in sheet_page  # any referee may confirm the table's entry


def test_the_referee_corrects_before_confirming_and_the_history_keeps_both(
    game, table_links, referees
):
    game.stage.confirmation_required = True
    game.stage.save()
    table = game.tables.get(number=1)
    Client().post(table_links[1], round_form(table, laid=10, round="5", version="0"))
    desk = client_of(referees[0])
    url = "/rozhodci/mcr/kvalifikace/partie-1/stul-1/kolo-5/"
    data = round_form(table, laid=11, version="1", then="stay")
    assert desk.post(url, data).status_code == 302
    page = desk.get(url).content.decode()
    history = page[page.index("Historie změn") :]
    assert "stůl 1 (zapisovatel)" in history and "ref1" in history
    sheet = Sheet.objects.get()
    assert not sheet.entered_at_table and sheet.entered_by == referees[0]
    # confirmed by the other referee; then the table cannot change it
    sheet_services.confirm_sheet(sheet=sheet, by=referees[1], version=sheet.version)
    response = Client().post(
        table_links[1] + "kolo-5/", round_form(table, laid=9, round="5", version="2")
    )
    assert response.status_code == 422
    assert set(RoundResult.objects.values_list("laid", flat=True)) == {11}


def test_the_desk_lists_the_links_and_the_organiser_renews_or_revokes_them(
    game, table_links, referees, organiser
):
    referee_page = client_of(referees[0]).get("/rozhodci/mcr/?partie=qualifier-1").content.decode()
    assert table_links[1] in referee_page
    assert "/odkaz/zrusit/" not in referee_page  # renewing and revoking are the organiser's
    organiser_client = client_of(organiser)
    page = organiser_client.get("/rozhodci/mcr/?partie=qualifier-1").content.decode()
    assert table_links[2] in page and "/stul-2/odkaz/zrusit/" in page
    assert (
        client_of(referees[0])
        .post("/rozhodci/mcr/kvalifikace/partie-1/stul-2/odkaz/zrusit/")
        .status_code
        == 403
    )
    organiser_client.post("/rozhodci/mcr/kvalifikace/partie-1/stul-2/odkaz/zrusit/")
    assert Client().get(table_links[2]).status_code == 404
    page = organiser_client.get("/rozhodci/mcr/?partie=qualifier-1").content.decode()
    assert table_links[2] not in page  # revoked stays revoked, no address shown
    organiser_client.post("/rozhodci/mcr/kvalifikace/partie-1/stul-2/odkaz/novy/")
    page = organiser_client.get("/rozhodci/mcr/?partie=qualifier-1").content.decode()
    new = re.search(
        r'href="http://testserver(/stul/[^"]+)"', page[page.index("Stůl 2</th>") :]
    ).group(1)
    assert new != table_links[2] and Client().get(new).status_code == 200


def test_public_pages_never_show_a_token(game, table_links):
    client = Client()
    for url in (
        "/",
        "/turnaj/mcr/",
        "/turnaj/mcr/rozlosovani/",
        "/turnaj/mcr/kvalifikace/",
        "/turnaj/mcr/ke-stazeni/",
    ):
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        page = response.content.decode()
        assert "/stul/" not in page, url


def test_the_games_last_sheet_is_answered_with_the_tables_results(game, table_links):
    """Saving the last missing sheet completes the game (the qualifier needs no
    confirmation): the scorekeeper still reads that the round was saved."""
    tables = list(game.tables.order_by("number"))
    rounds = list(game.rounds.order_by("position"))
    for table in tables:
        for game_round in rounds:
            if (table.number, game_round.number) == (1, rounds[-1].number):
                continue
            sheet_services.save_sheet(
                table=table,
                round=game_round,
                lines=[
                    SheetLine(s.player.start_number, 10, 0 if i == 0 else 3, closed=i == 0)
                    for i, s in enumerate(seats_of(table))
                ],
                by=None,
                version=0,
                at_table=True,
            )
    last = rounds[-1].number
    response = Client().post(table_links[1], round_form(tables[0], round=str(last), version="0"))
    assert response.status_code == 200
    page = response.content.decode()
    assert f"Kolo {last} uloženo" in page and "Výsledky stolu 1" in page
    assert "Výsledky stolu 1" in Client().get(table_links[1]).content.decode()


def test_the_page_takes_the_same_queries_whatever_the_table_size(tournament, table_links):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from draws.services import draw_game
    from scoring import links
    from ui.addresses import table_path

    small = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=2,
        by=author("Jana"),
        seed=5,
        tables=6,
        rounds=[3],
        confirm=True,
    )
    sizes = {t.number: t.seats.count() for t in small.tables.all()}
    issued = links.issue_table_links(game=small)
    first = tournament.stages.get(kind="qualifier").games.get(number=1).tables.get(number=1)
    assert first.seats.count() != min(sizes.values())  # two sizes of table
    counts = {}
    for url in (table_links[1], table_path(issued[min(sizes, key=sizes.get)])):
        client = Client()
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts[url] = len(queries)
    assert len(set(counts.values())) == 1, counts
