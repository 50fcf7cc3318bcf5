"""Finals by the book (two games, rounds in order, tables of at most 7), the planned qualifier
(its number of games, one seating or a new draw), and who a draw leaves out (expelled players,
frozen rosters)."""

import pytest
from django.utils import translation

from draws.selectors import game_tables, stage_field
from draws.services import (
    DrawRefused,
    confirm_draw,
    draw_game,
    set_qualifier_plan,
    set_rounds,
)
from interchange.importer import import_tournament
from scoring.models import Lot, RoundResult, Sanction
from tests.authors import author
from tests.draws.conftest import demo_document
from tournament.models import Game, Player, Team, Tournament
from tournament.services import set_presence

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def seating(game):
    return [[seat.player.start_number for seat in table.seats] for table in game_tables(game)]


@pytest.fixture
def qualified(after_qualifier, clients):
    """The demo after its qualifier, with the lot at the cut drawn."""
    tournament, lot = after_qualifier
    Lot.objects.create(tournament=tournament, stage="qualifier", order=lot["order"])
    return tournament


def test_the_qualifier_is_drawn_only_with_its_games_fixed(fresh):
    Tournament.objects.filter(pk=fresh.pk).update(qualifier_games=None)
    fresh.refresh_from_db()
    with pytest.raises(DrawRefused, match="Set the number of qualifier games first"):
        draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"))
    set_qualifier_plan(tournament=fresh, games=2, seating="new_draw")
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=1, confirm=True)
    game = draw_game(
        tournament=fresh, kind="qualifier", number=2, by=author("a"), seed=2, confirm=True
    )
    with pytest.raises(DrawRefused, match="2 games, fixed in advance"):
        draw_game(tournament=fresh, kind="qualifier", number=3, by=author("a"))
    with pytest.raises(DrawRefused, match="cannot be lower"):
        set_qualifier_plan(tournament=fresh, games=1, seating="new_draw")
    set_qualifier_plan(tournament=fresh, games=3, seating="new_draw")  # not started: may grow
    seat = game.tables.first().seats.first()
    RoundResult.objects.create(
        table=seat.table, round=game.rounds.first(), player=seat.player, laid=1, unused=0
    )
    with pytest.raises(DrawRefused, match="cannot change once the qualifier has started"):
        set_qualifier_plan(tournament=fresh, games=4, seating="new_draw")
    fresh.refresh_from_db()
    assert fresh.qualifier_games == 3


def test_one_seating_for_the_whole_qualifier(fresh):
    set_qualifier_plan(tournament=fresh, games=3, seating="keep")
    first = draw_game(
        tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=1, confirm=True
    )
    second = draw_game(
        tournament=fresh, kind="qualifier", number=2, by=author("a"), seed=2, confirm=True
    )
    assert seating(second) == seating(first)
    assert second.draw_options["kept_seating"] is True
    # a player who does not come any more leaves the table; the others keep their seats
    gone = seating(first)[0][0]
    everyone = set(fresh.players.values_list("start_number", flat=True))
    set_presence(tournament=fresh, present=everyone - {gone})
    third = draw_game(tournament=fresh, kind="qualifier", number=3, by=author("a"), seed=3)
    assert seating(third) == [[n for n in table if n != gone] for table in seating(first)]


def test_one_seating_cannot_take_a_newcomer(fresh):
    set_qualifier_plan(tournament=fresh, games=2, seating="keep")
    everyone = set(fresh.players.values_list("start_number", flat=True))
    set_presence(tournament=fresh, present=everyone - {1})
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=1, confirm=True)
    set_presence(tournament=fresh, present=everyone)
    with pytest.raises(DrawRefused, match="field changed since game 1"):
        draw_game(tournament=fresh, kind="qualifier", number=2, by=author("a"), seed=2)


