import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

import sharedcache
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from interchange.schema import validator
from sample.simulate import full_championship
from scoring.models import Sheet
from tests.authors import author
from tournament.cache import forget_states
from tournament.changes import touch
from tournament.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    tournament, _ = import_tournament(json.loads(DEMO_FILE.read_text(encoding="utf-8")), slug="mcr")
    return tournament


def page(client, name, **kwargs):
    response = client.get(reverse(name, kwargs=kwargs))
    assert response.status_code == 200, (name, kwargs)
    return response.content.decode()


STANDINGS_PAGES = [
    ("public:standings", {"stage": "qualifier"}),
    ("public:standings", {"stage": "final_a"}),
    ("public:standings", {"stage": "final_b"}),
    ("public:standings_json", {"stage": "qualifier"}),
    ("public:teams", {}),
    ("public:home", {}),
    ("public:draw", {}),
]


@pytest.mark.parametrize(("name", "kwargs"), STANDINGS_PAGES)
def test_query_counts_are_the_same_at_10_and_300_players(client, name, kwargs):
    counts = {}
    for size in (10, 300):
        document = full_championship(
            size, seed=size, b_final_from=1, quota={"B1": 3, "VS": 3}
        )  # 10: a B-final too
        import_tournament(document, slug=f"t{size}")
        with CaptureQueriesContext(connection) as captured:
            page(client, name, slug=f"t{size}", **kwargs)
        counts[size] = len(captured)
    assert counts[10] == counts[300], counts


def test_qualifier_standings_mark_the_cut_visibly_and_in_words(client, demo):
    html = page(client, "public:standings", slug="mcr", stage="qualifier")
    assert html.count("<h1") == 1
    assert html.count("<caption") == 2  # B1 and VS
    assert "do finále A postupuje nejlepších 6" in html
    assert html.count('<tr class="cut">') == 2
    assert html.count(">postupuje<") + html.count(">postupuje,") == 12
    assert 'scope="row"' in html and 'aria-sort="ascending"' in html


def test_a_final_shows_medals_and_the_title_holders(client, demo):
    html = page(client, "public:standings", slug="mcr", stage="final_a")
    # the demo's B1 champion is a woman, the VS champion a man
    assert html.count("Mistryně ČR v Syllabatimu 2026:") == 1
    assert html.count("Mistr ČR v Syllabatimu 2026:") == 1
    for medal in ("zlato", "stříbro", "bronz"):
        assert html.count(f">{medal}<") == 2
    b_final = page(client, "public:standings", slug="mcr", stage="final_b")
    assert (
        "Mistr ČR v" not in b_final and "Mistryně" not in b_final and b_final.count(">zlato<") == 1
    )


def test_teams_draw_player_and_archive(client, demo):
    teams = page(client, "public:teams", slug="mcr")
    assert teams.count("<tr") == 7  # header and six teams
    draw = page(client, "public:draw", slug="mcr")
    assert "finále B, partie 2" in draw or "finále A, partie 2" in draw
    found = client.get(reverse("public:draw", kwargs={"slug": "mcr"}), {"hledat": "7"})
    assert re.search(r'<h2 id="search-answer"[^>]*>[^<]', found.content.decode())
    player = page(client, "public:player", slug="mcr", number=1)
    assert "<svg" in player and 'role="img"' in player and "chart-caption" in player
    assert "Průběžný součet" in player and "Pořadí po každé partii" in player
    archive = page(client, "tournament:archive")
    assert archive.count("Mistrovství") >= 0 and "2026" in archive
    assert "Nejlepší kolo vůbec" in archive


def test_the_json_endpoint_returns_results_of_the_stage(client, demo):
    response = client.get(
        reverse("public:standings_json", kwargs={"slug": "mcr", "stage": "final_a"})
    )
    document = response.json()
    assert list(validator("results").iter_errors(document)) == []
    assert set(document) == {"format", "version", "final_a"}


def test_provisional_results_are_marked(client, demo):
    sheet = Sheet.objects.filter(table__game__stage__kind="final_a").first()
    Sheet.objects.filter(pk=sheet.pk).update(confirmed_at=None)
    from tournament.changes import touch

    touch(demo.pk)
    html = page(client, "public:standings", slug="mcr", stage="final_a")
    seated = sheet.table.seats.count()
    assert html.count("předběžné") == seated  # each of the sheet's players
    assert "„Předběžné“" in html  # and the legend says what it means


