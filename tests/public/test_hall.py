"""The hall display (``/turnaj/<slug>/sal/``): the choice of what it shows is a plain function
of the tournament's state (``public.hall.hall_view``), one test per mode; then the display
follows a day through the database, never showing held results or unconfirmed sheets, and
its content refreshes once per change."""

from dataclasses import replace
from types import SimpleNamespace

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test import Client
from django.test.utils import CaptureQueriesContext

from draws.services import draw_game, publish_draw_commitment
from interchange.importer import import_tournament
from public import hall
from public.hall import DONE, OPEN, WAITING, Decision, GameNow, HallState, TableProgress
from sample.simulate import full_championship
from scoring import ceremony, pages
from scoring.lots import draw_lot, publish_lot_commitment
from scoring.models import RoundResult, Sheet
from scoring.sheets import confirm_sheet, save_sheet
from tests.authors import author
from tests.conftest import good_lines
from tests.draws.conftest import demo_document
from tournament.services import hold_results, release_results

pytestmark = pytest.mark.django_db


def info(number, name):
    return pages.PlayerInfo(number, name, "", "VS")


def seat(number, name, table, position):
    player = info(number, name)
    return pages.SeatRow(player, table, position, position == 1, player)


def game_now(kind="qualifier", tables=(), seats=(), draw=None):
    return GameNow(kind, 1, (5, 2, 7), tuple(tables), tuple(seats), draw)


SEED = "0f" * 16
DRAW = Decision("Kvalifikace, partie 1: rozlosování stolů", "ab" * 32, SEED)


def stage_page(kind="qualifier", rows=(), over=True, held=None, quota=6, provisional=False):
    standing = pages.CategoryStanding(
        "VS",
        [
            pages.StandingRow(
                rank, info(number, name), points, 0, 0, 5, False, provisional=provisional
            )
            for rank, (number, name, points) in enumerate(rows, 1)
        ],
        quota=quota,
    )
    return pages.StagePage(
        SimpleNamespace(kind=kind),
        categories=[] if held else [standing],
        has_results=True,
        over=over,
        held=held,
    )


# One test per mode -------------------------------------------------------------------------


def test_nothing_drawn_welcomes():
    view = hall.hall_view(HallState("MČR"))
    assert view.mode == hall.WELCOME and [p.kind for p in view.pages] == ["welcome"]


def test_a_drawn_game_not_started_shows_the_seats_alphabetically_then_its_draw():
    seats = [seat(3, "Zdeněk Adam", 1, 1), seat(1, "Anna Čermáková", 2, 3)]
    seats += [seat(n, f"Jan{n} Šimek", 1 + n % 2, 2) for n in range(10, 20)]
    tables = [TableProgress(1, (OPEN, OPEN, OPEN)), TableProgress(2, (OPEN, OPEN, OPEN))]
    view = hall.hall_view(HallState("MČR", (game_now(tables=tables, seats=seats, draw=DRAW),)))
    assert view.mode == hall.SEATING
    seat_pages = [p for p in view.pages if p.kind == "seats"]
    assert [p.data["part"] for p in seat_pages] == [1, 2]
    assert all(len(p.data["rows"]) <= hall.SEATS_PER_PAGE for p in seat_pages)
    names = [line.seat.player.name for p in seat_pages for line in p.data["rows"]]
    assert names[:2] == ["Zdeněk Adam", "Anna Čermáková"]  # by surname, Czech order
    assert view.pages[-1].kind == "decision" and view.pages[-1].data["decision"].seed == SEED


def test_a_game_with_a_sheet_in_shows_the_tables_rounds_and_who_is_missing():
    tables = [
        TableProgress(1, (DONE, DONE, OPEN)),
        TableProgress(2, (DONE, OPEN, OPEN)),
        TableProgress(3, (DONE, WAITING, OPEN)),
    ]
    state = HallState("MČR", (game_now(tables=tables),), waiting=(DRAW,))
    view = hall.hall_view(state)
    assert view.mode == hall.PLAYING
    (page,) = view.pages
    assert page.kind == "progress"
    assert page.data["current"] == 2  # the second round in playing order
    assert page.data["missing"] == (2,)  # no sheet of the round yet
    assert page.data["unconfirmed"] == (3,)  # entered, waiting for the referee's confirmation