def test_a_final_has_two_games_in_ascending_rounds(qualified):
    for number in (1, 2):
        game = draw_game(
            tournament=qualified,
            kind="final_a",
            number=number,
            by=author("a"),
            seed=number,
            confirm=True,
        )
        assert game.round_numbers() == [1, 2, 3, 4, 5, 6, 7]
    with pytest.raises(DrawRefused, match="2 games"):
        draw_game(tournament=qualified, kind="final_a", number=3, by=author("a"))
    with pytest.raises(DrawRefused, match="ascending order"):
        draw_game(tournament=qualified, kind="final_b", number=1, by=author("a"), rounds=[3, 1, 2])
    game = draw_game(
        tournament=qualified, kind="final_b", number=1, by=author("a"), rounds=[1, 2, 3, 4]
    )
    with pytest.raises(DrawRefused, match="ascending order"):
        set_rounds(game=game, by=author("a"), rounds=[2, 1])
    set_rounds(game=game, by=author("a"), rounds=[1, 2, 3, 4, 5])
    assert game.round_numbers() == [1, 2, 3, 4, 5]


def test_final_tables_hold_at_most_seven(qualified):
    field = stage_field(qualified, "final_b").players
    assert len(field) == 22  # five to seven a table: four tables, not three of 8, 7, 7
    game = draw_game(tournament=qualified, kind="final_b", number=1, by=author("a"), seed=1)
    assert sorted(len(table) for table in seating(game)) == [5, 5, 6, 6]
    assert game.draw_options["plan_reason"] == "final_at_most_seven"
    with pytest.raises(DrawRefused, match="a final table has 8 players"):
        draw_game(tournament=qualified, kind="final_b", number=1, by=author("a"), tables=3)


def test_the_finals_wait_for_the_end_of_the_qualifier(db):
    document = demo_document()
    del document["stages"]["final_a"], document["stages"]["final_b"], document["lots"]
    document["stages"]["qualifier"]["games"].pop()  # game 4 of 4 is not played yet
    tournament, _ = import_tournament(document, slug="three-of-four")
    with pytest.raises(DrawRefused, match="not over yet: 3 of 4 games"):
        draw_game(tournament=tournament, kind="final_a", number=1, by=author("a"))


def test_an_expelled_player_is_drawn_to_no_later_table(qualified):
    last = Game.objects.get(stage__tournament=qualified, stage__kind="qualifier", number=4)
    b_finalist = stage_field(qualified, "final_b").players[0]
    Sanction.objects.create(
        tournament=qualified, player=b_finalist, scope="tournament", game=last, reason="x"
    )
    field = stage_field(qualified, "final_b")
    assert b_finalist not in field.players
    assert [player for player, _words in field.expelled] == [b_finalist]
    game = draw_game(tournament=qualified, kind="final_b", number=1, by=author("a"), seed=4)
    assert all(b_finalist.start_number not in table for table in seating(game))


def test_an_expelled_finalist_makes_room_for_the_next(qualified):
    last = Game.objects.get(stage__tournament=qualified, stage__kind="qualifier", number=4)
    before = {p.start_number for p in stage_field(qualified, "final_a").players}
    finalist = Player.objects.get(tournament=qualified, start_number=min(before))
    Sanction.objects.create(
        tournament=qualified, player=finalist, scope="tournament", game=last, reason="x"
    )
    after = {p.start_number for p in stage_field(qualified, "final_a").players}
    assert finalist.start_number not in after and len(after) == len(before)


def test_rosters_freeze_at_the_first_confirmed_qualifier_draw(fresh):
    team = Team.objects.filter(tournament=fresh).first()
    game = draw_game(tournament=fresh, kind="qualifier", number=1, by=author("a"), seed=1)
    assert not team.roster_frozen  # a draft draw is not announced yet
    confirm_draw(game=game, by=author("a"))
    assert team.roster_frozen


def test_the_overview_sets_the_qualifier_plan(clients, fresh):
    from django.urls import reverse

    url = reverse("draws:qualifier_plan", kwargs={"slug": "fresh"})
    assert clients["referee"].post(url, {"games": 5, "seating": "keep"}).status_code == 403
    bad = clients["organiser"].post(url, {"games": 0, "seating": "keep"})
    assert bad.status_code == 400 and 'aria-invalid="true"' in bad.content.decode()
    fresh.refresh_from_db()
    assert fresh.qualifier_games == 4
    clients["organiser"].post(url, {"games": 5, "seating": "keep"})
    fresh.refresh_from_db()
    assert (fresh.qualifier_games, fresh.qualifier_seating) == (5, "keep")