def test_no_stale_page_after_a_save(client, demo):
    from accounts.roles import REFEREE, create_account
    from rules.sheet import SheetLine
    from scoring.sheets import save_sheet

    before = page(client, "public:standings", slug="mcr", stage="final_b")
    sheet = (
        Sheet.objects.filter(table__game__stage__kind="final_b")
        .select_related("table", "round")
        .first()
    )
    seats = list(sheet.table.seats.select_related("player").order_by("position"))
    referee = create_account(username="r", role=REFEREE, password="heslo-heslo")
    lines = [
        SheetLine(s.player.start_number, 40 if i == 0 else 1, 0 if i == 0 else 1, closed=i == 0)
        for i, s in enumerate(seats)
    ]
    save_sheet(
        table=sheet.table,
        round=sheet.round,
        lines=lines,
        by=referee,
        version=sheet.version,
        confirm_warnings=True,
        correction_reason="opravený součet",  # the sheet was confirmed
    )
    after = page(client, "public:standings", slug="mcr", stage="final_b")
    assert after != before and "předběžné" in after


def test_english_pages(client, demo):
    html = client.get("/en/turnaj/mcr/kvalifikace/").content.decode()
    assert '<html lang="en">' in html and "advances" in html
    assert 'href="/turnaj/mcr/kvalifikace/" lang="cs"' in html


def test_a_stage_waiting_for_confirmations_is_in_progress(demo):
    from scoring.pages import stage_summaries
    from tournament.models import Stage

    def final_a():
        return next(s for s in stage_summaries(demo) if s.kind == "final_a")

    assert (final_a().has_results, final_a().over, final_a().in_progress) == (True, True, False)
    stage = Stage.objects.get(tournament=demo, kind="final_a")
    first = Sheet.objects.filter(table__game__stage=stage).order_by("pk").first()
    Sheet.objects.filter(pk=first.pk).update(confirmed_at=None)
    assert (final_a().over, final_a().in_progress, final_a().playing) == (False, True, 1)
    assert final_a().games_complete == 1 and final_a().games_planned == 2


@pytest.fixture
def finals_drawn(db):
    """The demo after its qualifier (lot drawn), with game 1 of the A- and the B-final drawn at
    the same time and nothing of them played yet."""
    from draws.services import draw_game

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug="mcr")
    for kind in ("final_a", "final_b"):
        draw_game(
            tournament=tournament, kind=kind, number=1, by=author("Jana"), seed=1, confirm=True
        )
    return tournament


def seated(tournament, kind):
    from tournament.models import Seat

    return list(
        Seat.objects.filter(game__stage__tournament=tournament, game__stage__kind=kind)
        .select_related("player")
        .order_by("player__start_number")
    )


def test_where_do_i_sit_lists_every_game_in_play(client, finals_drawn):
    html = page(client, "public:draw", slug="mcr")
    assert "Kdo kde sedí: finále A, partie 1" in html
    assert "Kdo kde sedí: finále B, partie 1" in html
    assert html.count("<table") == 2
    for kind in ("final_a", "final_b"):
        for seat in seated(finals_drawn, kind):
            assert f">{seat.player.start_number}. {seat.player.name}</a>" in html
    # each table sorts on its own
    assert 'id="final-a-1-sort-table"' in html and 'id="final-b-1-sort-table"' in html
    assert html.count("Začíná první kolo partie") == 2  # not „1. kolo“: the game's first round
    home = page(client, "public:home", slug="mcr")
    assert "Hraje se: finále A, partie 1, kolo 1." in home
    assert "Hraje se: finále B, partie 1, kolo 1." in home


def fold(text):
    import unicodedata

    return "".join(
        c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c)
    )


