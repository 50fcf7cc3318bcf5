"""Writes of a tournament's own data: its settings, players, teams and the card table.

Every write checks what the rules allow (RULES.md) and stores all or nothing. A refusal is a
``refusals.Refused`` (a ``ValidationError``) in the interface's language, keyed by the
field it is about where there is one, so that a form shows it next to that field; any audience
(the staff pages, a command, the draws) can call these.
"""

from collections.abc import Collection, Iterable, Mapping

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from refusals import Refused
from rules import championship, eligibility
from rules.championship import TEAM_SIZE_MAX, TEAM_SIZE_MIN
from rules.stages import FINAL_B, FINALS, QUALIFIER, STAGES

from . import local_qualifiers, persons
from .changes import one_touch, touch
from .characters import validate_name
from .models import (
    Card,
    Game,
    Person,
    Player,
    Seat,
    Stage,
    Team,
    TeamMember,
    Tournament,
    card_table_highest_value,
    roster_frozen_message,
)
from .words import team_size_message

# The tournament's own settings, as the staff pages edit them (the stages' confirmation apart).
SETTINGS_FIELDS = (
    "name",
    "slug",
    "kind",
    "rule_set",
    "plays_finals",
    "year",
    "start_date",
    "end_date",
    "venue",
    "organiser",
    "close_bonus",
    "max_card_value",
    "quota_b1",
    "quota_vs",
    "qualifier_games",
    "qualifier_rounds_min",
    "qualifier_rounds_max",
    "qualifier_rounds",
    "qualifier_seating",
    "phones_url",
    "poker_game_end",
    "poker_deal_wins",
    "poker_points_limit",
    "poker_deals_limit",
    "poker_standings",
    "scrabble_bye_margin",
    "scrabble_first_round",
    "scrabble_king_of_the_hill",
    "scrabble_boards_of_three",
)
POKER_SETTINGS = (
    "poker_game_end",
    "poker_deal_wins",
    "poker_points_limit",
    "poker_deals_limit",
    "poker_standings",
)
SCRABBLE_SETTINGS = (
    "scrabble_bye_margin",
    "scrabble_first_round",
    "scrabble_king_of_the_hill",
    "scrabble_boards_of_three",
)
PLAYER_FIELDS = (
    "start_number",
    "name",
    "birth_date",
    "sight_class",
    "gender",
    "club",
    "paid",
    "local_qualifier",
    "plays_b_final",
    "present",
)


def confirmation_field(kind: str) -> str:
    """The name under which a stage's "confirmation required" is a setting."""
    return f"confirmation_{kind}"


# --- the tournament's settings ------------------------------------------------------------


def stages_with_results(tournament: Tournament) -> set[str]:
    """The stages of which some game has a result."""
    return {kind for kind in STAGES if tournament.stage_has_started(kind)}


def frozen_settings(tournament: Tournament, started: Collection[str] | None = None) -> dict:
    """The settings that can no longer change, each with the reason in words (RULES.md: a
    configurable value may change before its stage starts)."""
    if tournament.pk is None:
        return {}
    started = stages_with_results(tournament) if started is None else started
    frozen = {
        "slug": _(
            "The tournament's pages, printouts and downloads are published under this "
            "address: the short name stays."
        )
    }
    drawn = set(
        Game.objects.filter(stage__tournament=tournament).values_list("stage__kind", flat=True)
    )
    if drawn:
        frozen["kind"] = _(
            "A game is drawn already: the kind of tournament, and with it its stages, cannot "
            "change now."
        )
        frozen["rule_set"] = _(
            "A game is drawn already: the rules are fixed at the first draw and cannot change now."
        )
        for name in POKER_SETTINGS:  # the deals drawn follow from them (word_poker.most_deals)
            frozen[name] = _(
                "A game is drawn already: Slovní poker's settings are fixed at the first draw "
                "and cannot change now."
            )
        for name in SCRABBLE_SETTINGS:  # the pairings and byes made follow from them
            frozen[name] = _(
                "A round is paired already: Scrabble's settings are fixed at the first pairing "
                "and cannot change now."
            )
    if drawn & set(FINALS):
        frozen["plays_finals"] = _("A final is drawn already: the finals stay.")
    if QUALIFIER in started:
        frozen["quota_b1"] = frozen["quota_vs"] = _(
            "The A-final places cannot change once the qualifier has started (rule K)."
        )
        frozen["qualifier_games"] = _(
            "The number of qualifier games is fixed in advance (rule B): it cannot change "
            "once the qualifier has started."
        )
    if started:
        frozen["close_bonus"] = _(
            "Results are stored already and were scored with this close bonus: it cannot "
            "change once a stage has results."
        )
        frozen["max_card_value"] = _(
            "Results are stored already and were checked against this bound: it cannot "
            "change once a stage has results."
        )
    for kind in started:
        frozen[confirmation_field(kind)] = _(
            "The stage has results already: whether its sheets need a confirmation cannot "
            "change now."
        )
    return frozen