def test_the_draw_page_says_why_the_final_tables_are_so(clients, qualified):
    from django.urls import reverse

    with translation.override("cs"):
        url = reverse("draws:draw", kwargs={"slug": qualified.slug, "stage": "final_b"})
        html = clients["organiser"].get(url).content.decode()
    assert "u stolů po 6, 6, 5, 5" in html and "nejvýš 7 hráčů" in html and "(pravidlo F)" in html


def test_the_qualifier_draw_page_lists_who_is_not_eligible_and_why(clients, fresh):
    from django.urls import reverse

    Player.objects.filter(tournament=fresh, start_number=3).update(paid=False)
    with translation.override("cs"):
        url = reverse("draws:draw", kwargs={"slug": "fresh", "stage": "qualifier"})
        html = clients["organiser"].get(url).content.decode()
    assert "Nelosují se, nesplňují podmínky účasti" in html and "nezaplacené startovné" in html


def test_the_organiser_sees_the_quota_warnings(clients, fresh):
    """The demo's 34 players: 6 + 6 finalists by default (21 or more), above K's 10."""
    from django.urls import reverse

    with translation.override("cs"):
        html = clients["organiser"].get(reverse("draws:overview", kwargs={"slug": "fresh"}))
        advancement = clients["referee"].get(reverse("desk:advancement", kwargs={"slug": "fresh"}))
    assert "Do finále A by postoupilo 12 hráčů, víc než 10" in html.content.decode()
    assert "víc než 10" in advancement.content.decode()
    Tournament.objects.filter(pk=fresh.pk).update(quota_b1=20, quota_vs=5)
    with translation.override("cs"):
        html = clients["organiser"].get(reverse("draws:overview", kwargs={"slug": "fresh"}))
    assert "Kategorie B1 má méně hráčů, než je míst ve finále A (14 z 20)" in html.content.decode()


def test_the_refusal_counts_the_planned_games_in_czech(fresh):
    """ "Kvalifikace má předem určené 3 partie", not "určených 3 partií" (issue 33)."""
    from django.utils import translation

    for games, words in ((1, "určenou 1 partii"), (3, "určené 3 partie"), (5, "určených 5 partií")):
        set_qualifier_plan(tournament=fresh, games=games, seating="new_draw")
        with translation.override("cs"), pytest.raises(DrawRefused) as refused:
            draw_game(tournament=fresh, kind="qualifier", number=games + 1, by=author("a"))
        assert f"Kvalifikace má předem {words} (pravidlo B)" in str(refused.value)


def test_the_referee_draws_and_confirms_a_final_recorded_as_theirs(clients, qualified):
    """Issue 33, point 6 (rules D, L and N): the referee draws the finals; the qualifier's
    set-up and draws stay the organiser's."""
    from django.urls import reverse

    from tournament.models import Commitment

    referee = clients["referee"]
    with translation.override("cs"):
        qualifier = reverse("draws:draw", kwargs={"slug": qualified.slug, "stage": "qualifier"})
        url = reverse("draws:draw", kwargs={"slug": qualified.slug, "stage": "final_b"})
        game_url = reverse(
            "draws:game", kwargs={"slug": qualified.slug, "stage": "final_b", "number": 1}
        )
        confirm = reverse(
            "draws:confirm", kwargs={"slug": qualified.slug, "stage": "final_b", "number": 1}
        )
    assert referee.get(qualifier).status_code == 403
    assert (
        referee.get(reverse("draws:overview", kwargs={"slug": qualified.slug})).status_code == 403
    )
    assert referee.get(url).status_code == 200
    referee.post(url, {"least": 3, "most": 7, "rounds": "", "action": "publish"})
    published = Commitment.objects.get(what__contains="final_b")
    response = referee.post(url, {"action": "draw", "commitment": str(published.pk)})
    assert response.status_code == 302 and response.url == game_url
    game = qualified.stages.get(kind="final_b").games.get(number=1)
    assert referee.post(confirm, {"version": str(game.draw_version)}).status_code == 302
    game.refresh_from_db()
    assert game.draw_confirmed
    assert game.history.filter(history_user__username="ref").exists()  # recorded as theirs