def test_an_a_finalist_finds_their_seat_by_a_name_typed_without_accents(client, finals_drawn):
    url = reverse("public:draw", kwargs={"slug": "mcr"})
    finalist = next(
        s.player for s in seated(finals_drawn, "final_a") if s.player.name != fold(s.player.name)
    )
    surname = finalist.name.split()[-1]
    typed = fold(surname)
    assert typed != surname.lower()  # the test types without accents
    html = client.get(url, {"hledat": typed}).content.decode()
    matching = [
        s.player
        for kind in ("final_a", "final_b")
        for s in seated(finals_drawn, kind)
        if typed in fold(s.player.name)
    ]
    assert f">{finalist.start_number}. {finalist.name}</a>" in html
    for other in matching:
        assert f">{other.start_number}. {other.name}</a>" in html
    assert html.count("</a></th>") == len(matching)  # one row header per player found
    assert "Kdo kde sedí: finále A, partie 1" in html
    # both words, in any order, without accents or capitals
    first, *_, last = fold(finalist.name).split()
    html = client.get(url, {"hledat": f"{last.upper()} {first}"}).content.decode()
    assert f">{finalist.start_number}. {finalist.name}</a>" in html


def test_a_seat_is_found_by_start_number(client, finals_drawn):
    url = reverse("public:draw", kwargs={"slug": "mcr"})
    b_finalist = seated(finals_drawn, "final_b")[0].player
    for typed in (str(b_finalist.start_number), f"{b_finalist.start_number}."):
        html = client.get(url, {"hledat": typed}).content.decode()
        assert f'<h2 id="search-answer" tabindex="-1" autofocus>{b_finalist.name}: finále B' in html
        assert f">{b_finalist.start_number}. {b_finalist.name}</a>" in html
        assert "finále B, partie 1" in html and "finále A, partie 1" not in html
    html = client.get(url, {"hledat": "nikdo takový"}).content.decode()
    assert "Nalezeno 0 hráčů." in html and "<table" not in html


def test_where_do_i_sit_takes_the_same_queries_with_one_game_or_two(client, finals_drawn):
    from tournament.models import Game

    counts = []
    for _ in range(2):
        sharedcache.clear()
        forget_states()  # the state read anew too
        with CaptureQueriesContext(connection) as captured:
            page(client, "public:draw", slug="mcr")
            page(client, "public:home", slug="mcr")
        counts.append(len(captured))
        Game.objects.filter(stage__kind="final_b").update(draw_status="draft")
    assert counts[0] == counts[1], counts


def test_the_last_games_played_are_shown_when_nothing_is_in_play(client, demo):
    # after the finals: both finals' last games, the A-final's not forgotten for the B-final's
    html = page(client, "public:draw", slug="mcr")
    assert html.count("<table") == 2
    assert "finále A, partie 2" in html and "finále B, partie 2" in html
    home = page(client, "public:home", slug="mcr")
    assert "Naposledy se hrálo: finále A, partie 2" in home
    assert "Naposledy se hrálo: finále B, partie 2" in home


def test_the_provisional_words_say_what_the_figures_count(client, demo):
    """During the A-final's game 2 the "Kola" column counts game 2's rounds entered so far:
    the words say so, instead of "after game 1 of 2" (issue 26, 7)."""
    from scoring.pages import stage_page

    game = Game.objects.get(stage__tournament=demo, stage__kind="final_a", number=2)
    played = list(game.rounds.order_by("position"))
    Sheet.objects.filter(table__game=game, round__in=played[3:]).delete()
    touch(demo.pk)
    page_ = stage_page(demo, "final_a")
    assert (page_.games_complete, page_.playing, page_.playing_started) == (1, 2, True)
    rounds = {row.rounds for standing in page_.categories for row in standing.rows}
    assert max(rounds) > 7  # more than game 1's seven rounds are counted
    html = page(client, "public:standings", slug="mcr", stage="final_a")
    assert "průběžné pořadí během partie 2 z 2 (počítají se dosud zapsaná kola)" in html
    assert "po partii 1 z 2" not in html
    home = page(client, "public:home", slug="mcr")
    assert "během partie 2 z 2" in home
    Sheet.objects.filter(table__game=game).delete()  # game 2 drawn, nothing of it played
    touch(demo.pk)
    html = page(client, "public:standings", slug="mcr", stage="final_a")
    assert "průběžné pořadí po partii 1 z 2" in html