def confirmation_settings(tournament: Tournament) -> dict[str, bool | None]:
    """Whether each stage's sheets need a second referee's confirmation, as set (None: the
    default, yes for the finals and no for the qualifier)."""
    set_ = dict(
        Stage.objects.filter(tournament=tournament).values_list("kind", "confirmation_required")
    )
    return {kind: set_.get(kind) for kind in STAGES}


def _set_confirmation(tournament: Tournament, confirmation: Mapping[str, bool | None]) -> None:
    existing = {stage.kind: stage for stage in Stage.objects.filter(tournament=tournament)}
    for kind, required in confirmation.items():
        stage = existing.get(kind)
        if stage is None:
            if required is None:  # the default needs no row (a stage appears once drawn)
                continue
            Stage.objects.create(tournament=tournament, kind=kind, confirmation_required=required)
        elif stage.confirmation_required != required:
            stage.confirmation_required = required
            stage.save(update_fields=["confirmation_required"])


def _check_values(values: Mapping) -> None:
    unknown = set(values) - set(SETTINGS_FIELDS)
    if unknown:
        raise ValueError(f"not a tournament setting: {sorted(unknown)}")


@transaction.atomic
def create_tournament(
    *, values: Mapping[str, object], confirmation: Mapping[str, bool | None] | None = None
) -> Tournament:
    """A new tournament with its settings (and each stage's confirmation, if not the
    default)."""
    _check_values(values)
    tournament = Tournament(**values)
    tournament.full_clean()
    tournament.save()
    _set_confirmation(tournament, confirmation or {})
    return tournament


def fewer_games_than_drawn(tournament: Tournament, games: int | None) -> str | None:
    """Why the qualifier cannot have ``games`` games: fewer than the highest game drawn."""
    drawn = Game.objects.filter(stage__tournament=tournament, stage__kind=QUALIFIER).aggregate(
        last=Max("number")
    )["last"]
    if drawn and (games is None or games < drawn):
        return ngettext(
            "%(count)s qualifier game is drawn already: the number cannot be lower.",
            "%(count)s qualifier games are drawn already: the number cannot be lower.",
            drawn,
        ) % {"count": drawn}
    return None


@transaction.atomic
def update_tournament(
    *,
    tournament: Tournament,
    values: Mapping[str, object],
    confirmation: Mapping[str, bool | None] | None = None,
) -> Tournament:
    """Change the tournament's settings. A setting the rules have frozen (see
    ``frozen_settings``) is refused if it would change; the number of qualifier games cannot
    fall below the games drawn."""
    _check_values(values)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    frozen = frozen_settings(tournament)
    errors = {}
    for field, value in values.items():
        if field in frozen and getattr(tournament, field) != value:
            errors[field] = frozen[field]
    before = confirmation_settings(tournament)
    for kind, required in (confirmation or {}).items():
        field = confirmation_field(kind)
        if field in frozen and before[kind] != required:
            errors[field] = frozen[field]
    games = values.get("qualifier_games", tournament.qualifier_games)
    problem = fewer_games_than_drawn(tournament, games)
    if problem:
        errors["qualifier_games"] = problem
    first_day = values.get("start_date", tournament.start_date)
    if first_day != tournament.start_date:
        young = sorted(
            player.start_number
            for player in Player.objects.filter(
                tournament=tournament, seats__isnull=False, birth_date__isnull=False
            ).distinct()
            if eligibility.age_on(player.birth_date, first_day) < championship.ADULT_AGE
        )
        if young:
            errors["start_date"] = _(
                "Players %(numbers)s are drawn at a table already and would be under 18 on "
                "this first day (A)."
            ) % {"numbers": ", ".join(map(str, young))}
    if errors:
        raise Refused(errors)
    for field, value in values.items():
        setattr(tournament, field, value)
    tournament.full_clean()
    tournament.changed_at = timezone.now()
    tournament.save()
    _set_confirmation(tournament, confirmation or {})
    return tournament


