"""The table's page: the scorekeeper enters each round on a phone through the table's link.

Thin over ``scoring``: the link is found by ``scoring.links`` (``accounts.access.link_holder``
turns a wrong token into 404), the round is saved by ``scoring.sheet_services.save_sheet`` with
``at_table=True`` (the same checks and messages as the desk; disqualification and penalties
stay the referee's), and a confirmed round cannot be changed here. Once the game is complete
the page shows the table's results read-only until the organiser revokes the link. Where the
referee ordered play with a clock (``scoring.clocks``), the page runs the move clock beside the
form (``static/scorekeeper/clock.js``); saving a round does not wait for it.
"""

from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.debug import sensitive_post_parameters, sensitive_variables

from accounts.access import link_holder
from rules import word_poker
from rules.championship import MOVE_CLOCK_WARNING_SECONDS
from scoring import clocks, links
from scoring import sheets as sheet_services
from scoring.models import Sheet, TableLink
from scoring.selectors import poker_table_ends
from tournament.models import Round
from ui.sheet_form import (
    club_columns,
    field_name,
    form_rows,
    form_values,
    form_version,
    lines_from_form,
    sheet_keys,
    unasked_keys,
)

from .selectors import ended_early_words, table_results

SAVED = "ulozeno"  # the query parameter that names the round just saved


def _round_states(token, rounds, sheets) -> list[dict]:
    return [
        {
            "round": game_round,
            "sheet": sheets.get(game_round.pk),
            "url": reverse(
                "scorekeeper:round", kwargs={"token": token, "round": game_round.number}
            ),
        }
        for game_round in rounds
    ]


def _table_lines(state, data):
    """The scorekeeper's lines: the fields the table is asked, as typed (anything else sent is
    refused before, ``unasked_keys``); the service keeps the referee's values."""
    keys = sheet_keys(state, at_table=True)
    allowed = {field_name(seat.player.start_number, name) for seat in state.seats for name in keys}
    return lines_from_form(state, {key: data.get(key) for key in data if key in allowed})


def _focus(rows, problems) -> str | None:
    if any(not p.warning for p in problems):
        return "table-problems"
    if problems:
        return "confirm_warnings"
    return None


def _poker_end(game, table) -> Round | None:
    """Slovní poker: the deal that ended the table's game (its later deals are not played),
    else None. One query, none under another rule set."""
    ended = poker_table_ends(game.stage.tournament, [game.pk]).get(table.pk)
    if ended is None:
        return None
    return next(r for r in game.rounds.all() if r.position == ended[1])


def _context(
    request, link, round_, state, values, problems, *, saved=None, repeated=False, won=None
):
    table = link.table
    game = table.game
    stage = game.stage
    rounds = [
        r for r in game.rounds.order_by("position") if won is None or r.position <= won.position
    ]
    sheets = {s.round_id: s for s in Sheet.objects.filter(table=table)}
    rows = (
        form_rows(state, values, problems, fields=sheet_keys(state, at_table=True)) if state else []
    )
    errors = [p for p in problems if not p.warning]
    token = links.token_of(link)
    starts = None
    if state is not None and state.seats:
        starts = state.seats[state.starting_position].player
    confirmed = state is not None and state.sheet is not None and state.sheet.confirmed
    return {
        "link": link,
        "table": table,
        "game": game,
        "stage": stage,
        "tournament": stage.tournament,
        "seats": list(table.seats.select_related("player").order_by("position")),
        "round": round_,
        "state": state,
        "starts": starts,
        "rows": rows,
        "club_columns": club_columns(state) if state else [],
        "problems": problems,
        "errors": errors,
        "warnings": [p for p in problems if p.warning] if not errors else [],
        "sheet_problems": [p for p in problems if p.player is None],
        "focus": _focus(rows, problems),
        "confirmed": confirmed,
        "rounds": _round_states(token, rounds, sheets),
        "requires_confirmation": stage.requires_confirmation,
        "form_version": state.version if state else 0,
        "saved": saved,
        "repeated": repeated,
        "from_post": request.method == "POST",
        "form_action": reverse("scorekeeper:round", kwargs={"token": token, "round": round_.number})
        if round_
        else "",
        "draft_key": f"{link.code}:{round_.number}" if round_ else "",
        "saved_draft_key": f"{link.code}:{saved.round.number}" if saved else "",
        "home_url": reverse("scorekeeper:table", kwargs={"token": token}),
        "ended_early": ended_early_words(game),
        "won_in": won,
        "clock": clocks.clock_on(table),
        "clock_url": reverse("scorekeeper:clock", kwargs={"token": token}),
        "clock_warning": MOVE_CLOCK_WARNING_SECONDS,
    }


def _game_over(request, link: TableLink, *, saved=None, refused=False, repeated=False):
    """The complete game's page: the table's results, read-only; a round sent now is refused
    (409) and nothing is stored, unless it holds the values stored already (``repeated``: a
    phone sending its save again after a lost answer), which were saved."""
    context = _context(request, link, None, None, {}, [], saved=saved, repeated=repeated)
    context["game_over"] = True
    context["refused"] = refused
    context["results"] = table_results(link.table)
    return render(request, "scorekeeper/table.html", context, status=409 if refused else 200)


def _next_round(game, table, won=None):
    """The first round in playing order that the table has no sheet of yet (Slovní poker: up
    to the deal ``won`` that ended the table's game)."""
    done = set(Sheet.objects.filter(table=table).values_list("round_id", flat=True))
    return next(
        (
            r
            for r in game.rounds.order_by("position")
            if r.pk not in done and (won is None or r.position <= won.position)
        ),
        None,
    )


