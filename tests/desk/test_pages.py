import re

from django.urls import reverse

from scoring.models import Lot, RoundResult, Sheet
from scoring.sheets import save_sheet
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


def test_the_same_values_sent_twice_are_saved_already_not_a_conflict(game, referees):
    """A second click (the form's version now old): stored once, as a table's phone is."""
    table, round_ = table_and_round(game)
    client = client_of(referees[0])
    data = form_data(good_lines(table), version=0)
    first = client.post(sheet_url(game, table, round_), data, follow=True)
    assert "už byl uložen" not in first.content.decode()
    again = client.post(sheet_url(game, table, round_), data, follow=True)
    assert again.redirect_chain and again.redirect_chain[0][1] == 302
    assert "už byl uložen s těmito hodnotami" in again.content.decode()
    assert Sheet.objects.get(table=table, round=round_).version == 1


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
    assert f"Chybí {cells - 1} zápisů." in html  # more than four


def test_a_tie_at_the_cut_is_resolved_by_a_recorded_lot(db, referees):
    import json

    from interchange.demo import DEMO_FILE
    from interchange.importer import import_tournament

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


def after_qualifier(lot_drawn=True):
    import json

    from interchange.demo import DEMO_FILE
    from interchange.importer import import_tournament

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"]["final_a"], document["stages"]["final_b"]
    if not lot_drawn:
        del document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    return tournament


def checkboxes(html):
    return sorted(int(n) for n in re.findall(r'name="plays" value="(\d+)"', html))


def test_the_b_final_list_offers_only_those_who_may_play_it(referees):
    from draws.selectors import stage_field
    from scoring.selectors import tournament_data
    from scoring.standings import final_fields

    tournament = after_qualifier()
    fields = final_fields(tournament_data(tournament))
    assert fields.a_final and fields.b_final and not fields.unresolved
    client = client_of(referees[0])
    url = reverse("desk:b_final", kwargs={"slug": "mcr"})
    listed = checkboxes(client.get(url).content.decode())
    assert listed == sorted(fields.b_final)
    assert not set(listed) & fields.a_final  # no A-finalist is offered the B-final
    qualifier = tournament_data(tournament).stages["qualifier"].participants
    assert set(listed) | fields.a_final == qualifier
    # the draw's field is the same list (one computation for both)
    b_field = stage_field(tournament, "final_b")
    assert {p.start_number for p in b_field.players + b_field.absent} == set(listed)
    # unticking one of them keeps the A-finalists' answers as they were
    Player.objects.filter(start_number__in=fields.a_final).update(plays_b_final=True)
    client.post(url, {"plays": [str(n) for n in listed[1:]] + [str(min(fields.a_final))]})
    assert not Player.objects.get(start_number=listed[0]).plays_b_final
    assert (
        Player.objects.filter(start_number__in=listed, plays_b_final=True).count()
        == len(listed) - 1
    )
    assert Player.objects.filter(start_number__in=fields.a_final, plays_b_final=False).count() == 0


def test_a_tie_at_the_cut_is_listed_for_the_b_final_until_its_lot(referees):
    from scoring.selectors import tournament_data
    from scoring.standings import final_fields

    tournament = after_qualifier(lot_drawn=False)
    fields = final_fields(tournament_data(tournament))
    [tie] = fields.unresolved
    html = client_of(referees[0]).get(reverse("desk:b_final", kwargs={"slug": "mcr"}))
    html = html.content.decode()
    assert checkboxes(html) == sorted(fields.b_final | set(tie.keys))
    assert "rozhodne los" in html


def test_before_the_qualifier_nobody_is_listed_for_the_b_final(game, referees):
    html = client_of(referees[0]).get(reverse("desk:b_final", kwargs={"slug": "mcr"}))
    html = html.content.decode()
    assert checkboxes(html) == [] and "až kvalifikace bude mít výsledky" in html


def confirm_url(game, table_number=None):
    url = reverse(
        "desk:confirm_game", kwargs={"slug": "mcr", "stage": "qualifier", "number": game.number}
    )
    return url + (f"?stul={table_number}" if table_number else "")


def needing_confirmation(game):
    from tournament.models import Stage

    Stage.objects.filter(pk=game.stage_id).update(confirmation_required=True)


def enter(game, who, table_number, position):
    table, round_ = table_and_round(game, table=table_number, position=position)
    return save_sheet(table=table, round=round_, lines=good_lines(table), by=who, version=0)


