"""Writes of the draws: drawing a game's seating and rounds, confirming, redrawing, swapping.

Commit before, reveal after (``rules.commitment``): a real draw starts with
``publish_draw_commitment``, which fixes the options, picks a secret seed and publishes its
commitment; ``draw_game(commitment=...)`` then uses exactly that seed and reveals it. A redraw
abandons the used commitment and needs a new one. An explicit ``seed`` (tests, the ``draw``
command's ``--seed`` for re-checking) draws without a commitment.

Every draw stores its seed, time, who drew it and its options (Game.draw_*), so that the same
seed and the same inputs give the same draw again.
"""

from dataclasses import asdict

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from refusals import Refused
from rules import draw as rules_draw
from rules import scrabble, word_poker
from rules.championship import FINAL_GAMES, ROUND_NUMBERS, TABLE_SIZE_MAX, TABLE_SIZE_MIN
from rules.commitment import DrawOptions, draw_what, parse_draw_what
from rules.rulesets import SCRABBLE, WORD_POKER
from rules.stages import FINALS
from scoring.selectors import progress
from tournament import commitments
from tournament import services as tournament_services
from tournament.changes import touch
from tournament.lookups import feminine_author, who
from tournament.models import (
    Commitment,
    DrawStatus,
    Game,
    QualifierSeating,
    Round,
    Seat,
    Stage,
    Table,
    Tournament,
)

from .selectors import (
    earlier_seatings,
    entrant,
    game_has_results,
    game_tables,
    ratings_of,
    scrabble_rounds_played,
    stage_field,
    team_of_players,
)


class DrawRefused(Refused):
    """A draw that cannot be made, with the reason in the interface's language."""


class DraftChanged(DrawRefused):
    """The draft was drawn again or changed since the organiser looked at it."""


class DrawnMeanwhile(DrawRefused):
    """Another request drew the game with the same commitment first: ``game`` is its draw."""

    def __init__(self, game: Game):
        if feminine_author(game.drawn_by):
            message = pgettext(
                "feminine",
                "Game %(number)s was drawn meanwhile with this commitment (by %(who)s): it "
                "was not drawn again. This is its draft.",
            )
        else:
            message = _(
                "Game %(number)s was drawn meanwhile with this commitment (by %(who)s): it "
                "was not drawn again. This is its draft."
            )
        super().__init__(message % {"number": game.number, "who": game.drawn_by or "–"})
        self.game = game


def table_sizes(tournament: Tournament | None = None) -> tuple[int, int]:
    """The fewest and the most players a table of the tournament's game seats: Slovní poker's
    2–9 (its rules), else Syllabatim's 5–8."""
    if tournament is not None and tournament.rule_set == WORD_POKER:
        return word_poker.PLAYERS_MIN, word_poker.PLAYERS_MAX
    return TABLE_SIZE_MIN, TABLE_SIZE_MAX


def plan_for(
    kind: str, players: int, tables: int | None = None, tournament: Tournament | None = None
) -> rules_draw.TablePlan:
    """The tables of a stage's game: 5–8 in the qualifier, at most 7 in a final wherever the
    number of players allows it (F); a Slovní poker game's 2–9."""
    if kind in FINALS:
        return rules_draw.final_table_plan(players, tables)
    smallest, largest = table_sizes(tournament)
    return rules_draw.table_plan(players, tables, largest, smallest)


def table_counts(kind: str, players: int, tournament: Tournament | None = None) -> list[int]:
    if kind in FINALS:
        return rules_draw.table_counts(players, rules_draw.final_table_largest(players))
    smallest, largest = table_sizes(tournament)
    return rules_draw.table_counts(players, largest, smallest)


def plan_reason(plan: rules_draw.TablePlan, players: int) -> str | None:
    """Why a final's tables are of these sizes, in words."""
    sizes = {"count": players, "sizes": ", ".join(map(str, plan.sizes))}
    if plan.reason == rules_draw.FINAL_AT_MOST_SEVEN:
        return (
            _(
                "%(count)s finalists at tables of %(sizes)s: a final table has at most 7 "
                "players wherever the number allows it, so that in a game of 7 rounds everyone "
                "starts at least once (rule F)."
            )
            % sizes
        )
    if plan.reason == rules_draw.FINAL_EIGHT_UNAVOIDABLE:
        return (
            _(
                "%(count)s finalists at tables of %(sizes)s: they cannot be split into tables "
                "of 5 to 7, so one table has 8 and not everyone starts in a game of 7 rounds "
                "(rule F)."
            )
            % sizes
        )
    return None


