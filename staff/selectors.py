"""Reads of the staff pages: where each tournament's day stands, the players with their
eligibility in words, the teams, the accounts and the card table. Each takes a fixed number
of queries whatever the number of players."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db.models import Count
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.services import role_of
from rules.eligibility import UNDER_AGE
from rules.stages import FINAL_A, FINAL_B, QUALIFIER, STAGES
from scoring.pages import held_words
from scoring.selectors import progress, sanction_rows, tournament_data
from scoring.standings import qualifier_advancement
from tournament.addresses import phones_address, phones_address_reached
from tournament.collation import folded
from tournament.labels import stage_label
from tournament.local_qualifiers import source_words
from tournament.models import (
    Card,
    DrawStatus,
    Game,
    Person,
    Player,
    Seat,
    Stage,
    Team,
    TeamMember,
    Tournament,
    card_table_highest_value,
    matching_name,
)
from tournament.words import eligibility_sentence
from ui.labels import sight_label

TODO, DOING, DONE, WAITING = "todo", "doing", "done", "waiting"
STATE_WORDS = {
    TODO: lambda: _("to do"),
    DOING: lambda: _("in progress"),
    DONE: lambda: _("done"),
    WAITING: lambda: _("waits for an earlier step"),
}


@dataclass(frozen=True)
class StepLink:
    label: str
    url_name: str  # takes the tournament's short name
    organiser_only: bool = True


@dataclass(frozen=True)
class Step:
    key: str
    title: str
    state: str
    words: str
    links: tuple[StepLink, ...] = ()

    @property
    def state_words(self) -> str:
        return STATE_WORDS[self.state]()


@dataclass
class DayFacts:
    """What the steps are judged by: counted in a fixed number of queries."""

    players: int = 0
    eligible: int = 0
    absent: int = 0
    teams: int = 0
    drawn: dict = field(default_factory=lambda: defaultdict(int))  # stage -> games drawn
    confirmed: dict = field(default_factory=lambda: defaultdict(int))


def _facts(tournament: Tournament) -> DayFacts:
    facts = DayFacts()
    for player in tournament.players.all():
        facts.players += 1
        facts.eligible += not player.eligibility_problems()
        facts.absent += not player.present
    facts.teams = tournament.teams.count()
    for kind, status in Game.objects.filter(stage__tournament=tournament).values_list(
        "stage__kind", "draw_status"
    ):
        facts.drawn[kind] += 1
        facts.confirmed[kind] += status == DrawStatus.CONFIRMED
    return facts


def _registration(facts: DayFacts) -> Step:
    links = (
        StepLink(_("Players"), "staff:players"),
        StepLink(_("Teams"), "staff:teams"),
    )
    if not facts.players:
        return Step("registration", _("Registration"), TODO, _("No player yet."), links)
    words = ngettext(
        "%(count)s player registered", "%(count)s players registered", facts.players
    ) % {"count": facts.players}
    words += " (" + _("%(eligible)s eligible, %(absent)s absent") % {
        "eligible": facts.eligible,
        "absent": facts.absent,
    }
    words += "), " + ngettext("%(count)s team.", "%(count)s teams.", facts.teams) % {
        "count": facts.teams
    }
    state = DONE if facts.confirmed[QUALIFIER] else DOING
    return Step("registration", _("Registration"), state, words, links)


def _phones(tournament: Tournament, stages) -> Step:
    """The address the scorekeepers' phones open (the table links and the sheets' QR codes)."""
    links = (StepLink(_("Settings"), "staff:settings"),)
    title = _("Address for the phones")
    phones = phones_address(tournament)
    if phones.configured and not phones.loopback and phones_address_reached(phones.url):
        words = _("The phones open %(url)s.") % {"url": phones.url}
        return Step("phones", title, DONE, words, links)
    if stages[FINAL_A].games and stages[FINAL_A].over:
        return Step("phones", title, DONE, _("The games are over: no phone enters a round."), links)
    if phones.configured and not phones.loopback:
        words = _(
            "The phones would open %(url)s, not yet checked to reach this server: save the "
            "settings, which ask it from here."
        ) % {"url": phones.url}
    elif phones.configured:
        words = _(
            "The phones would open %(url)s, an address of this computer only: set the address "
            "of this computer in the hall's network before printing the score sheets."
        ) % {"url": phones.url}
    else:
        words = _(
            "Not set: set the address of this computer in the hall's network before printing "
            "the score sheets, or the table links name the address the browser opened."
        )
    return Step("phones", title, TODO, words, links)


def _qualifier_draws(tournament: Tournament, facts: DayFacts) -> Step:
    links = (StepLink(_("Draws"), "draws:overview"),)
    planned = tournament.qualifier_games
    if planned is None:
        return Step(
            "draws",
            _("Qualifier draws"),
            TODO,
            _("Set the number of qualifier games first (rule B)."),
            links,
        )
    words = _("%(drawn)s of %(planned)s games drawn, %(confirmed)s confirmed.") % {
        "drawn": facts.drawn[QUALIFIER],
        "planned": planned,
        "confirmed": facts.confirmed[QUALIFIER],
    }
    if facts.confirmed[QUALIFIER] >= planned:
        state = DONE
    elif facts.drawn[QUALIFIER]:
        state = DOING
    else:
        state = TODO
    return Step("draws", _("Qualifier draws"), state, words, links)


def _games_words(stage_progress, planned) -> str:
    return _("%(complete)s of %(planned)s games complete.") % {
        "complete": stage_progress.complete_games,
        "planned": planned if planned is not None else "?",
    }


def _results(stages) -> Step:
    links = (StepLink(_("Referee's desk"), "desk:dashboard", organiser_only=False),)
    qualifier = stages[QUALIFIER]
    if qualifier.over:
        state, words = DONE, _("The qualifier is over.")
    elif any(game.started for game in qualifier.games):
        state, words = DOING, _games_words(qualifier, qualifier.planned)
    elif qualifier.games:
        state, words = TODO, _("The first game is drawn; no sheet is entered yet.")
    else:
        state, words = WAITING, _("No qualifier game is announced yet.")
    return Step("results", _("Results of the qualifier"), state, words, links)


def _advancement(tournament: Tournament, stages) -> Step:
    links = (StepLink(_("Advancement and lots"), "desk:advancement", organiser_only=False),)
    title = _("Advancement and lots")
    if not stages[QUALIFIER].over or not stages[QUALIFIER].games:
        return Step("advancement", title, WAITING, _("Decided once the qualifier is over."), links)
    result = qualifier_advancement(tournament_data(tournament))
    ties = sum(len(r.unresolved) for r in result.values())
    if ties:
        words = ngettext(
            "%(count)s tie at the cut waits for the referee's lot.",
            "%(count)s ties at the cut wait for the referee's lot.",
            ties,
        ) % {"count": ties}
        return Step("advancement", title, DOING, words, links)
    words = _("To the A-final: %(b1)s B1 and %(vs)s VS players.") % {
        "b1": len(result["B1"].advancing),
        "vs": len(result["VS"].advancing),
    }
    return Step("advancement", title, DONE, words, links)


def _finals(stages) -> Step:
    links = (
        StepLink(_("Draws of the finals"), "draws:overview"),
        StepLink(_("Referee's desk"), "desk:dashboard", organiser_only=False),
    )
    final_a, final_b = stages[FINAL_A], stages[FINAL_B]
    if not final_a.games and not final_b.games:
        state = WAITING if not stages[QUALIFIER].over else TODO
        return Step("finals", _("Finals"), state, _("No final game is announced yet."), links)
    words = " ".join(
        f"{capfirst(label)}: {_games_words(stage, stage.planned)}"
        for label, stage in ((stage_label(FINAL_A), final_a), (stage_label(FINAL_B), final_b))
    )
    done = final_a.over and (final_b.over or not final_b.games)
    return Step("finals", _("Finals"), DONE if done else DOING, words, links)


def _printouts(stages, facts: DayFacts, finals: bool = True) -> Step:
    links = (StepLink(_("Printouts and exports"), "printing:printouts"),)
    last = stages[FINAL_A] if finals else stages[QUALIFIER]
    if last.games and last.over:
        state = DONE
        words = _("The final standings, results and certificates are ready.")
    elif any(facts.drawn.values()):
        state = DOING
        words = _(
            "Score sheets and seating of the drawn games; the standings of a stage once it is over."
        )
    else:
        state = TODO
        words = _("Blank score sheets and the registration sheet.")
    return Step("printouts", _("Printouts"), state, words, links)


def day_steps(tournament: Tournament) -> list[Step]:
    """The steps of the championship's day in order, each with its state in words:
    registration, the address for the phones, qualifier draws, results, advancement and lots,
    finals, printouts."""
    facts = _facts(tournament)
    stages = progress(tournament)
    finals = tournament.has_finals()  # a local qualifier or club tournament may have none
    return [
        _registration(facts),
        _phones(tournament, stages),
        _qualifier_draws(tournament, facts),
        _results(stages),
        *((_advancement(tournament, stages), _finals(stages)) if finals else ()),
        _printouts(stages, facts, finals),
    ]


def current_step(steps: list[Step]) -> Step | None:
    """The first step not done: where the day is."""
    return next((step for step in steps if step.state != DONE), None)


# --- players ------------------------------------------------------------------------------

UNPAID, ABSENT, NOT_ELIGIBLE = "unpaid", "absent", "not_eligible"  # filters of the players


@dataclass(frozen=True)
class PlayerRow:
    player: Player
    number: int
    name: str
    category: str
    sight: str
    club: str
    team: str
    eligible: bool
    eligibility: str
    present: bool
    paid: bool
    local_source: str = ""  # qualified locally: the local qualifier and place, or the reason


def player_rows(
    tournament: Tournament,
    *,
    search: str = "",
    category: str = "",
    only: frozenset[str] = frozenset(),
) -> list[PlayerRow]:
    """The tournament's players by start number, found by name or number and filtered: by
    category (B1, VS), the unpaid (neither paid nor qualified locally), the absent, the not
    eligible. Two queries."""
    teams = dict(
        TeamMember.objects.filter(team__tournament=tournament).values_list(
            "player_id", "team__name"
        )
    )
    wanted = folded(search.strip())
    rows = []
    for player in tournament.players.select_related("local_qualification__source").order_by(
        "start_number"
    ):
        if wanted and wanted not in folded(player.name) and wanted != str(player.start_number):
            continue
        problems = player.eligibility_problems()
        if category and player.category != category:
            continue
        if UNPAID in only and (player.paid or player.local_qualifier):
            continue
        if ABSENT in only and player.present:
            continue
        if NOT_ELIGIBLE in only and not problems:
            continue
        rows.append(
            PlayerRow(
                player=player,
                number=player.start_number,
                name=player.name,
                category=player.category,
                sight=sight_label(player.sight_class),
                club=player.club,
                team=teams.get(player.pk, ""),
                eligible=not problems,
                eligibility=_with_local_source(eligibility_sentence(player), player),
                present=player.present,
                paid=player.paid,
                local_source=local_source(player),
            )
        )
    return rows


def local_source(player: Player) -> str:
    """Where the player's "qualified locally" comes from: a local qualifier and the place,
    or the organiser's reason for a tick by hand; empty when not qualified locally. Needs
    ``local_qualification__source`` selected."""
    if not player.local_qualifier:
        return ""
    if player.local_qualification is not None:
        return source_words(player.local_qualification)
    if not player.local_qualifier_reason:
        return _("ticked by hand, without a reason")
    return _("ticked by hand: %(reason)s") % {"reason": player.local_qualifier_reason}


def _with_local_source(words: str, player: Player) -> str:
    source = local_source(player)
    if not source:
        return words
    return words + "; " + _("qualified locally: %(source)s") % {"source": source}


@dataclass(frozen=True)
class LocallyQualified:
    number: int
    name: str
    source: str
    by_hand: bool


def locally_qualified(tournament: Tournament) -> list[LocallyQualified]:
    """The tournament's players qualified locally, by start number, each with the source.
    One query."""
    return [
        LocallyQualified(
            player.start_number,
            player.name,
            local_source(player),
            player.local_qualification_id is None,
        )
        for player in tournament.players.filter(local_qualifier=True)
        .select_related("local_qualification__source")
        .order_by("start_number")
    ]


@dataclass(frozen=True)
class PlayedGame:
    stage: str
    stage_label: str
    game: int
    table: int


def played_games(player: Player) -> list[PlayedGame]:
    """Where the player sat, game by game (one query)."""
    seats = (
        Seat.objects.filter(player=player)
        .select_related("game__stage", "table")
        .order_by("game__stage__kind", "game__number")
    )
    games = [
        PlayedGame(
            s.game.stage.kind, s.game.stage.get_kind_display(), s.game.number, s.table.number
        )
        for s in seats
    ]
    order = {QUALIFIER: 0, FINAL_A: 1, FINAL_B: 2}
    return sorted(games, key=lambda g: (order[g.stage], g.game))


def player_sanctions(player: Player) -> list:
    """The player's sanctions, withdrawn ones too, in the order decided."""
    return [
        row
        for row in sanction_rows(player.tournament, withdrawn=True)
        if row.player == player.start_number
    ]