def test_tables_that_entered_every_round_wait_for_the_confirmation_not_for_the_play():
    """Issue 33, point 3: entered and waiting is not "has not finished"."""
    tables = [
        TableProgress(1, (DONE, WAITING, WAITING)),
        TableProgress(2, (WAITING, WAITING, WAITING)),
    ]
    view = hall.hall_view(HallState("MČR", (game_now(tables=tables),)))
    html = render_to_string("public/hall/_progress.html", {"data": view.pages[0].data, "number": 1})
    assert "nedohrál" not in html
    # the columns' headers say what they are, to everybody (issue 33, point 11)
    assert '<th scope="col">Kolo 5</th><th scope="col">Kolo 2</th>' in html
    assert "Kolo 5: stůl 2 dohrál a čeká na potvrzení rozhodčího." in html


def test_a_published_commitment_waits_for_its_draw_between_games():
    waiting = Decision("Kvalifikace, partie 2: rozlosování stolů", "cd" * 32, None)
    view = hall.hall_view(HallState("MČR", waiting=(waiting,), standings=(stage_page(),)))
    assert view.mode == hall.COMMITMENT
    assert [p.data["decision"] for p in view.pages] == [waiting]


def test_between_games_the_standings_with_the_cut_after_the_lots():
    rows = [(n, f"Hráč {n}", 100 - n) for n in range(1, hall.STANDINGS_ROWS_PER_PAGE + 4)]
    page = stage_page(rows=rows)
    page.categories[0].rows[6] = pages.StandingRow(
        7, info(7, "Hráč 7"), 93, 0, 0, 5, False, first_out=True
    )
    lot = Decision("Los: kvalifikace VS, místa 6–7", "ef" * 32, SEED, order=("Hráč 6", "Hráč 7"))
    view = hall.hall_view(HallState("MČR", standings=(page,), lots=(lot,)))
    assert view.mode == hall.STANDINGS
    assert view.pages[0].kind == "decision" and view.pages[0].data["decision"].order
    standings = [p for p in view.pages if p.kind == "standings"]
    assert [len(p.data["rows"]) for p in standings] == [hall.STANDINGS_ROWS_PER_PAGE, 3]
    assert standings[0].data["rows"][6].row.first_out


def test_held_results_and_unconfirmed_sheets_never_reach_the_standings():
    held = stage_page("final_a", held="Výsledky budou vyhlášeny v 17:30.")
    waiting = stage_page("final_b", rows=[(1, "Hráč 1", 50)], provisional=True)
    view = hall.hall_view(HallState("MČR", standings=(held, waiting)))
    assert [p.kind for p in view.pages] == ["held", "unconfirmed"]
    assert "Hráč 1" not in repr(view.pages)


def test_the_modes_in_order_of_precedence():
    """The ceremony's place outranks everything; a game in play outranks its seating, a seating
    a waiting commitment, a commitment the standings (``CHOOSERS``)."""
    assert hall.CHOOSERS == (
        hall.ceremony,
        hall.playing,
        hall.seating,
        hall.commitment,
        hall.standings,
    )
    tables = [TableProgress(1, (OPEN, OPEN, OPEN))]
    seated = HallState("MČR", (game_now(tables=tables, seats=[seat(1, "A B", 1, 1)]),), (DRAW,))
    assert hall.hall_view(seated).mode == hall.SEATING
    reveal = SimpleNamespace(name="Jana Nová")
    view = hall.hall_view(replace(seated, reveal=reveal))
    assert view.mode == hall.CEREMONY and view.pages == (hall.Page("reveal", {"reveal": reveal}),)


