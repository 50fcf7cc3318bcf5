"""The referee's desk: thin views over ``scoring.services`` and ``desk.selectors``."""

from collections import defaultdict

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.access import referee_required
from rules.categories import CATEGORIES
from rules.championship import starting_seat
from rules.score import round_score
from rules.stages import FINALS
from scoring import services
from scoring.models import TABLE_SCOREKEEPER, Lot, RoundResult, Sheet, table_scorekeeper
from scoring.selectors import quota_warnings, sanction_rows, tournament_data
from scoring.standings import (
    QUALIFIER,
    qualifier_advancement,
    quota_in_force,
    stage_standings,
)
from tournament.lookups import game_or_404, tournament_or_404, who
from tournament.models import Player, Round, Table

from . import excel
from .links import link_rows
from .selectors import (
    current_game,
    game_grid,
    games_of,
    next_missing,
    open_ties,
)
from .sheets import field_name, form_values, lines_from_form


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
        blockers.append(_("Sheets missing: %(count)s.") % {"count": grid.missing})
    if grid and grid.waiting:
        blockers.append(
            _("Sheets waiting for a confirmation: %(count)s.") % {"count": grid.waiting}
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
    waiting = (
        Sheet.objects.filter(table__game__stage__tournament=tournament, confirmed_at__isnull=True)
        .select_related("table__game__stage", "round", "entered_by")
        .order_by(
            "table__game__stage__kind", "table__game__number", "round__position", "table__number"
        )
    )
    waiting = [s for s in waiting if s.table.game.stage.requires_confirmation]
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
            "first_missing": sheet_url(first_missing) if first_missing else None,
            "can_end_early": bool(
                game
                and game.stage.kind in FINALS
                and game.draw_confirmed
                and grid
                and grid.missing < len(grid.cells())
                and any(cell.state == "empty" for cell in grid.cells())
            ),
            "sheet_url": sheet_url,
            "table_links": link_rows(request, game) if game else [],
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
        for name in ("laid", "unused", "closed", "disqualified", "penalty"):
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


def _history(state) -> list[dict]:
    """Every change of the sheet's lines: who, when, what from what to what."""
    records = (
        RoundResult.history.filter(table_id=state.table.pk, round_id=state.round.pk)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )
    names = {seat.player.pk: seat.player for seat in state.seats}
    previous, changes = {}, []
    for record in records:
        before = previous.get(record.id)
        author = record.history_user
        if author is None and record.history_change_reason == TABLE_SCOREKEEPER:
            author = table_scorekeeper(state.table.number)
        for name in ("laid", "unused", "closed", "disqualified", "penalty"):
            old = getattr(before, name) if before else None
            new = getattr(record, name)
            if before is None or old != new:
                if before is None and record.history_type == "+":
                    old = None
                changes.append(
                    {
                        "when": record.history_date,
                        "who": author,
                        "player": names.get(record.player_id),
                        "field": name,
                        "old": old,
                        "new": new,
                    }
                )
        previous[record.id] = record
    return changes


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
        "history": _history(state),
        "next_url": sheet_url(upcoming) if upcoming else None,
        "can_confirm": (
            state.sheet is not None
            and not state.sheet.confirmed
            and state.sheet.entered_by_id != request.user.pk
        ),
        "requires_confirmation": game.stage.requires_confirmation,
    }


@referee_required
def sheet(request, slug, stage, number, table, round):  # noqa: A002 - the domain's word
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    table_ = get_object_or_404(Table, game=game, number=table)
    round_ = get_object_or_404(Round, game=game, number=round)
    state = services.sheet_state(table_, round_)
    if request.method == "POST":
        lines = lines_from_form(state, request.POST)
        try:
            version = int(request.POST.get("version", "0"))
        except ValueError:
            version = -1
        try:
            services.save_sheet(
                table=table_,
                round=round_,
                lines=lines,
                by=request.user,
                version=version,
                confirm_warnings=request.POST.get("confirm_warnings") == "on",
            )
        except services.SheetRefused as refused:
            if refused.stale is not None:
                fresh = services.sheet_state(table_, round_)
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
                context = _sheet_context(
                    request,
                    tournament,
                    game,
                    table_,
                    round_,
                    state,
                    form_values(state, request.POST),
                    refused.problems,
                )
            return render(request, "desk/sheet.html", context, status=409 if refused.stale else 422)
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


