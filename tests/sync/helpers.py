"""A championship as it is being entered, for the push tests: the venue's states."""

import copy
import json

from django.contrib.auth.models import User

from interchange.demo import DEMO_FILE
from rules.sheet import SheetLine
from scoring.models import RoundResult
from scoring.sheets import save_sheet
from tournament.models import Round, Table

STAGE_ORDER = ("qualifier", "final_a", "final_b")


def demo_document() -> dict:
    return json.loads(DEMO_FILE.read_text(encoding="utf-8"))


def sheets_in_order(document: dict) -> list[tuple[str, int, int, int]]:
    """Every table's round sheet as entered at the venue: stage by stage, game by game, round
    by round, table by table: (stage, game number, table number, round number)."""
    order = []
    for kind in STAGE_ORDER:
        for game in document.get("stages", {}).get(kind, {}).get("games", []):
            for number in game["rounds"]:
                for table in game["tables"]:
                    if any(r["round"] == number for r in table["rounds"]):
                        order.append((kind, game["number"], table["number"], number))
    return order


def in_progress(document: dict, sheets: int) -> dict:
    """The document with only its first ``sheets`` sheets entered."""
    kept = set(sheets_in_order(document)[:sheets])
    partial = copy.deepcopy(document)
    for kind, stage in partial.get("stages", {}).items():
        for game in stage["games"]:
            for table in game["tables"]:
                table["rounds"] = [
                    r
                    for r in table["rounds"]
                    if (kind, game["number"], table["number"], r["round"]) in kept
                ]
    return partial


def enter_sheets(slug: str, document: dict, count: int, by: User) -> int:
    """Enter the next ``count`` sheets of ``document`` at the venue, as the referees' desk does
    (``save_sheet``); returns how many were entered."""
    entered = 0
    for kind, game, table_number, number in sheets_in_order(document):
        if entered == count:
            break
        table = Table.objects.get(
            game__stage__tournament__slug=slug,
            game__stage__kind=kind,
            game__number=game,
            number=table_number,
        )
        round_ = Round.objects.get(game=table.game, number=number)
        if RoundResult.objects.filter(table=table, round=round_).exists():
            continue
        spec = next(
            t
            for t in document["stages"][kind]["games"][game - 1]["tables"]
            if t["number"] == table_number
        )
        results = next(r for r in spec["rounds"] if r["round"] == number)["results"]
        lines = [
            SheetLine(
                player=r["player"],
                laid=r["laid"],
                unused=r["unused"],
                closed=r["closed"],
                disqualified=r.get("disqualified", False),
                penalty=r.get("penalty", 0),
            )
            for r in results
        ]
        save_sheet(table=table, round=round_, lines=lines, by=by, version=0, confirm_warnings=True)
        entered += 1
    return entered
