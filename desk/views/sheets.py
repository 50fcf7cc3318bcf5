"""A table's score sheet by keyboard, its correction once confirmed, and confirmations (one sheet
or a whole game's reviewed sheets)."""

from collections import defaultdict

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.access import referee_required
from rules.score import round_score
from scoring import sheets as sheet_services
from scoring.log import sheet_history
from scoring.models import Sheet
from scoring.selectors import sanction_rows
from tournament.models import Round, Table
from ui.lookups import game_or_404, tournament_or_404
from ui.refusals import refusal_text, show_refusal
from ui.sheet_form import (
    club_columns,
    form_rows,
    form_values,
    form_version,
    lines_from_form,
    sheet_keys,
    unasked_keys,
)

from ..selectors import (
    correction_preview,
    corrections,
    game_grid,
    lines_digest,
    next_missing,
    next_to_confirm,
    review,
    unconfirmed,
    waiting_for,
)
from .common import dashboard_url, sheet_place, sheet_url


def _rows(state, values, problems, close_bonus, sanctions=None):
    """The sheet form's rows (``ui.sheet_form.form_rows``), each with the player's round score
    as stored and the player's sanctions in this game."""
    rows = form_rows(state, values, problems, fields=sheet_keys(state))
    for row in rows:
        no = row["player"].start_number
        stored = state.results.get(no)
        row["score"] = round_score(stored.entry(), close_bonus) if stored else None
        row["sanctions"] = (sanctions or {}).get(no, [])
    return rows


def _focus(rows, problems) -> str | None:
    """Where the cursor starts: the first field with an error, the confirmation of warnings,
    or the first field of the sheet."""
    for row in rows:
        for name, field in row["fields"].items():
            if name != "disqualified" and any(not p.warning for p in field["problems"]):
                return field["id"]
    if problems and all(p.warning for p in problems):
        return "confirm_warnings"
    return rows[0]["fields"]["laid"]["id"] if rows else None


def _named(rows, problems) -> list[dict]:
    """Each problem of the summary with the player as the fields name them ("14. Jana
    Nováková", not "Player no. 14") and the id of its field, where it has one."""
    players = {row["player"].start_number: row for row in rows}
    named = []
    for problem in problems:
        row = players.get(problem.player)
        field = row["fields"].get(problem.field) if row and problem.field else None
        named.append(
            {
                "player": problem.player,
                "who": f"{row['player'].start_number}. {row['player'].name}" if row else None,
                "field_id": field["id"] if field else None,
                "message": problem.message,
            }
        )
    return named


def _sheet_context(request, tournament, game, table, round_, state, values, problems, stale=None):
    settings = tournament.scoring_settings()
    grid = game_grid(game)
    cell = next(c for c in grid.cells() if c.table.pk == table.pk and c.round.pk == round_.pk)
    upcoming = next_missing(grid, after=cell)
    sanctions = defaultdict(list)
    for sanction in sanction_rows(tournament):
        if (sanction.stage, sanction.game) == (game.stage.kind, game.number):
            sanctions[sanction.player].append(sanction.words(with_stage=False))
    rows = _rows(state, values, problems, settings.close_bonus, sanctions)
    errors = _named(rows, [p for p in problems if not p.warning])
    return {
        "tournament": tournament,
        "game": game,
        "table": table,
        "round": round_,
        "state": state,
        "rows": rows,
        "focus": _focus(rows, problems),
        "problems": problems,
        "errors": errors,
        "warnings": _named(rows, [p for p in problems if p.warning]),
        "sheet_problems": [p for p in problems if p.player is None],
        "close_bonus": settings.close_bonus,
        "club_columns": club_columns(state),
        "stale": stale,
        "history": sheet_history(state.table, state.round, [seat.player for seat in state.seats]),
        "next_url": sheet_url(upcoming) if upcoming else None,
        "can_confirm": (
            state.sheet is not None
            and not state.sheet.confirmed
            and state.sheet.entered_by_id != request.user.pk
        ),
        "requires_confirmation": game.stage.requires_confirmation,
        "corrections": corrections(state.sheet),
    }


