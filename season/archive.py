"""The archive's stored summary (issue 25): each player's place, medal, title, best round and
closes of a completed tournament, one ``ArchiveEntry`` a player.

A tournament is completed when its last stage is over: a championship's A-final (and its
B-final, when one is drawn), another kind's every drawn stage. ``refresh_archive`` writes the
tournament's entries then, and again at every later change of its results (a corrected sheet,
a lot, a sanction), and removes them while it is not complete. No service calls it: the
tournament's change stamp does (``season.refresh``, from ``tournament.changes``) once a write
that moved it is done; ``rebuild_archive`` (the command of the same name) writes every
tournament's again.
"""

from dataclasses import dataclass

from django.db import transaction

from rules.podium import podium
from rules.score import round_score
from rules.stages import FINAL_A, FINAL_B, FINALS, QUALIFIER, STAGES
from scoring.selectors import progress, tournament_data
from scoring.standings import TournamentData, all_performances, stage_entries, stage_standings
from tournament.models import Player, Tournament, TournamentKind

from .models import ArchiveEntry

# Where a player's place is read from: the A-final before the B-final before the qualifier.
PLACE_ORDER = (FINAL_A, FINAL_B, QUALIFIER)


def completed(tournament: Tournament, stage_progress: dict) -> bool:
    """Whether the tournament's last stage is over (``progress``: ``scoring.selectors``)."""
    drawn = {kind: state for kind, state in stage_progress.items() if state.games}
    if tournament.kind == TournamentKind.CHAMPIONSHIP:
        return FINAL_A in drawn and all(drawn[kind].over for kind in FINALS if kind in drawn)
    return bool(drawn) and all(state.over for state in drawn.values())


@dataclass
class Summary:
    stage: str = ""
    category: str = ""
    place: int | None = None
    medal: int | None = None
    champion: bool = False
    points: int = 0
    closes: int = 0
    best_round: int = 0
    rounds: int = 0


def summaries(data: TournamentData, *, championship: bool) -> dict[int, Summary]:
    """Each player's summary by start number: the totals over every stage played (a voided
    game's rounds score nothing), and the place in the latest stage that ranks the player.
    Medals and titles are a championship's A-final's (O)."""
    found: dict[int, Summary] = {}
    for kind in STAGES:
        if kind not in data.stages:
            continue
        for number, entry in stage_entries(data, kind):
            summary = found.setdefault(number, Summary())
            score = round_score(entry, data.close_bonus)
            summary.points += score
            summary.closes += entry.counts_as_close
            summary.best_round = max(summary.best_round, score) if summary.rounds else score
            summary.rounds += 1
    performances = all_performances(data)
    for kind in PLACE_ORDER:
        if kind not in data.stages:
            continue
        for category, rows in stage_standings(data, kind, performances).items():
            champion = podium(rows).champion if kind == FINAL_A and championship else None
            for row in rows:
                summary = found.setdefault(row.key, Summary())
                if summary.stage:
                    continue
                summary.stage, summary.category, summary.place = kind, category, row.rank
                if kind == FINAL_A and championship and row.rank <= 3:
                    summary.medal = row.rank
                summary.champion = row.key == champion
    return found


@transaction.atomic
def refresh_archive(tournament: Tournament) -> int:
    """Write the tournament's archive entries when it is completed, or remove them when it is
    not (any more); the number written. Two queries while it is not complete."""
    if not completed(tournament, progress(tournament)):
        ArchiveEntry.objects.filter(tournament=tournament).delete()
        return 0
    data = tournament_data(tournament)
    found = summaries(data, championship=tournament.kind == TournamentKind.CHAMPIONSHIP)
    players = dict(Player.objects.filter(tournament=tournament).values_list("start_number", "pk"))
    ArchiveEntry.objects.filter(tournament=tournament).delete()
    # every player has an entry: one who never sat at a table has no rounds ("did not play")
    ArchiveEntry.objects.bulk_create(
        ArchiveEntry(tournament=tournament, player_id=pk, **vars(found.get(number, Summary())))
        for number, pk in sorted(players.items())
    )
    return len(players)


def rebuild_archive() -> int:
    """Every tournament's entries written again (after a migration, or to check)."""
    return sum(refresh_archive(t) for t in Tournament.objects.order_by("start_date", "pk"))