def table_problem(
    plan: rules_draw.TablePlan, players: int, tournament: Tournament | None = None
) -> str | None:
    """Why the seating misses tables of 5–8 (5–7 in a final; Slovní poker's 2–9), in words;
    None when it does not."""
    smallest, largest = table_sizes(tournament)
    limits = {
        "count": players,
        "min": smallest,
        "max": largest,
        "sizes": ", ".join(map(str, plan.sizes)),
    }
    if plan.feasible:
        return None
    if plan.problem == rules_draw.FINAL_TABLE_OVER_SEVEN:
        return (
            _(
                "With this number of tables (%(sizes)s players) a final table has 8 players, "
                "although %(count)s finalists can sit at tables of 5 to 7 (rule F): choose "
                "another number of tables."
            )
            % limits
        )
    if plan.problem == rules_draw.TOO_FEW_PLAYERS:
        return (
            ngettext(
                "Only %(count)s player: fewer than one table of %(min)s. They sit at one table.",
                "Only %(count)s players: fewer than one table of %(min)s. They sit at one table.",
                limits["count"],
            )
            % limits
        )
    if plan.problem == rules_draw.NO_BALANCED_SEATING:
        return (
            ngettext(
                "%(count)s player cannot sit at tables of %(min)s to %(max)s players. The "
                "nearest seating is proposed: tables of %(sizes)s; the referee may choose "
                "another number of tables.",
                "%(count)s players cannot sit at tables of %(min)s to %(max)s players. The "
                "nearest seating is proposed: tables of %(sizes)s; the referee may choose "
                "another number of tables.",
                limits["count"],
            )
            % limits
        )
    return (
        _(
            "With this number of tables (%(sizes)s players) some table has fewer than %(min)s "
            "or more than %(max)s players."
        )
        % limits
    )


def round_list(rounds, stage_kind: str, seed, within: rules_draw.RoundRange | None):
    """The game's rounds: typed by the organiser, drawn for the qualifier, 1..7 for a final."""
    if rounds:
        rounds = list(rounds)
        if rules_draw.round_list_problems(rounds):
            raise DrawRefused(
                _(
                    "The rounds %(rounds)s are not a list of different round numbers from "
                    "%(first)s to %(last)s."
                )
                % {
                    "rounds": ", ".join(map(str, rounds)),
                    "first": ROUND_NUMBERS[0],
                    "last": ROUND_NUMBERS[-1],
                }
            )
        return rounds, "typed"
    if stage_kind == Stage.Kind.QUALIFIER:
        within = within or rules_draw.RoundRange()
        return list(rules_draw.draw_rounds(seed, within).rounds), [within.least, within.most]
    return list(rules_draw.final_rounds()), "final"


def poker_refusal(tournament: Tournament, rounds) -> str | None:
    """Why a Slovní poker game cannot be drawn with these options, or None. Its rounds are its
    deals, as many as a game at the largest table can take (to a points limit: the deals the
    tournament sets, ``word_poker.most_deals``): they are not typed nor drawn."""
    if tournament.rule_set != WORD_POKER:
        return None
    if rounds:
        return _(
            "A Slovní poker game is played deal after deal until a player has won the deals "
            "the tournament sets: its rounds are not typed."
        )
    return None


def poker_deals(tournament: Tournament, tables) -> list[int]:
    """A Slovní poker game's rounds: its deals 1, 2, … up to the most a game at its largest
    table can take, or a game to a points limit the most the tournament sets (the desk and the
    phone stop a table's deals where its game ends)."""
    end = tournament.rules().end
    return list(range(1, word_poker.most_deals(max(map(len, tables)), end) + 1))


def scrabble_refusal(tournament: Tournament, kind: str, number: int, rounds, tables) -> str | None:
    """Why a Scrabble round cannot be paired now with these options, or None. A round is one
    game at each board (no rounds typed), its boards are the pairing's (no number of tables
    chosen), and it is paired from the standings after the earlier rounds: each of them
    complete, every board's sheet entered and confirmed where the stage requires it."""
    if tournament.rule_set != SCRABBLE:
        return None
    if rounds:
        return _("A Scrabble round is one game at each board: its rounds are not typed.")
    if tables is not None:
        return _("A Scrabble round's boards are the pairing's: their number is not chosen.")
    games = {game.number: game for game in progress(tournament, (kind,))[kind].games}
    for earlier in range(1, number):
        if earlier not in games or not games[earlier].complete:
            return _(
                "Round %(number)s is not complete yet: the next round is paired from the "
                "standings after it, so every board's sheet must be entered (and confirmed "
                "where required) first."
            ) % {"number": earlier}
    return None