def _saved_round(request, game, table):
    """The round named by ``?ulozeno=N`` if the table really has its sheet: the message is
    the database's word, not the address's."""
    text = request.GET.get(SAVED, "")
    if not text.isdigit():
        return None
    return (
        Sheet.objects.filter(table=table, round__game=game, round__number=int(text))
        .select_related("round")
        .first()
    )


def _round_of(game, number):
    """The game's round of that number, else 404 (a round of another game is out of scope). A
    Slovní poker game's rounds are its deals, numbered past 7."""
    text = str(number)
    if not text.isdigit() or not 1 <= int(text) <= word_poker.DEALS_MAX:
        raise Http404
    round_ = game.rounds.filter(number=int(text)).first()
    if round_ is None:
        raise Http404
    return round_


@sensitive_variables()
@sensitive_post_parameters()
@link_holder(links.link_in_force)
def table(request, link: TableLink, round=None):  # noqa: A002 - the domain's word
    table_ = link.table
    game = table_.game
    if links.game_complete(game):
        if round is not None:
            _round_of(game, round)  # a round of no game of the link stays 404
        if request.method == "POST":
            sent = _round_of(game, round if round is not None else request.POST.get("round", ""))
            repeated = _stored_already(table_, sent, request.POST)
            if repeated is not None:
                return _game_over(request, link, saved=repeated, repeated=True)
        return _game_over(request, link, refused=request.method == "POST")
    if request.method == "POST":
        round_ = _round_of(game, round if round is not None else request.POST.get("round", ""))
        return _save(request, link, round_)
    won = _poker_end(game, table_)
    if round is not None:
        round_ = _round_of(game, round)
        if won is not None and round_.position > won.position:
            round_ = None  # a deal after the table's game was won: not played
    else:
        round_ = _next_round(game, table_, won)
    state = sheet_services.sheet_state(table_, round_) if round_ else None
    saved = _saved_round(request, game, table_)
    values = form_values(state) if state else {}
    return render(
        request,
        "scorekeeper/table.html",
        _context(request, link, round_, state, values, [], saved=saved, won=won),
    )


@link_holder(links.link_in_force)
def clock_state(request, link: TableLink):
    """The move clock in force at the link's table (``{"seconds": 60}``, ``null`` without
    one): the table's page asks now and then, so that a clock the referee orders, changes or
    switches off reaches a page opened before (``static/scorekeeper/table.js``)."""
    clock = clocks.clock_on(link.table)
    return JsonResponse({"seconds": clock.seconds_per_move if clock else None})


def _stored_already(table_, round_, data):
    """The round's stored sheet when the values sent are exactly the stored ones (what a phone
    sends again when the answer to its save was lost), whatever the sheet's or the game's
    state since; else None."""
    fresh = sheet_services.sheet_state(table_, round_)
    lines = _table_lines(fresh, data)
    if fresh.sheet is not None and sheet_services.same_lines(
        fresh, sheet_services.keep_referees_fields(fresh, lines)
    ):
        return fresh.sheet
    return None


def _save(request, link: TableLink, round_):
    table_ = link.table
    state = sheet_services.sheet_state(table_, round_)
    lines = _table_lines(state, request.POST)
    version = form_version(request.POST)
    unasked = unasked_keys(state, request.POST, at_table=True)
    if unasked:  # a field the table is not asked (a penalty, a card of another rule set)
        context = _context(request, link, round_, state, form_values(state, request.POST), unasked)
        context["form_version"] = version if version >= 0 else state.version
        return render(request, "scorekeeper/table.html", context, status=422)
    try:
        sheet_services.save_sheet(
            table=table_,
            round=round_,
            lines=lines,
            by=None,
            version=version,
            confirm_warnings=request.POST.get("confirm_warnings") == "on",
            at_table=True,
        )
    except sheet_services.SheetRefused as refused:
        fresh = sheet_services.sheet_state(table_, round_)
        if refused.saved_already is not None:
            # The same values again (a second tap, a retry after a lost answer): stored once,
            # and "saved already" even when the referee has confirmed the sheet since.
            return render(
                request,
                "scorekeeper/table.html",
                _context(
                    request,
                    link,
                    round_,
                    fresh,
                    form_values(fresh),
                    [],
                    saved=fresh.sheet,
                    repeated=True,
                ),
            )
        if refused.stale is not None:
            problems = refused.problems
            if fresh.sheet is not None and not fresh.sheet.confirmed:
                problems = [
                    *problems,
                    sheet_services.LineProblem(
                        None,
                        None,
                        _(
                            "Your values are kept in the form: compare them with the saved ones "
                            "below the form and save again."
                        ),
                    ),
                ]
            context = _context(
                request,
                link,
                round_,
                fresh,
                form_values(fresh, request.POST),
                problems,
            )
            context["stale_state"] = fresh
            context["stale_rows"] = form_rows(
                fresh, form_values(fresh), [], fields=sheet_keys(fresh, at_table=True)
            )
            context["form_version"] = fresh.version
            return render(request, "scorekeeper/table.html", context, status=409)
        context = _context(
            request, link, round_, state, form_values(state, request.POST), refused.problems
        )
        # The version the scorekeeper started from: a save meanwhile is still noticed.
        context["form_version"] = version if version >= 0 else state.version
        return render(request, "scorekeeper/table.html", context, status=422)
    if links.game_complete(table_.game):
        # The game's last sheet: the answer says it was saved and shows the table's results.
        return _game_over(request, link, saved=sheet_services.sheet_state(table_, round_).sheet)
    token = links.token_of(link)
    return redirect(
        reverse("scorekeeper:table", kwargs={"token": token}) + f"?{SAVED}={round_.number}",
        permanent=False,
    )
