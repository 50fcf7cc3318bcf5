"""The stored rating of persons (issue 25): ``rules.rating`` applied to every complete table's
game of the rated tournaments, in time order. Shown only: no rule, draw or place reads it (the
import-linter contracts keep ``scoring`` below this app and ``draws`` from importing
``rules.rating``; nothing in the sheets' writes imports it either).

**Kept up to date by the writes, from one place.** ``refresh`` (``season.refresh``, which
``tournament.changes`` calls once a write that moved a tournament's change stamp is done, and
``manage.py rating``; never a reader: the pages read rows) compares a fingerprint of the rated
tournaments' data (their change stamps, the persons of their players, the model's parameters)
with the one the stored ratings were computed from:

- unchanged: nothing to do (three queries);
- changed: it reads each rated tournament's complete games (a fixed number of queries per
  tournament). If every game rated before is still there unchanged and the new ones all come
  after the last rated, only the new ones get their history rows and everyone's current rating
  is fitted again from the stored one (incremental: a game completed during the day; the fit
  re-reads every game, so every person's ``PersonRating`` is written); otherwise (a corrected
  sheet, a game completed out of time order, a person merged, a tournament no longer rated or
  deleted) the ratings are computed from scratch.

Every way a game becomes complete or changes (a sheet saved or confirmed, an import, a game
ended early, a sanction) moves its tournament's change stamp (``tournament.changes``), so no
write has to call this module, and none can forget it. ``recompute`` (``manage.py
rating --recompute``) computes from scratch whatever the fingerprint says.

**One list per game** (issue 37, ``rules.games``): Syllabatim (the championship's rules, the
casual scoring, Syllabatim 2), Slovní poker, Scrabble. Each game's ratings are fitted over that
game's tournaments only, with their own state and history; a Slovní poker result moves no
Syllabatim rating.

What is rated: each table's game once complete (``rules.progress``: every round's sheet in,
confirmed where the stage needs it) and public (a stage held for the ceremony only once
released, ``scoring.publicity``; holding and releasing move the change stamp, so the
fingerprint sees both), one free-for-all match of the table's players who have a
person (``Player.person``), ranked by the game's points, then closes (a voided game scores
nothing). Players without a person are left out of the match. The tables of one game of a
stage are one deal (``rules.rating.TableGame.deal``): they played the same rounds, so their
points are on one scale.
"""

import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import astuple, dataclass

from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Sum
from django.utils import timezone

from rules import rating as rules_rating
from rules.categories import category_of
from rules.games import GAMES, SYLLABATIM, game_of, rule_sets_of
from rules.rating import GameResult, Rating, Ratings, TableGame
from rules.sanctions import void, voided_games
from rules.score import RESULT_FIELDS, entry_of, round_score
from rules.stages import STAGES
from scoring.models import RoundResult
from scoring.publicity import held_results
from scoring.selectors import progress, sanctions_in_force
from tournament.collation import czech_key, name_key
from tournament.models import Person, Player, Tournament

from .models import PersonRating, RatingEntry, RatingState

_BATCH = 500


@dataclass(frozen=True)
class Seated:
    """What the rating keeps of a person at a table besides the result."""

    player: int  # Player id
    category: str  # B1 or VS


@dataclass(frozen=True)
class RatedTable:
    table: int  # Table id
    game: TableGame  # when: ``when_of``; results: persons (ids) with points and closes
    seated: dict[Hashable, Seated]  # person id -> the player and category

    def signature(self) -> frozenset:
        return frozenset(
            (r.person, self.seated[r.person].player, self.seated[r.person].category)
            + (r.points, r.closes)
            for r in self.game.results
        )


def when_of(start_date, tournament: int, stage: str, game: int, table: int) -> tuple:
    """A table's game in time order: the tournament's first day (then the tournament, for two
    on one day), the stage, the game, the table. Finals A and B share no player, so their order
    between them changes no rating."""
    return (start_date.toordinal(), tournament, STAGES.index(stage), game, table)


def rated_tournaments(game: str = SYLLABATIM):
    """The rated tournaments of one game (``rules.games``)."""
    return Tournament.objects.filter(rated=True, rule_set__in=rule_sets_of(game))