# --- players ------------------------------------------------------------------------------


def next_start_number(tournament: Tournament) -> int:
    highest = tournament.players.aggregate(highest=Max("start_number"))["highest"]
    return (highest or 0) + 1


def _check_player_values(values: Mapping) -> None:
    unknown = set(values) - set(PLAYER_FIELDS)
    if unknown:
        raise ValueError(f"not a player's field: {sorted(unknown)}")


def _seated(player: Player) -> bool:
    return player.pk is not None and Seat.objects.filter(player=player).exists()


@transaction.atomic
def create_player(
    *, tournament: Tournament, values: Mapping[str, object], person: Person | str = persons.AUTO
) -> Player:
    """Register a player (start number unique in the tournament), with the person behind it:
    the one the organiser chose, a new one (``persons.NEW``), or the certain match
    (``persons.AUTO``, ``tournament.persons``)."""
    _check_player_values(values)
    player = Player(tournament=tournament, **values)
    player.full_clean()
    player.person = persons.person_for(persons.values_of(player), person)
    player.save()
    local_qualifiers.apply_local_qualification(player)
    return player


@transaction.atomic
def update_player(
    *, player: Player, values: Mapping[str, object], person: Person | str | None = None
) -> Player:
    """Correct a player's registration. The start number stays once the player is drawn at
    a table: the seating and the score sheets name the player by it."""
    _check_player_values(values)
    player = Player.objects.select_for_update().select_related("tournament").get(pk=player.pk)
    number = values.get("start_number", player.start_number)
    if number != player.start_number and _seated(player):
        raise Refused(
            {
                "start_number": (
                    pgettext(
                        "feminine",
                        "The player is drawn at a table already: the seating and the score "
                        "sheets name the player by start number %(number)s, which stays.",
                    )
                    if player.feminine
                    else _(
                        "The player is drawn at a table already: the seating and the score "
                        "sheets name the player by start number %(number)s, which stays."
                    )
                )
                % {"number": player.start_number}
            }
        )
    sight_before = player.sight_class
    for field, value in values.items():
        setattr(player, field, value)
    player.full_clean()
    if _seated(player):
        _check_seated_player(player, sight_before)
    if person is not None or player.person_id is None:
        _check_one_player_a_tournament(player, person)
        player.person = persons.person_for(persons.values_of(player), person or persons.AUTO)
    player.save()
    local_qualifiers.apply_local_qualification(player)
    return player


def _check_one_player_a_tournament(player: Player, person: Person | str | None) -> None:
    if isinstance(person, Person) and (
        persons.resolved(person)
        .players.filter(tournament_id=player.tournament_id)
        .exclude(pk=player.pk)
        .exists()
    ):
        raise Refused({"person": _("This person is another player of the tournament already.")})


def _check_seated_player(player: Player, sight_before: str) -> None:
    """A drawn player stays eligible (A), and keeps the category by which the finals were
    filled (C) once a final is drawn: the export of the tournament must import again."""
    problems = player.eligibility_problems()
    if eligibility.UNDER_AGE in problems:
        raise Refused(
            {
                "birth_date": _(
                    "The player is drawn at a table already and would be under 18 on the first "
                    "day (A); check the birth date."
                )
            }
        )
    if eligibility.NOT_PAID in problems:
        raise Refused(
            {
                "paid": _(
                    "The player is drawn at a table already: the entry fee is paid or the "
                    "player qualified through a local qualifier (A)."
                )
            }
        )
    if (
        not player.plays_b_final
        and Seat.objects.filter(player=player, game__stage__kind=FINAL_B).exists()
    ):
        raise Refused(
            {
                "plays_b_final": (
                    pgettext("feminine", "Drawn in the B-final already: she takes part in it (M).")
                    if player.feminine
                    else _("Drawn in the B-final already: the player takes part in it (M).")
                )
            }
        )
    if player.sight_class != sight_before and _finals_drawn(player.tournament):
        raise Refused(
            {
                "sight_class": _(
                    "The finals are drawn already by the qualifier's categories: the player's "
                    "sight class stays."
                )
            }
        )


def _finals_drawn(tournament: Tournament) -> bool:
    return Seat.objects.filter(
        game__stage__tournament=tournament, game__stage__kind__in=STAGES[1:]
    ).exists()


