"""The referee's desk (issue 4): how long saving one table's round sheet takes."""

import json

from django.contrib.auth.models import User

from bench import timed
from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules.sheet import SheetLine
from scoring.sheets import save_sheet


def run() -> None:
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="bench-desk")
    game = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=1,
        by=None,
        seed=1,
        rounds=[7],
        confirm=True,
    )
    referee = User.objects.create_user("bench-referee")
    table, round_ = game.tables.order_by("number").first(), game.rounds.get()
    seats = list(table.seats.select_related("player").order_by("position"))
    last = {"version": 0, "laid": 10}

    def save():
        last["laid"] = 21 - last["laid"]  # 11, 10, 11…: every save changes the sheet
        lines = [
            SheetLine(s.player.start_number, last["laid"], 0 if i == 0 else 3, closed=i == 0)
            for i, s in enumerate(seats)
        ]
        last["version"] = save_sheet(
            table=table, round=round_, lines=lines, by=referee, version=last["version"]
        ).version

    seconds, _ = timed(save, repeat=21)
    print(
        f"saving a {len(seats)}-player sheet (checks, lock, {len(seats)} lines, history): "
        f"{seconds * 1000:.1f} ms (median of 21)"
    )