def tournament_tables(tournament: Tournament) -> list[RatedTable]:
    """The tournament's complete table games with at least two persons, in four queries (two
    when no game is complete). A stage whose results are held for the ceremony is rated only
    once released (``scoring.publicity``): the rating is public, and no rating moves on a
    result not announced."""
    held = held_results(tournament)
    complete = {
        (kind, state.number)
        for kind, stage in progress(tournament).items()
        if kind not in held
        for state in stage.games
        if state.complete
    }
    if not complete:
        return []
    voided = voided_games(sanctions_in_force(tournament))
    close_bonus = tournament.close_bonus_in_force()
    rows = (
        RoundResult.objects.filter(table__game__stage__tournament=tournament)
        .order_by("table_id", "player__start_number")
        .values_list(
            "table_id",
            "table__number",
            "table__game__stage__kind",
            "table__game__number",
            "player_id",
            "player__start_number",
            "player__person_id",
            "player__sight_class",
            "rule_score",  # a club rule set's score of the line (None: the championship's)
            *RESULT_FIELDS,
        )
    )
    totals: dict[int, dict[int, list]] = defaultdict(dict)  # table -> person -> sums
    heads: dict[int, tuple] = {}
    doubled: dict[int, set] = defaultdict(set)  # a person with two players at one table
    for table, number, kind, game, player, start, person, sight, scored, *values in rows:
        if (kind, game) not in complete or person is None:
            continue
        entry = entry_of(*values, scored=scored)
        if (kind, game, start) in voided:
            entry = void(entry)
        heads[table] = (kind, game, number)
        sums = totals[table].setdefault(person, [player, sight, 0, 0])
        if sums[0] != player:
            doubled[table].add(person)
            continue
        sums[2] += round_score(entry, close_bonus)
        sums[3] += entry.counts_as_close
    found = []
    for table, people in totals.items():
        people = {p: sums for p, sums in people.items() if p not in doubled[table]}
        if len(people) < 2:
            continue  # nobody to be ranked against: not rated
        kind, game, number = heads[table]
        when = when_of(tournament.start_date, tournament.pk, kind, game, number)
        results = tuple(GameResult(p, sums[2], sums[3]) for p, sums in people.items())
        seated = {p: Seated(sums[0], category_of(sums[1])) for p, sums in people.items()}
        # The tables of one game of a stage played the same rounds: one deal (``rules.rating``).
        found.append(RatedTable(table, TableGame(when, results, deal=when[:-1]), seated))
    return found


def all_tables(game: str = SYLLABATIM) -> list[RatedTable]:
    """Every rated tournament's complete table games of one game, in time order."""
    tables = [t for tournament in rated_tournaments(game) for t in tournament_tables(tournament)]
    return sorted(tables, key=lambda table: table.game.when)


def every_games_parts() -> dict[str, dict]:
    """What each game's ratings depend on, in two queries for every game: its rated
    tournaments' change stamps and the persons of their players (a merge of persons changes no
    tournament's stamp), and the model's parameters. Kept with the game's ratings
    (``RatingState.parts``), so that a write can tell which tournaments moved since."""
    stamps: dict[str, dict] = {game: {} for game in GAMES}
    rated = Tournament.objects.filter(rated=True).order_by("pk")
    for pk, revision, rule_set in rated.values_list("pk", "revision", "rule_set"):
        stamps[game_of(rule_set)][str(pk)] = revision
    persons = {game: {"count": 0, "total": None, "players": None} for game in GAMES}
    sums = (
        Player.objects.filter(tournament__rated=True, person__isnull=False)
        .values("tournament__rule_set")
        .annotate(count=Count("pk"), total=Sum("person_id"), players=Sum("pk"))
        .order_by()
    )
    for row in sums:
        found = persons[game_of(row["tournament__rule_set"])]
        for key in ("count", "total", "players"):
            # PostgreSQL sums integers as numeric (a Decimal): each a plain number or None
            if row[key] is not None:
                found[key] = (found[key] or 0) + int(row[key])
    model = astuple(rules_rating.MODEL)
    parts = {
        game: {"stamps": stamps[game], "persons": sorted(persons[game].items()), "model": model}
        for game in GAMES
    }
    return json.loads(json.dumps(parts))  # as stored (JSON: lists, not tuples), to compare


