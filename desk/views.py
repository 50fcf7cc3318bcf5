"""The referee's desk: thin views over scoring's services (``scoring.sheets``,
``scoring.finals``, ``scoring.early_end``) and ``desk.selectors``."""

import secrets
import time
from collections import Counter, defaultdict

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.access import referee_required
from rules.championship import starting_seat
from rules.score import RESULT_FIELDS, round_score
from scoring import early_end as early_end_services
from scoring import finals as final_services
from scoring import pages
from scoring import sheets as sheet_services
from scoring.log import sheet_history
from scoring.models import Lot, Sheet
from scoring.selectors import quota_warnings, sanction_rows, tournament_data
from scoring.standings import (
    QUALIFIER,
    final_fields,
)
from tournament.lookups import game_or_404, tournament_or_404
from tournament.models import Player, Round, Table
from ui.refusals import show_refusal
from ui.sheet_form import field_name, form_values, form_version, lines_from_form

from . import excel, lots
from .links import link_rows, phones
from .selectors import (
    correction_preview,
    corrections,
    current_game,
    game_grid,
    games_of,
    lines_digest,
    next_missing,
    next_to_confirm,
    open_ties,
    review,
    unconfirmed,
    waiting_for,
)


def sheet_url(cell_or_table, round_=None) -> str:
    table = cell_or_table if round_ is not None else cell_or_table.table
    round_ = round_ if round_ is not None else cell_or_table.round
    game = table.game
    return reverse(
        "desk:sheet",
        kwargs={
            "slug": game.stage.tournament.slug,
            "stage": game.stage.kind,
            "number": game.number,
            "table": table.number,
            "round": round_.number,
        },
    )


@referee_required
def dashboard(request, slug):
    tournament = tournament_or_404(slug)
    games = games_of(tournament)
    chosen = request.GET.get("partie", "")
    game = next((g for g in games if f"{g.stage.kind}-{g.number}" == chosen), None) or current_game(
        tournament
    )
    grid = game_grid(game) if game else None
    blockers = []
    if game and not game.draw_confirmed:
        blockers.append(_("The draw of this game is not confirmed yet."))
    if grid and grid.missing:
        blockers.append(
            ngettext("%(count)s sheet is missing.", "%(count)s sheets are missing.", grid.missing)
            % {"count": grid.missing}
        )
    if grid and grid.waiting:
        blockers.append(
            ngettext(
                "%(count)s sheet waits for a confirmation.",
                "%(count)s sheets wait for a confirmation.",
                grid.waiting,
            )
            % {"count": grid.waiting}
        )
    ties = open_ties(tournament)
    for tie in ties:
        if tie.scope == QUALIFIER:
            blockers.append(
                _(
                    "A tie at the qualifier cut (%(category)s, players %(players)s): "
                    "draw the lot before the A-final is drawn."
                )
                % {"category": tie.category, "players": ", ".join(map(str, tie.tie.keys))}
            )
    waiting = unconfirmed(tournament)
    mine = waiting_for(request.user, waiting)
    mine_here = [s for s in mine if game is not None and s.table.game_id == game.pk]
    to_confirm_by_table = Counter(s.table.number for s in mine_here)
    first_missing = next_missing(grid) if grid else None
    return render(
        request,
        "desk/dashboard.html",
        {
            "tournament": tournament,
            "games": games,
            "game": game,
            "grid": grid,
            "blockers": blockers,
            "ties": ties,
            "waiting": waiting,
            "to_confirm_here": len(mine_here),
            "grid_rows": [
                (table, cells, to_confirm_by_table.get(table.number, 0))
                for table, cells in (grid.rows if grid else [])
            ],
            "next_to_confirm": sheet_url(mine[0]) if mine else None,
            "first_missing": sheet_url(first_missing) if first_missing else None,
            "can_end_early": bool(game and not early_end_services.early_end_refusal(game)),
            "sheet_url": sheet_url,
            "table_links": link_rows(request, game) if game else [],
            "phones": phones(request, tournament),
        },
    )


def _rows(state, values, problems, close_bonus, sanctions=None):
    """One row per seated player: fields with values and their own error messages, and the
    player's sanctions in this game."""
    by_place = {}
    for problem in problems:
        by_place.setdefault((problem.player, problem.field), []).append(problem)
    rows = []
    starts = starting_seat(state.table.starting_seat, state.round.position, len(state.seats))
    for seat in state.seats:
        no = seat.player.start_number
        fields = {}
        for name in RESULT_FIELDS:
            fields[name] = {
                "name": field_name(no, name),
                "id": f"id_{field_name(no, name)}",
                "value": values.get(field_name(no, name), ""),
                "problems": by_place.get((no, name), []),
            }
        stored = state.results.get(no)
        rows.append(
            {
                "seat": seat,
                "player": seat.player,
                "starts": seat.position == starts,
                "fields": fields,
                "row_problems": by_place.get((no, None), []),
                "score": round_score(stored.entry(), close_bonus) if stored else None,
                "sanctions": (sanctions or {}).get(no, []),
            }
        )
    return rows


