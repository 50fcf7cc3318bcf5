"""A simulated championship as a ``syllabatim-tournament`` document.

The scores are invented (card values drawn from a plausible spread); everything else follows
the rules: deal sizes, one closer at most, a closer without unused cards, the card-value bound,
tables of 5–8 with sizes as equal as possible.
"""

import random
from datetime import date, timedelta

from rules import championship
from rules.score import RoundEntry
from scoring.standings import Result, StageData

# the referee who drew, recorded by name as an account is ("who"): a role in words beside it
# would be Czech on the English pages (issue 34, 1)
REFEREE = "Jana Nováková"
MEN = [
    "Jan",
    "Petr",
    "Josef",
    "Pavel",
    "Martin",
    "Tomáš",
    "Jaroslav",
    "Miroslav",
    "Zdeněk",
    "Václav",
    "Karel",
    "Milan",
    "Jiří",
    "Ladislav",
    "Vladimír",
    "Ondřej",
    "Luboš",
    "Radek",
]
WOMEN = [
    "Jana",
    "Marie",
    "Eva",
    "Hana",
    "Lenka",
    "Kateřina",
    "Věra",
    "Alena",
    "Lucie",
    "Ludmila",
    "Jaroslava",
    "Helena",
    "Zdeňka",
    "Dagmar",
    "Růžena",
    "Božena",
    "Šárka",
]
SURNAMES = [
    ("Dvořák", "Dvořáková"),
    ("Černý", "Černá"),
    ("Procházka", "Procházková"),
    ("Kučera", "Kučerová"),
    ("Veselý", "Veselá"),
    ("Němec", "Němcová"),
    ("Pokorný", "Pokorná"),
    ("Pospíšil", "Pospíšilová"),
    ("Hájek", "Hájková"),
    ("Jelínek", "Jelínková"),
    ("Růžička", "Růžičková"),
    ("Beneš", "Benešová"),
    ("Sedláček", "Sedláčková"),
    ("Doležal", "Doležalová"),
    ("Kolář", "Kolářová"),
    ("Navrátil", "Navrátilová"),
    ("Čermák", "Čermáková"),
    ("Vaněk", "Vaňková"),
    ("Kříž", "Křížová"),
    ("Šťastný", "Šťastná"),
    ("Říha", "Říhová"),
    ("Žďárský", "Žďárská"),
    ("Maděra", "Maděrová"),
    ("Vlček", "Vlčková"),
    ("Bartoš", "Bartošová"),
    ("Kovář", "Kovářová"),
    ("Ťoupal", "Ťoupalová"),
    ("Urban", "Urbanová"),
    ("Blažek", "Blažková"),
    ("Fiala", "Fialová"),
    ("Zeman", "Zemanová"),
    ("Havlíček", "Havlíčková"),
    ("Kratochvíl", "Kratochvílová"),
    ("Mareš", "Marešová"),
]
CLUBS = [
    "SONS Praha",
    "TyfloCentrum Brno",
    "SONS Ostrava",
    "Klub nevidomých Olomouc",
    "Spolek Plzeň",
    "TJ Hradec Králové",
]
# Printed values of the cards one might hold, weighted towards the common cheap letters.
CARD_VALUES = (
    [1] * 22
    + [2] * 24
    + [3] * 18
    + [4] * 12
    + [5] * 8
    + [6] * 6
    + [7] * 4
    + [8] * 3
    + [10] * 2
    + [championship.MAX_CARD_VALUE]
    + [0] * 2
)
SKILL = (0.45, 1.0)  # the range of the hidden skills


def names(rng: random.Random, count: int) -> list[str]:
    """Distinct Czech names, first name and surname agreeing in gender."""
    found: list[str] = []
    while len(found) < count:
        woman = rng.random() < 0.5
        name = f"{rng.choice(WOMEN if woman else MEN)} {rng.choice(SURNAMES)[woman]}"
        if name not in found:
            found.append(name)
        elif len(found) > len(MEN) * len(SURNAMES):  # more players than names: number them
            found.append(f"{name} {len(found) + 1}")
    return found