def fingerprint_parts(game: str = SYLLABATIM) -> dict:
    """What one game's ratings depend on (``every_games_parts``)."""
    return every_games_parts()[game]


def fingerprint(parts: dict | None = None, game: str = SYLLABATIM) -> str:
    """A game's ratings' dependencies (``fingerprint_parts``) as one short value."""
    parts = fingerprint_parts(game) if parts is None else parts
    return hashlib.sha256(repr(sorted(parts.items())).encode()).hexdigest()


def _state(game: str = SYLLABATIM) -> RatingState:
    return RatingState.objects.get_or_create(game=game)[0]


CURRENT, INCREMENTAL, RECOMPUTED = "current", "incremental", "recomputed"
_HOW = (CURRENT, INCREMENTAL, RECOMPUTED)  # the most done last


def refresh() -> str:
    """Bring every game's stored ratings up to date; says the most any game needed:
    ``CURRENT`` (nothing changed), ``INCREMENTAL`` (new games rated) or ``RECOMPUTED`` (from
    scratch). Three queries when nothing changed, whatever the number of games."""
    every = every_games_parts()
    stored = dict(RatingState.objects.values_list("game", "fingerprint"))
    done = CURRENT
    for game in GAMES:
        parts = every[game]
        now = fingerprint(parts)
        if stored.get(game) == now:
            continue
        try:
            how = _bring_up_to_date(game, now, parts)
        except IntegrityError:
            # Another writer rated the same games meanwhile (SQLite takes no row lock): theirs
            # stand, and this one's rolled back.
            how = CURRENT
        done = max(done, how, key=_HOW.index)
    return done


def _bring_up_to_date(game: str, now: str, parts: dict) -> str:
    with transaction.atomic():
        state = RatingState.objects.select_for_update().get_or_create(game=game)[0]
        if state.fingerprint == now:  # another writer brought it up to date meanwhile
            return CURRENT
        if _rated_games_unchanged(state, parts):  # most writes: a sheet of a game in play
            _done(state, state.last, now, parts)
            return CURRENT
        tables = all_tables(game)
        new = _new_tables(tables, state)
        if new is None:
            _recompute(tables, state, now, parts)
            return RECOMPUTED
        if not new:  # something else changed (a draw, a sheet of a game not complete)
            _done(state, state.last, now, parts)
            return CURRENT
        try:
            _rate_new(tables, new, state, now, parts)
        except ValueError:  # a game's other tables rated already: its deal's scale changed
            _recompute(tables, state, now, parts)
            return RECOMPUTED
        return INCREMENTAL


def _rated_games_unchanged(state: RatingState, parts: dict) -> bool:
    """Whether only tournaments' stamps moved since the ratings were computed, and each
    tournament that moved has the same rated games as are stored (none completed, none
    changed): then nothing is to be rated. It reads the moved tournaments only, so that a
    write pays for its own tournament, not for every rated one (a sheet of a game in play)."""
    before = state.parts or {}
    if {key: value for key, value in before.items() if key != "stamps"} != {
        key: value for key, value in parts.items() if key != "stamps"
    }:
        return False
    old, new = before.get("stamps", {}), parts["stamps"]
    if old.keys() != new.keys():
        return False  # a tournament rated or no longer rated
    moved = [int(pk) for pk, revision in new.items() if old[pk] != revision]
    for tournament in Tournament.objects.filter(pk__in=moved):
        current = {
            table.table: (table.game.when, table.signature())
            for table in tournament_tables(tournament)
        }
        stored = RatingEntry.objects.filter(
            table__game__stage__tournament=tournament, game=state.game
        )
        if current != _stored_tables(stored):
            return False
    return True


def _stored_tables(entries) -> dict[int, tuple]:
    """The rated tables of ``entries`` (RatingEntry rows) as stored: each table's time and
    signature (``RatedTable.signature``)."""
    stored: dict[int, set] = defaultdict(set)
    stored_when: dict[int, tuple] = {}
    rows = entries.values_list(
        "table_id", "when", "person_id", "player_id", "category", "points", "closes"
    )
    for table, when, *signature in rows:
        stored[table].add(tuple(signature))
        stored_when[table] = tuple(when)
    return {table: (stored_when[table], frozenset(lines)) for table, lines in stored.items()}