def _focus(rows, problems) -> str | None:
    """Where the cursor starts: the first field with an error, the confirmation of warnings,
    or the first field of the sheet."""
    for row in rows:
        for name in ("laid", "unused", "closed", "penalty"):
            if any(not p.warning for p in row["fields"][name]["problems"]):
                return row["fields"][name]["id"]
    if problems and all(p.warning for p in problems):
        return "confirm_warnings"
    return rows[0]["fields"]["laid"]["id"] if rows else None


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
    errors = [p for p in problems if not p.warning]
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
        "warnings": [p for p in problems if p.warning],
        "sheet_problems": [p for p in problems if p.player is None],
        "close_bonus": settings.close_bonus,
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


@referee_required
def sheet(request, slug, stage, number, table, round):  # noqa: A002 - the domain's word
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    table_ = get_object_or_404(Table, game=game, number=table)
    round_ = get_object_or_404(Round, game=game, number=round)
    state = sheet_services.sheet_state(table_, round_)
    if request.method == "POST":
        lines = lines_from_form(state, request.POST)

        def as_typed(problems=()):  # the sheet with the values as the referee typed them
            return _sheet_context(
                request,
                tournament,
                game,
                table_,
                round_,
                state,
                form_values(state, request.POST),
                list(problems),
            )

        version = form_version(request.POST)
        confirm_warnings = request.POST.get("confirm_warnings") == "on"
        correcting = state.sheet is not None and state.sheet.confirmed
        reason = request.POST.get("correction_reason", "")
        try:
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
            if refused.needs_reason:
                return _correction_page(
                    request, as_typed(), state, lines, error=str(refused), status=422
                )
            if refused.stale is not None:
                fresh = sheet_services.sheet_state(table_, round_)
                context = _sheet_context(
                    request,
                    tournament,
                    game,
                    table_,
                    round_,
                    fresh,
                    form_values(fresh),
                    refused.problems,
                    stale=lines,
                )
            else:
                context = as_typed(refused.problems)
            return render(request, "desk/sheet.html", context, status=409 if refused.stale else 422)
        if correcting:
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
            else reverse("desk:dashboard", kwargs={"slug": slug}) + f"?partie={stage}-{number}"
        )
    return render(
        request,
        "desk/sheet.html",
        _sheet_context(request, tournament, game, table_, round_, state, form_values(state), []),
    )


def _dashboard_url(slug, game) -> str:
    return (
        reverse("desk:dashboard", kwargs={"slug": slug})
        + f"?partie={game.stage.kind}-{game.number}"
    )


def _sheet_place(sheet) -> str:
    return _("table %(table)s, round %(round)s") % {
        "table": sheet.table.number,
        "round": sheet.round.number,
    }


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
        messages.error(request, str(refused))
        return redirect(sheet_url(sheet_))
    messages.success(
        request,
        _("Table %(table)s, round %(round)s confirmed.") % {"table": table, "round": round},
    )
    upcoming = next_to_confirm(request.user, unconfirmed(tournament), after=sheet_)
    if upcoming is None:
        messages.info(request, _("No other sheet waits for your confirmation."))
        return redirect(_dashboard_url(slug, game))
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
                % {"sheets": ", ".join(_sheet_place(sheet) for sheet in outcome.own)},
            )
        if outcome.changed:
            messages.warning(
                request,
                _(
                    "Not confirmed, they changed or were confirmed since you looked; "
                    "look at them again: %(sheets)s."
                )
                % {"sheets": ", ".join(_sheet_place(sheet) for sheet in outcome.changed)},
            )
        if not reviewed:
            messages.error(request, _("No sheet was chosen to confirm."))
        if waiting_for(request.user, unconfirmed(tournament, game)):
            return redirect(request.get_full_path())
        return redirect(_dashboard_url(slug, game))
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


@referee_required
def advancement(request, slug):
    """The qualifier's advancement per category with the cut (provisional until it is over),
    and every tie that waits for a lot."""
    tournament = tournament_or_404(slug)
    page = pages.stage_page(tournament, QUALIFIER, provisional_cut=True, staff=True)
    return render(
        request,
        "desk/advancement.html",
        {
            "tournament": tournament,
            "page": page,
            "ties": lots.with_commitments(tournament, open_ties(tournament)),
            "lots": Lot.objects.filter(tournament=tournament).order_by("-id"),
            "warnings": quota_warnings(tournament),
        },
    )


@referee_required
def lot(request, slug, lot):
    tournament = tournament_or_404(slug)
    drawn = get_object_or_404(
        Lot.objects.select_related("commitment"), tournament=tournament, pk=lot
    )
    names = dict(Player.objects.filter(tournament=tournament).values_list("start_number", "name"))
    order = [
        {"place": i, "key": key, "name": names.get(key, key)}
        for i, key in enumerate(drawn.order, start=1)
    ]
    return render(
        request, "desk/lot.html", {"tournament": tournament, "lot": drawn, "order": order}
    )


