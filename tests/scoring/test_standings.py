import pytest

from interchange.importer import import_tournament
from rules.podium import title
from rules.score import RoundEntry
from scoring.selectors import tournament_data
from scoring.standings import (
    Result,
    StageData,
    TournamentData,
    both_days,
    podiums,
    qualifier_advancement,
    teams,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def data(example_document):
    tournament, _ = import_tournament(example_document, slug="example")
    return tournament_data(tournament)


def test_a_final_medals_and_titles_per_category(data):
    medals = podiums(data, "final_a")
    assert set(medals) == {"B1", "VS"}
    assert [(r.rank, r.key) for r in medals["B1"].places] == [(1, 18), (2, 22), (3, 1)]
    assert [(r.rank, r.key) for r in medals["VS"].places] == [(1, 6), (2, 13), (3, 16)]
    assert medals["B1"].champion == 18 and medals["VS"].champion == 6
    assert medals["B1"].undecided == () and medals["VS"].undecided == ()
    assert title(data.year) == "Mistr ČR v Syllabatimu 2025"


def test_b_final_places_one_to_three_in_one_list(data):
    places = podiums(data, "final_b")
    assert list(places) == ["ALL"]
    # 3 and 17 have 127 points each; 3 has more closes
    assert [(r.rank, r.key) for r in places["ALL"].places] == [(1, 5), (2, 3), (3, 17)]


def test_a_shared_medal_is_shown_as_undecided_until_a_lot():
    entries = {
        1: RoundEntry(40, 0, True),
        2: RoundEntry(30, 2),
        3: RoundEntry(20, 1),
        4: RoundEntry(20, 1),
        5: RoundEntry(5, 9),
    }
    plain = TournamentData(
        year=2026,
        sight_classes=dict.fromkeys(entries, "B1"),
        stages={"final_b": StageData(set(entries), [Result(n, e, 1) for n, e in entries.items()])},
    )
    places = podiums(plain, "final_b")["ALL"]
    assert [(r.rank, r.key) for r in places.places] == [(1, 1), (2, 2), (3, 3), (3, 4)]
    assert [tie.keys for tie in places.undecided] == [(3, 4)]
    plain.lots.append(("final_b", [4, 3]))
    places = podiums(plain, "final_b")["ALL"]
    assert [(r.rank, r.key) for r in places.places] == [(1, 1), (2, 2), (3, 4)]
    assert places.undecided == ()


def test_both_days_and_teams(data):
    total = both_days(data)
    assert total[14].points == 69 + 132  # qualifier + A-final
    assert [row.team for row in teams(data)] == [
        "Družstvo Morava 2",
        "Družstvo Labe 3",
        "Družstvo Vltava 1",
    ]


def test_advancement_of_the_example(data):
    advancement = qualifier_advancement(data)
    assert sorted(advancement["B1"].advancing) == [1, 4, 12, 15, 18, 22]
    assert advancement["VS"].unresolved == ()


def test_final_fields_split_the_qualifier_and_leave_a_tie_at_the_cut_to_its_lot():
    from scoring.standings import final_fields

    def entry(points):
        return RoundEntry(points, 0, False, False, 0)

    # five blind players, quota 3: 4 and 5 tie for third place
    data = TournamentData(
        year=2026,
        sight_classes={n: "B1" for n in range(1, 6)},
        stages={"qualifier": StageData({1, 2, 3, 4, 5}, [])},
        quota_override={"B1": 3, "VS": 3},
    )
    assert final_fields(data).a_final == frozenset() == final_fields(data).b_final
    scores = {1: 50, 2: 40, 3: 10, 4: 30, 5: 30}
    data.stages["qualifier"].results = [Result(n, entry(p), 1) for n, p in scores.items()]
    fields = final_fields(data)
    assert fields.a_final == {1, 2} and fields.b_final == {3} and fields.undecided == {4, 5}
    data.lots = [("qualifier", [5, 4])]
    fields = final_fields(data)
    assert fields.a_final == {1, 2, 5} and fields.b_final == {3, 4} and not fields.unresolved


def test_an_expelled_player_plays_neither_final():
    from rules.sanctions import Sanction
    from scoring.standings import final_fields

    entries = {n: RoundEntry(60 - 10 * n, 0) for n in range(1, 6)}
    data = TournamentData(
        year=2026,
        sight_classes=dict.fromkeys(entries, "B1"),
        stages={
            "qualifier": StageData(set(entries), [Result(n, e, 1) for n, e in entries.items()])
        },
        quota_override={"B1": 3, "VS": 3},
        sanctions=[
            Sanction(1, "tournament", "qualifier", 1),
            Sanction(5, "tournament", "qualifier", 1),
        ],
    )
    fields = final_fields(data)
    assert fields.a_final == {2, 3, 4} and fields.b_final == frozenset()