# --- teams --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamRow:
    team: Team
    members: list[Player]


def team_rows(tournament: Tournament) -> list[TeamRow]:
    """The tournament's teams in the order created, each with its members by start number
    (two queries)."""
    members = defaultdict(list)
    for member in (
        TeamMember.objects.filter(team__tournament=tournament)
        .select_related("player")
        .order_by("player__start_number")
    ):
        members[member.team_id].append(member.player)
    return [TeamRow(team, members[team.pk]) for team in Team.objects.filter(tournament=tournament)]


def players_free_for(tournament: Tournament, team: Team | None) -> list[Player]:
    """Players a team may take: in no other team, present and not under age (A: a team
    counts its members' games, and only they can play). The team's own members stay listed
    whatever has changed since, so that saving the team keeps them."""
    taken = TeamMember.objects.filter(team__tournament=tournament)
    own: set[int] = set()
    if team is not None:
        taken = taken.exclude(team=team)
        own = set(team.members.values_list("player_id", flat=True))
    free = tournament.players.exclude(pk__in=taken.values("player_id")).order_by("start_number")
    return [
        player
        for player in free
        if player.pk in own or (player.present and UNDER_AGE not in player.eligibility_problems())
    ]


# --- accounts and cards -------------------------------------------------------------------


@dataclass(frozen=True)
class AccountRow:
    user: User
    role: str | None


