"""The organiser's draw pages: thin, every write through ``services``."""

from types import SimpleNamespace

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.access import organiser_required, referee_required
from rules import draw as rules_draw
from rules.championship import TABLE_SIZE_MAX, TABLE_SIZE_MIN
from scoring.selectors import quota_warnings
from tournament import services as tournament_services
from tournament.labels import single_stage, stage_label
from tournament.lookups import game_or_404, tournament_or_404
from tournament.models import Game, Player, RuleSetChoice, Stage, Tournament
from ui.refusals import refusal_text, show_refusal

from . import services
from .forms import DrawForm, QualifierPlanForm, SwapForm, TypedRoundsForm, round_initial
from .selectors import game_has_results, game_tables, stage_field


def _next_number(tournament: Tournament, kind: str) -> int:
    latest = (
        Game.objects.filter(stage__tournament=tournament, stage__kind=kind)
        .order_by("-number")
        .first()
    )
    return latest.number + 1 if latest else 1


def _stage_summary(tournament: Tournament, kind: str) -> dict:
    field = stage_field(tournament, kind)
    count = len(field.players)
    plan = services.plan_for(kind, count) if count else None
    counts = services.table_counts(kind, count)
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
        "problem": services.table_problem(plan, count) if plan else None,
        "reason": services.plan_reason(plan, count) if plan else None,
        "counts": counts,
        "size_min": TABLE_SIZE_MIN,
        "size_max": max(
            (size for t in counts for size in rules_draw.even_split(count, t)),
            default=TABLE_SIZE_MAX,
        ),
        "next": next_number,
        "no_more": no_more,
    }


def _plan_form(tournament: Tournament, data=None) -> QualifierPlanForm:
    return QualifierPlanForm(
        data,
        initial={"games": tournament.qualifier_games, "seating": tournament.qualifier_seating},
        single_stage=single_stage(tournament),
    )


def _overview(request, tournament: Tournament, plan_form: QualifierPlanForm, status: int = 200):
    return render(
        request,
        "draws/overview.html",
        {
            "tournament": tournament,
            # a local qualifier or club tournament without finals draws its one stage only
            "stages": [
                _stage_summary(tournament, kind)
                for kind in Stage.Kind.values
                if kind == Stage.Kind.QUALIFIER or tournament.has_finals()
            ],
            "plan_form": plan_form,
            "single_stage": single_stage(tournament),
            "warnings": quota_warnings(tournament),
        },
        status=status,
    )


@organiser_required
def overview(request, slug):
    tournament = tournament_or_404(slug)
    return _overview(request, tournament, _plan_form(tournament))


@organiser_required
@require_POST
def qualifier_plan(request, slug):
    tournament = tournament_or_404(slug)
    form = _plan_form(tournament, request.POST)
    if form.is_valid():
        try:
            services.set_qualifier_plan(
                tournament=tournament,
                games=form.cleaned_data["games"],
                seating=form.cleaned_data["seating"],
            )
        except services.DrawRefused as refused:
            form.add_error("games", str(refused))
        else:
            messages.success(
                request,
                ngettext(
                    "The qualifier has %(games)s game.",
                    "The qualifier has %(games)s games.",
                    tournament.qualifier_games,
                )
                % {"games": tournament.qualifier_games},
            )
            return redirect("draws:overview", slug=slug)
    return _overview(request, tournament, form, status=400)


def option_lines(commitment) -> list[str]:
    """A draw commitment's options in words, as the organiser chose them."""
    subject = commitment.subject
    lines = []
    if subject.get("tables"):
        lines.append(
            ngettext("%(count)s table, chosen", "%(count)s tables, chosen", subject["tables"])
            % {"count": subject["tables"]}
        )
    if subject.get("rounds"):
        lines.append(
            _("Rounds typed in: %(rounds)s") % {"rounds": ", ".join(map(str, subject["rounds"]))}
        )
    elif subject.get("round_range"):
        least, most = subject["round_range"]
        lines.append(
            _("Rounds drawn from the same seed: %(least)s to %(most)s rounds")
            % {"least": least, "most": most}
        )
    names = {
        "sighted_at_every_table": _("A sighted or low-vision player at every table"),
        "teammates_apart": _("Members of one team at different tables"),
        "fewest_repeats": _("Few repeated meetings with earlier games"),
    }
    for key, held in subject.get("preferences", {}).items():
        if not held:
            lines.append(_("Switched off: %(preference)s") % {"preference": names[key]})
    return lines


def _draw_page(request, tournament, summary, form, status=200):
    commitment = services.open_draw_commitment(tournament, summary["kind"], summary["next"])
    return render(
        request,
        "draws/draw.html",
        {
            "tournament": tournament,
            "stage": summary,
            "form": form,
            "commitment": commitment,
            "options": option_lines(commitment) if commitment else [],
        },
        status=status,
    )