def recompute() -> None:
    """Every game's ratings from scratch, in time order (``manage.py rating --recompute``)."""
    with transaction.atomic():
        every = every_games_parts()
        for game in GAMES:
            state = RatingState.objects.select_for_update().get_or_create(game=game)[0]
            parts = every[game]
            _recompute(all_tables(game), state, fingerprint(parts), parts)


def _new_tables(tables: list[RatedTable], state: RatingState) -> list[RatedTable] | None:
    """The tables not rated yet, when the rated ones are unchanged and the new ones all come
    after the last rated; None when the ratings must be computed from scratch."""
    stored = _stored_tables(RatingEntry.objects.filter(game=state.game))
    current = {table.table: table for table in tables}
    for table, (when, signature) in stored.items():
        now = current.get(table)
        if now is None or now.game.when != when or now.signature() != signature:
            return None
    new = [table for table in tables if table.table not in stored]
    last = tuple(state.last) if state.last else None
    if new and last is not None and new[0].game.when <= last:
        return None
    return new


def _entries(
    game: str, tables: Iterable[RatedTable], ratings: Ratings, start: int
) -> tuple[list[RatingEntry], dict]:
    """The rows of each person's new history entries (``ratings.history``, the games of
    ``tables`` only), numbered from ``start`` in time order; and each person's latest
    category."""
    by_when = {table.game.when: (position, table) for position, table in enumerate(tables, start)}
    rows, latest = [], {}
    for person, history in ratings.history.items():
        for item in history:
            if item.when not in by_when:
                continue  # rated before
            position, table = by_when[item.when]
            result = next(r for r in table.game.results if r.person == person)
            seated = table.seated[person]
            rows.append(
                RatingEntry(
                    person_id=person,
                    player_id=seated.player,
                    table_id=table.table,
                    game=game,
                    position=position,
                    when=list(item.when),
                    category=seated.category,
                    points=result.points,
                    closes=result.closes,
                    place=item.place,
                    players=item.players,
                    mu_before=item.before.mu,
                    sigma_before=item.before.sigma,
                    mu=item.rating.mu,
                    sigma=item.rating.sigma,
                    games=item.rating.games,
                )
            )
            latest[person] = seated.category
    return rows, latest


def _recompute(tables: list[RatedTable], state: RatingState, now: str, parts: dict) -> None:
    ratings = rules_rating.compute(table.game for table in tables)
    rows, latest = _entries(state.game, tables, ratings, 1)
    RatingEntry.objects.filter(game=state.game).delete()
    PersonRating.objects.filter(game=state.game).delete()
    RatingEntry.objects.bulk_create(rows, batch_size=_BATCH)
    PersonRating.objects.bulk_create(
        [
            PersonRating(
                person_id=person,
                game=state.game,
                mu=new.mu,
                sigma=new.sigma,
                games=new.games,
                category=latest[person],
            )
            for person, new in ratings.current.items()
        ],
        batch_size=_BATCH,
    )
    _done(state, ratings.last, now, parts)


def _rate_new(
    tables: list[RatedTable], new: list[RatedTable], state: RatingState, now: str, parts: dict
) -> None:
    """The new tables rated after the others (``tables``, every one in time order): the new
    games' history rows added, every person's current rating fitted again (the fit re-reads
    every game). Raises ValueError, nothing written, when a new table is of a game whose other
    tables were rated already."""
    fresh = {table.table for table in new}
    old = tuple(table.game for table in tables if table.table not in fresh)
    game = state.game
    stored = {row.person_id: row for row in PersonRating.objects.filter(game=game)}
    before = {person: Rating(row.mu, row.sigma, row.games) for person, row in stored.items()}
    last = tuple(state.last) if state.last else None
    ratings = rules_rating.update(Ratings(before, {}, last, old), [table.game for table in new])
    numbered = RatingEntry.objects.filter(game=game).aggregate(last=Max("position"))["last"]
    rows, latest = _entries(game, new, ratings, (numbered or 0) + 1)
    RatingEntry.objects.bulk_create(rows, batch_size=_BATCH)
    changed, created = [], []
    for person, rating in ratings.current.items():
        row = stored.get(person) or PersonRating(person_id=person, game=game)
        row.mu, row.sigma, row.games = rating.mu, rating.sigma, rating.games
        row.category = latest.get(person, row.category)
        (changed if row.pk else created).append(row)
    PersonRating.objects.bulk_update(changed, ["mu", "sigma", "games", "category"], _BATCH)
    PersonRating.objects.bulk_create(created, batch_size=_BATCH)
    _done(state, ratings.last, now, parts)