@referee_required
@require_POST
def confirm(request, slug, stage, number, table, round):  # noqa: A002
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    sheet_ = get_object_or_404(Sheet, table__game=game, table__number=table, round__number=round)
    try:
        version = int(request.POST.get("version", "0"))
    except ValueError:
        version = -1
    try:
        services.confirm_sheet(sheet=sheet_, by=request.user, version=version)
        messages.success(
            request,
            _("Table %(table)s, round %(round)s confirmed.") % {"table": table, "round": round},
        )
    except services.SheetRefused as refused:
        messages.error(request, str(refused))
    return redirect(reverse("desk:dashboard", kwargs={"slug": slug}) + f"?partie={stage}-{number}")


@referee_required
def advancement(request, slug):
    """The qualifier's advancement per category with the cut, and every tie that waits for a
    lot."""
    tournament = tournament_or_404(slug)
    data = tournament_data(tournament)
    categories = []
    if data.stages.get(QUALIFIER) and data.stages[QUALIFIER].results:
        standings = stage_standings(data, QUALIFIER)
        result = qualifier_advancement(data, standings)
        quota = quota_in_force(data)
        names = dict(
            Player.objects.filter(tournament=tournament).values_list("start_number", "name")
        )
        for category in CATEGORIES:
            advancing = set(result[category].advancing)
            undecided = {key for tie in result[category].unresolved for key in tie.keys}
            categories.append(
                {
                    "category": category,
                    "quota": quota[category],
                    "rows": [
                        {
                            "row": row,
                            "name": names.get(row.key),
                            "advances": row.key in advancing,
                            "undecided": row.key in undecided,
                        }
                        for row in standings[category]
                    ],
                }
            )
    return render(
        request,
        "desk/advancement.html",
        {
            "tournament": tournament,
            "categories": categories,
            "ties": open_ties(tournament),
            "lots": Lot.objects.filter(tournament=tournament).order_by("-id"),
            "warnings": quota_warnings(tournament, data),
            "over": data.stage_over(QUALIFIER),
        },
    )


@referee_required
@require_POST
def draw_lot(request, slug):
    tournament = tournament_or_404(slug)
    scope = request.POST.get("scope", "")
    keys = request.POST.getlist("keys")
    ties = open_ties(tournament)
    match = next(
        (t for t in ties if t.scope == scope and sorted(map(str, t.tie.keys)) == sorted(keys)), None
    )
    if match is None:
        messages.error(
            request, _("This tie is no longer open: the standings changed or a lot decided it.")
        )
        return redirect("desk:advancement", slug=slug)
    lot = services.draw_lot(
        tournament=tournament, scope=scope, tied=list(match.tie.keys), by=who(request.user)
    )
    return redirect("desk:lot", slug=slug, lot=lot.pk)


@referee_required
def lot(request, slug, lot):
    tournament = tournament_or_404(slug)
    drawn = get_object_or_404(Lot, tournament=tournament, pk=lot)
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
    """Who takes part in the B-final (taking part is voluntary, M)."""
    tournament = tournament_or_404(slug)
    players = list(tournament.players.order_by("start_number"))
    if request.method == "POST":
        playing = {int(v) for v in request.POST.getlist("plays") if v.isdigit()}
        services.set_b_final_participation(tournament=tournament, playing=playing)
        messages.success(request, _("Saved who plays the B-final."))
        return redirect("desk:dashboard", slug=slug)
    return render(request, "desk/b_final.html", {"tournament": tournament, "players": players})


@referee_required
def workbook(request, slug, stage, number):
    game = game_or_404(tournament_or_404(slug), stage, number)
    content = excel.game_workbook(game)
    response = HttpResponse(content, content_type=excel.CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{excel.file_name(game)}"'
    return response


@referee_required
@require_POST
def upload(request, slug, stage, number):
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    upload_ = request.FILES.get("workbook")
    if upload_ is None:
        raise Http404
    outcome = excel.store_workbook(
        game,
        upload_,
        by=request.user,
        confirm_warnings=request.POST.get("confirm_warnings") == "on",
    )
    if outcome.errors:
        return render(
            request,
            "desk/upload_errors.html",
            {"tournament": tournament, "game": game, "errors": outcome.errors},
            status=422,
        )
    messages.success(
        request,
        _("From the spreadsheet: %(saved)s sheets saved, %(same)s unchanged.")
        % {"saved": outcome.saved, "same": outcome.same},
    )
    return redirect(reverse("desk:dashboard", kwargs={"slug": slug}) + f"?partie={stage}-{number}")