def _correction_page(request, context, state, lines, *, error=None, status=200):
    """The confirmed sheet with the values sent and what saving them would do; the referee
    confirms with a reason. Nothing is saved."""
    context["correction"] = {
        "effects": correction_preview(state, lines),
        "digest": lines_digest(lines),
        "reason": request.POST.get("correction_reason", ""),
        "error": error,
    }
    context["focus"] = "id_correction_reason"
    return render(request, "desk/sheet.html", context, status=status)


def _refused(request, refused, page, state, lines):
    """The sheet page again after a refusal: the correction's reason asked for, a sheet saved
    meanwhile (409: the stored values, the referee's kept aside), or the problems (422).
    ``page(problems, fresh)``: the page's context with the values typed, or with ``fresh``'s."""
    if refused.needs_reason:
        return _correction_page(
            request, page(), state, lines, error=refusal_text(refused), status=422
        )
    if refused.stale is None:
        return render(request, "desk/sheet.html", page(refused.problems), status=422)
    fresh = sheet_services.sheet_state(state.table, state.round)
    return render(request, "desk/sheet.html", page(refused.problems, fresh), status=409)


@referee_required
def sheet(request, slug, stage, number, table, round):  # noqa: A002 - the domain's word
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    table_ = get_object_or_404(Table, game=game, number=table)
    round_ = get_object_or_404(Round, game=game, number=round)
    state = sheet_services.sheet_state(table_, round_)
    if request.method == "POST":
        lines = lines_from_form(state, request.POST)

        def as_typed(problems=(), fresh=None):
            """The sheet with the values as the referee typed them, or (``fresh``: saved
            meanwhile) as stored now, the referee's values kept aside."""
            if fresh is not None:
                values, stale = form_values(fresh), lines
            else:
                values, stale = form_values(state, request.POST), None
            return _sheet_context(
                request,
                tournament,
                game,
                table_,
                round_,
                fresh or state,
                values,
                list(problems),
                stale=stale,
            )

        version = form_version(request.POST)
        confirm_warnings = request.POST.get("confirm_warnings") == "on"
        correcting = state.sheet is not None and state.sheet.confirmed
        reason = request.POST.get("correction_reason", "")
        saved_already = False
        try:
            unasked = unasked_keys(state, request.POST)
            if unasked:  # a field the rule set does not ask, or a player not at the table
                raise sheet_services.SheetRefused(unasked)
            if correcting and request.POST.get("correction_of") != lines_digest(lines):
                # first what the correction does (for these very values), then the reason
                problems = sheet_services.check_lines(state, lines)
                if any(not p.warning for p in problems) or (problems and not confirm_warnings):
                    raise sheet_services.SheetRefused(problems)
                return _correction_page(request, as_typed(), state, lines)
            sheet_services.save_sheet(
                table=table_,
                round=round_,
                lines=lines,
                by=request.user,
                version=version,
                confirm_warnings=confirm_warnings,
                correction_reason=reason if correcting else "",
            )
        except sheet_services.SheetRefused as refused:
            if refused.saved_already is None:
                return _refused(request, refused, as_typed, state, lines)
            saved_already = True  # the same values again (a second click): saved once
        if saved_already:
            messages.success(
                request,
                _(
                    "The sheet of table %(table)s, round %(round)s was saved already with these "
                    "values; nothing changed."
                )
                % {"table": table_.number, "round": round_.number},
            )
        elif correcting:
            messages.success(
                request,
                _(
                    "Table %(table)s, round %(round)s corrected with its reason; the sheet "
                    "waits for a new confirmation."
                )
                % {"table": table_.number, "round": round_.number}
                if game.stage.requires_confirmation
                else _("Table %(table)s, round %(round)s corrected with its reason.")
                % {"table": table_.number, "round": round_.number},
            )
        else:
            messages.success(
                request,
                _("Table %(table)s, round %(round)s saved.")
                % {"table": table_.number, "round": round_.number},
            )
        grid = game_grid(game)
        here = next(c for c in grid.cells() if c.table.pk == table_.pk and c.round.pk == round_.pk)
        upcoming = next_missing(grid, after=here)
        if upcoming is not None and request.POST.get("then") != "stay":
            return redirect(sheet_url(upcoming))
        return redirect(
            sheet_url(table_, round_)
            if request.POST.get("then") == "stay"
            else dashboard_url(slug, game)
        )
    return render(
        request,
        "desk/sheet.html",
        _sheet_context(request, tournament, game, table_, round_, state, form_values(state), []),
    )


