"""Who plays which final: B-final participation (M) and the organiser's replacements in the
A-final (C)."""

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from refusals import Refused
from rules.categories import category_of
from rules.finals import Replacement as Decision
from rules.finals import replacement_problems
from rules.stages import FINAL_B, FINALS, STAGES
from tournament.changes import one_touch, touch
from tournament.lookups import who
from tournament.models import Player, Seat

from .messages import replacement_message
from .models import Replacement
from .selectors import tournament_data
from .standings import TournamentData, final_fields


@transaction.atomic
@one_touch()
def set_b_final_participation(
    *, tournament, playing: set[int], among: set[int] | None = None
) -> None:
    """Who (start numbers) takes part in the B-final; the others of ``among`` (the players the
    referee was asked about; everybody when None) do not want to. Players outside ``among``
    keep their answer."""
    players = Player.objects.filter(tournament=tournament)
    if among is not None:
        players = players.filter(start_number__in=among)
        playing = playing & among
    seated = sorted(
        players.exclude(start_number__in=playing)
        .filter(seats__game__stage__kind=FINAL_B)
        .values_list("start_number", flat=True)
        .distinct()
    )
    if seated:
        raise Refused(
            _("Players %(numbers)s are drawn in the B-final already: they take part in it (M).")
            % {"numbers": ", ".join(map(str, seated))}
        )
    players.filter(start_number__in=playing).update(plays_b_final=True)
    players.exclude(start_number__in=playing).update(plays_b_final=False)
    touch(tournament.pk)


# Replacements in the A-final ------------------------------------------------------------------


@dataclass(frozen=True)
class ReplacementChoice:
    """Who may withdraw from the A-final (its players now) and who may move up (the
    qualifier's players who did not advance, wait for no lot and are not expelled), each
    in start-number order; ``problem`` says why no replacement can be recorded now."""

    field: list[Player]
    candidates: list[Player]
    problem: str | None


def replacement_choice(tournament) -> ReplacementChoice:
    players = {p.start_number: p for p in Player.objects.filter(tournament=tournament)}
    return _replacement_choice(tournament, tournament_data(tournament), players)


def _replacement_choice(tournament, data: TournamentData, players: dict) -> ReplacementChoice:
    problem = None
    if Seat.objects.filter(
        game__stage__tournament=tournament, game__stage__kind=FINALS[0]
    ).exists():
        problem = _("The A-final is drawn already: a replacement is decided before its draw.")
    elif not data.stages.get(STAGES[0]) or not data.stage_over(STAGES[0]):
        problem = _("The qualifier is not over yet: nobody has advanced.")
    fields = final_fields(data)
    if problem is None and fields.unresolved:
        problem = _("A tie at the qualifier cut waits for a lot: draw it first.")
    return ReplacementChoice(
        [players[n] for n in sorted(fields.a_final) if n in players],
        [players[n] for n in sorted(fields.b_final) if n in players],
        problem,
    )


@transaction.atomic
@one_touch()  # the archive's summary brought up to date with the A-final's field
def record_replacement(
    *, tournament, withdrawn: int, replacement: int, reason: str, by: User
) -> Replacement:
    """The organiser's decision that ``replacement`` (start number) plays the A-final in place
    of ``withdrawn``, with the rules' checks (``rules.finals.replacement_problems``): before
    the A-final is drawn, after the qualifier, a player of the same category who did not
    advance. Raises ``Refused`` (a ``ValidationError``) with the reasons."""
    type(tournament).objects.select_for_update().get(pk=tournament.pk)  # one decision at a time
    data = tournament_data(tournament)
    players = {p.start_number: p for p in Player.objects.filter(tournament=tournament)}
    choice = _replacement_choice(tournament, data, players)
    if choice.problem:
        raise Refused(choice.problem)
    fields = final_fields(data, with_replacements=False)
    decisions = [*data.replacements, Decision(withdrawn, replacement)]
    category = {number: category_of(player.sight_class) for number, player in players.items()}
    problems = [
        replacement_message(problem)
        for index, problem in replacement_problems(
            decisions, advancing=fields.a_final, candidates=fields.b_final, category=category
        )
        if index == len(decisions) - 1
    ]
    if Seat.objects.filter(
        game__stage__tournament=tournament,
        game__stage__kind=FINAL_B,
        player__start_number=replacement,
    ).exists():
        problems.append(_("The player is drawn in the B-final already."))
    if problems:
        raise Refused(problems)
    made = Replacement.objects.create(
        tournament=tournament,
        withdrawn=players[withdrawn],
        replacement=players[replacement],
        reason=reason.strip(),
        decided_by=who(by),
        decided_at=timezone.now(),
    )
    touch(tournament.pk)
    return made