def scrabble_method(tournament: Tournament, number: int) -> str:
    """How the tournament's round ``number`` is paired (``rules.scrabble.pairing_method``):
    the last round is the qualifier's last planned game."""
    return scrabble.pairing_method(
        number,
        first_round=tournament.scrabble_first_round,
        king_of_the_hill=tournament.scrabble_king_of_the_hill,
        last_round=number == tournament.qualifier_games,
    )


def check_final_rounds(kind: str, rounds) -> None:
    """A final deals its rounds in ascending order (F): the referee may leave rounds out,
    not reorder them."""
    if kind in FINALS and rounds and not rules_draw.ascending(list(rounds)):
        raise DrawRefused(
            _(
                "A final deals its rounds in ascending order (rule F), not %(rounds)s; the "
                "referee may shorten a game, e.g. 1, 2, 3, 4, 5."
            )
            % {"rounds": ", ".join(map(str, rounds))}
        )


def _report_dict(report: rules_draw.Report) -> dict:
    return {
        **asdict(report),
        "sighted_held": report.sighted_held,
        "teammates_held": report.teammates_held,
    }


def draw_options(
    *,
    tournament: Tournament,
    kind: str,
    number: int,
    tables: int | None = None,
    rounds=None,
    round_range: rules_draw.RoundRange | None = None,
    preferences: rules_draw.Preferences | None = None,
) -> DrawOptions:
    """What shapes a game's draw beyond the tournament document, as its name states it."""
    preferences = preferences or rules_draw.Preferences()
    kept = (
        kind == Stage.Kind.QUALIFIER
        and number > 1
        and tournament.qualifier_seating == QualifierSeating.KEEP
    )
    if tournament.rule_set == WORD_POKER:
        round_option = "deals"  # its deals, planned by the game's largest table
    elif rounds:
        round_option = "typed"
    elif kind == Stage.Kind.QUALIFIER:
        within = round_range or rules_draw.RoundRange()
        round_option = (within.least, within.most)
    else:
        round_option = None
    if tournament.rule_set == SCRABBLE:  # paired, not drawn: a game at each board
        return DrawOptions(
            rounds=None,
            pairing=scrabble_method(tournament, number),
            bye_margin=tournament.scrabble_bye_margin,
            threes=tournament.scrabble_boards_of_three,
        )
    return DrawOptions(
        rounds=round_option,
        tables=None if kept else tables,
        kept_seating=kept,
        sighted_at_every_table=preferences.sighted_at_every_table,
        teammates_apart=preferences.teammates_apart,
        fewest_repeats=preferences.fewest_repeats,
    )


def _check_drawable(tournament: Tournament, kind: str, number: int, rounds, tables) -> Game | None:
    """Why game ``number`` of a stage cannot be drawn now, raised; the game if it exists."""
    check_game_number(tournament, kind, number)
    check_final_rounds(kind, rounds)
    stage = Stage.objects.filter(tournament=tournament, kind=kind).first()
    game = stage.games.filter(number=number).first() if stage else None
    if game is not None and game_has_results(game):
        raise DrawRefused(
            _("Game %(number)s already has results: its draw cannot change.") % {"number": number}
        )
    latest = (
        stage.games.exclude(pk=getattr(game, "pk", None)).order_by("-number").first()
        if stage
        else None
    )
    if game is None and number != (latest.number + 1 if latest else 1):
        raise DrawRefused(
            _("Draw the games in order: the next game of this stage is %(next)s.")
            % {"next": latest.number + 1 if latest else 1}
        )
    field = stage_field(tournament, kind)
    if field.refusal:
        raise DrawRefused(field.refusal)
    if not field.players:
        raise DrawRefused(_("Nobody can be drawn for this stage."))
    if tables is not None and not 1 <= tables <= len(field.players):
        raise DrawRefused(
            ngettext(
                "%(count)s players cannot sit at %(tables)s table.",
                "%(count)s players cannot sit at %(tables)s tables.",
                tables,
            )
            % {"count": len(field.players), "tables": tables}
        )
    refusal = poker_refusal(tournament, rounds) or scrabble_refusal(
        tournament, kind, number, rounds, tables
    )
    if refusal:
        raise DrawRefused(refusal)
    if rounds:
        round_list(rounds, kind, None, None)
    return game


