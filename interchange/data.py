"""A tournament document turned into ``scoring.standings.TournamentData`` in memory, without a
database: the same computation as for a stored tournament (tests and benchmarks compare the
two)."""

from rules.championship import CLOSE_BONUS
from rules.finals import Replacement
from rules.progress import GameState, StageProgress, planned_games
from rules.rulesets import Scrabble, WordPoker, document_lines, document_rule_set
from rules.sanctions import Sanction
from rules.score import RESULT_FIELDS, RoundEntry, ScoredEntry
from rules.stages import QUALIFIER, STAGES
from rules.word_poker import DealLine, ended_tables
from scoring.standings import Result, StageData, TournamentData

DEFAULTS = {"disqualified": False, "penalty": 0}


def document_data(document: dict) -> TournamentData:
    """Everything the results are computed from; a document's results count as confirmed."""
    info = document["tournament"]
    settings = info.get("settings", {})
    club = document_rule_set(info)
    data = TournamentData(
        year=info["year"],
        sight_classes={p["no"]: p["sight_class"] for p in document["players"]},
        teams={team["name"]: list(team["members"]) for team in document.get("teams", [])},
        lots=[(lot["stage"], lot["order"]) for lot in document.get("lots", [])],
        close_bonus=settings.get("close_bonus", CLOSE_BONUS),
        quota_override=settings.get("quota"),
        replacements=[
            Replacement(r["withdrawn"], r["replacement"]) for r in document.get("replacements", [])
        ],
        sanctions=[
            Sanction(s["player"], s["scope"], s["stage"], s["game"])
            for s in document.get("sanctions", [])
        ],
        rule_set=club.name if club else TournamentData.rule_set,
        poker=club if isinstance(club, WordPoker) else None,
        scrabble=club if isinstance(club, Scrabble) else None,
        finals=info.get("kind", "championship") == "championship" or settings.get("finals", False),
    )
    stages = document.get("stages", {})
    # Slovní poker's and Scrabble's lines name their table (a poker table's deals, a Scrabble
    # board's game) and poker's the deal's place in the game, as the database's lines do
    by_table = data.poker is not None or data.scrabble is not None
    for kind in STAGES:
        if kind not in stages:
            continue
        stage = data.stages.setdefault(kind, StageData())
        for game in stages[kind]["games"]:
            order = {number: position for position, number in enumerate(game["rounds"], 1)}
            for table in game["tables"]:
                stage.participants.update(table["seats"])
                if data.scrabble is not None and len(table["seats"]) == 1:  # v7: a bye
                    stage.byes.append((game["number"], table["seats"][0]))
                board = table["number"] if by_table else None
                for played in table.get("rounds", []):
                    scores = club.scores(document_lines(club, played["results"])) if club else {}
                    deal = order.get(played["round"]) if data.poker is not None else None
                    stage.results.extend(
                        Result(
                            r["player"],
                            _entry(r, scores.get(r["player"])),
                            game["number"],
                            board,
                            deal,
                        )
                        for r in played["results"]
                    )
    data.progress = progress(document)
    return data


def _entry(result: dict, score: int | None) -> RoundEntry:
    values = (result.get(name, DEFAULTS.get(name)) for name in RESULT_FIELDS)
    return RoundEntry(*values) if score is None else ScoredEntry(*values, scored=score)


def _tables_ended(game: dict, end) -> int:
    """Slovní poker: how many of the game's tables have a winner, their deals in playing order."""
    order = {number: position for position, number in enumerate(game["rounds"])}
    return ended_tables(
        (
            [
                [DealLine(r["player"], r["laid"], r["unused"]) for r in entry["results"]]
                for entry in sorted(
                    table.get("rounds", []), key=lambda entry: order.get(entry["round"], len(order))
                )
            ]
            for table in game["tables"]
        ),
        end,
    )


def progress(document: dict) -> dict[str, StageProgress]:
    """Where each stage of the document stands: a game is complete when every table lists
    every round of the game (Slovní poker: when every table's game has a winner)."""
    stages = document.get("stages", {})
    finals_drawn = any(stages.get(kind, {}).get("games") for kind in STAGES[1:])
    planned = document["tournament"].get("settings", {}).get("qualifier_games")
    rule_set = document_rule_set(document["tournament"])
    poker = isinstance(rule_set, WordPoker)
    scrabble = isinstance(rule_set, Scrabble)  # a bye is a board of one, with no sheet
    found = {}
    for kind in STAGES:
        games = [
            GameState(
                game["number"],
                len([t for t in game["tables"] if not scrabble or len(t["seats"]) > 1]),
                len(game["rounds"]),
                sum(len(table.get("rounds", [])) for table in game["tables"]),
                tables_ended=_tables_ended(game, rule_set.end) if poker else None,
            )
            for game in stages.get(kind, {"games": []})["games"]
        ]
        found[kind] = StageProgress(
            kind,
            tuple(sorted(games, key=lambda g: g.number)),
            planned_games(kind, planned),
            later_stage_drawn=kind == QUALIFIER and finals_drawn,
        )
    return found
