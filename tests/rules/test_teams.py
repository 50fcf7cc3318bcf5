from rules.podium import podium, title
from rules.ranking import Performance, rank
from rules.teams import team_standings


def test_a_team_counts_its_three_best_players():
    players = {
        1: Performance(1, 100, 1, 30),
        2: Performance(2, 90, 0, 20),
        3: Performance(3, 80, 2, 40),
        4: Performance(4, 80, 1, 50),  # equal points with 3: fewer closes, not counted
        5: Performance(5, 10),
    }
    [row] = team_standings({"Alfa": [5, 4, 3, 2, 1]}, players)
    assert row.counted == (1, 2, 3)
    assert row.points == 270
    assert row.closes == 3
    assert row.best_round == 40


def test_team_ties_go_to_closes_then_best_round_then_shared_or_lot():
    players = {
        1: Performance(1, 100, 1, 30),
        2: Performance(2, 100, 0, 20),
        3: Performance(3, 100, 0, 20),
        4: Performance(4, 100, 2, 30),
        5: Performance(5, 100, 0, 20),
        6: Performance(6, 100, 0, 20),
        7: Performance(7, 100, 1, 35),
        8: Performance(8, 100, 0, 20),
        9: Performance(9, 100, 0, 20),
        10: Performance(10, 100, 1, 35),
        11: Performance(11, 100, 0, 20),
        12: Performance(12, 100),
    }
    teams = {"A": [1, 2, 3], "B": [4, 5, 6], "C": [7, 8, 9], "D": [10, 11, 12]}
    table = team_standings(teams, players)
    assert [(row.rank, row.team) for row in table] == [(1, "B"), (2, "C"), (2, "D"), (4, "A")]
    assert table[1].shared and table[2].shared
    table = team_standings(teams, players, lots=[("D", "C")])
    assert [(row.rank, row.team) for row in table] == [(1, "B"), (2, "D"), (3, "C"), (4, "A")]


def test_a_member_without_results_counts_as_zero():
    [row] = team_standings({"A": [1, 2, 3]}, {1: Performance(1, 40)})
    assert row.points == 40
    assert row.counted == (1, 2, 3)


def test_podium_and_title():
    ranked = rank([Performance(k, p) for k, p in [(1, 90), (2, 80), (3, 70), (4, 70), (5, 60)]])
    result = podium(ranked)
    assert [r.key for r in result.places] == [1, 2, 3, 4]
    assert result.champion == 1
    assert [t.keys for t in result.undecided] == [(3, 4)]
    shared_first = podium(rank([Performance(1, 9), Performance(2, 9)]))
    assert shared_first.champion is None
    assert title(2026) == "Mistr ČR v Syllabatimu 2026"