@transaction.atomic
def publish_draw_commitment(
    *,
    tournament: Tournament,
    kind: str,
    number: int,
    by: User | None,
    tables: int | None = None,
    rounds=None,
    round_range: rules_draw.RoundRange | None = None,
    preferences: rules_draw.Preferences | None = None,
) -> Commitment:
    """Fix the options of game ``number``'s draw, pick its secret seed and publish the
    commitment (before the draw can be made). The earlier games of the stage must be
    confirmed: their seatings are inputs of this draw. Another open commitment for the game
    (other options) is abandoned."""
    _check_drawable(tournament, kind, number, rounds, tables)
    unconfirmed = Game.objects.filter(
        stage__tournament=tournament, stage__kind=kind, number__lt=number
    ).exclude(draw_status=DrawStatus.CONFIRMED)
    if unconfirmed.exists():
        raise DrawRefused(
            _(
                "Confirm the draw of game %(number)s first: the seatings of earlier games are "
                "part of this draw."
            )
            % {"number": unconfirmed.order_by("number").first().number}
        )
    options = draw_options(
        tournament=tournament,
        kind=kind,
        number=number,
        tables=tables,
        rounds=rounds,
        round_range=round_range,
        preferences=preferences,
    )
    what = draw_what(tournament.slug, kind, number, options)
    for other in Commitment.objects.filter(
        tournament=tournament,
        kind=Commitment.Kind.DRAW,
        subject__stage=kind,
        subject__game=number,
        used_at__isnull=True,
        abandoned_at__isnull=True,
    ).exclude(what=what):
        commitments.abandon(other, by=by, why=_("published again with other options"))
    subject = {
        "stage": kind,
        "game": number,
        "tables": tables,
        "rounds": list(rounds) if rounds else None,
        "round_range": list(options.rounds) if isinstance(options.rounds, tuple) else None,
        "preferences": asdict(preferences or rules_draw.Preferences()),
    }
    if options.pairing == scrabble.BY_RATING:  # the ratings the pairing reads, fixed now
        field = stage_field(tournament, kind)
        subject["ratings"] = sorted(ratings_of(field.players).items())
    return commitments.publish(
        tournament=tournament, kind=Commitment.Kind.DRAW, what=what, subject=subject, by=by
    )


def open_draw_commitment(tournament: Tournament, kind: str, number: int) -> Commitment | None:
    """The published commitment that waits for game ``number``'s draw."""
    return (
        Commitment.objects.filter(
            tournament=tournament,
            kind=Commitment.Kind.DRAW,
            subject__stage=kind,
            subject__game=number,
            used_at__isnull=True,
            abandoned_at__isnull=True,
        )
        .order_by("-committed_at", "-id")
        .first()
    )


@transaction.atomic
def abandon_draw_commitment(*, commitment: Commitment, by: User | None) -> None:
    if not commitment.open:
        raise DrawRefused(_("This commitment was used or abandoned already."))
    commitments.abandon(commitment, by=by, why=_("abandoned before the draw"))


def _committed_options(commitment: Commitment, tournament: Tournament, kind: str, number: int):
    """The commitment, read again under its lock, and the draw's options it published: refused
    if it is another game's, used or abandoned, or if the qualifier's seating setting changed
    since."""
    # Read again under its lock: the page's copy may be older than another draw with it.
    commitment = commitments.locked(commitment)
    subject = commitment.subject
    if (
        commitment.tournament_id != tournament.pk
        or subject.get("stage") != kind
        or subject.get("game") != number
    ):
        raise DrawRefused(_("This commitment is not the one of this game's draw."))
    if not commitment.open:
        drawn = Game.objects.filter(commitment=commitment).first()
        if drawn is not None:
            raise DrawnMeanwhile(drawn)
        raise DrawRefused(_("This commitment was used or abandoned already: publish a new one."))
    tables = subject.get("tables")
    rounds = subject.get("rounds")
    round_range = (
        rules_draw.RoundRange(*subject["round_range"]) if subject.get("round_range") else None
    )
    preferences = rules_draw.Preferences(**subject.get("preferences", {}))
    now_options = draw_options(
        tournament=tournament,
        kind=kind,
        number=number,
        tables=tables,
        rounds=rounds,
        round_range=round_range,
        preferences=preferences,
    )
    if parse_draw_what(commitment.what).options != now_options:
        raise DrawRefused(
            _(
                "The qualifier's seating setting changed since the commitment was "
                "published: abandon it and publish a new one."
            )
        )
    return commitment, tables, rounds, round_range, preferences