def player_removal_problem(player: Player) -> str | None:
    """Why a player cannot be removed from the tournament (None: can be)."""
    if _seated(player):
        if player.feminine:
            return pgettext(
                "feminine",
                "The player is drawn at a table already; untick the player's presence "
                "instead, so that later draws leave the player out.",
            )
        return _(
            "The player is drawn at a table already; untick the player's presence instead, "
            "so that later draws leave the player out."
        )
    if TeamMember.objects.filter(player=player).exists():
        if player.feminine:
            return pgettext(
                "feminine", "The player is in a team: take the player off the team's roster first."
            )
        return _("The player is in a team: take the player off the team's roster first.")
    return None


@transaction.atomic
def delete_player(*, player: Player) -> None:
    """Remove a player registered by mistake: only one never drawn and in no team."""
    problem = player_removal_problem(player)
    if problem:
        raise Refused(problem)
    player.delete()


@transaction.atomic
def set_presence(*, tournament: Tournament, present: Collection[int]) -> None:
    """Mark who is present (start numbers); everyone else of the tournament is absent."""
    players = tournament.players.all()
    players.filter(start_number__in=present).update(present=True)
    players.exclude(start_number__in=present).update(present=False)
    touch(tournament.pk)


@transaction.atomic
def set_presence_and_payment(
    *,
    tournament: Tournament,
    shown: Collection[int],
    present: Collection[int],
    paid: Collection[int],
) -> int:
    """For the players ``shown`` (start numbers), tick presence and the entry fee as given:
    those in ``present`` / ``paid`` yes, the others of ``shown`` no. Players not shown stay
    as they are. Returns how many players changed."""
    unknown = (set(present) | set(paid)) - set(shown)
    if unknown:
        raise Refused(
            _("Players %(numbers)s were not on the list that was saved.")
            % {"numbers": ", ".join(map(str, sorted(unknown)))}
        )
    players = tournament.players.filter(start_number__in=shown)
    unpaid_seated = sorted(
        players.exclude(start_number__in=paid)
        .filter(paid=True, local_qualifier=False, seats__isnull=False)
        .values_list("start_number", flat=True)
        .distinct()
    )
    if unpaid_seated:
        raise Refused(
            _(
                "Players %(numbers)s are drawn at a table already: their entry fee stays paid "
                "(A; they did not qualify through a local qualifier)."
            )
            % {"numbers": ", ".join(map(str, unpaid_seated))}
        )
    changed = set()
    for field, chosen in (("present", set(present)), ("paid", set(paid))):
        turn_on = players.filter(start_number__in=chosen, **{field: False})
        turn_off = players.exclude(start_number__in=chosen).filter(**{field: True})
        changed |= set(turn_on.values_list("start_number", flat=True))
        changed |= set(turn_off.values_list("start_number", flat=True))
        turn_on.update(**{field: True})
        turn_off.update(**{field: False})
    if changed:
        touch(tournament.pk)
    return len(changed)


# --- teams --------------------------------------------------------------------------------


def roster_freeze_reason(tournament: Tournament) -> str | None:
    """Why rosters cannot change (B), or None while they can."""
    if tournament.rosters_frozen():
        return " ".join((roster_frozen_message(), _("A team can still be renamed.")))
    return None


def _check_roster(tournament: Tournament, team: Team | None, members: list[Player]) -> None:
    if not TEAM_SIZE_MIN <= len(members) <= TEAM_SIZE_MAX:
        raise Refused({"members": team_size_message(len(members))})
    numbers = [player.start_number for player in members]
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        raise Refused(
            {
                "members": _("Each player once: %(numbers)s chosen twice.")
                % {"numbers": ", ".join(map(str, twice))}
            }
        )
    strangers = [p for p in members if p.tournament_id != tournament.pk]
    if strangers:
        raise Refused(
            {
                "members": _("Players %(numbers)s are registered in another tournament.")
                % {"numbers": ", ".join(str(p.start_number) for p in strangers)}
            }
        )
    elsewhere = (
        TeamMember.objects.filter(player__in=members)
        .exclude(team=team)
        .select_related("player", "team")
        .order_by("player__start_number")
    )
    taken = [f"{m.player} ({m.team.name})" for m in elsewhere]
    if taken:
        raise Refused(
            {"members": _("Already in another team: %(players)s.") % {"players": "; ".join(taken)}}
        )


