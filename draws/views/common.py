"""What the draw pages share: a stage's summary, the constraint report in words, the way
back to a drawn game."""

from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from rules import draw as rules_draw
from rules.stages import FINALS
from tournament.labels import stage_label
from tournament.models import Game, Tournament
from ui.refusals import refusal_text

from .. import services
from ..selectors import stage_field


def _next_number(tournament: Tournament, kind: str) -> int:
    latest = (
        Game.objects.filter(stage__tournament=tournament, stage__kind=kind)
        .order_by("-number")
        .first()
    )
    return latest.number + 1 if latest else 1


def stage_summary(tournament: Tournament, kind: str) -> dict:
    field = stage_field(tournament, kind)
    count = len(field.players)
    plan = services.plan_for(kind, count, tournament=tournament) if count else None
    counts = services.table_counts(kind, count, tournament)
    smallest, largest = services.table_sizes(None if kind in FINALS else tournament)
    next_number = _next_number(tournament, kind)
    try:
        services.check_game_number(tournament, kind, next_number)
        no_more = None
    except services.DrawRefused as refused:
        no_more = refusal_text(refused)
    return {
        "kind": kind,
        "label": stage_label(kind, tournament),
        "games": Game.objects.filter(stage__tournament=tournament, stage__kind=kind)
        .prefetch_related("rounds", "tables")
        .order_by("number"),
        "field": field,
        "plan": plan,
        "problem": services.table_problem(plan, count, None if kind in FINALS else tournament)
        if plan
        else None,
        "reason": services.plan_reason(plan, count) if plan else None,
        "counts": counts,
        "size_min": smallest,
        "size_max": max(
            (size for t in counts for size in rules_draw.even_split(count, t)),
            default=largest,
        ),
        "next": next_number,
        "no_more": no_more,
    }


def report_lines(report: dict) -> list[dict]:
    """The constraint report in words: which preference held."""
    lines = [
        {
            "held": report["sighted_held"],
            "name": _("A sighted or low-vision player at every table"),
            "detail": _("tables without one: %(count)s (unavoidable: %(unavoidable)s)")
            % {
                "count": report["tables_without_sighted"],
                "unavoidable": report["tables_without_sighted_unavoidable"],
            },
        },
        {
            "held": report["teammates_held"],
            "name": _("Members of one team at different tables"),
            "detail": _("pairs of teammates at one table: %(count)s (unavoidable: %(unavoidable)s)")
            % {
                "count": report["teammate_pairs"],
                "unavoidable": report["teammate_pairs_unavoidable"],
            },
        },
    ]
    bound = report.get("repeat_bound")
    count = report["repeated_pairs"]
    # A report stored before "earlier_games" was kept gave a bound only after one game.
    earlier = report.get("earlier_games", 1 if bound else 0)
    if bound is None or (earlier > 1 and not bound):
        # after more games a floor of 0 says nothing
        detail = _("pairs who met before: %(count)s") % {"count": count}
    elif not earlier or not bound:
        # nobody has to meet again: no reason why some did
        detail = _("pairs who met before: %(count)s (the least possible: %(bound)s)") % {
            "count": count,
            "bound": bound,
        }
    elif earlier <= 1:
        detail = _(
            "pairs who met before: %(count)s (the least possible: %(bound)s; each table "
            "takes its players from the earlier game's tables, so some of them sat together)"
        ) % {"count": count, "bound": bound}
    else:
        detail = _(
            "pairs who met before: %(count)s (no seating has fewer than %(bound)s: each table "
            "takes its players from each earlier game's tables, so some of them sat together; "
            "the least possible after %(games)s games may be higher)"
        ) % {"count": count, "bound": bound, "games": earlier}
    lines.append(
        {
            # after more games the bound is only a floor: not reaching it is no failure
            "held": bound is None or earlier > 1 or count <= bound,
            "name": _("Few repeated meetings with earlier games"),
            "detail": detail,
        }
    )
    return lines


def back(slug, stage, number):
    return redirect(reverse("draws:game", kwargs={"slug": slug, "stage": stage, "number": number}))


def report_of(drawn) -> list[dict]:
    options = drawn.draw_options or {}
    return report_lines(options["report"]) if "report" in options else []
