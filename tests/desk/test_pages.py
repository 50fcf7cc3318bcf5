import re

from django.urls import reverse

from scoring.models import Lot, RoundResult, Sheet
from scoring.services import save_sheet
from tests.desk.conftest import client_of, good_lines, table_and_round
from tournament.models import Commitment, Player


def sheet_url(game, table, round_):
    return reverse(
        "desk:sheet",
        kwargs={
            "slug": "mcr",
            "stage": "qualifier",
            "number": game.number,
            "table": table.number,
            "round": round_.number,
        },
    )


def form_data(lines, version=0, then="next"):
    data = {"version": str(version), "then": then}
    for line in lines:
        data[f"p{line.player}-laid"] = str(line.laid)
        data[f"p{line.player}-unused"] = str(line.unused)
        if line.closed:
            data[f"p{line.player}-closed"] = "on"
    return data


def test_the_sheet_page_lists_the_seating_with_deal_and_starter(game, referees):
    table, round_ = table_and_round(game)
    html = client_of(referees[0]).get(sheet_url(game, table, round_)).content.decode()
    seats = list(table.seats.select_related("player").order_by("position"))
    positions = [html.index(f"{s.player.start_number}. {s.player.name}") for s in seats]
    assert positions == sorted(positions)
    assert f"{round_.deal_size} karet" in html or f"{round_.deal_size} karty" in html
    assert 'inputmode="numeric"' in html and "autofocus" in html
    assert html.count("<details") == len(seats)
    starter = seats[table.starting_seat].player  # round 1 of the game: the drawn seat
    assert re.search(rf"{starter.start_number}\. {starter.name} <span class=\"badge\">začíná", html)


def test_saving_opens_the_next_missing_sheet(game, referees):
    table, round_ = table_and_round(game)
    client = client_of(referees[0])
    response = client.post(sheet_url(game, table, round_), form_data(good_lines(table)))
    assert response.status_code == 302
    nxt = game.tables.get(number=2)
    assert response.url == sheet_url(game, nxt, round_)  # same round, next table
    assert Sheet.objects.filter(table=table, round=round_).exists()


def test_an_error_is_shown_next_to_its_field_and_nothing_is_saved(game, referees):
    table, round_ = table_and_round(game)
    lines = good_lines(table)
    data = form_data(lines)
    data[f"p{lines[2].player}-laid"] = "abc"
    response = client_of(referees[0]).post(sheet_url(game, table, round_), data)
    html = response.content.decode()
    assert response.status_code == 422
    field = f"id_p{lines[2].player}-laid"
    assert f'aria-describedby="{field}-error"' in html
    assert re.search(rf'id="{field}-error">„vyloženo“ musí být celé číslo', html)
    assert 'value="abc"' in html  # what was typed stays for correction
    assert not RoundResult.objects.exists() and not Sheet.objects.exists()


def test_a_stale_save_shows_the_other_referees_values(game, referees):
    table, round_ = table_and_round(game)
    save_sheet(
        table=table, round=round_, lines=good_lines(table, laid=12), by=referees[1], version=0
    )
    response = client_of(referees[0]).post(
        sheet_url(game, table, round_), form_data(good_lines(table, laid=30), version=0)
    )
    html = response.content.decode()
    assert response.status_code == 409
    assert "Vaše neuložené hodnoty" in html and 'value="12"' in html
    assert set(RoundResult.objects.values_list("laid", flat=True)) == {12}


def test_warnings_are_confirmed_on_the_page(game, referees):
    table, round_ = table_and_round(game)
    lines = good_lines(table, closer=-1)  # nobody closed
    client = client_of(referees[0])
    response = client.post(sheet_url(game, table, round_), form_data(lines))
    assert response.status_code == 422 and "kolo nikdo nezavřel" in response.content.decode()
    data = form_data(lines)
    data["confirm_warnings"] = "on"
    assert client.post(sheet_url(game, table, round_), data).status_code == 302