def _done(state: RatingState, last, now: str, parts: dict) -> None:
    state.last = list(last) if last is not None else None
    state.fingerprint = now
    state.parts = parts
    state.computed_at = timezone.now()
    state.save()


# Reads for the pages -----------------------------------------------------------------------


@dataclass(frozen=True)
class ListRow:
    rank: int
    shared: bool  # the same rating as another person
    person: Person
    category: str
    rating: int  # displayed
    games: int
    mu: float
    sigma: float

    @property
    def name_key(self) -> tuple:
        return name_key(self.person.name)

    @property
    def club_key(self) -> tuple:
        return czech_key(self.person.club)

    @property
    def games_key(self) -> int:  # the most games first
        return -self.games


def rated_games() -> list[str]:
    """The games with a rated person, in ``rules.games.GAMES`` order; Syllabatim's always (its
    lists are the championship's, shown empty before its first rated game). One query."""
    found = set(PersonRating.objects.values_list("game", flat=True).distinct())
    return [game for game in GAMES if game == SYLLABATIM or game in found]


def rating_lists(min_games: int, games: Iterable[str] = GAMES) -> dict[str, dict]:
    """Each of ``games``' lists (``game_lists``). One query, whatever the number of persons
    and games."""
    games = list(games)
    chosen = PersonRating.objects.filter(games__gte=min_games, game__in=games)
    by_game: dict[str, list] = {game: [] for game in games}
    for row in chosen.select_related("person"):
        by_game[row.game].append(row)
    return {game: game_lists(rows) for game, rows in by_game.items()}


def game_lists(rows: list[PersonRating]) -> dict[str, list[ListRow]]:
    """One game's persons (``rows``), highest rating first: ``"B1"``, ``"VS"`` (by their
    category at their latest rated game of the game) and ``"ALL"``, as stored (the writes keep
    them up to date)."""
    rows = sorted(rows, key=lambda row: (-_displayed(row), row.person.name, row.person_id))
    lists: dict[str, list[ListRow]] = {}
    for name, chosen in (
        ("B1", [row for row in rows if row.category == "B1"]),
        ("VS", [row for row in rows if row.category == "VS"]),
        ("ALL", rows),
    ):
        values = [_displayed(row) for row in chosen]
        counts = Counter(values)
        ranked, rank = [], 0
        for index, (row, value) in enumerate(zip(chosen, values, strict=True), start=1):
            if not index > 1 or value != values[index - 2]:
                rank = index
            ranked.append(
                ListRow(
                    rank,
                    counts[value] > 1,
                    row.person,
                    row.category,
                    value,
                    row.games,
                    row.mu,
                    row.sigma,
                )
            )
        lists[name] = ranked
    return lists


def _displayed(row) -> int:
    return Rating(row.mu, row.sigma, row.games).displayed


@dataclass(frozen=True)
class HistoryRow:
    number: int  # the person's n-th rated game
    entry: RatingEntry  # with its player's tournament and its table's game and stage
    before: int  # displayed
    after: int  # displayed

    @property
    def change(self) -> int:
        return self.after - self.before


def person_history(person: Person) -> dict[str, list[HistoryRow]]:
    """The person's rated games of each game they played (in ``rules.games.GAMES`` order),
    in time order, the rating before and after each, as stored: one query."""
    entries = list(
        RatingEntry.objects.filter(person=person)
        .select_related("player__tournament", "table__game__stage")
        .order_by("position")
    )
    by_game: dict[str, list[RatingEntry]] = {}
    for entry in entries:
        entry.person = person  # known: no query per row
        by_game.setdefault(entry.game, []).append(entry)
    return {
        game: [
            HistoryRow(
                number,
                entry,
                Rating(entry.mu_before, entry.sigma_before).displayed,
                Rating(entry.mu, entry.sigma).displayed,
            )
            for number, entry in enumerate(by_game[game], start=1)
        ]
        for game in GAMES
        if game in by_game
    }