def players(rng: random.Random, count: int, blind_share: float = 0.4) -> list[dict]:
    result = []
    for number, name in enumerate(names(rng, count), start=1):
        local = rng.random() < 0.08
        sight = "B1" if rng.random() < blind_share else rng.choice(["B2", "B3", "B4", "none"])
        born = date(1945, 1, 1) + timedelta(days=rng.randrange(365 * 58))
        result.append(
            {
                "no": number,
                "name": name,
                "birth_date": born.isoformat(),
                "sight_class": sight,
                "gender": "feminine" if name.split()[0] in WOMEN else "masculine",
                "club": CLUBS[(number * 7) % len(CLUBS)],
                "paid": not local,
                "local_qualifier": local,
                "plays_b_final": rng.random() > 0.08,
            }
        )
    return result


def hidden_skills(rng: random.Random, numbers: list[int]) -> dict[int, float]:
    """Each simulated player's hidden skill: the share of a hand they usually lay, which also
    weighs their chance to close a round (``play_round``)."""
    return {number: rng.uniform(*SKILL) for number in numbers}


def draw_tables(rng: random.Random, seated: list[int]) -> list[list[int]]:
    """Tables of at most 8 players, sizes as equal as possible, seats shuffled."""
    count = max(1, -(-len(seated) // championship.TABLE_SIZE_MAX))
    shuffled = rng.sample(seated, len(seated))
    return [shuffled[i::count] for i in range(count)]


def cards(rng: random.Random, how_many: int) -> int:
    return sum(rng.choice(CARD_VALUES) for _ in range(how_many))


def play_round(rng: random.Random, seats: list[int], skill: dict[int, float], number: int) -> dict:
    deal = championship.deal_size(number)
    closer = None
    if rng.random() < 0.9:
        closer = rng.choices(seats, weights=[skill[p] ** 2 for p in seats])[0]
    results = []
    for player in seats:
        if player == closer:
            laid, unused = cards(rng, deal), 0
        else:
            used = min(deal, max(0, round(rng.gauss(deal * skill[player] * 0.8, deal / 4))))
            laid, unused = cards(rng, used), cards(rng, deal - used)
        results.append(
            {"player": player, "laid": laid, "unused": unused, "closed": player == closer}
        )
    if rng.random() < 0.02:  # a card-count mismatch found after the round (H)
        rng.choice([r for r in results if not r["closed"]])["disqualified"] = True
    if rng.random() < 0.01:  # a ringing phone (protests 4)
        rng.choice(results)["penalty"] = rng.randint(1, 5)
    return {"round": number, "results": results}


def play_stage(
    rng: random.Random,
    seated: list[int],
    skill: dict[int, float],
    games: list[list[int]],
    day: date,
) -> dict:
    stage = []
    for number, rounds in enumerate(games, start=1):
        seed = rng.randrange(10**6)
        tables = draw_tables(random.Random(seed), seated)
        stage.append(
            {
                "number": number,
                "rounds": rounds,
                "tables": [
                    {
                        "number": t,
                        "seats": seats,
                        "starting_seat": rng.randrange(len(seats)),
                        "rounds": [play_round(rng, seats, skill, r) for r in rounds],
                    }
                    for t, seats in enumerate(tables, start=1)
                ],
                "draw": {
                    "seed": seed,
                    "drawn_at": f"{day.isoformat()}T{7 + 2 * number:02d}:45:00+02:00",
                    "drawn_by": REFEREE,
                },
            }
        )
    return {"games": stage}


def qualifier_rounds(rng: random.Random, games: int) -> list[list[int]]:
    """Each game's drawn number and order of rounds (B)."""
    return [
        rng.sample(
            championship.ROUND_NUMBERS,
            rng.randint(championship.QUALIFIER_ROUNDS_MIN, championship.QUALIFIER_ROUNDS_MAX),
        )
        for _ in range(games)
    ]


def stage_data(stage: dict) -> StageData:
    data = StageData()
    for game in stage["games"]:
        for table in game["tables"]:
            data.participants.update(table["seats"])
            for played in table["rounds"]:
                for r in played["results"]:
                    data.results.append(
                        Result(
                            r["player"],
                            RoundEntry(
                                r["laid"],
                                r["unused"],
                                r["closed"],
                                r.get("disqualified", False),
                                r.get("penalty", 0),
                            ),
                            game["number"],
                        )
                    )
    return data


def qualifier_only(
    count: int,
    seed: int = 1,
    games: int = 4,
    rounds: list[int] | None = None,
    first_day: date = date(2026, 6, 13),
) -> dict:
    """A tournament of ``count`` players whose qualifier is over (no finals, no teams)."""
    rng = random.Random(seed)
    field = players(rng, count)
    skill = hidden_skills(rng, [p["no"] for p in field])
    game_rounds = [rounds] * games if rounds else qualifier_rounds(rng, games)
    return {
        "format": "syllabatim-tournament",
        "version": 2,
        "tournament": {
            "name": f"Simulovaný turnaj ({count} hráčů)",
            "year": first_day.year,
            "start_date": first_day.isoformat(),
            "venue": "Praha",
            "settings": {"qualifier_games": games},
        },
        "players": field,
        "stages": {
            "qualifier": play_stage(rng, [p["no"] for p in field], skill, game_rounds, first_day)
        },
    }


def full_championship(
    count: int,
    seed: int = 1,
    first_day: date = date(2026, 6, 13),
    b_final_from: int = championship.TABLE_SIZE_MIN,
    quota: dict[str, int] | None = None,
) -> dict:
    """A finished championship of ``count`` players: qualifier of 4 games, both finals, teams;
    a tie at a cut, if the dice make one, is settled by a recorded lot. The B-final is played
    when at least ``b_final_from`` players who take part in it are left. ``quota``: the
    organiser's places per category in the A-final (C, K), else the rules'."""
    from scoring.standings import TournamentData, qualifier_advancement

    rng = random.Random(seed)
    document = qualifier_only(count, seed=seed, first_day=first_day)
    field = document["players"]
    skill = hidden_skills(rng, [p["no"] for p in field])
    if quota is not None:
        document["tournament"]["settings"]["quota"] = dict(quota)
    data = TournamentData(
        year=first_day.year,
        sight_classes={p["no"]: p["sight_class"] for p in field},
        stages={"qualifier": stage_data(document["stages"]["qualifier"])},
        quota_override=quota,
    )
    lots = []
    for result in qualifier_advancement(data).values():
        for tie in result.unresolved:
            order = rng.sample(list(tie.keys), len(tie.keys))
            lots.append({"stage": "qualifier", "order": order, "seed": seed})
            data.lots.append(("qualifier", order))
    advancing = sorted(k for a in qualifier_advancement(data).values() for k in a.advancing)
    others = [p["no"] for p in field if p["no"] not in advancing and p["plays_b_final"]]
    sunday = first_day + timedelta(days=1)
    games = [list(championship.ROUND_NUMBERS)] * championship.FINAL_GAMES
    document["stages"]["final_a"] = play_stage(rng, advancing, skill, games, sunday)
    if others and len(others) >= b_final_from:
        document["stages"]["final_b"] = play_stage(rng, others, skill, games, sunday)
    pool = rng.sample([p["no"] for p in field], count)
    size = championship.TEAM_SIZE_MAX
    document["teams"] = [
        {"name": f"Družstvo {i + 1}", "members": sorted(pool[i * size : (i + 1) * size])}
        for i in range(count // (2 * size))
    ]
    if lots:
        document["lots"] = lots
    return document
