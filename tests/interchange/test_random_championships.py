"""Random championships, imported and computed, against a naive reading of RULES.md.

The oracle below is written from the rules' text, not from ``rules/``: ranks are one plus the
number of players strictly better on (points, closes, best round); a lot naming exactly a
tied group gives it consecutive ranks; the qualifier sends rank <= quota unless a tie
straddles the cut; teams add their three best players over both days. Sanctions (version 2):
a game a player is disqualified from scores 0 and no close for them; an expelled player is in
no standing from the stage of the expulsion on and in no team.
"""

import json
import random
from io import StringIO

import pytest
from django.core.management import call_command

from interchange.importer import import_tournament
from interchange.schema import validator

pytestmark = pytest.mark.django_db

STAGES = ("qualifier", "final_a", "final_b")


def random_championship(seed: int) -> dict:
    rng = random.Random(seed)
    count = rng.randint(12, 60)
    players = [
        {
            "no": n,
            "name": f"Hráč {n}",
            "sight_class": rng.choice(["B1", "B1", "B2", "B3", "none"]),
            # v3; not drawn from rng, so that the championships stay the ones they were
            "gender": "feminine" if n % 2 else "masculine",
        }
        for n in rng.sample(range(1, 200), count)
    ]
    numbers = [p["no"] for p in players]
    settings = {}
    if rng.random() < 0.3:
        settings["close_bonus"] = rng.randint(0, 9)
    if rng.random() < 0.3:
        settings["quota"] = {"B1": rng.randint(3, 7), "VS": rng.randint(3, 7)}
    document = {
        "format": "syllabatim-tournament",
        "version": 7,
        "tournament": {
            "name": f"Turnaj {seed}",
            "year": 2026,
            "start_date": "2026-06-13",
            **({"settings": settings} if settings else {}),
            "organiser": "Klub Syllabatim",
        },
        "players": players,
        "stages": {},
    }

    def play(seated, games, rounds_of):
        stage = []
        for number in range(1, games + 1):
            rounds = rounds_of()
            order = rng.sample(seated, len(seated))
            tables = max(1, len(order) // 6, -(-len(order) // 8))  # tables of at most 8 (D)
            tables_spec = []
            for t in range(tables):
                seats = order[t::tables]
                played = []
                for r in rounds:
                    closer = rng.choice(seats + [None])
                    results = []
                    for p in seats:
                        closed = p == closer
                        results.append(
                            {
                                "player": p,
                                "laid": rng.randint(0, 6),
                                "unused": 0 if closed else rng.choice([0, 0, 1, 2, 9]),
                                "closed": closed,
                                "disqualified": rng.random() < 0.05,
                                "penalty": rng.choice([0] * 20 + [1, 4]),
                            }
                        )
                    played.append({"round": r, "results": results})
                if rng.random() < 0.2:
                    played = played[: rng.randint(0, len(played))]  # still being played
                tables_spec.append(
                    {
                        "number": t + 1,
                        "seats": seats,
                        "starting_seat": rng.randrange(len(seats)),
                        "rounds": played,
                    }
                )
            stage.append({"number": number, "rounds": rounds, "tables": tables_spec})
        return {"games": stage}

    document["stages"]["qualifier"] = play(
        numbers, rng.randint(1, 3), lambda: rng.sample(range(1, 8), rng.randint(1, 4))
    )
    # The finals as the rules seat them (C, M): the qualifier's sanctions and lots first, then
    # the advancing players in the A-final, the others (not waiting for a lot, not expelled)
    # in the B-final.
    add_sanctions(document, rng, ("qualifier",))
    add_lots(document, rng, ("qualifier",))
    qualifier = oracle(document).get("qualifier")
    if qualifier is not None:
        finalists = sorted(n for players in qualifier["advancing"].values() for n in players)
        waiting = {n for tie in qualifier["unresolved_ties"] for n in tie["players"]}
        others = [
            n
            for n in numbers
            if n not in finalists and n not in waiting and n not in expelled(document)
        ]
        if finalists and rng.random() < 0.8:
            document["stages"]["final_a"] = play(finalists, 2, lambda: rng.sample(range(1, 8), 2))
        if rng.random() < 0.8 and len(others) >= 5:
            document["stages"]["final_b"] = play(others, 2, lambda: rng.sample(range(1, 8), 2))
    pool = rng.sample(numbers, len(numbers))
    teams = []
    while len(pool) >= 5 and rng.random() < 0.8:
        size = rng.randint(3, 5)
        teams.append({"name": f"Tým {len(teams) + 1}", "members": pool[:size]})
        pool = pool[size:]
    if teams:
        document["teams"] = teams
    add_sanctions(document, rng, ("final_a", "final_b"))
    add_lots(document, rng, ("final_a", "final_b"), teams=True)
    return document


def add_sanctions(document: dict, rng: random.Random, stages=STAGES) -> None:
    """A few disqualifications from a game, and an expulsion in a player's last game."""
    games = [
        (kind, game["number"], {n for t in game["tables"] for n in t["seats"]})
        for kind in stages
        for game in document["stages"].get(kind, {"games": []})["games"]
    ]
    if not games:
        return
    sanctions = []
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        kind, number, seated = rng.choice(games)
        if seated:
            player = rng.choice(sorted(seated))
            entry = {"player": player, "scope": "game", "stage": kind, "game": number}
            if entry not in sanctions:
                sanctions.append(entry)
    if rng.random() < 0.5:
        player = rng.choice(sorted({n for _k, _g, seated in games for n in seated}))
        kind, number, _seated = [g for g in games if player in g[2]][-1]  # the last one played
        sanctions.append({"player": player, "scope": "tournament", "stage": kind, "game": number})
    if sanctions:
        document["sanctions"] = document.get("sanctions", []) + [
            {**entry, "reason": "telefon"}
            for entry in sanctions
            if entry not in document.get("sanctions", [])
        ]


def add_lots(document: dict, rng: random.Random, stages=STAGES, teams: bool = False) -> None:
    """Lots for some real ties (found by the oracle) and some that match no tie (a part of a
    tied group, in the group's lot's order: two lots never contradict each other)."""
    lots = []
    for kind in stages:
        for _category, rows in oracle_standings(document, kind).items():
            groups = {}
            for row in rows:
                groups.setdefault(row["rank"], []).append(row["player"])
            for group in groups.values():
                if len(group) > 1 and rng.random() < 0.5:
                    order = rng.sample(group, len(group))
                    lots.append({"stage": kind, "order": order})
                    if len(group) > 2 and rng.random() < 0.3:
                        lots.append({"stage": kind, "order": order[:2]})  # not a whole group
    team_rows = oracle_teams(document, []) if teams else []
    groups = {}
    for row in team_rows:
        groups.setdefault(row["rank"], []).append(row["team"])
    for group in groups.values():
        if len(group) > 1:
            lots.append({"stage": "teams", "order": rng.sample(group, len(group))})
    if lots:
        document["lots"] = document.get("lots", []) + lots


# ---- the oracle -------------------------------------------------------------------------


def bonus(document):
    return document["tournament"].get("settings", {}).get("close_bonus", 5)


STAGE_ORDER = {kind: index for index, kind in enumerate(STAGES)}


def expelled(document) -> dict:
    """Expelled players and the stage they were expelled in."""
    return {
        s["player"]: s["stage"] for s in document.get("sanctions", []) if s["scope"] == "tournament"
    }


def records(document, kind, with_expelled=False):
    """Each player's (points, closes, best round, rounds) in a stage; players expelled in this
    or an earlier stage are not in it (unless ``with_expelled``: who sat at its tables)."""
    voided = {(s["stage"], s["game"], s["player"]) for s in document.get("sanctions", [])}
    out = {
        p
        for p, stage in expelled(document).items()
        if STAGE_ORDER[stage] <= STAGE_ORDER[kind] and not with_expelled
    }
    table = {}
    for game in document["stages"].get(kind, {"games": []})["games"]:
        for spec in game["tables"]:
            for p in spec["seats"]:
                if p not in out:
                    table.setdefault(p, [0, 0, 0, 0])
            for played in spec["rounds"]:
                for r in played["results"]:
                    if r["player"] in out:
                        continue
                    if r["disqualified"] or (kind, game["number"], r["player"]) in voided:
                        score, close = 0, 0
                    else:
                        raw = r["laid"] - r["unused"] - r["penalty"]
                        score = max(0, raw + (bonus(document) if r["closed"] else 0))
                        close = 1 if r["closed"] else 0
                    t = table[r["player"]]
                    t[0] += score
                    t[1] += close
                    t[2] = max(t[2], score)
                    t[3] += 1
    return table


def ranks_with_lots(keys_and_chain, lots, decided=None):
    """keys_and_chain: {key: chain tuple}. Returns {key: rank}; adds to ``decided`` the keys
    whose place a lot decided."""
    ranks = {
        k: 1 + sum(1 for o in keys_and_chain.values() if o > c) for k, c in keys_and_chain.items()
    }
    for order in lots:
        group = {k for k, c in keys_and_chain.items() if k in order}
        if len(group) != len(order) or len(order) < 2:
            continue
        chains = {keys_and_chain[k] for k in group}
        if len(chains) != 1:
            continue
        whole = {k for k, c in keys_and_chain.items() if c == next(iter(chains))}
        if whole != group:
            continue
        first = min(ranks[k] for k in group)
        for i, key in enumerate(order):
            ranks[key] = first + i
        if decided is not None:
            decided.update(order)
    return ranks


def oracle_standings(document, kind):
    table = records(document, kind)
    category = {p["no"]: ("B1" if p["sight_class"] == "B1" else "VS") for p in document["players"]}
    lots = [lot["order"] for lot in document.get("lots", []) if lot["stage"] == kind]
    lists = (
        {"ALL": list(table)}
        if kind == "final_b"
        else {c: [p for p in table if category[p] == c] for c in ("B1", "VS")}
    )
    result = {}
    for name, keys in lists.items():
        decided = set()
        ranks = ranks_with_lots({k: tuple(table[k][:3]) for k in keys}, lots, decided)
        rows = [
            {
                "rank": ranks[k],
                "player": k,
                "points": table[k][0],
                "closes": table[k][1],
                "best_round": table[k][2],
                "rounds": table[k][3],
            }
            | ({"by_lot": True} if k in decided else {})
            for k in keys
        ]
        result[name] = sorted(rows, key=lambda row: (row["rank"], row["player"]))
    return result


def oracle_teams(document, lots):
    both = {}
    for kind in STAGES:
        for p, (points, closes, best, _rounds) in records(document, kind).items():
            t = both.setdefault(p, [0, 0, 0])
            t[0] += points
            t[1] += closes
            t[2] = max(t[2], best)
    chains, counted = {}, {}
    gone = expelled(document)
    for team in document.get("teams", []):
        members = sorted(
            (p for p in team["members"] if p not in gone),
            key=lambda p: (tuple(-v for v in both.get(p, [0, 0, 0])), p),
        )[:3]
        counted[team["name"]] = sorted(members)
        rows = [both.get(p, [0, 0, 0]) for p in members]
        chains[team["name"]] = (
            sum(r[0] for r in rows),
            sum(r[1] for r in rows),
            max(r[2] for r in rows),
        )
    decided = set()
    ranks = ranks_with_lots(chains, lots, decided)
    return sorted(
        (
            {"rank": ranks[n], "team": n, "points": chains[n][0], "counted": counted[n]}
            | ({"by_lot": True} if n in decided else {})
            for n in chains
        ),
        key=lambda row: (row["rank"], row["team"]),
    )


def oracle(document) -> dict:
    expected = {"format": "syllabatim-results", "version": 7}
    qualifier = oracle_standings(document, "qualifier")
    played = lambda kind: any(  # noqa: E731
        t["rounds"]
        for g in document["stages"].get(kind, {"games": []})["games"]
        for t in g["tables"]
    )
    if played("qualifier"):
        participants = len(records(document, "qualifier", with_expelled=True))
        quota = document["tournament"].get("settings", {}).get("quota") or {
            c: 5 if participants <= 20 else 6 for c in ("B1", "VS")
        }
        advancing, ties = {}, []
        for c, rows in qualifier.items():
            advancing[c] = []
            for row in rows:
                same = [r for r in rows if r["rank"] == row["rank"]]
                last = row["rank"] + len(same) - 1
                if last <= quota[c]:
                    advancing[c].append(row["player"])
            for rank in sorted({r["rank"] for r in rows}):
                same = [r["player"] for r in rows if r["rank"] == rank]
                if len(same) > 1 and rank <= quota[c] < rank + len(same) - 1:
                    ties.append(
                        {
                            "category": c,
                            "players": sorted(same),
                            "places": list(range(rank, rank + len(same))),
                        }
                    )
            advancing[c].sort()
        expected["qualifier"] = {
            "participants": participants,
            "quota": quota,
            "standings": qualifier,
            "advancing": advancing,
            "unresolved_ties": ties,
        }
    for kind in ("final_a", "final_b"):
        if played(kind):
            expected[kind] = {"standings": oracle_standings(document, kind)}
    team_lots = [lot["order"] for lot in document.get("lots", []) if lot["stage"] == "teams"]
    if document.get("teams"):
        expected["teams"] = oracle_teams(document, team_lots)
    if expelled(document):
        expected["expelled"] = sorted(expelled(document))
    return expected


@pytest.mark.parametrize("seed", range(40))
def test_random_championship_matches_the_rules(seed):
    document = random_championship(seed)
    assert list(validator("tournament").iter_errors(document)) == []
    import_tournament(json.loads(json.dumps(document)), slug=f"t{seed}")
    out = StringIO()
    call_command("results", f"t{seed}", stdout=out)
    results = json.loads(out.getvalue())
    assert list(validator("results").iter_errors(results)) == []
    assert results == oracle(document)
    out = StringIO()
    call_command("export_tournament", f"t{seed}", stdout=out)
    exported = json.loads(out.getvalue())
    for player in exported["players"]:
        for key in ("paid", "local_qualifier", "plays_b_final", "person"):
            del player[key]
    assert exported == document