def test_the_ceremony_shows_each_place_as_the_organiser_reveals_it(demo, organiser):
    hold_results(tournament=demo, kind="final_a", announcement="17:30")
    reveals = ceremony.ceremony_state(demo).reveals
    assert hall.hall_state(demo).reveal is None
    held = [reveal.name for reveal in reveals if reveal.kind == "final_a"]
    assert held and not any(name in shown("mcr") for name in held)
    for reveal in reveals[:2]:
        ceremony.show_next(tournament=demo, by=organiser)
        page = shown("mcr")
        assert 'data-mode="ceremony"' in page and reveal.name in page
    assert reveals[2].name not in page  # the next place is not on the display yet
    ceremony.start_over(tournament=demo, by=organiser)
    assert 'data-mode="ceremony"' not in shown("mcr")


def test_the_display_asks_every_second_while_the_ceremony_runs_or_may_begin(demo, organiser):
    """Issue 33, point 2: reveals 4.5 s apart, each on screen within 2 s."""
    assert 'hx-trigger="every 1s, hall-refresh"' in shown("mcr")  # every final over
    ceremony.show_next(tournament=demo, by=organiser)
    assert 'hx-trigger="every 1s, hall-refresh"' in shown("mcr")


def test_on_an_ordinary_day_the_display_asks_every_ten_seconds():
    tables = [TableProgress(1, (DONE, OPEN, OPEN))]
    playing = HallState("MČR", (game_now(tables=tables),), standings=(stage_page(),))
    assert hall.refresh_seconds(playing) == hall.REFRESH == 10
    between = HallState("MČR", standings=(stage_page(over=False),))
    assert hall.refresh_seconds(between) == 10
    over = HallState("MČR", standings=(stage_page(kind="final_a"),))
    assert hall.refresh_seconds(over) == hall.REFRESH_CEREMONY == 1
    reveal = HallState("MČR", reveal=SimpleNamespace(name="Jana Nová"))
    assert hall.refresh_seconds(reveal) == 1


# Through the database: a day ---------------------------------------------------------------

SLUG = "sal"


@pytest.fixture
def fresh():
    document = demo_document()
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug=SLUG)
    return tournament


def shown(slug=SLUG) -> str:
    return Client().get(f"/turnaj/{slug}/sal/").content.decode()


def mode(tournament) -> str:
    return hall.hall_view(hall.hall_state(tournament)).mode


def save_all(game, referee, only=None):
    for table in game.tables.all():
        for round_ in game.rounds.all():
            if only is not None and (table.number, round_.position) not in only:
                continue
            save_sheet(
                table=table,
                round=round_,
                lines=good_lines(table, closer=round_.position % 2, laid=10 + table.number),
                by=referee,
                version=0,
                confirm_warnings=True,
            )


def test_the_display_follows_the_day(fresh, referees):
    assert mode(fresh) == hall.WELCOME
    committed = publish_draw_commitment(
        tournament=fresh, kind="qualifier", number=1, by=author("Jana")
    )
    assert mode(fresh) == hall.COMMITMENT
    page = shown()
    assert hall.Decision.of(committed).commitment_grouped in page
    assert committed.seed not in page

    game = draw_game(
        tournament=fresh,
        kind="qualifier",
        number=1,
        by=author("Jana"),
        commitment=committed,
        confirm=True,
    )
    assert mode(fresh) == hall.SEATING
    page = shown()
    assert committed.seed in page  # revealed with the seating
    first = min(pages.draw_rows(game), key=lambda row: row.player.name_key).player.name
    assert first in page

    save_all(game, referees[0], only={(1, 0)})
    assert mode(fresh) == hall.PLAYING
    page = shown()
    assert "nedohrály stoly 2, 3" in page  # who has not finished the first round

    every = {(t.number, r.position) for t in game.tables.all() for r in game.rounds.all()}
    save_all(game, referees[0], only=every - {(1, 0)})
    assert mode(fresh) == hall.STANDINGS
    page = shown()
    leader = pages.stage_page(fresh, "qualifier").categories[0].rows[0].player.name
    assert leader in page and "Průběžné pořadí po partii 1 z 4." in page

    hold_results(tournament=fresh, kind="qualifier", announcement="17:30 ve velkém sále")
    page = shown()
    assert "Výsledky budou vyhlášeny v 17:30 ve velkém sále." in page
    assert leader not in page


