"""The ceremony's reveals (issue 24): per A-final category third, second, first with the title
in the holder's gender and the category, then the B-final's podium and the best team; the
organiser's moves, and the last reveal releasing the held results."""

import pytest

from scoring import ceremony
from scoring.models import Ceremony
from scoring.pages import medals_page, stage_page
from tournament import services
from tournament.models import Player, Stage, Tournament

pytestmark = pytest.mark.django_db


def fresh(tournament) -> Tournament:
    return Tournament.objects.get(pk=tournament.pk)


def test_the_sequence_goes_category_by_category_up_to_the_first(demo):
    reveals = ceremony.ceremony_state(demo).reveals
    medals = medals_page(demo, staff=True)
    expected = []
    for podium in medals.podiums:
        expected += [(podium.kind, podium.category, row.rank) for row in reversed(podium.rows)]
    # rule B: the best team and the further places, from the third up (issue 33, point 10)
    expected += [("teams", "ALL", row.rank) for row in reversed(medals.teams)]
    assert [row.rank for row in medals.teams] == [1, 2, 3]
    assert [(r.kind, r.category, r.place) for r in reveals] == expected
    kinds = [r.kind for r in reveals]
    assert kinds == sorted(kinds, key=["final_a", "final_b", "teams"].index)
    a_categories = [r.category for r in reveals if r.kind == "final_a"]
    assert a_categories == ["B1"] * 3 + ["VS"] * 3
    assert [r.place for r in reveals if r.kind == "final_b"] == [3, 2, 1]
    final_a = stage_page(demo, "final_a", staff=True)
    for standing in final_a.categories:
        first = next(
            r
            for r in reveals
            if r.kind == "final_a" and r.category == standing.category and r.place == 1
        )
        assert first.name == standing.champion.name
        assert first.points == standing.rows[0].points
        word = "Mistryně" if standing.champion.feminine else "Mistr"
        category = {"B1": "nevidomí", "VS": "slabozrací a vidící"}[standing.category]
        assert first.title == f"{word} ČR v Syllabatimu {demo.year} v kategorii {category}"
    assert not any(r.title for r in reveals if r.place != 1 or r.kind != "final_a")
    assert reveals[-1].members and reveals[-1].name == medals.best_team.team
    teams = [r for r in reveals if r.kind == "teams"]
    assert [r.name for r in teams] == [row.team for row in reversed(medals.teams)]
    assert teams[0].sentence.startswith(f"Družstva, 3. místo: {teams[0].name}, ")
    assert teams[-1].sentence.startswith(f"Nejlepší družstvo: {medals.best_team.team}")


def test_the_title_agrees_with_the_champion(demo):
    champion = next(r for r in ceremony.ceremony_state(demo).reveals if r.title)
    player = Player.objects.get(tournament=demo, start_number=champion.number)
    for gender, word in (("feminine", "Mistryně ČR"), ("masculine", "Mistr ČR")):
        player.gender = gender
        player.save()
        again = next(r for r in ceremony.ceremony_state(fresh(demo)).reveals if r.title)
        assert again.title.startswith(word + " v Syllabatimu")
        said = "získala" if gender == "feminine" else "získal"
        assert f"3. místo {said}" not in again.sentence  # the first's sentence names the 1st
        assert f"1. místo {said} {again.name}" in again.sentence


def test_moves_reveal_in_order_and_the_last_releases_held_results(demo, organiser):
    services.hold_results(tournament=demo, kind="final_a", announcement="17:30")
    services.hold_results(tournament=demo, kind="final_b", announcement="17:30")
    assert stage_page(fresh(demo), "final_a").held  # the public reads no standings
    state = ceremony.ceremony_state(demo)
    total = len(state.reveals)
    assert state.current is None and state.next == state.reveals[0] and not state.refusal
    assert ceremony.current_reveal(fresh(demo)) is None
    seen = []
    for step in range(1, total + 1):
        before = fresh(demo).revision
        state = ceremony.show_next(tournament=demo, by=organiser)
        assert state.shown == step and fresh(demo).revision > before
        current = ceremony.current_reveal(fresh(demo))
        assert current == state.reveals[step - 1]
        seen.append(current)
        assert ceremony.revealed(fresh(demo)) == seen  # nothing before its turn
        held = Stage.objects.filter(tournament=demo, results_held=True).count()
        assert held == (0 if step == total else 2)
    assert seen == state.reveals and state.finished
    assert not stage_page(fresh(demo), "final_a").held
    with pytest.raises(ceremony.CeremonyRefused):
        ceremony.show_next(tournament=demo, by=organiser)
    back = ceremony.show_previous(tournament=demo, by=organiser)
    assert back.shown == total - 1
    assert ceremony.current_reveal(fresh(demo)) == seen[-2]
    assert not Stage.objects.filter(tournament=demo, results_held=True).exists()  # stays public
    assert ceremony.start_over(tournament=demo, by=organiser).shown == 0
    assert ceremony.current_reveal(fresh(demo)) is None
    with pytest.raises(ceremony.CeremonyRefused):
        ceremony.show_previous(tournament=demo, by=organiser)
    assert Ceremony.objects.get(tournament=demo).changed_by == "org"


def test_no_reveal_before_the_championship_is_over(game, organiser):
    tournament = game.stage.tournament
    state = ceremony.ceremony_state(tournament)
    assert state.reveals == [] and state.refusal
    with pytest.raises(ceremony.CeremonyRefused) as refused:
        ceremony.show_next(tournament=tournament, by=organiser)
    assert "není u konce" in str(refused.value)
    assert ceremony.current_reveal(fresh(tournament)) is None