def _seating(tournament, kind, number, field, teams, earlier, seed, tables, preferences):
    """The game's table plan and seating: the first game's kept (a qualifier that keeps its
    seating, ``kept``), else drawn."""
    kept = None
    if (
        kind == Stage.Kind.QUALIFIER
        and number > 1
        and tournament.qualifier_seating == QualifierSeating.KEEP
    ):
        kept = kept_seating(earlier[0], field.players, seed)
        plan = rules_draw.TablePlan(tuple(len(table) for table in kept.tables))
        seating = kept
    else:
        plan = plan_for(kind, len(field.players), tables, tournament)
        if plan.problem == rules_draw.FINAL_TABLE_OVER_SEVEN:
            raise DrawRefused(table_problem(plan, len(field.players)))
        if plan.problem is not None and tournament.rule_set == WORD_POKER:
            # a table of one, or of ten, cannot play Slovní poker (its sheet refuses it)
            raise DrawRefused(table_problem(plan, len(field.players), tournament))
        seating = rules_draw.draw_seating(
            [entrant(p, teams) for p in field.players], plan.sizes, seed, earlier, preferences
        )
    return plan, seating, kept


@transaction.atomic
def draw_game(
    *,
    tournament: Tournament,
    kind: str,
    number: int,
    by: User | None,
    commitment: Commitment | None = None,
    seed=None,
    tables: int | None = None,
    rounds=None,
    round_range: rules_draw.RoundRange | None = None,
    preferences: rules_draw.Preferences | None = None,
    confirm: bool = False,
) -> Game:
    """Draw (or redraw) game ``number`` of a stage: its tables, seats, starting seats and,
    for the qualifier, its rounds. A draft unless ``confirm``.

    With ``commitment`` (a real draw) the options and the seed are the commitment's. With an
    explicit ``seed`` (tests; the command's re-check) the draw has no commitment. With
    neither, a commitment is published and used at once (the command without a published
    commitment)."""
    ratings = None
    if commitment is not None:
        if seed is not None:
            raise ValueError("a committed draw takes its seed from the commitment")
        commitment, tables, rounds, round_range, preferences = _committed_options(
            commitment, tournament, kind, number
        )
        seed = commitment.seed
        ratings = commitment.subject.get("ratings")
    elif seed is None:
        commitment = publish_draw_commitment(
            tournament=tournament,
            kind=kind,
            number=number,
            by=by,
            tables=tables,
            rounds=rounds,
            round_range=round_range,
            preferences=preferences,
        )
        seed = commitment.seed
        ratings = commitment.subject.get("ratings")
    game = _check_drawable(tournament, kind, number, rounds, tables)
    if tournament.rule_set == SCRABBLE:
        return _pair_scrabble_round(
            tournament, kind, number, game, by, commitment, seed, ratings, confirm
        )
    stage, _created = Stage.objects.get_or_create(tournament=tournament, kind=kind)
    field = stage_field(tournament, kind)
    game_rounds, round_source = round_list(rounds, kind, seed, round_range)
    teams = team_of_players(tournament)
    earlier = earlier_seatings(stage, number)
    preferences = preferences or rules_draw.Preferences()
    plan, seating, kept = _seating(
        tournament, kind, number, field, teams, earlier, seed, tables, preferences
    )
    if tournament.rule_set == WORD_POKER:
        game_rounds, round_source = poker_deals(tournament, seating.tables), "deals"
    game = _drawn_anew(game, stage, number, by, commitment, seed, confirm)
    game.draw_options = {
        "tables": list(plan.sizes),
        "table_count_chosen": tables is not None,
        "table_problem": plan.problem,
        "preferences": asdict(preferences),
        "rounds": round_source,
        "absent": [p.start_number for p in field.absent],
        "report": _report_dict(
            rules_draw.seating_report(
                [entrant(p, teams) for p in field.players], seating.tables, earlier
            )
            if kept
            else seating.report
        ),
        "kept_seating": kept is not None,
        "plan_reason": plan.reason,
    }
    game.save()
    _store_seating(game, game_rounds, seating.tables, seating.starting_seats, field.players)
    return game