@transaction.atomic
def save_team(
    *, tournament: Tournament, name: str, members: Iterable[Player], team: Team | None = None
) -> Team:
    """Create a team or change one: its name, and its roster of 3 to 5 players (B) while
    rosters are not frozen. A frozen team can be renamed; its roster stays."""
    members = list(members)
    name = name.strip()
    if team is None:
        team = Team(tournament=tournament)
        current = []
    else:
        if team.tournament_id != tournament.pk:
            raise ValueError("the team belongs to another tournament")
        current = sorted(team.members.values_list("player_id", flat=True))
    frozen = roster_freeze_reason(tournament)
    roster_changes = sorted(p.pk for p in members) != current
    if frozen and roster_changes:
        raise Refused({"members": frozen})
    team.name = name
    team.full_clean()
    if roster_changes:
        _check_roster(tournament, team if team.pk else None, members)
    team.save()
    if roster_changes:
        team.members.all().delete()
        TeamMember.objects.bulk_create(TeamMember(team=team, player=p) for p in members)
        touch(tournament.pk)
    return team


@transaction.atomic
def delete_team(*, team: Team) -> None:
    frozen = roster_freeze_reason(team.tournament)
    if frozen:
        raise Refused(frozen)
    team.delete()


# --- the card table -----------------------------------------------------------------------


def tournaments_bound_by_card_table() -> list[Tournament]:
    """Tournaments that take the card-value bound from the card table and have results: for
    them the bound cannot change any more."""
    return [
        tournament
        for tournament in Tournament.objects.filter(max_card_value__isnull=True).order_by(
            "-year", "name"
        )
        if stages_with_results(tournament)
    ]


def _check_bound(new_highest: int) -> None:
    if new_highest == card_table_highest_value():
        return
    bound = tournaments_bound_by_card_table()
    if bound:
        raise Refused(
            _(
                "The card-value bound would change from %(old)s to %(new)s, but %(tournaments)s "
                "take the bound from this table and have results checked against it. Set "
                "those tournaments' own bound first, or keep the highest value."
            )
            % {
                "old": card_table_highest_value(),
                "new": new_highest,
                "tournaments": ", ".join(f"„{t.name}“" for t in bound),
            }
        )


def _highest_with(value: int | None, *, without: Card | None) -> int:
    """The card table's highest value with ``value`` and without the card ``without``: the
    rules' value when the table would be empty."""
    others = Card.objects.exclude(pk=getattr(without, "pk", None)).aggregate(highest=Max("value"))
    values = [v for v in (others["highest"], value) if v is not None]
    return max(values) if values else championship.MAX_CARD_VALUE


@transaction.atomic
def save_card(
    *, letters: str, value: int, count: int | None = None, card: Card | None = None
) -> Card:
    """Add a card to the table or change one. CH is not a card. A change of the highest value
    (the card-value bound) is refused while a tournament that takes its bound from the table
    has results."""
    card = card or Card()
    card.letters, card.value, card.count = letters, value, count
    card.full_clean()
    _check_bound(_highest_with(value, without=card))
    card.save()
    return card


@transaction.atomic
def delete_card(*, card: Card) -> None:
    _check_bound(_highest_with(None, without=card))
    card.delete()


# Results held for the ceremony ---------------------------------------------------------------


@transaction.atomic
@one_touch()  # and the rating (no held game rates) brought up to date with it
def hold_results(*, tournament: Tournament, kind: str, announcement: str) -> Stage:
    """Hold the stage's results back from the public until the announcement (``announcement``:
    when and where, in words). The history keeps who held them and when; the stage's save moves
    the tournament's change stamp, so that every cached public page forgets the results."""
    announcement = announcement.strip()
    validate_name(announcement)
    stage, _created = Stage.objects.get_or_create(tournament=tournament, kind=kind)
    stage.results_held, stage.announcement = True, announcement
    stage.save(update_fields=["results_held", "announcement"])
    return stage


@transaction.atomic
@one_touch()
def release_results(*, tournament: Tournament, kind: str) -> Stage | None:
    """Release the stage's held results: the public sees them at once (the stamp moves); the
    history keeps who released them and when, and the log shows it. None: nothing was held."""
    stage = Stage.objects.filter(tournament=tournament, kind=kind, results_held=True).first()
    if stage is None:
        return None
    stage.results_held = False
    stage.save(update_fields=["results_held"])
    return stage
