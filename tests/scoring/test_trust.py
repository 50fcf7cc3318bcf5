"""Lots committed before they are drawn, and the championship's log: every kind of event from
the history, for the staff and (draws, commitments, lots, sanctions) for the public, in a fixed
number of queries."""

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from accounts.roles import ORGANISER, REFEREE, create_account
from draws.services import (
    confirm_draw,
    draw_game,
    publish_draw_commitment,
    redraw_game,
    swap_players,
)
from interchange.demo import DEMO_FILE
from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from rules import verify
from rules.commitment import commitment as commitment_of
from rules.draw import lot_order
from rules.sheet import SheetLine
from sample.simulate import qualifier_only
from scoring import clocks, log
from scoring.lots import LotRefused, draw_lot, publish_lot_commitment
from scoring.sanctions import record_sanction, withdraw_sanction
from scoring.sheets import confirm_sheet, save_sheet
from tests.authors import author

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def demo(slug="mcr", *, keep=("qualifier",)):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    for kind in list(document["stages"]):
        if kind not in keep:
            del document["stages"][kind]
    if not keep:
        del document["stages"]
    del document["lots"]
    tournament, _ = import_tournament(document, slug=slug)
    return tournament


def test_a_lot_is_committed_before_it_is_drawn(db):
    tournament = demo()
    published = publish_lot_commitment(
        tournament=tournament,
        scope="qualifier",
        category="VS",
        places=(6, 7),
        tied=[12, 3],
        by=author("Jana"),
    )
    assert published.what == "mcr/lot/qualifier/VS/places-6-7" and published.open
    assert published.commitment == commitment_of(published.seed, published.what)
    page = Client().get(reverse("public:draw", kwargs={"slug": "mcr"})).content.decode()
    assert published.commitment in page and published.seed not in page
    with pytest.raises(LotRefused, match="another tie"):
        draw_lot(
            tournament=tournament,
            scope="qualifier",
            tied=[12, 4],
            by=author("J"),
            commitment=published,
        )
    lot = draw_lot(
        tournament=tournament,
        scope="qualifier",
        tied=[3, 12],
        by=author("Jana"),
        commitment=published,
    )
    published.refresh_from_db()
    assert lot.seed == published.seed and lot.order == lot_order([3, 12], published.seed)
    assert not published.open and published.used_at == lot.drawn_at
    [exported] = export_tournament(tournament)["lots"]
    assert exported["commitment"] == published.commitment and exported["what"] == published.what
    [check] = [c for c in verify.verify_document(export_tournament(tournament)) if c.what]
    assert (check.commitment.key, check.result.key) == (verify.OK, verify.REPRODUCED)
    # publishing for the same places with another group abandons the first one
    again = publish_lot_commitment(
        tournament=tournament,
        scope="qualifier",
        category="B1",
        places=(2, 3),
        tied=[1, 2],
        by=author("a"),
    )
    other = publish_lot_commitment(
        tournament=tournament,
        scope="qualifier",
        category="B1",
        places=(2, 3),
        tied=[1, 5],
        by=author("b"),
    )
    again.refresh_from_db()
    assert other != again and again.abandoned_by == "b"


def busy_tournament():
    """A tournament where every kind of event happened: draws with commitments (one abandoned
    by a redraw), a lot, sheets entered, corrected and confirmed, a sanction recorded and
    withdrawn, a table on the clock, a setting changed, accounts created."""
    tournament = demo("busy", keep=())
    organiser = create_account(username="org", role=ORGANISER, password="x-heslo-123")
    referee = create_account(username="ref", role=REFEREE, password="x-heslo-123")
    game = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=1,
        by=author("org"),
        commitment=publish_draw_commitment(
            tournament=tournament, kind="qualifier", number=1, by=author("org")
        ),
    )
    game = redraw_game(game=game, by=author("org"))
    first, second = (t.seats.order_by("position").first().player for t in game.tables.all()[:2])
    swap_players(game=game, first=first.start_number, second=second.start_number, by=author("org"))
    confirm_draw(game=game, by=author("org"))
    table, round_ = game.tables.get(number=1), game.rounds.get(position=0)
    seats = list(table.seats.select_related("player").order_by("position"))
    lines = [
        SheetLine(s.player.start_number, 10, 0 if i == 0 else 3, closed=i == 0)
        for i, s in enumerate(seats)
    ]
    sheet = save_sheet(table=table, round=round_, lines=lines, by=referee, version=0)
    lines[1] = SheetLine(lines[1].player, 11, 3)
    sheet = save_sheet(table=table, round=round_, lines=lines, by=referee, version=sheet.version)
    confirm_sheet(sheet=sheet, by=organiser, version=sheet.version)
    sanction = record_sanction(
        player=seats[2].player, scope="game", game=game, reason="telefon u stolu", by=referee
    )
    withdraw_sanction(sanction=sanction, reason="omyl", by=referee)
    clocks.order_clock(table=table, seconds_per_move=90, by=author("ref"))
    lot_commitment = publish_lot_commitment(
        tournament=tournament,
        scope="qualifier",
        category="VS",
        places=(1, 2),
        tied=[1, 2],
        by=author("r"),
    )
    draw_lot(
        tournament=tournament,
        scope="qualifier",
        tied=[1, 2],
        by=author("r"),
        commitment=lot_commitment,
    )
    tournament.venue = "Brno"
    tournament.save()
    return tournament