@referee_required
def b_final(request, slug):
    """Who takes part in the B-final (taking part is voluntary, M): only the qualifier's
    participants who do not advance to the A-final, and the players of a tie at the cut until
    its lot decides."""
    tournament = tournament_or_404(slug)
    fields = final_fields(tournament_data(tournament))
    among = set(fields.b_final | fields.undecided)
    players = list(tournament.players.filter(start_number__in=among).order_by("start_number"))
    if request.method == "POST":
        playing = {int(v) for v in request.POST.getlist("plays") if v.isdigit()}
        try:
            final_services.set_b_final_participation(
                tournament=tournament, playing=playing, among=among
            )
        except ValidationError as refusal:
            show_refusal(request, refusal)
            return redirect("desk:b_final", slug=slug)
        messages.success(request, _("Saved who plays the B-final."))
        return redirect("desk:dashboard", slug=slug)
    return render(
        request,
        "desk/b_final.html",
        {"tournament": tournament, "players": players, "undecided": fields.undecided},
    )


@referee_required
def workbook(request, slug, stage, number):
    game = game_or_404(tournament_or_404(slug), stage, number)
    content = excel.game_workbook(game)
    response = HttpResponse(content, content_type=excel.CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{excel.file_name(game)}"'
    return response


UPLOAD_KEPT_SECONDS = 30 * 60  # how long a checked upload waits for its warnings' acceptance
UPLOAD_SESSION_PREFIX = "desk-upload-"


def _keep_upload(request, game, outcome) -> str:
    """Keep a checked upload in the referee's session under a new token; forget expired ones."""
    now = time.time()
    for key in [k for k in request.session.keys() if k.startswith(UPLOAD_SESSION_PREFIX)]:
        if now - request.session[key].get("at", 0) > UPLOAD_KEPT_SECONDS:
            del request.session[key]
    token = secrets.token_urlsafe(16)
    request.session[UPLOAD_SESSION_PREFIX + token] = {"at": now, **excel.kept(outcome, game)}
    return token


def _kept_upload(request, token: str) -> dict | None:
    data = request.session.pop(UPLOAD_SESSION_PREFIX + token, None) if token else None
    if data is None or time.time() - data.get("at", 0) > UPLOAD_KEPT_SECONDS:
        return None
    return data


def _upload_page(request, tournament, game, outcome, *, token=None, status=200):
    return render(
        request,
        "desk/upload_errors.html",
        {
            "tournament": tournament,
            "game": game,
            "errors": outcome.errors,
            "warnings": outcome.warnings,
            "sheets": len(outcome.pending),
            "token": token,
            "warnings_changed": outcome.warnings_changed,
        },
        status=status,
    )


def _uploaded(request, slug, game, outcome):
    messages.success(
        request,
        _("From the spreadsheet: %(saved)s, %(same)s.")
        % {
            "saved": ngettext("%(count)s sheet saved", "%(count)s sheets saved", outcome.saved)
            % {"count": outcome.saved},
            "same": ngettext("%(count)s unchanged", "%(count)s unchanged", outcome.same)
            % {"count": outcome.same},
        },
    )
    return redirect(_dashboard_url(slug, game))


@referee_required
@require_POST
def upload(request, slug, stage, number):
    """Check a filled-in workbook; save it whole when it is clean. Errors are listed to be
    corrected in the file; warnings alone are listed to be accepted on the page (the checked
    sheets wait in the session, the file is not needed again)."""
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    upload_ = request.FILES.get("workbook")
    if upload_ is None:
        raise Http404
    outcome = excel.check_upload(game, upload_)
    if outcome.errors:
        return _upload_page(request, tournament, game, outcome, status=422)
    if outcome.warnings:
        token = _keep_upload(request, game, outcome)
        return _upload_page(request, tournament, game, outcome, token=token)
    outcome = excel.save_pending(game, outcome, by=request.user)
    if outcome.errors:
        return _upload_page(request, tournament, game, outcome, status=409)
    return _uploaded(request, slug, game, outcome)


@referee_required
@require_POST
def upload_accept(request, slug, stage, number):
    """Save a checked upload whose listed warnings the referee accepts: checked again first,
    all or nothing."""
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    data = _kept_upload(request, request.POST.get("token", ""))
    if data is None:
        messages.error(
            request,
            ngettext(
                "The checked spreadsheet is no longer kept (it was saved already, or it is "
                "older than %(minutes)s minute): upload the file again.",
                "The checked spreadsheet is no longer kept (it was saved already, or it is "
                "older than %(minutes)s minutes): upload the file again.",
                UPLOAD_KEPT_SECONDS // 60,
            )
            % {"minutes": UPLOAD_KEPT_SECONDS // 60},
        )
        return redirect(_dashboard_url(slug, game))
    outcome = excel.accept_warnings(game, data, by=request.user)
    if outcome.errors:
        return _upload_page(request, tournament, game, outcome, status=409)
    if outcome.warnings_changed:
        token = _keep_upload(request, game, outcome)
        return _upload_page(request, tournament, game, outcome, token=token, status=409)
    return _uploaded(request, slug, game, outcome)
