"""The stored rating of persons (issue 25): rated game by game as games become complete, or
from scratch, with the same result; a corrected sheet corrects it."""

from dataclasses import replace

import pytest
from django.core.management import call_command

from draws.services import draw_game
from rules import rating as rules_rating
from scoring.models import RoundResult, Sheet
from scoring.sheets import save_sheet
from season import rating
from season.models import PersonRating, RatingEntry
from tests.authors import author
from tests.conftest import good_lines
from tournament.models import Game, Person, Player, Tournament


def link_persons(tournament, only=None) -> dict[int, Person]:
    """A new person for each player (or those ``only``); the others have none, as players of
    a database from before persons were recorded."""
    Player.objects.filter(tournament=tournament).update(person=None)
    linked = {}
    for player in Player.objects.filter(tournament=tournament).order_by("start_number"):
        if only is not None and player.start_number not in only:
            continue
        player.person = Person.objects.create(name=player.name, sight_class=player.sight_class)
        player.save()
        linked[player.start_number] = player.person
    return linked


def play(game: Game, referee, *, laid=10) -> None:
    """Every sheet of the game, a different closer each round (so the tables' orders vary)."""
    for table in game.tables.all():
        for position, round_ in enumerate(game.rounds.all()):
            closer = (position * 3 + table.number) % table.seats.count()
            lines = [
                replace(line, laid=laid + line.player % 7)
                for line in good_lines(table, closer=closer)
            ]
            save_sheet(table=table, round=round_, lines=lines, by=referee, version=0)


def snapshot() -> dict:
    entries = list(
        RatingEntry.objects.order_by("position", "person_id").values_list(
            "person_id",
            "player_id",
            "table_id",
            "position",
            "when",
            "category",
            "points",
            "closes",
            "place",
            "players",
            "mu_before",
            "sigma_before",
            "mu",
            "sigma",
            "games",
        )
    )
    people = list(
        PersonRating.objects.order_by("person_id").values_list(
            "person_id", "mu", "sigma", "games", "category"
        )
    )
    return {"entries": entries, "persons": people}