def test_confirming_a_sheet_opens_the_next_one_waiting_for_this_referee(game, referees):
    needing_confirmation(game)
    first = enter(game, referees[0], 1, 0)
    enter(game, referees[1], 2, 0)  # the confirming referee's own: skipped
    third = enter(game, referees[0], 3, 0)
    client = client_of(referees[1])
    confirm = reverse(
        "desk:confirm",
        kwargs={
            "slug": "mcr",
            "stage": "qualifier",
            "number": 1,
            "table": 1,
            "round": first.round.number,
        },
    )
    response = client.post(confirm, {"version": "1"})
    assert response.url == sheet_url(game, third.table, third.round)
    response = client.post(
        confirm.replace("stul-1/", f"stul-{third.table.number}/"), {"version": "1"}
    )
    assert response.url.startswith(reverse("desk:dashboard", kwargs={"slug": "mcr"}))
    assert (
        "Na vaše potvrzení nečeká žádný další zápis." in client.get(response.url).content.decode()
    )
    assert Sheet.objects.filter(confirmed_by=referees[1]).count() == 2


def test_a_game_or_a_table_is_confirmed_at_once_after_a_review(game, referees):
    needing_confirmation(game)
    others = [enter(game, referees[0], t, p) for t in (1, 2) for p in (0, 1)]
    own = enter(game, referees[1], 3, 0)
    client = client_of(referees[1])
    dashboard = client.get(reverse("desk:dashboard", kwargs={"slug": "mcr"})).content.decode()
    assert "Zkontrolovat a potvrdit 4 zápisy této partie" in dashboard
    assert confirm_url(game, 1) in dashboard.replace("&amp;", "&")
    page = client.get(confirm_url(game)).content.decode()
    assert page.count("<caption>") == 4  # each sheet with its values, the own one not
    assert "1 zápis, který jste zapsali sami, tu není" in page
    assert "Potvrdit všechny 4 zápisy uvedené výše" in page
    table1 = client.get(confirm_url(game, 1)).content.decode()
    assert table1.count("<caption>") == 2 and "Potvrdit 2 zápisy stolu 1" in table1
    # table 1 at the versions reviewed; meanwhile one of table 2 is corrected
    posted = [f"{s.pk}:{s.version}" for s in others] + [f"{own.pk}:{own.version}"]
    changed = others[2]
    save_sheet(
        table=changed.table,
        round=changed.round,
        lines=good_lines(changed.table, laid=12),
        by=referees[0],
        version=changed.version,
    )
    response = client.post(confirm_url(game), {"sheet": posted})
    assert response.status_code == 302 and response.url == confirm_url(game)
    shown = client.get(response.url).content.decode()
    assert "Potvrzeny 3 zápisy." in shown
    assert f"stůl 3, kolo {own.round.number}" in shown  # own: reported, not confirmed
    assert f"stůl 2, kolo {changed.round.number}" in shown  # changed since the review
    assert set(Sheet.objects.filter(confirmed_by=referees[1]).values_list("pk", flat=True)) == {
        s.pk for s in others if s.pk != changed.pk
    }
    assert not Sheet.objects.get(pk=own.pk).confirmed


def test_the_history_speaks_czech_one_line_per_change(game, referees):
    from dataclasses import replace

    table, round_ = table_and_round(game)
    seats = table.seats.count()
    lines = good_lines(table, laid=10, unused=3)
    save_sheet(table=table, round=round_, lines=lines, by=referees[0], version=0)
    lines[1] = replace(lines[1], laid=12)  # one value corrected
    lines[0], lines[2] = (
        replace(lines[0], closed=False, unused=2),
        replace(lines[2], closed=True, unused=0),
    )  # the close moves: two values each
    save_sheet(table=table, round=round_, lines=lines, by=referees[1], version=1)
    html = client_of(referees[0]).get(sheet_url(game, table, round_)).content.decode()
    history = html[html.index("Historie změn") :]
    body = history[history.index("<tbody>") : history.index("</tbody>")]
    assert body.count("<tr>") == seats + 1 + 2 + 2  # a line per player, then per change
    first = lines[3]
    assert (
        f"{first.player}. " in body
        and "vyloženo: 10, nevyužito: 3, zavřel kolo: ne, diskvalifikován: ne, trestné body: 0"
        in body
    )
    assert body.count(">První zápis<") == seats
    assert "<td>Vyloženo</td><td>10</td><td>12</td>" in body
    assert "<td>Zavřel kolo</td><td>ano</td><td>ne</td>" in body
    assert "<td>Zavřel kolo</td><td>ne</td><td>ano</td>" in body
    for english in ("laid", "unused", "closed", "True", "False"):
        assert english not in body