def test_a_lot_shows_its_commitment_and_seed_between_games(referees):
    document = demo_document()
    del document["stages"]["final_a"], document["stages"]["final_b"], document["lots"]
    tournament, _ = import_tournament(document, slug=SLUG)
    lot = demo_document()["lots"][0]
    tied = lot["order"]
    committed = publish_lot_commitment(
        tournament=tournament,
        scope="qualifier",
        category="VS",
        places=(6, 7),
        tied=tied,
        by=author("P"),
    )
    assert mode(tournament) == hall.COMMITMENT
    draw_lot(
        tournament=tournament, scope="qualifier", tied=tied, by=author("P"), commitment=committed
    )
    view = hall.hall_view(hall.hall_state(tournament))
    assert view.mode == hall.STANDINGS and view.pages[0].kind == "decision"
    page = shown()
    assert committed.seed in page and hall.Decision.of(committed).commitment_grouped in page


def test_finals_held_for_the_ceremony_stay_off_the_display(demo):
    champions = [
        c.champion.name
        for c in pages.stage_page(demo, "final_a", staff=True).categories
        if c.champion
    ]
    assert champions and all(name in shown("mcr") for name in champions)
    hold_results(tournament=demo, kind="final_a", announcement="17:30")
    page = shown("mcr")
    assert "Výsledky budou vyhlášeny v 17:30." in page
    assert not any(name in page for name in champions)


def test_unconfirmed_final_sheets_show_as_waiting_never_as_points(referees):
    document = demo_document()
    del document["stages"]["final_b"]
    document["stages"]["final_a"]["games"] = document["stages"]["final_a"]["games"][:1]
    tournament, _ = import_tournament(document, slug=SLUG)
    # the A-final's second game, drawn and partly entered but not confirmed
    game = draw_game(
        tournament=tournament, kind="final_a", number=2, by=author("Jana"), seed=3, confirm=True
    )
    save_all(game, referees[0], only={(1, 0)})
    view = hall.hall_view(hall.hall_state(tournament))
    assert view.mode == hall.PLAYING
    (progress,) = [p for p in view.pages if p.kind == "progress"][:1]
    assert progress.data["rows"][0].rounds[0] == WAITING
    page = shown()
    assert "kontrola" in page
    assert RoundResult.objects.filter(table__game=game).exists()
    assert "Body" not in page  # whether a sheet is in, never what it says


def test_the_content_refreshes_once_per_change(fresh):
    client = Client()
    page = client.get(f"/turnaj/{SLUG}/sal/").content.decode()
    start = page.index("/turnaj/sal/sal/obsah/?od=")
    url = page[start : page.index('"', start)]
    assert client.get(url).status_code == 204  # nothing changed
    publish_draw_commitment(tournament=fresh, kind="qualifier", number=1, by=author("Jana"))
    fragment = client.get(url)
    assert fragment.status_code == 200 and 'data-mode="commitment"' in fragment.content.decode()
    again = client.get(url.replace(url.rsplit("=", 1)[1], fragment_stamp(fragment)))
    assert again.status_code == 204  # the display's new copy is the newest


def fragment_stamp(response) -> str:
    html = response.content.decode()
    start = html.index("?od=") + len("?od=")
    return html[start : html.index('"', start)]


@pytest.mark.parametrize("finals", [True, False], ids=["finals played", "qualifier played"])
def test_the_display_takes_the_same_queries_at_10_and_300_players(finals):
    counts = {}
    for size in (10, 300):
        document = full_championship(size, seed=size, b_final_from=1, quota={"B1": 3, "VS": 3})
        if not finals:
            del document["stages"]["final_a"], document["stages"]["final_b"]
        import_tournament(document, slug=f"t{size}")
        client = Client()
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/turnaj/t{size}/sal/").status_code == 200
            assert client.get(f"/turnaj/t{size}/sal/obsah/?od=0.0").status_code == 200
        counts[size] = len(captured)
    assert counts[10] == counts[300], counts