def test_games_are_rated_as_they_complete_and_equal_the_rating_from_scratch(game, referees):
    tournament = game.stage.tournament
    persons = link_persons(tournament)
    assert rating.refresh() == rating.CURRENT  # nothing complete: nothing rated
    assert not RatingEntry.objects.exists()

    first_table = game.tables.order_by("number").first()
    play_one = list(game.rounds.all())[:1]
    save_sheet(
        table=first_table,
        round=play_one[0],
        lines=good_lines(first_table),
        by=referees[0],
        version=0,
    )
    assert rating.refresh() == rating.CURRENT
    assert not RatingEntry.objects.exists()  # the game is not complete yet
    Sheet.objects.filter(table=first_table).delete()
    RoundResult.objects.filter(table=first_table).delete()

    play(game, referees[0])
    # the last sheet's save rated the game (issue 35: the writes, not the readers)
    assert rating.refresh() == rating.CURRENT
    seated = game.seats.count()
    assert RatingEntry.objects.count() == seated
    assert PersonRating.objects.count() == seated
    assert rating.refresh() == rating.CURRENT

    second = draw_game(
        tournament=tournament, kind="qualifier", number=2, by=author("Jana"), seed=2, confirm=True
    )
    play(second, referees[0], laid=12)
    assert rating.refresh() == rating.CURRENT  # rated by the save
    assert RatingEntry.objects.count() == 2 * seated
    assert set(PersonRating.objects.values_list("games", flat=True)) == {2}
    incremental = snapshot()

    call_command("rating", "--recompute", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert snapshot() == incremental
    # and the same numbers as the rules' own computation over the same games
    tables = rating.all_tables()
    computed = rules_rating.compute(table.game for table in tables)
    for person, value in computed.current.items():
        stored = PersonRating.objects.get(person_id=person)
        assert (stored.mu, stored.sigma, stored.games) == (value.mu, value.sigma, value.games)
    assert set(computed.current) == {person.pk for person in persons.values()}


def test_a_corrected_sheet_corrects_the_rating(game, referees):
    tournament = game.stage.tournament
    link_persons(tournament)
    play(game, referees[0])
    second = draw_game(
        tournament=tournament, kind="qualifier", number=2, by=author("Jana"), seed=2, confirm=True
    )
    play(second, referees[0])
    rating.refresh()
    before = snapshot()

    # game 1, table 1, round 1: another closer (an earlier game: rated again from scratch)
    table, round_ = game.tables.get(number=1), game.rounds.get(position=0)
    sheet = Sheet.objects.get(table=table, round=round_)
    lines = good_lines(table, closer=1)
    lines[1] = replace(lines[1], laid=60)
    save_sheet(
        table=table,
        round=round_,
        lines=lines,
        by=referees[1],
        version=sheet.version,
        confirm_warnings=True,
    )
    assert rating.refresh() == rating.CURRENT  # recomputed by the correction's save
    corrected = snapshot()
    assert corrected != before
    rating.recompute()
    assert snapshot() == corrected
    winner = lines[1].player
    entry = RatingEntry.objects.get(
        table=table, player__start_number=winner, player__tournament=tournament
    )
    assert entry.place == 1


def test_only_rated_tournaments_and_players_with_a_person_are_rated(game, referees):
    tournament = game.stage.tournament
    table = game.tables.get(number=1)
    numbers = [seat.player.start_number for seat in table.seats.select_related("player")]
    link_persons(tournament, only=set(numbers[:3]))
    play(game, referees[0])
    rating.refresh()
    assert sorted(RatingEntry.objects.values_list("player__start_number", flat=True)) == sorted(
        numbers[:3]
    )
    assert set(RatingEntry.objects.values_list("players", flat=True)) == {3}

    Tournament.objects.filter(pk=tournament.pk).update(rated=False)
    assert rating.refresh() == rating.RECOMPUTED
    assert not RatingEntry.objects.exists() and not PersonRating.objects.exists()


def test_a_merge_of_persons_is_noticed(game, referees):
    tournament = game.stage.tournament
    persons = link_persons(tournament)
    play(game, referees[0])
    rating.refresh()
    # two players of different tables become one person (the persons' merge page, say),
    # written without touching the tournament
    table_one, table_two = game.tables.get(number=1), game.tables.get(number=2)
    kept = table_one.seats.first().player
    moved = table_two.seats.first().player
    Player.objects.filter(pk=moved.pk).update(person=persons[kept.start_number])
    assert rating.refresh() == rating.RECOMPUTED
    assert PersonRating.objects.get(person=persons[kept.start_number]).games == 2
    assert not PersonRating.objects.filter(person=persons[moved.start_number]).exists()


@pytest.mark.parametrize("recompute", [False, True])
def test_the_command_says_what_it_did(game, referees, capsys, recompute):
    link_persons(game.stage.tournament)
    play(game, referees[0])  # the writes rated the game: nothing left to do
    call_command("rating", *(["--recompute"] if recompute else []))
    out = capsys.readouterr().out
    assert ("znovu od začátku" if recompute else "Rating byl aktuální") in out
    assert f"osoby: {game.seats.count()}" in out


def test_a_game_that_needs_confirmations_is_rated_once_they_are_in(game, referees):
    from scoring.sheets import confirm_sheets

    game.stage.confirmation_required = True
    game.stage.save()
    link_persons(game.stage.tournament)
    play(game, referees[0])
    assert rating.refresh() == rating.CURRENT  # entered, not confirmed: not complete
    assert not RatingEntry.objects.exists()
    sheets = list(Sheet.objects.filter(table__game=game))
    confirm_sheets(reviewed=[(sheet, sheet.version) for sheet in sheets], by=referees[1])
    assert rating.refresh() == rating.CURRENT  # rated by the confirmation
    assert RatingEntry.objects.count() == game.seats.count()