def account_rows() -> list[AccountRow]:
    """Every account with its role, the active first (two queries)."""
    users = User.objects.prefetch_related("groups").order_by("-is_active", "username")
    return [AccountRow(user, role_of(user)) for user in users]


@dataclass(frozen=True)
class CardTable:
    cards: list[Card]
    highest: int
    own_bounds: list[Tournament]  # tournaments with their own card-value bound
    total: int


def card_table() -> CardTable:
    cards = list(Card.objects.order_by("letters"))
    return CardTable(
        cards=cards,
        highest=card_table_highest_value(),
        own_bounds=list(
            Tournament.objects.filter(max_card_value__isnull=False).order_by("-year", "name")
        ),
        total=sum(card.count or 0 for card in cards),
    )


def team_of(player: Player) -> Team | None:
    membership = TeamMember.objects.filter(player=player).select_related("team").first()
    return membership.team if membership else None


def stages_for_announcement(tournament: Tournament) -> list[dict]:
    """Each stage with whether its results are held for the announcement, the announcement's
    words and where the stage stands (over, or not yet), for the organiser's page. Two
    queries."""
    stored = {
        kind: (held, announcement)
        for kind, held, announcement in Stage.objects.filter(tournament=tournament).values_list(
            "kind", "results_held", "announcement"
        )
    }
    states = progress(tournament)
    return [
        {
            "kind": kind,
            "label": stage_label(kind, tournament),
            "held": stored.get(kind, (False, ""))[0],
            "announcement": stored.get(kind, (False, ""))[1],
            "over": kind in states and states[kind].over,
            "words": held_words(stored.get(kind, (False, ""))[1]),
        }
        for kind in STAGES
    ]


# --- persons ----------------------------------------------------------------------------------


PERSONS_SHOWN = 500  # the list without a search: the first this many by name


def person_rows(search: str = "") -> list[Person]:
    """Persons (merged ones aside) whose name holds the typed words without accents and case,
    each with ``tournaments``: one query."""
    found = (
        Person.objects.filter(merged_into__isnull=True)
        .annotate(tournaments=Count("players"))
        .order_by("folded_name", "id")
    )
    for word in matching_name(search).split():
        found = found.filter(folded_name__contains=word)
    return list(found[:PERSONS_SHOWN])


def person_details(person: Person) -> dict:
    """A person for the staff: the record (birth date included), every tournament played,
    the persons merged into it, and the history of the record with the merges."""
    return {
        "person": person,
        "players": list(
            person.players.select_related("tournament").order_by(
                "-tournament__start_date", "-tournament_id"
            )
        ),
        "merged": list(person.merged.order_by("id")),
        "history": list(person.history.select_related("history_user").order_by("-history_date")),
    }