def _drawn_anew(game, stage, number, by, commitment, seed, confirm) -> Game:
    """Game ``number`` of ``stage`` ready for a new draw or pairing (not saved): a game drawn
    before loses its tables and rounds and abandons its commitment; the commitment used, the
    seed, who drew it and when, and its status recorded."""
    if game is None:
        game = Game(stage=stage, number=number)
    else:
        game = _locked(game)
        game.tables.all().delete()
        game.rounds.all().delete()
        if game.commitment_id is not None:
            commitments.abandon(game.commitment, by=by, why=_("the game was drawn again"))
    now = timezone.now()
    if commitment is not None:
        commitments.use(commitment, at=now)
    game.commitment = commitment
    game.draw_seed = seed
    game.drawn_at = now
    game.drawn_by = who(by)
    game.draw_status = DrawStatus.CONFIRMED if confirm else DrawStatus.DRAFT
    game.draw_confirmed_at = now if confirm else None
    game.draw_confirmed_by = who(by) if confirm else ""
    game.draw_version += 1
    return game


def _pair_scrabble_round(tournament, kind, number, game, by, commitment, seed, ratings, confirm):
    """A Scrabble round paired (``rules.scrabble.pair_after``) from the standings after the
    earlier rounds and the seed, stored as game ``number``: its boards are tables of two, the
    bye (an odd field's) a table of one, or with the organiser's boards of three the odd
    player third at the last board; and the game's one round."""
    stage, _created = Stage.objects.get_or_create(tournament=tournament, kind=kind)
    field = stage_field(tournament, kind)
    options = draw_options(tournament=tournament, kind=kind, number=number)
    if options.pairing == scrabble.BY_RATING and ratings is None:
        ratings = sorted(ratings_of(field.players).items())
    pairing = scrabble.pair_after(
        scrabble_rounds_played(stage, number),
        [p.start_number for p in field.players],
        method=options.pairing,
        seed=seed,
        bye_margin=options.bye_margin,
        ratings=dict(ratings or ()),
    )
    boards = scrabble.boards_of(pairing, threes=options.threes)
    game = _drawn_anew(game, stage, number, by, commitment, seed, confirm)
    game.draw_options = {
        "tables": [len(board) for board in boards],
        "table_count_chosen": False,
        "table_problem": None,
        "preferences": asdict(rules_draw.Preferences()),
        "rounds": "game",
        "absent": [p.start_number for p in field.absent],
        "kept_seating": False,
        "plan_reason": None,
        "pairing": options.pairing,
        "bye_margin": options.bye_margin,
        "bye": None if options.threes else pairing.bye,
        "odd": pairing.bye if options.threes else None,
        "rematches": pairing.rematches,
        "order": list(pairing.order),
        **({"ratings": [list(pair) for pair in ratings]} if ratings else {}),
    }
    game.save()
    _store_seating(game, [1], boards, [0] * len(boards), field.players)
    return game


def check_game_number(tournament: Tournament, kind: str, number: int) -> None:
    """The qualifier has the number of games fixed in advance (B); a final has two (F, L, N);
    a local qualifier or a club tournament has finals only when the organiser asked."""
    if kind in FINALS and not tournament.has_finals():
        raise DrawRefused(
            _(
                "This tournament is one stage of games without finals: tick „finals after the "
                "games“ in its settings to play them."
            )
        )
    if kind == Stage.Kind.QUALIFIER:
        planned = tournament.qualifier_games
        if planned is not None and number > planned:
            raise DrawRefused(
                ngettext(
                    "The qualifier has %(planned)s game, fixed in advance (rule B): game "
                    "%(number)s cannot be drawn.",
                    "The qualifier has %(planned)s games, fixed in advance (rule B): game "
                    "%(number)s cannot be drawn.",
                    planned,
                )
                % {"planned": planned, "number": number}
            )
    elif number > FINAL_GAMES:
        raise DrawRefused(
            _(
                "A final is played in %(games)s games (rules F, L, N): game %(number)s cannot "
                "be drawn."
            )
            % {"games": FINAL_GAMES, "number": number}
        )


def kept_seating(first_game, players, seed) -> rules_draw.Seating:
    """The first game's seating again (one seating for the whole qualifier, B): the same
    tables and seats, players who left dropped; the round-1 starting player is drawn anew for
    each game (F). Refused when a table would leave 5–8 or somebody new is to be seated."""
    numbers = {p.start_number for p in players}
    tables = [tuple(n for n in table if n in numbers) for table in first_game]
    seated = {n for table in tables for n in table}
    newcomers = sorted(numbers - seated)
    if newcomers or not rules_draw.fits([len(table) for table in tables]):
        raise DrawRefused(
            _(
                "The qualifier keeps one seating, but the field changed since game 1 "
                "(%(detail)s): draw the tables anew for this game (change the qualifier "
                "seating to a new draw before every game)."
            )
            % {
                "detail": _("new: %(players)s") % {"players": ", ".join(map(str, newcomers))}
                if newcomers
                else _("a table would have fewer than 5 players")
            }
        )
    starting = rules_draw.kept_starting_seats(tables, seed)
    return rules_draw.Seating(seed, tuple(tables), starting, None)


