"""The move clock at a table (protests 3): ordered with a limit of at least a minute, changed,
switched off; the log shows when a table played on the clock and with what limit."""

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation

from rules.championship import MOVE_CLOCK_SECONDS_MIN
from scoring import clocks, log
from scoring.models import TableClock
from tests.authors import author
from tests.conftest import client_of

pytestmark = pytest.mark.django_db


def test_a_limit_below_a_minute_is_refused_with_what_and_where(game):
    table = game.tables.get(number=2)
    with pytest.raises(clocks.ClockRefused) as refused:
        clocks.order_clock(table=table, seconds_per_move=45, by=author("Jana"))
    assert refused.value.place == "seconds_per_move"
    assert str(refused.value) == (
        "Stůl 2 (kvalifikace, partie 1): limit 45 s na tah je příliš krátký; Herní řád dovoluje "
        "nejméně 60 s (protesty a reklamace, bod 3)."
    )
    assert not TableClock.objects.exists()
    with pytest.raises(IntegrityError), transaction.atomic():  # the database holds it too
        TableClock.objects.create(table=table, seconds_per_move=MOVE_CLOCK_SECONDS_MIN - 1)


def test_ordered_changed_and_switched_off(game):
    table = game.tables.get(number=1)
    first = clocks.order_clock(table=table, seconds_per_move=60, by=author("Jana"))
    assert clocks.clock_on(table) == first and first.ordered_by == "Jana"
    assert (
        clocks.order_clock(table=table, seconds_per_move=60, by=author("Petr")) == first
    )  # no change
    second = clocks.order_clock(table=table, seconds_per_move=90, by=author("Petr"))
    first.refresh_from_db()
    assert first.switched_off_by == "Petr" and not first.on
    assert clocks.clocks_on(game) == {1: second}
    clocks.switch_off_clock(table=table, by=author("Jana"))
    assert clocks.clock_on(table) is None and clocks.clocks_on(game) == {}
    with pytest.raises(clocks.ClockRefused, match="Stůl 1 .*hodiny nejsou zapnuté"):
        clocks.switch_off_clock(table=table, by=author("Jana"))
    assert TableClock.objects.filter(table=table).count() == 2  # the orders stay for the log


def test_a_draft_draw_gets_no_clock(game):
    game.draw_status = "draft"
    game.save(update_fields=["draw_status"])
    with pytest.raises(clocks.ClockRefused, match="los partie ještě není potvrzený"):
        clocks.order_clock(table=game.tables.get(number=1), seconds_per_move=60, by=author("Jana"))


def test_the_staff_log_shows_when_a_table_played_on_the_clock(game):
    table = game.tables.get(number=3)
    clocks.order_clock(table=table, seconds_per_move=75, by=author("Jana"))
    clocks.switch_off_clock(table=table, by=author("Petr"))
    with translation.override("en"):
        entries = log.championship_log(
            game.stage.tournament, only=log.LogFilter(kinds=(log.CLOCK,))
        )
    assert [(e.who, e.words) for e in entries] == [
        ("Petr", "qualifier, game 1, table 3: the clock switched off (it was 75 s a move)"),
        ("Jana", "qualifier, game 1, table 3: play with a clock ordered, 75 s a move"),
    ]
    assert all(e.stage == "qualifier" and e.game == 1 for e in entries)
    public = log.championship_log(game.stage.tournament, public=True)
    assert not [e for e in public if e.kind == log.CLOCK]  # the staff's log only


def test_the_staff_log_page_lists_the_clock_in_czech(game, referees):
    clocks.order_clock(table=game.tables.get(number=1), seconds_per_move=60, by=author("ref1"))
    url = reverse("championship_log:staff", kwargs={"slug": "mcr"})
    page = client_of(referees[0]).get(url, {"druh": log.CLOCK}).content.decode()
    assert "stůl 1: nařízena hra s hodinami, 60 s na tah" in page
    assert "Hodiny na tah" in page and "stoly hrající s hodinami" in page  # a kind of its own