def test_the_log_lists_each_kind_of_event():
    tournament = busy_tournament()
    entries = log.championship_log(tournament)
    words = "\n".join(e.words for e in entries)
    kinds = log.kinds_present(entries)
    assert set(kinds) == set(log.KINDS)
    assert "Commitment published for busy/qualifier/game-1/tables;rounds=3-7" in words
    assert "Commitment abandoned for busy/qualifier/game-1/tables" in words
    assert "the game was drawn again" in words
    assert "Qualifier, game 1 drawn, seed" in words.replace("qualifier", "Qualifier")
    assert "drawn again, seed" in words and "draw confirmed" in words
    assert "game 1: the draw changed by hand" in words
    assert "sheet entered" in words and "sheet corrected" in words and "sheet confirmed" in words
    assert "telefon u stolu" in words and "sanction withdrawn" in words
    assert "table 1: play with a clock ordered, 90 s a move" in words
    assert "Settings changed: venue: Praha, Krakovská 21 → Brno" in words
    assert "Account created: org" in words and "Lot (" in words
    assert [e.at for e in entries] == sorted((e.at for e in entries), reverse=True)
    corrected = next(e for e in entries if "sheet corrected" in e.words)
    assert corrected.who == "ref" and corrected.stage == "qualifier" and corrected.game == 1


def test_the_public_log_keeps_draws_commitments_lots_and_sanctions_only():
    tournament = busy_tournament()
    entries = log.championship_log(tournament, public=True)
    assert set(log.kinds_present(entries)) == set(log.PUBLIC_KINDS)
    assert not any("telefon" in e.words for e in entries)  # no reasons in public
    page = Client().get(reverse("public:log", kwargs={"slug": "busy"})).content.decode()
    assert "sheet" not in page.lower() or "zápis" not in page
    assert "Zrušen závazek" in page or "abandoned" in page


def test_the_log_filters_by_kind_stage_and_game():
    tournament = busy_tournament()
    only_lots = log.championship_log(tournament, only=log.LogFilter(kinds=(log.LOT,)))
    assert only_lots and {e.kind for e in only_lots} == {log.LOT}
    game_one = log.championship_log(tournament, only=log.LogFilter(stage="qualifier", game=1))
    assert game_one and all(e.stage == "qualifier" and e.game == 1 for e in game_one)
    assert not log.championship_log(tournament, only=log.LogFilter(stage="final_a"))


def test_the_staff_log_is_for_the_organiser_and_the_referee():
    busy_tournament()
    url = reverse("championship_log:staff", kwargs={"slug": "busy"})
    assert Client().get(url).status_code == 302
    for name in ("org", "ref"):
        client = Client()
        client.login(username=name, password="x-heslo-123")
        page = client.get(url + "?druh=sheet&faze=qualifier").content.decode()
        assert "sheet corrected" in page or "zápis opraven" in page
        assert "Account created" not in page and "Založen účet" not in page
    client.get(url + "?strana=99&partie=x&faze=nowhere")  # bad filters are ignored


def count_queries(tournament, public):
    with CaptureQueriesContext(connection) as queries:
        log.championship_log(tournament, public=public)
    return len(queries)


def drawn_and_entered(size: int):
    """A qualifier of ``size`` players drawn with a commitment, every round-1 sheet entered
    and a sanction at every table: the history grows with the field."""
    document = qualifier_only(size, seed=size)
    document.pop("stages", None)
    document.pop("lots", None)
    document["tournament"].setdefault("settings", {})["qualifier_games"] = 2
    tournament, _ = import_tournament(document, slug=f"t{size}")
    referee = create_account(username=f"ref{size}", role=REFEREE, password="x-heslo-123")
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("a"), confirm=True
    )
    round_ = game.rounds.get(position=0)
    for table in game.tables.all():
        seats = list(table.seats.select_related("player").order_by("position"))
        lines = [
            SheetLine(s.player.start_number, 10, 0 if i == 0 else 3, closed=i == 0)
            for i, s in enumerate(seats)
        ]
        save_sheet(table=table, round=round_, lines=lines, by=referee, version=0)
        record_sanction(player=seats[1].player, scope="game", game=game, reason="x", by=referee)
    return tournament


@pytest.mark.parametrize("public", [False, True])
def test_the_log_takes_a_fixed_number_of_queries(public):
    small, large = drawn_and_entered(10), drawn_and_entered(40)
    assert len(log.championship_log(large)) > len(log.championship_log(small))
    assert count_queries(small, public) == count_queries(large, public) <= 12
