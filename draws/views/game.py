"""A drawn game: its tables and report, confirmed, drawn again, two players swapped, its
rounds typed in."""

from django.contrib import messages
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.access import organiser_required
from rules import draw as rules_draw
from rules.rulesets import WORD_POKER
from tournament.labels import stage_label
from tournament.models import Player
from ui.lookups import game_or_404, tournament_or_404
from ui.refusals import show_refusal

from .. import services
from ..forms import SwapForm, TypedRoundsForm
from ..selectors import game_has_results, game_tables
from .common import back, report_of


@organiser_required
def game(request, slug, stage, number):
    tournament = tournament_or_404(slug)
    drawn = game_or_404(tournament, stage, number)
    tables = game_tables(drawn)
    players = sorted(
        (seat.player for table in tables for seat in table.seats), key=lambda p: p.start_number
    )
    options = drawn.draw_options or {}
    sizes = options.get("tables") or [len(t.seats) for t in tables]
    plan = rules_draw.TablePlan(tuple(sizes), options.get("table_problem"))
    absent = Player.objects.filter(
        tournament=tournament, start_number__in=options.get("absent", [])
    )
    return render(
        request,
        "draws/game.html",
        {
            "tournament": tournament,
            "game": drawn,
            "stage_kind": stage,
            "stage_label": stage_label(stage, tournament),
            "tables": tables,
            "rounds": list(drawn.rounds.all()),
            "report": report_of(drawn),
            "not_held": [line["name"] for line in report_of(drawn) if not line["held"]],
            "problem": services.table_problem(
                plan, sum(sizes), tournament if stage == "qualifier" else None
            ),
            "absent": absent,
            "has_results": game_has_results(drawn),
            "swap_form": SwapForm(players=players),
            "swaps": options.get("swaps", []),
            # a Slovní poker game's deals are those its draw planned: never typed
            "rounds_form": None if tournament.rule_set == WORD_POKER else TypedRoundsForm(),
            "used_commitment": drawn.commitment,
            "redraw_commitment": services.open_draw_commitment(tournament, stage, number),
        },
    )


@organiser_required
@require_POST
def confirm(request, slug, stage, number):
    drawn = game_or_404(tournament_or_404(slug), stage, number)
    try:
        version = int(request.POST.get("version", ""))
    except ValueError:
        version = -1  # a form without the version it shows confirms nothing
    try:
        services.confirm_draw(game=drawn, by=request.user, version=version)
        broken = [line["name"] for line in report_of(drawn) if not line["held"]]
        if broken:
            messages.warning(
                request,
                _("The draw is confirmed. Not held: %(rules)s.") % {"rules": "; ".join(broken)},
            )
        else:
            messages.success(request, _("The draw is confirmed."))
    except services.DrawRefused as refused:
        show_refusal(request, refused)
    return back(slug, stage, number)


@organiser_required
@require_POST
def redraw(request, slug, stage, number):
    """Publish the commitment of a redraw (``action=publish``), then draw again with it."""
    tournament = tournament_or_404(slug)
    drawn = game_or_404(tournament, stage, number)
    action = request.POST.get("action", "draw")
    try:
        if action == "publish":
            services.publish_redraw_commitment(game=drawn, by=request.user)
            messages.success(
                request,
                _("The commitment of the new draw is published. Draw again when ready."),
            )
            return back(slug, stage, number)
        commitment = services.open_draw_commitment(tournament, stage, number)
        if commitment is None or str(commitment.pk) != request.POST.get("commitment"):
            messages.error(request, _("Publish the commitment of the new draw first."))
            return back(slug, stage, number)
        if action == "abandon":
            services.abandon_draw_commitment(commitment=commitment, by=request.user)
            messages.success(request, _("The commitment is abandoned; it stays on record."))
            return back(slug, stage, number)
        services.redraw_game(game=drawn, by=request.user, commitment=commitment)
        messages.success(request, _("Drawn again with the published seed (draft)."))
    except services.DrawRefused as refused:
        show_refusal(request, refused)
    return back(slug, stage, number)


@organiser_required
@require_POST
def swap(request, slug, stage, number):
    drawn = game_or_404(tournament_or_404(slug), stage, number)
    players = Player.objects.filter(seats__game=drawn)
    form = SwapForm(request.POST, players=players)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return back(slug, stage, number)
    held_before = {line["name"] for line in report_of(drawn) if line["held"]}
    try:
        swapped = services.swap_players(
            game=drawn,
            first=form.cleaned_data["first"],
            second=form.cleaned_data["second"],
            by=request.user,
        )
        broken = [line["name"] for line in report_of(swapped) if not line["held"]]
        newly = [name for name in broken if name in held_before]
        words = _swap_words(swapped.draw_options["swaps"][-1], players)
        if newly:
            messages.warning(
                request,
                _("%(swap)s Not held now: %(rules)s.") % {"swap": words, "rules": "; ".join(newly)},
            )
        else:
            messages.success(request, words)
    except services.DrawRefused as refused:
        show_refusal(request, refused)
    return back(slug, stage, number)


def _swap_words(swap: dict, players) -> str:
    """A recorded swap in words: who sits where now, with names, tables and seats."""
    names = {p.start_number: p.name for p in players}
    one, other = swap["seats"]
    return _(
        "Swapped: %(first)s now sits at table %(table2)s, seat %(seat2)s; %(second)s at "
        "table %(table1)s, seat %(seat1)s."
    ) % {
        "first": f"{one['player']}. {names.get(one['player'], '')}".strip(),
        "second": f"{other['player']}. {names.get(other['player'], '')}".strip(),
        "table1": one["table"],
        "seat1": one["position"] + 1,
        "table2": other["table"],
        "seat2": other["position"] + 1,
    }


@organiser_required
@require_POST
def rounds(request, slug, stage, number):
    drawn = game_or_404(tournament_or_404(slug), stage, number)
    form = TypedRoundsForm(request.POST)
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            for error in errors:
                messages.error(request, f"{label}: {error}" if label else error)
        return back(slug, stage, number)
    try:
        services.set_rounds(
            game=drawn,
            by=request.user,
            rounds=form.cleaned_data["rounds"],
        )
        messages.success(
            request,
            _("The rounds are set: %(rounds)s.")
            % {"rounds": ", ".join(map(str, drawn.round_numbers()))},
        )
    except services.DrawRefused as refused:
        show_refusal(request, refused)
    return back(slug, stage, number)