def test_a_game_in_play_takes_the_same_queries_whatever_its_size(fresh, referees):
    game = draw_game(
        tournament=fresh, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    save_all(game, referees[0], only={(1, 0)})
    fresh.refresh_from_db()  # as each request reads it: the ceremony's cache key is its revision
    with CaptureQueriesContext(connection) as one:
        hall.hall_state(fresh)
    save_all(game, referees[0], only={(2, 0), (3, 0), (1, 1)})
    fresh.refresh_from_db()
    with CaptureQueriesContext(connection) as more:
        state = hall.hall_state(fresh)
    assert state.games and len(one) == len(more)


def test_a_lot_for_held_results_waits_off_the_display(db):
    document = demo_document()
    del document["stages"]["final_a"], document["stages"]["final_b"], document["lots"]
    tournament, _ = import_tournament(document, slug=SLUG)
    hold_results(tournament=tournament, kind="qualifier", announcement="17:30")
    tied = demo_document()["lots"][0]["order"]
    publish_lot_commitment(
        tournament=tournament,
        scope="qualifier",
        category="VS",
        places=(6, 7),
        tied=tied,
        by=author("P"),
    )
    view = hall.hall_view(hall.hall_state(tournament))
    assert view.mode == hall.STANDINGS and [p.kind for p in view.pages] == ["held"]


def test_the_display_in_english(fresh):
    html = Client().get(f"/en/turnaj/{SLUG}/sal/").content.decode()
    assert '<html lang="en"' in html and "Hall display" in html
    assert f'<span lang="cs">{fresh.name}</span>' in html


def play_and_confirm(game, referees):
    save_all(game, referees[0])
    for sheet in Sheet.objects.filter(table__game=game):
        confirm_sheet(sheet=sheet, by=referees[1], version=sheet.version)


def test_the_display_follows_the_finals_to_the_ceremony(referees):
    document = demo_document()
    del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug=SLUG)
    view = hall.hall_view(hall.hall_state(tournament))
    assert view.mode == hall.STANDINGS
    page = shown()
    assert "postupuje" in page and "hall-cut" in page  # the qualifier is over: the cut

    for number in (1, 2):
        games = {}
        for kind in ("final_a", "final_b"):
            committed = publish_draw_commitment(
                tournament=tournament, kind=kind, number=number, by=author("Jana")
            )
            assert mode(tournament) == hall.COMMITMENT
            games[kind] = (committed, None)
        for kind, (committed, _game) in games.items():
            games[kind] = (
                committed,
                draw_game(
                    tournament=tournament,
                    kind=kind,
                    number=number,
                    by=author("Jana"),
                    commitment=committed,
                    confirm=True,
                ),
            )
        view = hall.hall_view(hall.hall_state(tournament))
        assert view.mode == hall.SEATING and len(view.games) == 2
        page = shown()
        assert all(committed.seed in page for committed, _game in games.values())

        final_a, final_b = games["final_a"][1], games["final_b"][1]
        save_all(final_a, referees[0])
        assert mode(tournament) == hall.PLAYING
        assert "kontrola" in shown()  # entered, waiting for the second referee
        for sheet in Sheet.objects.filter(table__game=final_a):
            confirm_sheet(sheet=sheet, by=referees[1], version=sheet.version)
        assert mode(tournament) == hall.SEATING  # the B-final has not started yet
        play_and_confirm(final_b, referees)
        view = hall.hall_view(hall.hall_state(tournament))
        assert view.mode == hall.STANDINGS
        kinds = {p.data["kind"] for p in view.pages if p.kind == "standings"}
        assert kinds == {"final_a", "final_b"}

    over = pages.stage_page(tournament, "final_a")
    champions = [c.champion.name for c in over.categories if c.champion]
    page = shown()
    assert champions and all(name in page for name in champions)
    assert "zlato" in page
    hold_results(tournament=tournament, kind="final_a", announcement="17:30")
    page = shown()
    assert "Výsledky budou vyhlášeny v 17:30." in page
    assert not any(name in page for name in champions)
    release_results(tournament=tournament, kind="final_a")
    assert all(name in shown() for name in champions)