@organiser_required
def draw_new(request, slug, stage):
    """Draw the stage's next game in two steps: publish the commitment (the options and the
    secret seed fixed, the commitment shown on the public draw page), then draw with it."""
    tournament = tournament_or_404(slug)
    summary = _stage_summary(tournament, stage)
    if request.method != "POST":
        return _draw_page(
            request,
            tournament,
            summary,
            DrawForm(
                initial=round_initial(tournament, stage),
                kind=stage,
                poker=tournament.rule_set == RuleSetChoice.WORD_POKER,
            ),
        )
    action = request.POST.get("action", "publish")
    number = summary["next"]
    if action in ("draw", "abandon"):
        commitment = services.open_draw_commitment(tournament, stage, number)
        if commitment is None or str(commitment.pk) != request.POST.get("commitment"):
            messages.error(request, _("The commitment changed meanwhile: check it again."))
            return redirect("draws:draw", slug=slug, stage=stage)
        try:
            if action == "abandon":
                services.abandon_draw_commitment(commitment=commitment, by=request.user)
                messages.success(request, _("The commitment is abandoned; it stays on record."))
                return redirect("draws:draw", slug=slug, stage=stage)
            game = services.draw_game(
                tournament=tournament,
                kind=stage,
                number=number,
                by=request.user,
                commitment=commitment,
            )
        except services.DrawnMeanwhile as drawn:
            show_refusal(request, drawn)
            return redirect("draws:game", slug=slug, stage=stage, number=drawn.game.number)
        except services.DrawRefused as refused:
            show_refusal(request, refused)
            return redirect("draws:draw", slug=slug, stage=stage)
        messages.success(
            request,
            _("Game %(number)s drawn (draft) with the published seed. Check it and confirm.")
            % {"number": game.number},
        )
        return redirect("draws:game", slug=slug, stage=stage, number=game.number)
    form = DrawForm(request.POST, kind=stage, poker=tournament.rule_set == RuleSetChoice.WORD_POKER)
    if form.is_valid():
        try:
            services.publish_draw_commitment(
                tournament=tournament,
                kind=stage,
                number=number,
                by=request.user,
                tables=form.cleaned_data["tables"],
                rounds=form.typed_rounds(),
                round_range=form.round_range(),
                preferences=form.preferences(),
            )
        except services.DrawRefused as refused:
            show_refusal(form, refused)
        else:
            messages.success(
                request,
                _(
                    "The commitment is published (also on the public draw page). Draw when "
                    "everybody can see it."
                ),
            )
            return redirect("draws:draw", slug=slug, stage=stage)
    return _draw_page(request, tournament, summary, form)


def _report_lines(report: dict) -> list[dict]:
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
            "report": _report_of(drawn),
            "not_held": [line["name"] for line in _report_of(drawn) if not line["held"]],
            "problem": services.table_problem(plan, sum(sizes)),
            "absent": absent,
            "has_results": game_has_results(drawn),
            "swap_form": SwapForm(players=players),
            "swaps": options.get("swaps", []),
            "rounds_form": TypedRoundsForm(),
            "used_commitment": drawn.commitment,
            "redraw_commitment": services.open_draw_commitment(tournament, stage, number),
        },
    )


def _back(slug, stage, number):
    return redirect(reverse("draws:game", kwargs={"slug": slug, "stage": stage, "number": number}))


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
        broken = [line["name"] for line in _report_of(drawn) if not line["held"]]
        if broken:
            messages.warning(
                request,
                _("The draw is confirmed. Not held: %(rules)s.") % {"rules": "; ".join(broken)},
            )
        else:
            messages.success(request, _("The draw is confirmed."))
    except services.DrawRefused as refused:
        show_refusal(request, refused)
    return _back(slug, stage, number)


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
            return _back(slug, stage, number)
        commitment = services.open_draw_commitment(tournament, stage, number)
        if commitment is None or str(commitment.pk) != request.POST.get("commitment"):
            messages.error(request, _("Publish the commitment of the new draw first."))
            return _back(slug, stage, number)
        if action == "abandon":
            services.abandon_draw_commitment(commitment=commitment, by=request.user)
            messages.success(request, _("The commitment is abandoned; it stays on record."))
            return _back(slug, stage, number)
        services.redraw_game(game=drawn, by=request.user, commitment=commitment)
        messages.success(request, _("Drawn again with the published seed (draft)."))
    except services.DrawRefused as refused:
        show_refusal(request, refused)
    return _back(slug, stage, number)


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
        return _back(slug, stage, number)
    held_before = {line["name"] for line in _report_of(drawn) if line["held"]}
    try:
        swapped = services.swap_players(
            game=drawn,
            first=form.cleaned_data["first"],
            second=form.cleaned_data["second"],
            by=request.user,
        )
        broken = [line["name"] for line in _report_of(swapped) if not line["held"]]
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
    return _back(slug, stage, number)


def _report_of(drawn) -> list[dict]:
    options = drawn.draw_options or {}
    return _report_lines(options["report"]) if "report" in options else []


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
        return _back(slug, stage, number)
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
    return _back(slug, stage, number)


@organiser_required
def presence(request, slug):
    tournament = tournament_or_404(slug)
    players = list(tournament.players.order_by("start_number"))
    if request.method == "POST":
        chosen = set()
        for value in request.POST.getlist("present"):
            if not value.isdigit():
                raise Http404
            chosen.add(int(value))
        tournament_services.set_presence(tournament=tournament, present=chosen)
        present = sum(1 for p in players if p.start_number in chosen)
        messages.success(
            request,
            _("Presence saved: %(present)s, %(absent)s.")
            % {
                "present": ngettext("%(count)s present", "%(count)s present", present)
                % {"count": present},
                "absent": ngettext("%(count)s absent", "%(count)s absent", len(players) - present)
                % {"count": len(players) - present},
            },
        )
        return redirect("draws:overview", slug=slug)
    return render(request, "draws/presence.html", {"tournament": tournament, "players": players})


# The finals' draws (rules D, L and N: the referee draws the finals): the same pages for the
# referee's audience, recorded as theirs (every service is given ``request.user``). The
# qualifier's set-up and draws stay the organiser's (draws/urls_organiser.py).
finals = SimpleNamespace(
    **{
        name: referee_required(globals()[name].__wrapped__)
        for name in ("draw_new", "game", "confirm", "redraw", "swap", "rounds")
    }
)