def test_confirmation_flow_and_history_on_the_page(game, referees):
    from tournament.models import Stage

    Stage.objects.filter(pk=game.stage_id).update(confirmation_required=True)
    table, round_ = table_and_round(game)
    client_of(referees[0]).post(sheet_url(game, table, round_), form_data(good_lines(table)))
    dashboard = client_of(referees[1]).get(reverse("desk:dashboard", kwargs={"slug": "mcr"}))
    assert "Zápisy čekající na potvrzení" in dashboard.content.decode()
    page = client_of(referees[1]).get(sheet_url(game, table, round_)).content.decode()
    assert "Potvrdit tento zápis" in page and "ref1" in page  # history: who entered it
    own = client_of(referees[0]).get(sheet_url(game, table, round_)).content.decode()
    assert "Potvrdit tento zápis" not in own
    client_of(referees[1]).post(
        reverse(
            "desk:confirm",
            kwargs={
                "slug": "mcr",
                "stage": "qualifier",
                "number": 1,
                "table": table.number,
                "round": round_.number,
            },
        ),
        {"version": "1"},
    )
    assert Sheet.objects.get(table=table, round=round_).confirmed_by == referees[1]


def test_the_dashboard_grid(game, referees):
    table, round_ = table_and_round(game)
    save_sheet(table=table, round=round_, lines=good_lines(table), by=referees[0], version=0)
    html = (
        client_of(referees[0])
        .get(reverse("desk:dashboard", kwargs={"slug": "mcr"}))
        .content.decode()
    )
    cells = game.tables.count() * game.rounds.count()
    assert html.count(">zapsat<") == cells - 1
    assert html.count(">zapsáno<") == 1
    assert f"Chybí zápisů: {cells - 1}." in html


def test_a_tie_at_the_cut_is_resolved_by_a_recorded_lot(db, referees):
    import json

    from interchange.importer import import_tournament
    from interchange.management.commands.demo import DEMO_FILE

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    [recorded] = document.pop("lots")
    del document["stages"]["final_a"], document["stages"]["final_b"]
    import_tournament(document, slug="mcr")
    client = client_of(referees[0])
    page = client.get(reverse("desk:dashboard", kwargs={"slug": "mcr"})).content.decode()
    assert "Shoda na postupové hranici" in page
    page = client.get(reverse("desk:advancement", kwargs={"slug": "mcr"})).content.decode()
    assert "Zveřejnit závazek losu" in page and "postupuje" in page
    keys = sorted(recorded["order"])
    tie = {"scope": "qualifier", "keys": [str(k) for k in keys]}
    refused = client.post(reverse("desk:draw_lot", kwargs={"slug": "mcr"}), tie)
    assert refused.status_code == 302 and not Lot.objects.exists()  # no commitment yet
    client.post(reverse("desk:publish_lot", kwargs={"slug": "mcr"}), tie)
    published = Commitment.objects.get(kind="lot")
    assert published.open and published.what.startswith("mcr/lot/qualifier/")
    page = client.get(reverse("desk:advancement", kwargs={"slug": "mcr"})).content.decode()
    assert published.commitment in page and published.seed not in page
    assert "Losovat" in page
    response = client.post(
        reverse("desk:draw_lot", kwargs={"slug": "mcr"}),
        {**tie, "commitment": str(published.pk)},
    )
    lot = Lot.objects.get()
    published.refresh_from_db()
    assert lot.commitment == published and lot.seed == published.seed and not published.open
    assert response.url == reverse("desk:lot", kwargs={"slug": "mcr", "lot": lot.pk})
    assert sorted(lot.order) == keys and lot.seed is not None and lot.drawn_by == "ref1"
    shown = client.get(response.url).content.decode()
    assert f"semínko {lot.seed}" in shown
    page = client.get(reverse("desk:advancement", kwargs={"slug": "mcr"})).content.decode()
    assert "Žádná shoda nečeká na los." in page
    again = client.post(
        reverse("desk:draw_lot", kwargs={"slug": "mcr"}), {**tie, "commitment": str(published.pk)}
    )
    assert Lot.objects.count() == 1 and again.status_code == 302


def test_players_not_playing_the_b_final(game, referees):
    client = client_of(referees[0])
    numbers = list(Player.objects.values_list("start_number", flat=True))
    client.post(
        reverse("desk:b_final", kwargs={"slug": "mcr"}), {"plays": [str(n) for n in numbers[1:]]}
    )
    assert not Player.objects.get(start_number=numbers[0]).plays_b_final
    assert Player.objects.filter(plays_b_final=True).count() == len(numbers) - 1