def _store_seating(game: Game, rounds, tables, starting_seats, players) -> None:
    player_id = {p.start_number: p.pk for p in players}
    Round.objects.bulk_create(
        Round(game=game, position=position, number=number) for position, number in enumerate(rounds)
    )
    created = Table.objects.bulk_create(
        Table(game=game, number=index, starting_seat=starting)
        for index, starting in enumerate(starting_seats, start=1)
    )
    Seat.objects.bulk_create(
        Seat(table=table, game=game, position=position, player_id=player_id[number])
        for table, seated in zip(created, tables, strict=True)
        for position, number in enumerate(seated)
    )
    touch(game.stage.tournament_id)


def _locked(game: Game) -> Game:
    """``game`` read again as it is now, its row locked until the transaction ends."""
    list(Game.objects.select_for_update().filter(pk=game.pk).values_list("pk"))
    game.refresh_from_db()
    return game


@transaction.atomic
def confirm_draw(*, game: Game, by: User | None, version: int | None = None) -> Game:
    """Confirm the draft, the one of ``version`` when given (the version the organiser saw):
    a draft drawn again or changed since is refused (``DraftChanged``), to be looked at."""
    game = _locked(game)
    if game.draw_confirmed:
        raise DrawRefused(_("The draw is confirmed already."))
    if version is not None and version != game.draw_version:
        if feminine_author(game.drawn_by):
            message = pgettext(
                "feminine",
                "The draft changed after you opened it (drawn again or changed by hand, last "
                "drawn by %(who)s): nothing was confirmed. Check the draft shown now and "
                "confirm it again.",
            )
        else:
            message = _(
                "The draft changed after you opened it (drawn again or changed by hand, last "
                "drawn by %(who)s): nothing was confirmed. Check the draft shown now and "
                "confirm it again."
            )
        raise DraftChanged(message % {"who": game.drawn_by or "–"})
    game.draw_status = DrawStatus.CONFIRMED
    game.draw_confirmed_at = timezone.now()
    game.draw_confirmed_by = who(by)
    game.save(update_fields=["draw_status", "draw_confirmed_at", "draw_confirmed_by"])
    return game


def redraw_options(game: Game) -> dict:
    """The options of a game's draw, to draw it again the same way."""
    options = game.draw_options or {}
    within = None
    if isinstance(options.get("rounds"), list):
        within = rules_draw.RoundRange(*options["rounds"])
    return {
        "tables": len(options["tables"]) if options.get("table_count_chosen") else None,
        "rounds": game.round_numbers() if options.get("rounds") == "typed" else None,
        "round_range": within,
        "preferences": rules_draw.Preferences(**options.get("preferences", {})),
    }


def publish_redraw_commitment(*, game: Game, by: User | None) -> Commitment:
    """A new commitment to draw the game again with the same options (before any result)."""
    return publish_draw_commitment(
        tournament=game.stage.tournament,
        kind=game.stage.kind,
        number=game.number,
        by=by,
        **redraw_options(game),
    )


def redraw_game(
    *, game: Game, by: User | None, commitment: Commitment | None = None, seed=None
) -> Game:
    """The same game drawn again, with a new commitment (or, for tests, a given seed) and the
    same options (before any result). The commitment the earlier draw used is abandoned."""
    if commitment is None and seed is None:
        commitment = publish_redraw_commitment(game=game, by=by)
    return draw_game(
        tournament=game.stage.tournament,
        kind=game.stage.kind,
        number=game.number,
        by=by,
        commitment=commitment,
        seed=seed,
        **({} if commitment is not None else redraw_options(game)),
    )


