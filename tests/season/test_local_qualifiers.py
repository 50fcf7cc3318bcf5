"""Local qualifiers feed the championship (issue 25, A): a local qualifier announced in
advance, played through the services, marks its best players' persons qualified; the
championship of that year registering them sets "qualified locally" with the source, and
eligibility follows."""

import json
from dataclasses import replace
from datetime import date

import pytest

from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from refusals import Refused
from scoring.sheets import save_sheet
from season import local_qualifiers
from tests.authors import author
from tests.conftest import good_lines
from tournament.local_qualifiers import (
    announce,
    apply_local_qualification,
    source_words,
    tick_by_hand,
)
from tournament.models import LocalQualification, Person, Player, Tournament
from tournament.words import eligibility_sentence


def registered(slug: str, *, kind: str, year: int, games: int | None = None) -> Tournament:
    """The demo's players registered for a tournament of ``kind``, nothing drawn."""
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    document["tournament"]["year"] = year
    document["tournament"]["start_date"] = date(year, 6, 13).isoformat()
    document["tournament"].pop("end_date", None)
    tournament, _ = import_tournament(document, slug=slug)
    Tournament.objects.filter(pk=tournament.pk).update(kind=kind, qualifier_games=games)
    Player.objects.filter(tournament=tournament).update(local_qualifier=False)
    tournament.refresh_from_db()
    return tournament


def play_qualifier(tournament: Tournament, referee) -> None:
    """The one qualifier game drawn, confirmed and every sheet saved (the closer varies)."""
    game = draw_game(
        tournament=tournament, kind="qualifier", number=1, by=referee, seed=1, confirm=True
    )
    for table in game.tables.all():
        seats = table.seats.count()
        for position, round_ in enumerate(game.rounds.all()):
            lines = good_lines(table, closer=(position + table.number) % seats)
            lines = [replace(line, laid=5 + line.player % 11) for line in lines]
            save_sheet(table=table, round=round_, lines=lines, by=referee, version=0)


@pytest.fixture
def local(db):
    tournament = registered("brno", kind="local_qualifier", year=2026, games=1)
    Tournament.objects.filter(pk=tournament.pk).update(name="Místní kvalifikace Brno 2026")
    tournament.refresh_from_db()
    for player in tournament.players.all():
        player.person = Person.objects.create(name=player.name, sight_class=player.sight_class)
        player.save()
    return tournament


def test_a_local_qualifier_marks_its_best_and_the_championship_follows(local):
    organiser = author("Jana")
    announce(tournament=local, championship_year=2027, places=3, per_category=True, by=organiser)
    with pytest.raises(Refused, match="není u konce"):
        local_qualifiers.mark_qualified(tournament=local, by=organiser)
    play_qualifier(local, organiser)
    with pytest.raises(Refused, match="předem"):  # announced in advance: frozen now
        announce(tournament=local, championship_year=2027, places=5, per_category=True, by=None)

    made = local_qualifiers.mark_qualified(tournament=local, by=organiser)
    found = local_qualifiers.outcome(local)
    assert {q.category for q in made} == {"B1", "VS"}
    for category in ("B1", "VS"):
        places = sorted(q.place for q in made if q.category == category)
        assert len(places) >= 3 and places[:1] == [1]
    assert len(made) == len(found.rows)

    # the 2027 championship registers the same persons, none of them paid
    championship = registered("mcr2027", kind="championship", year=2027)
    persons = {p.name: p.person for p in local.players.select_related("person")}
    qualified_persons = {q.person_id for q in made}
    for player in championship.players.all():
        player.paid = False
        player.person = persons[player.name]
        player.save()
        apply_local_qualification(player)
    for player in championship.players.select_related("local_qualification__source"):
        if player.person_id in qualified_persons:
            assert player.local_qualifier
            assert player.eligibility_problems() == []
            assert eligibility_sentence(player).startswith("způsobil")
            record = player.local_qualification
            assert source_words(record) == (
                f"Místní kvalifikace Brno 2026, {record.place}. místo"
                f" ({'B1, nevidomí' if record.category == 'B1' else 'VS, vidící a slabozrací'})"
            )
        else:
            assert not player.local_qualifier and player.local_qualification is None
            assert "nezaplacené startovné" in eligibility_sentence(player)

    # the year's other championships are not touched; a qualifier's own players neither
    assert not local.players.filter(local_qualifier=True).exists()

    # marking again replaces the earlier marks: now the best 1 overall
    announcement = local.local_announcement
    type(announcement).objects.filter(pk=announcement.pk).update(places=1, per_category=False)
    again = local_qualifiers.mark_qualified(tournament=local, by=organiser)
    assert {(q.category, q.place) for q in again} == {("ALL", 1)}  # all tied at 1st qualify
    assert LocalQualification.objects.filter(source=local).count() == len(again) < len(made)
    marked = championship.players.filter(local_qualifier=True)
    assert {p.person_id for p in marked} == {q.person_id for q in again}
    assert all(p.local_qualification.source == local for p in marked)