@referee_required
@require_POST
def confirm(request, slug, stage, number, table, round):  # noqa: A002
    """Confirm one sheet, then open the next sheet that waits for this referee."""
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    sheet_ = get_object_or_404(
        Sheet.objects.select_related("table__game__stage__tournament", "round"),
        table__game=game,
        table__number=table,
        round__number=round,
    )
    try:
        sheet_services.confirm_sheet(
            sheet=sheet_, by=request.user, version=form_version(request.POST)
        )
    except sheet_services.SheetRefused as refused:
        show_refusal(request, refused)
        return redirect(sheet_url(sheet_))
    messages.success(
        request,
        _("Table %(table)s, round %(round)s confirmed.") % {"table": table, "round": round},
    )
    upcoming = next_to_confirm(request.user, unconfirmed(tournament), after=sheet_)
    if upcoming is None:
        messages.info(request, _("No other sheet waits for your confirmation."))
        return redirect(dashboard_url(slug, game))
    return redirect(sheet_url(upcoming))


@referee_required
def confirm_game(request, slug, stage, number):
    """Review a game's (or one table's) sheets entered by others and confirm them together."""
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    pending = unconfirmed(tournament, game)
    chosen_table = request.GET.get("stul", "")
    if chosen_table.isdigit():
        pending = [sheet for sheet in pending if sheet.table.number == int(chosen_table)]
    mine = waiting_for(request.user, pending)
    if request.method == "POST":
        by_id = {sheet.pk: sheet for sheet in pending}
        reviewed = []
        for item in request.POST.getlist("sheet"):
            sheet_id, _sep, version = item.partition(":")
            if sheet_id.isdigit() and version.isdigit() and int(sheet_id) in by_id:
                reviewed.append((by_id[int(sheet_id)], int(version)))
        outcome = sheet_services.confirm_sheets(reviewed=reviewed, by=request.user)
        if outcome.confirmed:
            messages.success(
                request,
                ngettext(
                    "%(count)s sheet confirmed.",
                    "%(count)s sheets confirmed.",
                    len(outcome.confirmed),
                )
                % {"count": len(outcome.confirmed)},
            )
        if outcome.own:
            messages.warning(
                request,
                _("Not confirmed, you entered them yourself: %(sheets)s.")
                % {"sheets": ", ".join(sheet_place(sheet) for sheet in outcome.own)},
            )
        if outcome.changed:
            messages.warning(
                request,
                _(
                    "Not confirmed, they changed or were confirmed since you looked; "
                    "look at them again: %(sheets)s."
                )
                % {"sheets": ", ".join(sheet_place(sheet) for sheet in outcome.changed)},
            )
        if not reviewed:
            messages.error(request, _("No sheet was chosen to confirm."))
        if waiting_for(request.user, unconfirmed(tournament, game)):
            return redirect(request.get_full_path())
        return redirect(dashboard_url(slug, game))
    tables = review(game, mine)
    return render(
        request,
        "desk/confirm_game.html",
        {
            "tournament": tournament,
            "game": game,
            "tables": tables,
            "count": len(mine),
            "own": len(pending) - len(mine),
            "table_number": int(chosen_table) if chosen_table.isdigit() else None,
        },
    )