@transaction.atomic
def swap_players(*, game: Game, first: int, second: int, by: User | None) -> Game:
    """Swap two players' seats in a draft draw (start numbers). The swap is the organiser's
    decision and is recorded in the draw (who, when, which seats: ``draw_options["swaps"]``,
    exported with the draw), so that anyone can reproduce the seeded draw and apply the
    recorded swaps in order (``rules.verify``)."""
    game = _locked(game)
    if game.draw_confirmed:
        raise DrawRefused(_("A confirmed draw cannot be changed by hand; redraw it instead."))
    if game.stage.tournament.rule_set == SCRABBLE:
        raise DrawRefused(
            _("A Scrabble pairing is not changed by hand: pair the round again instead.")
        )
    seats = {
        s.player.start_number: s
        for s in Seat.objects.filter(
            game=game, player__start_number__in=[first, second]
        ).select_related("player")
    }
    missing = [n for n in (first, second) if n not in seats]
    if missing or first == second:
        raise DrawRefused(
            _("Choose two different players of this game (not drawn: %(missing)s).")
            % {"missing": ", ".join(map(str, missing)) or "–"}
        )
    a, b = seats[first], seats[second]
    places = [(a.table_id, a.position, b.player_id), (b.table_id, b.position, a.player_id)]
    table_number = dict(Table.objects.filter(game=game).values_list("pk", "number"))
    swap = {
        "by": who(by),
        "at": timezone.localtime().isoformat(),
        "seats": [
            {"table": table_number[s.table_id], "position": s.position, "player": number}
            for number, s in ((first, a), (second, b))
        ],
    }
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        Seat(table_id=t, game=game, position=p, player_id=player) for t, p, player in places
    )
    game.draw_options = {**game.draw_options, "swaps": [*game.draw_options.get("swaps", []), swap]}
    _refresh_report(game)
    return game


def _refresh_report(game: Game) -> None:
    """After a change by hand, the report describes the seating as it now is."""
    teams = team_of_players(game.stage.tournament)
    tables = game_tables(game)
    players = [seat.player for table in tables for seat in table.seats]
    report = rules_draw.seating_report(
        [entrant(p, teams) for p in players],
        [[seat.player.start_number for seat in table.seats] for table in tables],
        earlier_seatings(game.stage, game.number),
    )
    game.draw_options = {
        **game.draw_options,
        "report": _report_dict(report),
        "changed": True,
        "changes_by_hand": game.draw_options.get("changes_by_hand", 0) + 1,
    }
    game.draw_version += 1
    game.save(update_fields=["draw_options", "draw_version"])


@transaction.atomic
def set_rounds(
    *,
    game: Game,
    by: User | None,
    rounds=None,
    round_range: rules_draw.RoundRange | None = None,
    seed: int | None = None,
) -> Game:
    """Take the organiser's list of rounds for a game, before any result: a change by hand,
    like a swap (the draw's commitment no longer describes the game's rounds). Drawing the
    rounds anew is a redraw of the game with a new commitment; an explicit ``seed`` (tests)
    draws them without one."""
    game = _locked(game)
    if game_has_results(game):
        raise DrawRefused(
            _("Game %(number)s already has results: its rounds cannot change.")
            % {"number": game.number}
        )
    if not rounds and seed is None:
        raise DrawRefused(
            _(
                "Type the rounds, or draw the game again with a new commitment to draw its "
                "rounds anew."
            )
        )
    if game.stage.tournament.rule_set == SCRABBLE:
        raise DrawRefused(
            _("A Scrabble round is one game at each board: its rounds are not typed.")
        )
    if game.stage.tournament.rule_set == WORD_POKER:
        raise DrawRefused(
            _(
                "A Slovní poker game's rounds are its deals until a player has won the deals "
                "the tournament sets: they are not typed nor drawn."
            )
        )
    check_final_rounds(game.stage.kind, rounds)
    numbers, source = round_list(rounds, game.stage.kind, seed, round_range)
    game.rounds.all().delete()
    Round.objects.bulk_create(Round(game=game, position=i, number=n) for i, n in enumerate(numbers))
    game.draw_options = {
        **game.draw_options,
        "rounds": source,
        "round_seed": seed,
        "rounds_drawn_by": who(by),
        "changed": True,
        "changes_by_hand": game.draw_options.get("changes_by_hand", 0) + 1,
    }
    game.draw_version += 1
    game.save(update_fields=["draw_options", "draw_version"])
    touch(game.stage.tournament_id)
    return game


@transaction.atomic
def set_qualifier_plan(*, tournament: Tournament, games: int, seating: str) -> Tournament:
    """The number of qualifier games, fixed before the day (B), and whether the qualifier keeps
    one seating or draws the tables anew before every game. The number cannot change once the
    qualifier has started, nor fall below the games already drawn."""
    frozen = tournament_services.frozen_settings(tournament).get("qualifier_games")
    if games != tournament.qualifier_games and frozen:
        raise DrawRefused(frozen)
    problem = tournament_services.fewer_games_than_drawn(tournament, games)
    if problem:
        raise DrawRefused(problem)
    tournament.qualifier_games = games
    tournament.qualifier_seating = seating
    tournament.full_clean()
    tournament.save(update_fields=["qualifier_games", "qualifier_seating"])
    touch(tournament.pk)
    return tournament
