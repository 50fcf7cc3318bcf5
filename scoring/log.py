"""The championship's log: every decision and change in time order, with who, when and what,
read from the history that django-simple-history keeps (no second store).

Sources, one query each whatever the size of the tournament: commitments, games (draws,
confirmations, changes by hand, early ends), lots, score sheets (entered, corrected,
confirmed), sanctions (recorded, withdrawn), the tables' move clocks (ordered with their
limit, switched off: read from the orders themselves, which are never deleted), the
tournament's settings, and accounts (their
``date_joined``; accounts are not tied to a tournament). Each source is bounded by
``SOURCE_LIMIT`` newest records. The public version keeps the draws, commitments, lots and
sanctions only, and leaves out the sanctions' reasons.
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import StaffProfile
from rules.score import RESULT_FIELDS
from rules.stages import FINALS, STAGES, TEAMS
from tournament.labels import stage_label
from tournament.lookups import who as user_words
from tournament.models import Commitment, Game, Stage, Tournament
from tournament.services import SETTINGS_FIELDS

from .messages import FIELD_NAMES, action_card_name
from .models import (
    TABLE_SCOREKEEPER,
    Lot,
    RoundResult,
    Sanction,
    SanctionScope,
    Sheet,
    TableClock,
    table_scorekeeper,
)

SOURCE_LIMIT = 5000  # newest history records read per source
PAGE_SIZE = 100
STAGE_CODES = (*STAGES, TEAMS)

COMMITMENT = "commitment"
DRAW = "draw"
LOT = "lot"
SHEET = "sheet"
SANCTION = "sanction"
CLOCK = "clock"
SETTINGS = "settings"
ACCOUNT = "account"

KINDS = {
    COMMITMENT: gettext_lazy("commitments"),
    DRAW: gettext_lazy("draws"),
    LOT: gettext_lazy("lots"),
    SHEET: gettext_lazy("score sheets"),
    SANCTION: gettext_lazy("sanctions"),
    CLOCK: gettext_lazy("move clocks"),
    SETTINGS: gettext_lazy("settings"),
    ACCOUNT: gettext_lazy("accounts"),
}
PUBLIC_KINDS = (COMMITMENT, DRAW, LOT, SANCTION)


@dataclass(frozen=True)
class Entry:
    """One line of the log."""

    at: datetime
    who: str
    kind: str
    words: str
    stage: str = ""
    game: int | None = None
    order: int = 0  # ties in time: the history record's id

    @property
    def kind_label(self) -> str:
        return str(KINDS[self.kind])


def _pairs(records: Iterable) -> Iterable[tuple[object | None, object]]:
    """Each history record with the record before it of the same row (None for the first)."""
    last: dict[int, object] = {}
    for record in sorted(records, key=lambda r: (r.history_date, r.history_id)):
        yield last.get(record.id), record
        last[record.id] = record


def _newest(queryset):
    """The newest ``SOURCE_LIMIT`` records of a history queryset, as a list."""
    return list(queryset.order_by("-history_date", "-history_id")[:SOURCE_LIMIT])


def _history_user(record) -> str:
    user = getattr(record, "history_user", None)
    return user_words(user) if user is not None else ""


def _commitment_entries(tournament: Tournament) -> list[Entry]:
    entries = []
    records = _newest(
        Commitment.history.filter(tournament_id=tournament.pk).select_related("history_user")
    )
    for before, record in _pairs(records):
        if record.history_type == "+":
            entries.append(
                Entry(
                    record.committed_at or record.history_date,
                    record.committed_by or _history_user(record),
                    COMMITMENT,
                    _("Commitment published for %(what)s: %(hash)s")
                    % {"what": record.what, "hash": record.commitment},
                    record.subject.get("stage", record.subject.get("scope", "")),
                    record.subject.get("game"),
                    record.history_id,
                )
            )
        elif record.abandoned_at and (before is None or not before.abandoned_at):
            entries.append(
                Entry(
                    record.abandoned_at,
                    record.abandoned_by,
                    COMMITMENT,
                    _("Commitment abandoned for %(what)s (%(why)s); its seed was %(seed)s")
                    % {
                        "what": record.what,
                        "why": record.abandoned_why or "–",
                        "seed": record.seed,
                    },
                    record.subject.get("stage", record.subject.get("scope", "")),
                    record.subject.get("game"),
                    record.history_id,
                )
            )
    return entries


def _game_entries(tournament: Tournament) -> list[Entry]:
    entries = []
    records = _newest(
        Game.history.filter(stage__tournament=tournament).select_related(
            "stage", "commitment", "history_user"
        )
    )
    for before, record in _pairs(records):
        kind = record.stage.kind
        where = {"stage": stage_label(kind, tournament), "game": record.number}
        options = record.draw_options or {}
        drew = record.drawn_at and (before is None or before.drawn_at != record.drawn_at)
        if drew:
            committed = record.commitment
            words = (
                _("%(stage)s, game %(game)s drawn again, seed %(seed)s")
                if before is not None
                else _("%(stage)s, game %(game)s drawn, seed %(seed)s")
            ) % {**where, "seed": record.draw_seed}
            words += (
                " " + _("(commitment %(hash)s)") % {"hash": committed.commitment}
                if committed is not None
                else " " + _("(no commitment)")
            )
            entries.append(
                Entry(
                    record.drawn_at,
                    record.drawn_by,
                    DRAW,
                    words,
                    kind,
                    record.number,
                    record.history_id,
                )
            )
        elif before is not None and options.get("changes_by_hand", 0) > (
            before.draw_options or {}
        ).get("changes_by_hand", 0):
            entries.append(
                Entry(
                    record.history_date,
                    _history_user(record) or options.get("rounds_drawn_by", ""),
                    DRAW,
                    _("%(stage)s, game %(game)s: the draw changed by hand") % where,
                    kind,
                    record.number,
                    record.history_id,
                )
            )
        if record.draw_confirmed_at and (
            drew or before is None or before.draw_confirmed_at != record.draw_confirmed_at
        ):
            entries.append(
                Entry(
                    record.draw_confirmed_at,
                    record.draw_confirmed_by,
                    DRAW,
                    _("%(stage)s, game %(game)s: draw confirmed") % where,
                    kind,
                    record.number,
                    record.history_id,
                )
            )
        if record.ended_early_at and (before is None or not before.ended_early_at):
            words = _("%(stage)s, game %(game)s ended early") % where
            if record.ended_early_reason:  # the staff's log only: SHEET is not public
                words += ": " + record.ended_early_reason
            entries.append(
                Entry(
                    record.ended_early_at,
                    record.ended_early_by,
                    SHEET,
                    words,
                    kind,
                    record.number,
                    record.history_id,
                )
            )
        if before is not None and before.ended_early_at and not record.ended_early_at:
            entries.append(
                Entry(
                    record.history_date,
                    _history_user(record),
                    SHEET,
                    _("%(stage)s, game %(game)s: the early end undone, rounds %(rounds)s back")
                    % {**where, "rounds": ", ".join(map(str, before.rounds_dropped))},
                    kind,
                    record.number,
                    record.history_id,
                )
            )
    return entries


def _lot_words(record, tournament: Tournament) -> str:
    words = _("Lot (%(scope)s): order %(order)s, seed %(seed)s") % {
        "scope": stage_label(record.stage, tournament) if record.stage != Lot.TEAMS else _("teams"),
        "order": ", ".join(map(str, record.order)),
        "seed": record.seed,
    }
    return words + (
        " " + _("(commitment %(hash)s)") % {"hash": record.commitment.commitment}
        if record.commitment is not None
        else " " + _("(no commitment)")
    )


def _lot_entries(tournament: Tournament) -> list[Entry]:
    """Each lot as it was drawn; a lot that arrived with an imported or pushed document has
    no history and is read from the lot itself (the place marks "decided by lot" link here)."""
    entries = []
    records = _newest(
        Lot.history.filter(tournament_id=tournament.pk).select_related("commitment", "history_user")
    )
    for _before, record in _pairs(records):
        if record.history_type != "+":
            continue
        entries.append(
            Entry(
                record.drawn_at or record.history_date,
                record.drawn_by or _history_user(record),
                LOT,
                _lot_words(record, tournament),
                record.stage,
                None,
                record.history_id,
            )
        )
    recorded = {record.id for record in records}
    for lot in (
        Lot.objects.filter(tournament=tournament, drawn_at__isnull=False)
        .exclude(pk__in=recorded)
        .select_related("commitment")
    ):
        entries.append(
            Entry(lot.drawn_at, lot.drawn_by, LOT, _lot_words(lot, tournament), lot.stage)
        )
    return entries


def _sheet_entries(tournament: Tournament, users: dict[int, str]) -> list[Entry]:
    entries = []
    records = _newest(
        Sheet.history.filter(table__game__stage__tournament=tournament).select_related(
            "table__game__stage", "round", "history_user"
        )
    )
    for before, record in _pairs(records):
        game = record.table.game
        where = {
            "stage": stage_label(game.stage.kind, tournament),
            "game": game.number,
            "table": record.table.number,
            "round": record.round.number,
        }
        base = (game.stage.kind, game.number)
        if before is None or record.version != before.version:
            if before is None and record.version <= 1:
                words = (
                    _("%(stage)s, game %(game)s, table %(table)s, round %(round)s: sheet entered")
                    % where
                )
            elif record.correction_reason:
                words = _(
                    "%(stage)s, game %(game)s, table %(table)s, round %(round)s: confirmed sheet "
                    "corrected, reason: %(reason)s"
                ) % {**where, "reason": record.correction_reason}
            else:
                words = (
                    _("%(stage)s, game %(game)s, table %(table)s, round %(round)s: sheet corrected")
                    % where
                )
            entries.append(
                Entry(
                    record.entered_at or record.history_date,
                    users.get(record.entered_by_id, "") or _history_user(record),
                    SHEET,
                    words,
                    *base,
                    record.history_id,
                )
            )
        if record.confirmed_at and (before is None or before.confirmed_at != record.confirmed_at):
            if record.confirmed_by_id is None and before is None:
                continue  # imported results arrive confirmed: no one confirmed them here
            entries.append(
                Entry(
                    record.confirmed_at,
                    users.get(record.confirmed_by_id, "") or _history_user(record),
                    SHEET,
                    _("%(stage)s, game %(game)s, table %(table)s, round %(round)s: sheet confirmed")
                    % where,
                    *base,
                    record.history_id,
                )
            )
    return entries


def _sanction_entries(tournament: Tournament, public: bool) -> list[Entry]:
    entries = []
    records = _newest(
        Sanction.history.filter(tournament_id=tournament.pk).select_related(
            "player", "game__stage", "history_user"
        )
    )
    for before, record in _pairs(records):
        where = {
            "player": f"{record.player.start_number}. {record.player.name}",
            "scope": SanctionScope(record.scope).label,
            "stage": stage_label(record.game.stage.kind, tournament),
            "game": record.game.number,
        }
        base = (record.game.stage.kind, record.game.number)
        if record.history_type == "+":
            words = _("%(player)s: %(scope)s (%(stage)s, game %(game)s)") % where
            if not public:
                words += " – " + record.reason
            entries.append(
                Entry(
                    record.decided_at or record.history_date,
                    record.decided_by or _history_user(record),
                    SANCTION,
                    words,
                    *base,
                    record.history_id,
                )
            )
        elif record.withdrawn_at and (before is None or not before.withdrawn_at):
            words = (
                _("%(player)s: sanction withdrawn (%(scope)s, %(stage)s, game %(game)s)") % where
            )
            if not public:
                words += " – " + record.withdrawal_reason
            entries.append(
                Entry(
                    record.withdrawn_at,
                    record.withdrawn_by or _history_user(record),
                    SANCTION,
                    words,
                    *base,
                    record.history_id,
                )
            )
    return entries


def _clock_entries(tournament: Tournament) -> list[Entry]:
    """When each table played on the clock (protests 3) and with what limit."""
    entries = []
    clocks = TableClock.objects.filter(table__game__stage__tournament=tournament).select_related(
        "table__game__stage"
    )
    for clock in clocks.order_by("-ordered_at", "-id")[:SOURCE_LIMIT]:
        game = clock.table.game
        where = {
            "stage": stage_label(game.stage.kind, tournament),
            "game": game.number,
            "table": clock.table.number,
            "seconds": clock.seconds_per_move,
        }
        base = (game.stage.kind, game.number)
        entries.append(
            Entry(
                clock.ordered_at,
                clock.ordered_by,
                CLOCK,
                _(
                    "%(stage)s, game %(game)s, table %(table)s: play with a clock ordered, "
                    "%(seconds)s s a move"
                )
                % where,
                *base,
                clock.pk,
            )
        )
        if clock.switched_off_at is not None:
            entries.append(
                Entry(
                    clock.switched_off_at,
                    clock.switched_off_by,
                    CLOCK,
                    _(
                        "%(stage)s, game %(game)s, table %(table)s: the clock switched off "
                        "(it was %(seconds)s s a move)"
                    )
                    % where,
                    *base,
                    clock.pk,
                )
            )
    return entries


def _shown(value) -> str:
    return "–" if value in (None, "") else str(value)


def _setting_words(record, before) -> str:
    changes = []
    for name in SETTINGS_FIELDS:  # the settings the organiser edits, each change in words
        old, new = getattr(before, name), getattr(record, name)
        if old != new:
            label = Tournament._meta.get_field(name).verbose_name
            changes.append(f"{label}: {_shown(old)} → {_shown(new)}")
    return "; ".join(changes)


def _announcement_entries(tournament: Tournament) -> list[Entry]:
    """Results held for the announcement and released (``Stage.results_held``), with who."""
    entries = []
    records = _newest(
        Stage.history.filter(tournament_id=tournament.pk).select_related("history_user")
    )
    for before, record in _pairs(records):
        was = before is not None and before.results_held
        if record.results_held and (not was or before.announcement != record.announcement):
            words = _("Results of the %(stage)s held for the announcement: %(when)s") % {
                "stage": stage_label(record.kind, tournament),
                "when": record.announcement or _("at the ceremony"),
            }
        elif was and not record.results_held:
            words = _("Results of the %(stage)s released") % {
                "stage": stage_label(record.kind, tournament)
            }
        else:
            continue
        entries.append(
            Entry(
                record.history_date,
                _history_user(record),
                SETTINGS,
                words,
                record.kind,
                None,
                record.history_id,
            )
        )
    return entries


def _settings_entries(tournament: Tournament) -> list[Entry]:
    entries = []
    records = _newest(Tournament.history.filter(id=tournament.pk).select_related("history_user"))
    for before, record in _pairs(records):
        if record.history_type == "+":
            words = _("Tournament created: %(name)s") % {"name": record.name}
        elif before is None:
            continue
        else:
            words = _setting_words(record, before)
            if not words:
                continue
            words = _("Settings changed: %(changes)s") % {"changes": words}
        entries.append(
            Entry(
                record.history_date, _history_user(record), SETTINGS, words, order=record.history_id
            )
        )
    return entries


def _account_creator(user: User) -> str:
    """Who created the account (recorded from now on); "" for an older account."""
    try:
        return user.staff_profile.created_by
    except StaffProfile.DoesNotExist:
        return ""


def _account_entries(users: list[User]) -> list[Entry]:
    return [
        Entry(
            user.date_joined,
            _account_creator(user),
            ACCOUNT,
            _("Account created: %(name)s (%(roles)s)")
            % {
                "name": user_words(user),
                "roles": ", ".join(group.name for group in user.groups.all()) or "–",
            },
            order=user.pk,
        )
        for user in users
    ]


@dataclass(frozen=True)
class LogFilter:
    kinds: tuple[str, ...] = ()  # empty: every kind the audience may see
    stage: str = ""
    game: int | None = None


def championship_log(
    tournament: Tournament, *, public: bool = False, only: LogFilter = LogFilter()
) -> list[Entry]:
    """The log, newest first: every kind for the organiser and the referee, or the public's
    (draws, commitments, lots, sanctions), filtered by kind, stage and game."""
    allowed = PUBLIC_KINDS if public else tuple(KINDS)
    kinds = [k for k in (only.kinds or allowed) if k in allowed]
    entries: list[Entry] = []
    if COMMITMENT in kinds:
        entries += _commitment_entries(tournament)
    if DRAW in kinds or SHEET in kinds:
        entries += [e for e in _game_entries(tournament) if e.kind in kinds]
    if LOT in kinds:
        entries += _lot_entries(tournament)
    accounts: list[User] = []
    if SHEET in kinds or ACCOUNT in kinds:
        accounts = list(
            User.objects.select_related("staff_profile").prefetch_related("groups").order_by("pk")
        )
    if SHEET in kinds:
        entries += _sheet_entries(tournament, {u.pk: user_words(u) for u in accounts})
    if SANCTION in kinds:
        entries += _sanction_entries(tournament, public)
    if CLOCK in kinds:
        entries += _clock_entries(tournament)
    if SETTINGS in kinds:
        entries += _settings_entries(tournament)
        entries += _announcement_entries(tournament)
    if ACCOUNT in kinds:
        entries += _account_entries(accounts)
    if only.stage:
        entries = [e for e in entries if e.stage == only.stage]
    if only.game is not None:
        entries = [e for e in entries if e.game == only.game]
    return sorted(entries, key=lambda e: (e.at, e.order), reverse=True)


def kinds_present(entries: Iterable[Entry]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for entry in entries:
        counts[entry.kind] += 1
    return dict(counts)


def log_filter(query, allowed) -> LogFilter:
    """The filter from a page's query string: ``druh`` (kinds), ``faze`` (stage),
    ``partie`` (game number); anything else is ignored."""
    stage = query.get("faze", "")
    game = query.get("partie", "")
    return LogFilter(
        kinds=tuple(k for k in query.getlist("druh") if k in allowed),
        stage=stage if stage in STAGE_CODES else "",
        game=int(game) if game.isdigit() else None,
    )


def log_page(query, tournament: Tournament, *, public: bool) -> dict:
    """A log page's data for either audience: the page of entries, the filters offered and
    chosen, the query string without the page number."""
    allowed = PUBLIC_KINDS if public else tuple(KINDS)
    only = log_filter(query, allowed)
    entries = championship_log(tournament, public=public, only=only)
    page = Paginator(entries, PAGE_SIZE).get_page(query.get("strana"))
    rest = query.copy()
    rest.pop("strana", None)
    return {
        "entries": page,
        "kinds": [{"code": k, "label": KINDS[k], "chosen": k in only.kinds} for k in allowed],
        "stages": [
            {
                "code": code,
                "label": _("teams") if code == TEAMS else stage_label(code, tournament),
            }
            for code in STAGE_CODES
            if code not in FINALS or tournament.has_finals()  # none offered that is not played
        ],
        "filter": only,
        "query": rest.urlencode(),
        "public_log": public,
    }


def _value_words(value) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def _line_values(record, labels: dict) -> dict[str, tuple[str, str]]:
    """A history record's values by name, each with its label and in words: the
    championship's columns, and a club rule set's values and score where it has them."""
    values = {name: (labels[name], _value_words(getattr(record, name))) for name in RESULT_FIELDS}
    order = list(FIELD_NAMES)  # the sheet's order: a database may keep a JSON's keys sorted
    stored = record.rule_values or {}
    for name in sorted(stored, key=lambda key: order.index(key) if key in order else len(order)):
        value = stored[name]
        label = FIELD_NAMES[name]() if name in FIELD_NAMES else name
        if name == "action_cards":
            words = ", ".join(action_card_name(card) for card in value) or "–"
        else:
            words = _value_words(value)
        values[name] = (label, words)
    if record.rule_score is not None:
        values["rule_score"] = (labels["rule_score"], str(record.rule_score))
    return values


def sheet_history(table, round_, players) -> list[dict]:
    """Every change of one score sheet's lines (a table's round), in words, for the desk: a
    player's first entry as one line with all its values, then one line per value changed,
    from what to what; ``players`` are the table's, to name them without a query each."""
    records = (
        RoundResult.history.filter(table_id=table.pk, round_id=round_.pk)
        .select_related("history_user")
        .order_by("history_date", "history_id")
    )
    names = {player.pk: player for player in players}
    labels = {
        name: RoundResult._meta.get_field(name).verbose_name
        for name in (*RESULT_FIELDS, "rule_score")
    }
    previous, changes = {}, []
    for record in records:
        before = previous.get(record.id)
        author = record.history_user
        if author is None and record.history_change_reason == TABLE_SCOREKEEPER:
            author = table_scorekeeper(table.number)
        line = {
            "when": record.history_date,
            "who": author,
            "player": names.get(record.player_id),
        }
        if record.history_type == "-":
            changes.append({**line, "field": _("Removed"), "old": None, "new": "–"})
        elif before is None:
            values = ", ".join(
                f"{label}: {words}" for label, words in _line_values(record, labels).values()
            )
            changes.append({**line, "field": _("First entry"), "old": None, "new": values})
        else:
            old_values, new_values = _line_values(before, labels), _line_values(record, labels)
            for name, (label, new) in new_values.items():
                old = old_values.get(name, (label, "–"))[1]
                if old != new:
                    changes.append({**line, "field": capfirst(label), "old": old, "new": new})
        previous[record.id] = None if record.history_type == "-" else record
    return changes
