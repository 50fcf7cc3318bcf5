"""The ``syllabatim-results`` document (``schemas/results.schema.json``)."""

from rules.ranking import Ranked
from scoring.standings import (
    FINAL_A,
    FINAL_B,
    QUALIFIER,
    TournamentData,
    all_performances,
    participants,
    qualifier_advancement,
    quota_in_force,
    stage_standings,
    teams,
)

FORMAT = "syllabatim-results"
VERSION = 7


def standing_row(row: Ranked) -> dict:
    found = {
        "rank": row.rank,
        "player": row.key,
        "points": row.performance.points,
        "closes": row.performance.closes,
        "best_round": row.performance.best_round,
        "rounds": row.performance.rounds,
    }
    if row.by_lot:  # v3: a recorded lot decided the place
        found["by_lot"] = True
    if hasattr(row.performance, "games_won"):  # v6: Slovní poker
        found["games_won"] = row.performance.games_won
        found["deals_won"] = row.performance.deals_won
    if hasattr(row.performance, "half_wins"):  # v7: Scrabble
        whole, half = divmod(row.performance.half_wins, 2)
        found["wins"] = whole + 0.5 if half else whole
        found["spread"] = row.performance.spread
        found["byes"] = row.performance.byes
    return found


def standings_rows(standings: dict[str, list[Ranked]]) -> dict[str, list[dict]]:
    return {category: [standing_row(row) for row in rows] for category, rows in standings.items()}


def has_results(data: TournamentData, kind: str) -> bool:
    stage = data.stages.get(kind)
    return stage is not None and bool(stage.results)


def results_document(
    data: TournamentData, *, announced_only: bool = False, held: dict[str, str] | None = None
) -> dict:
    """What the software computes from a tournament; a stage with no results is absent.

    ``announced_only`` (the public pages' JSON): who advances is listed only once the
    qualifier is over, as the pages announce nothing before it is decided; the ``results``
    command computes advancement from the standings as they are. ``held`` (the public's JSON):
    the stages whose results are held for the announcement, with its words; they are left out
    (and the teams, which count both days) and listed under v3's ``held``."""
    document: dict = {"format": FORMAT, "version": VERSION}
    held = held or {}
    if held:
        document["held"] = dict(held)
    performances = all_performances(data)  # each stage's records once, for standings and teams
    if has_results(data, QUALIFIER) and QUALIFIER not in held:
        standings = stage_standings(data, QUALIFIER, performances)
        advancement = qualifier_advancement(data, standings)
        over = data.stage_over(QUALIFIER) or not announced_only
        document[QUALIFIER] = {
            "participants": participants(data),
            "quota": quota_in_force(data) if data.finals else {},  # v4: none without finals
            "standings": standings_rows(standings),
            "advancing": {c: sorted(a.advancing) if over else [] for c, a in advancement.items()},
            "unresolved_ties": [
                {"category": category, "players": sorted(tie.keys), "places": list(tie.places)}
                for category, result in advancement.items()
                for tie in result.unresolved
                if over
            ],
        }
    for kind in (FINAL_A, FINAL_B):
        if has_results(data, kind) and kind not in held:
            document[kind] = {
                "standings": standings_rows(stage_standings(data, kind, performances))
            }
    team_rows = teams(data, performances) if data.teams and not held else []
    if team_rows:
        document["teams"] = [
            {"rank": row.rank, "team": row.team, "points": row.points, "counted": list(row.counted)}
            | ({"by_lot": True} if row.by_lot else {})
            for row in team_rows
        ]
    expelled = sorted(data.expelled())
    if expelled:
        document["expelled"] = expelled
    return document