def test_the_announcement_is_a_local_qualifiers(db):
    championship = registered("mcr", kind="championship", year=2026)
    with pytest.raises(Refused, match="Jen místní kvalifikace"):
        announce(
            tournament=championship, championship_year=2026, places=3, per_category=False, by=None
        )
    with pytest.raises(Refused, match="nevyhlásila"):
        local_qualifiers.mark_qualified(
            tournament=championship.__class__.objects.create(
                slug="bez",
                name="Bez vyhlášení",
                kind="local_qualifier",
                year=2026,
                start_date=date(2026, 3, 1),
            ),
            by=None,
        )


def test_a_qualified_player_without_a_person_is_named(local):
    announce(tournament=local, championship_year=2027, places=2, per_category=False, by=None)
    play_qualifier(local, author("Jana"))
    best = local_qualifiers.outcome(local).rows[0]
    Player.objects.filter(tournament=local, start_number=best.number).update(person=None)
    with pytest.raises(Refused, match=f"Hráči {best.number} "):
        local_qualifiers.mark_qualified(tournament=local, by=None)
    assert not LocalQualification.objects.exists()


def test_a_tick_by_hand_needs_a_reason_naming_the_player(db):
    championship = registered("mcr", kind="championship", year=2026)
    player = championship.players.get(start_number=1)  # Kateřina Marešová
    expected = "Uveďte, proč hráčka 1. Kateřina Marešová postoupila"
    with pytest.raises(Refused, match=expected) as refusal:
        tick_by_hand(player=player, qualified=True, reason="  ")
    assert refusal.value.place == "reason"
    tick_by_hand(player=player, qualified=True, reason="Kvalifikace v Ostravě, zápis chybí")
    player.refresh_from_db()
    assert player.local_qualifier and player.local_qualifier_reason
    # unticked: the reason goes with the mark
    tick_by_hand(player=player, qualified=False, reason="")
    player.refresh_from_db()
    assert not player.local_qualifier and not player.local_qualifier_reason


def test_a_recorded_qualification_is_the_qualifier_s_and_a_tick_by_hand_outlives_it(db):
    local = registered("brno", kind="local_qualifier", year=2026)
    championship = registered("mcr", kind="championship", year=2026)
    player = championship.players.get(start_number=2)
    player.person = Person.objects.create(name=player.name, sight_class=player.sight_class)
    player.paid = False
    player.save()
    tick_by_hand(player=player, qualified=True, reason="Zápis z Brna přijde později")
    record = LocalQualification.objects.create(
        person=player.person, championship_year=2026, source=local, category="ALL", place=2
    )
    other_year = LocalQualification.objects.create(
        person=player.person,
        championship_year=2027,
        source=registered("ostrava", kind="local_qualifier", year=2026),
        category="VS",
        place=1,
    )
    assert apply_local_qualification(player) == record  # the year's record, not 2027's
    player.refresh_from_db()
    assert player.local_qualification == record and player.local_qualifier
    with pytest.raises(Refused, match="postoupil z turnaje") as refusal:
        tick_by_hand(player=player, qualified=False, reason="")
    assert refusal.value.place == "qualified"

    record.delete()  # the qualifier's record goes; the organiser's tick stays
    other_year.delete()
    player.refresh_from_db()
    assert apply_local_qualification(player) is None
    player.refresh_from_db()
    assert player.local_qualifier and player.local_qualification is None
    assert player.eligibility_problems() == []
