"""Every check a tournament document must pass before anything of it is stored.

The schema first (with format checking); then references (players, teams, seats, results);
then the rules of RULES.md, through the same sheet checks as every other way in.
"""

import dataclasses
from collections import Counter
from dataclasses import replace
from datetime import date

from django.utils.translation import gettext as _

from rules import finals, sheet, word_poker
from rules.advancement import QUOTA_BELOW_MIN, quota_problems
from rules.categories import category_of
from rules.championship import ADULT_AGE, FINAL_GAMES, ROUND_NUMBERS, TABLE_SIZE_MAX
from rules.commitment import (
    BAD_NAME,
    BAD_SEED,
    INCOMPLETE,
    LATE,
    MISMATCH,
    AuditProblem,
    audit_problems,
)
from rules.draw import ascending
from rules.eligibility import NOT_PAID, UNDER_AGE, eligibility_problems
from rules.rulesets import (
    CHAMPIONSHIP,
    Championship,
    WordPoker,
    document_lines,
    document_rule_set,
    unasked,
)
from rules.sanctions import TOURNAMENT
from rules.stages import FINAL_A, FINAL_B, FINALS, QUALIFIER, STAGES, stage_index
from rules.timestamps import parse_moment
from scoring.messages import replacement_message, sheet_problem_message
from scoring.models import Lot, Replacement, Sanction
from scoring.standings import final_fields
from tournament.characters import in_one_form, name_problem
from tournament.models import Game, Player, Team, Tournament, card_table_highest_value

from .data import document_data
from .places import STAGE_NAMES, Place, Problem
from .schema import place_of, schema_problems

DB_INTEGER_MAX = 2**31 - 1  # the largest whole number every supported database stores
MOMENTS = ("drawn_at", "decided_at", "committed_at", "at")  # times stored as they are given
# Names printed, embossed and exported: they hold what tournament.characters allows.
NAMES = (
    "tournament.name",
    "tournament.venue",
    "tournament.organiser",
    "players.name",
    "players.club",
    "teams.name",
)


def is_name(path: tuple) -> bool:
    """Whether the value at ``path`` is a name (``NAMES``, or a stage's announcement)."""
    named = [str(k) for k in path if not isinstance(k, int)]
    announcement = named[:-1] == ["tournament", "settings", "results_held"]
    return (".".join(named[-2:]) in NAMES and len(path) <= 3) or announcement


def normalise(value: object, path: tuple = ()) -> object:
    """Whole numbers written as 5.0 (which JSON Schema takes as integers) become 5; names are
    put in the one form names are kept in (``tournament.characters.in_one_form``), before
    anything compares them."""
    if isinstance(value, dict):
        return {k: normalise(v, (*path, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise(v, (*path, index)) for index, v in enumerate(value)]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and is_name(path):
        return in_one_form(value)
    return value


def _unstorable(document: object, path: tuple = ()) -> list[tuple[tuple, str]]:
    """Values no supported database stores: integers beyond its range (seeds are kept as
    given) and texts with a NUL character."""
    found = []
    items = document.items() if isinstance(document, dict) else enumerate(document)
    for key, value in items:
        if isinstance(value, dict | list):
            found.extend(_unstorable(value, (*path, key)))
        elif isinstance(value, str) and "\x00" in value:
            found.append(((*path, key), _("contains a NUL character")))
        elif (
            isinstance(value, int)
            and not isinstance(value, bool)
            and value > DB_INTEGER_MAX
            and key != "seed"
            and "seed" not in path
        ):
            found.append(((*path, key), _("%(value)s is too large") % {"value": value}))
    return found


def _text_limits() -> dict[str, int]:
    return {
        "tournament.name": Tournament._meta.get_field("name").max_length,
        "tournament.venue": Tournament._meta.get_field("venue").max_length,
        "players.name": Player._meta.get_field("name").max_length,
        "players.club": Player._meta.get_field("club").max_length,
        "teams.name": Team._meta.get_field("name").max_length,
        "draw.drawn_by": Game._meta.get_field("drawn_by").max_length,
        "ended_early.by": Game._meta.get_field("ended_early_by").max_length,
        "lots.drawn_by": Lot._meta.get_field("drawn_by").max_length,
        "tournament.organiser": Tournament._meta.get_field("organiser").max_length,
        "sanctions.decided_by": Sanction._meta.get_field("decided_by").max_length,
        "replacements.decided_by": Replacement._meta.get_field("decided_by").max_length,
    }


class Checker:
    def __init__(self, document: dict):
        self.document = document
        self.problems: list[Problem] = []
        info = document.get("tournament") if isinstance(document, dict) else None
        info = info if isinstance(info, dict) else {}
        settings = info.get("settings") if isinstance(info.get("settings"), dict) else {}
        # a club tournament without finals: its one stage is named "turnaj" (labels.stage_label)
        self.single_stage = info.get("kind") == "club" and not settings.get("finals", False)

    def error(self, place: Place, message: str) -> None:
        self.problems.append(Problem(replace(place, single_stage=self.single_stage), message))

    def warn(self, place: Place, message: str) -> None:
        problem = Problem(replace(place, single_stage=self.single_stage), message, warning=True)
        self.problems.append(problem)

    def run(self) -> list[Problem]:
        for place, message in schema_problems(self.document):
            self.error(place, message)
        if self.problems:
            return self.problems
        for path, message in _unstorable(self.document):
            self.error(place_of(self.document, path), message)
        self.check_texts_and_times()
        if self.problems:
            return self.problems
        self.check_tournament()
        players = self.check_players()
        teams = self.check_teams(players)
        for kind in STAGES:
            stage = self.document.get("stages", {}).get(kind)
            if stage is not None:
                self.check_stage(kind, stage, players)
        self.check_lots(players, teams)
        self.check_sanctions(players)
        self.check_commitments()
        self.check_eligibility(players)
        if not any(not problem.warning for problem in self.problems):
            self.check_finals(players)  # computes the qualifier's standings: a sound document
        return self.problems

    def check_texts_and_times(self) -> None:
        """Texts within the database's lengths; names of the characters a name may hold (the
        rule of every other way in: ``tournament.characters``); times Python can read (RFC
        3339 allows a leap second, which no database stores)."""
        limits = _text_limits()

        def visit(node, path):
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, value in items:
                if isinstance(value, dict | list):
                    visit(value, (*path, key))
                    continue
                named = [str(k) for k in (*path, key) if not isinstance(k, int)]
                field = ".".join(named[-2:])
                limit = limits.get(field)
                if isinstance(value, str) and limit is not None and len(value) > limit:
                    self.error(
                        place_of(self.document, (*path, key)),
                        _("is longer than %(limit)s characters") % {"limit": limit},
                    )
                if isinstance(value, str) and is_name((*path, key)):
                    problem = name_problem(value)
                    if problem is not None:
                        self.error(place_of(self.document, (*path, key)), problem)
                if key in MOMENTS and isinstance(value, str):
                    try:
                        parse_moment(value)
                    except ValueError:
                        self.error(
                            place_of(self.document, (*path, key)),
                            _("%(value)s is not a valid date and time") % {"value": value},
                        )

        visit(self.document, ())

    def check_tournament(self) -> None:
        tournament = self.document["tournament"]
        kind = tournament.get("kind", "championship")  # v4
        settings = tournament.get("settings", {})
        if kind == "championship" and settings.get("rule_set", CHAMPIONSHIP) != CHAMPIONSHIP:
            self.error(
                Place(item="tournament.settings.rule_set"),
                _("the championship is played by the championship's rules"),
            )
        if kind != "championship" and not settings.get("finals", False):
            for stage in FINALS:
                if self.document.get("stages", {}).get(stage, {}).get("games"):
                    self.error(
                        Place(stage=stage),
                        _(
                            "this tournament is one stage of games without finals "
                            "(tournament.settings.finals)"
                        ),
                    )
        end = tournament.get("end_date")
        if end is not None and date.fromisoformat(end) < date.fromisoformat(
            tournament["start_date"]
        ):
            self.error(Place(item="tournament.end_date"), _("the last day is before the first day"))
        quota = tournament.get("settings", {}).get("quota")
        if quota is not None:
            for code, _severity, params in quota_problems(quota):
                place = Place(item="tournament.settings.quota")
                if code == QUOTA_BELOW_MIN:
                    self.error(
                        place,
                        _(
                            "the A-final places for %(category)s are %(quota)s, fewer than the "
                            "%(minimum)s the rules allow (K)"
                        )
                        % params,
                    )
                else:
                    self.warn(
                        place,
                        _("%(total)s finalists in total, more than the %(limit)s of rule K")
                        % params,
                    )

    def check_players(self) -> dict[int, dict]:
        players: dict[int, dict] = {}
        persons: dict[str, int] = {}  # v4: a person's stable id -> the player it is
        for player in self.document["players"]:
            number = player["no"]
            if number in players:
                self.error(Place(player=number), _("the start number is used twice"))
            players[number] = player
            person = str(player.get("person", "")).lower()
            if not person:
                continue
            if person in persons:
                self.error(
                    Place(player=number),
                    _("the person is player %(other)s already: one person, one player")
                    % {"other": persons[person]},
                )
            else:
                persons[person] = number
        return players

    def check_teams(self, players: dict[int, dict]) -> set[str]:
        names = Counter(team["name"] for team in self.document.get("teams", []))
        team_of: dict[int, str] = {}
        for team in self.document.get("teams", []):
            name = team["name"]
            if names[name] > 1:
                self.error(Place(team=name), _("two teams have this name"))
                names[name] = 1  # say it once
            for member in team["members"]:
                if member not in players:
                    self.error(Place(team=name, player=member), _("no such player is registered"))
                elif member in team_of:
                    self.error(
                        Place(team=name, player=member),
                        _("the player is already in the team „%(other)s“")
                        % {"other": team_of[member]},
                    )
                else:
                    team_of[member] = name
        return set(names)

    def check_stage(self, kind: str, stage: dict, players: dict[int, dict]) -> None:
        settings = self.document["tournament"].get("settings", {})
        max_card_value = settings.get("max_card_value") or card_table_highest_value()
        numbers = Counter(game["number"] for game in stage["games"])
        for number in sorted(n for n, count in numbers.items() if count > 1):
            self.error(Place(stage=kind, game=number), _("the stage has two games of this number"))
        planned = settings.get("qualifier_games")
        if kind == QUALIFIER and planned is not None and len(stage["games"]) > planned:
            self.error(
                Place(stage=kind, item="tournament.settings.qualifier_games"),
                _("the qualifier has %(count)s games, more than the %(planned)s fixed in advance")
                % {"count": len(stage["games"]), "planned": planned},
            )
        if kind in FINALS and len(stage["games"]) > FINAL_GAMES:
            self.warn(
                Place(stage=kind),
                _("a final has %(games)s games by the rules (F), this one %(count)s")
                % {"games": FINAL_GAMES, "count": len(stage["games"])},
            )
        for game in stage["games"]:
            if kind in FINALS and not ascending(game["rounds"]):
                self.warn(
                    Place(stage=kind, game=game["number"]),
                    _("a final deals its rounds in ascending order (F), not %(rounds)s")
                    % {"rounds": ", ".join(map(str, game["rounds"]))},
                )
            dropped = set(game.get("ended_early", {}).get("rounds_dropped", ()))
            beyond = sorted((set(game["rounds"]) | dropped) - set(ROUND_NUMBERS))
            if beyond and not isinstance(document_rule_set(self.document["tournament"]), WordPoker):
                # a Slovní poker game's deals go past 7 (word_poker.DEALS_MAX, the schema's bound)
                self.error(
                    Place(stage=kind, game=game["number"]),
                    _("a game has rounds %(first)s to %(last)s, not %(rounds)s")
                    % {
                        "first": ROUND_NUMBERS[0],
                        "last": ROUND_NUMBERS[-1],
                        "rounds": ", ".join(map(str, beyond)),
                    },
                )
            if dropped & set(game["rounds"]):
                self.error(
                    Place(stage=kind, game=game["number"]),
                    _("a round dropped when the game was ended early is also played: %(rounds)s")
                    % {"rounds": ", ".join(map(str, sorted(dropped & set(game["rounds"]))))},
                )
            self.check_game(kind, game, players, max_card_value)

    def check_game(self, kind: str, game: dict, players: dict, max_card_value: int) -> None:
        number = game["number"]
        rounds = game["rounds"]
        tables = Counter(table["number"] for table in game["tables"])
        for table_number in sorted(n for n, count in tables.items() if count > 1):
            self.error(
                Place(stage=kind, game=number, table=table_number),
                _("the game has two tables of this number"),
            )
        seated_at: dict[int, int] = {}
        for table in game["tables"]:
            place = Place(stage=kind, game=number, table=table["number"])
            for player in table["seats"]:
                if player not in players:
                    self.error(
                        replace(place, player=player), _("a seated player is not registered")
                    )
                elif player in seated_at:
                    self.error(
                        replace(place, player=player),
                        _("the player already sits at table %(table)s of this game")
                        % {"table": seated_at[player]},
                    )
                else:
                    seated_at[player] = table["number"]
            # The qualifier's tables hold at most 8; a final's table is the referee's (the
            # shared example's B-final has a table of 9), accepted as before.
            poker = isinstance(document_rule_set(self.document["tournament"]), WordPoker)
            too_large = finals.table_size_problem(
                len(table["seats"]), word_poker.PLAYERS_MAX if poker else TABLE_SIZE_MAX
            )
            if too_large is not None and kind == QUALIFIER and poker:
                self.error(
                    place,
                    _(
                        "the table has %(size)s players; a table of Slovní poker holds at most "
                        "%(maximum)s"
                    )
                    % too_large.params,
                )
            elif too_large is not None and kind == QUALIFIER:
                self.error(
                    place,
                    _(
                        "the table has %(size)s players; a table holds at most %(maximum)s (D: "
                        "the game is for 1 to 8 players)"
                    )
                    % too_large.params,
                )
            starting = table.get("starting_seat", 0)
            if starting >= len(table["seats"]):
                self.error(
                    replace(place, item="starting_seat"),
                    _(
                        "the starting seat %(seat)s does not exist: the table has %(count)s seats, "
                        "counted from 0"
                    )
                    % {"seat": starting, "count": len(table["seats"])},
                )
            self.check_table_rounds(place, table, rounds, max_card_value)

    def check_table_rounds(self, place: Place, table: dict, rounds: list, max_card_value: int):
        seats = table["seats"]
        listed = Counter(entry["round"] for entry in table.get("rounds", []))
        deals: dict[int, list] = {}  # Slovní poker (v6): each round's lines, a deal each
        entries = table.get("rounds", [])
        if isinstance(document_rule_set(self.document["tournament"]), WordPoker):
            # in playing order, so that each deal is checked after the table's earlier ones
            order = {number: position for position, number in enumerate(rounds)}
            entries = sorted(entries, key=lambda entry: order.get(entry["round"], len(order)))
        for entry in entries:
            round_number = entry["round"]
            at = replace(place, round=round_number)
            if round_number not in rounds:
                self.error(
                    at,
                    _("the game has no round %(number)s (its rounds are %(rounds)s)")
                    % {"number": round_number, "rounds": ", ".join(map(str, rounds))},
                )
                continue
            if listed[round_number] > 1:
                self.error(at, _("the round is listed twice at the table"))
                listed[round_number] = 1
                continue
            club = document_rule_set(self.document["tournament"])
            refused = False
            for result in entry["results"]:
                for name in unasked(club or Championship(), result):
                    refused = True
                    self.error(
                        replace(at, player=result["player"], item=name),
                        _(
                            "the field %(field)s is not on this tournament's score sheet "
                            "(its rules do not ask it): it is refused, not left out"
                        )
                        % {"field": name},
                    )
            if refused:
                continue
            if club is not None:  # v4: a club rule set's sheet, by its own check
                lines = document_lines(club, entry["results"])
            else:
                lines = [
                    sheet.SheetLine(
                        player=result["player"],
                        laid=result["laid"],
                        unused=result["unused"],
                        closed=result["closed"],
                        disqualified=result.get("disqualified", False),
                        penalty=result.get("penalty", 0),
                    )
                    for result in entry["results"]
                ]
            check = sheet.check_sheet if club is None else club.check
            options = {"round_number": round_number}
            if isinstance(club, WordPoker):  # v6: a deal after the table's earlier ones
                deals[round_number] = lines
                played = rounds[: rounds.index(round_number)]
                options = {
                    "round_number": len(played) + 1,
                    "earlier": [deals[number] for number in played if number in deals],
                }
            for problem in sheet.errors(
                check(lines, seated=seats, max_card_value=max_card_value, **options)
            ):
                self.error(
                    replace(at, player=problem.player),
                    sheet_problem_message(problem, club.name if club else None),
                )

    def check_lots(self, players: dict[int, dict], teams: set[str]) -> None:
        for position, lot in enumerate(self.document.get("lots", []), start=1):
            place = Place(lot=position, stage=lot["stage"])
            for key in lot["order"]:
                if lot["stage"] == "teams":
                    if key not in teams:
                        self.error(place, _("no team is called %(name)s") % {"name": key})
                elif isinstance(key, str):
                    self.error(
                        place,
                        _("a lot of a stage orders start numbers, not „%(key)s“") % {"key": key},
                    )
                elif key not in players:
                    self.error(
                        place, _("no player has the start number %(number)s") % {"number": key}
                    )

        by_scope: dict[str, list[tuple[int, list]]] = {}
        for position, lot in enumerate(self.document.get("lots", []), start=1):
            by_scope.setdefault(lot["stage"], []).append((position, lot["order"]))
        for scope, lots in by_scope.items():
            for problem in finals.contradicting_lots([order for _position, order in lots]):
                first = lots[problem.params["first"]][0]
                second = lots[problem.params["second"]][0]
                a, b = problem.params["keys"]
                self.error(
                    Place(lot=second, stage=scope),
                    _(
                        "the lot orders %(b)s before %(a)s, lot %(first)s of the same stage "
                        "%(a)s before %(b)s: which one binds cannot be told"
                    )
                    % {"a": a, "b": b, "first": first},
                )

    def check_eligibility(self, players: dict[int, dict]) -> None:
        """A seated player is eligible (A): 18 or older on the first day, and paid or
        qualified through a local qualifier. Said once, at the player's first seat."""
        first_day = date.fromisoformat(self.document["tournament"]["start_date"])
        said: set[int] = set()
        for kind in STAGES:
            stage = self.document.get("stages", {}).get(kind)
            for game in stage["games"] if stage else []:
                for table in game["tables"]:
                    for number in table["seats"]:
                        player = players.get(number)
                        if player is None or number in said:
                            continue
                        birth = player.get("birth_date")
                        found = eligibility_problems(
                            birth_date=date.fromisoformat(birth) if birth else None,
                            paid=player.get("paid", True),
                            local_qualifier=player.get("local_qualifier", False),
                            first_day=first_day,
                        )
                        place = Place(
                            stage=kind, game=game["number"], table=table["number"], player=number
                        )
                        if UNDER_AGE in found:
                            self.error(
                                place,
                                _(
                                    "the player is seated but is under %(age)s on the first day "
                                    "of the tournament (A)"
                                )
                                % {"age": ADULT_AGE},
                            )
                        if NOT_PAID in found:
                            self.error(
                                place,
                                _(
                                    "the player is seated but neither paid the entry fee nor "
                                    "qualified through a local qualifier (A)"
                                ),
                            )
                        said.add(number)

    def check_finals(self, players: dict[int, dict]) -> None:
        """Who sits in which final (C, M): the advancing players (with the organiser's
        replacements) in the A-final, the others who take part in the B-final; nobody in both.
        Who advanced is checked once the qualifier is over (every planned game complete): a
        document of a qualifier in progress tells nobody's final yet."""
        stages = self.document.get("stages", {})
        data = document_data(self.document)
        qualifier = data.stages.get(QUALIFIER)
        replacements = [
            finals.Replacement(r["withdrawn"], r["replacement"])
            for r in self.document.get("replacements", [])
        ]
        if qualifier is None or not qualifier.results:
            for position, _r in enumerate(replacements, start=1):
                self.error(
                    Place(replacement=position),
                    _("a replacement in the A-final needs the qualifier's results"),
                )
            return
        fields = final_fields(data, with_replacements=False)
        advancing = fields.a_final
        candidates = fields.b_final
        category = {no: category_of(player["sight_class"]) for no, player in players.items()}
        for index, problem in finals.replacement_problems(
            replacements, advancing=advancing, candidates=candidates, category=category
        ):
            self.error(
                Place(replacement=index + 1, player=problem.player),
                replacement_message(problem),
            )
        a_field = finals.a_final_field(advancing, replacements)
        seated = {
            kind: {
                number: (game["number"], table["number"])
                for game in sorted(stages[kind]["games"], key=lambda g: -g["number"])
                for table in game["tables"]
                for number in table["seats"]
            }
            for kind in FINALS
            if kind in stages
        }
        seated_a, seated_b = seated.get(FINAL_A, {}), seated.get(FINAL_B, {})
        for problem in finals.final_seating_problems(
            a_field=a_field,
            withdrawn={r.withdrawn for r in replacements},
            seated_a=seated_a,
            seated_b=seated_b,
            not_playing_b={no for no, p in players.items() if not p.get("plays_b_final", True)},
            advancement_known=dataclasses.replace(
                data.progress[QUALIFIER], later_stage_drawn=False
            ).over,
        ):
            kind = FINAL_A if problem.player in seated_a else FINAL_B
            game, table = seated[kind][problem.player]
            place = Place(stage=kind, game=game, table=table, player=problem.player)
            self.error(place, seating_message(problem, fields.undecided))

    def check_sanctions(self, players: dict[int, dict]) -> None:
        """Each sanction names a registered player seated in a game the document has; an
        expelled player sits at no later table; a scope is given once per player and game."""
        stages = self.document.get("stages", {})
        seated = {
            (kind, game["number"]): {n for table in game["tables"] for n in table["seats"]}
            for kind, stage in stages.items()
            for game in stage["games"]
        }
        given: set[tuple] = set()
        for position, sanction in enumerate(self.document.get("sanctions", []), start=1):
            player, kind, number = sanction["player"], sanction["stage"], sanction["game"]
            place = Place(sanction=position, stage=kind, game=number, player=player)
            if player not in players:
                self.error(place, _("no such player is registered"))
                continue
            if kind not in stages:
                self.error(place, _("the document has no such stage"))
                continue
            if (kind, number) not in seated:
                self.error(place, _("the stage has no game of this number"))
                continue
            if player not in seated[(kind, number)]:
                self.error(place, _("the player does not sit at a table of this game"))
                continue
            key = (player, sanction["scope"], kind, number)
            if key in given:
                self.error(place, _("the player has this sanction in this game already"))
                continue
            given.add(key)
            if sanction["scope"] == TOURNAMENT:
                later = sorted(
                    (stage_index(k), k, n)
                    for (k, n), sitting in seated.items()
                    if player in sitting
                    and (stage_index(k) > stage_index(kind) or (k == kind and n > number))
                )
                for _index, later_kind, later_number in later:
                    self.error(
                        place,
                        _(
                            "the player is expelled, yet sits at a table of a later game "
                            "(%(stage)s, game %(game)s)"
                        )
                        % {"stage": STAGE_NAMES[later_kind], "game": later_number},
                    )

    def check_commitments(self) -> None:
        """Each draw's and lot's record as ``rules.verify`` checks it
        (``rules.commitment.audit_problems``): a published commitment agrees with the revealed
        seed and was published no later than the draw, the decision's name (``what``) names
        this game's draw or a lot of this scope, and a committed seed is hexadecimal."""
        drawn = [
            (
                Place(stage=kind, game=game["number"], item="draw"),
                game["draw"],
                kind,
                game["number"],
            )
            for kind, stage in self.document.get("stages", {}).items()
            for game in stage["games"]
            if "draw" in game
        ]
        drawn += [
            (Place(lot=position, stage=lot["stage"]), lot, lot["stage"], None)
            for position, lot in enumerate(self.document.get("lots", []), start=1)
        ]
        for place, audit, scope, game in drawn:
            for problem in audit_problems(audit, scope=scope, game=game):
                if problem.code == BAD_SEED and "commitment" not in audit:
                    continue  # an uncommitted seed proves nothing; it is kept as given
                self.error(place, self.audit_message(problem, game is None))

    @staticmethod
    def audit_message(problem: AuditProblem, lot: bool) -> str:
        values = problem.values
        if problem.code == INCOMPLETE:
            return _("a commitment needs the revealed seed and the decision's name (what)")
        if problem.code == MISMATCH:
            return _("the commitment does not match the seed: sha256(seed:what) is %(value)s") % {
                "value": values["expected"]
            }
        if problem.code == LATE:
            return _("the commitment was published after the draw")
        if problem.code == BAD_SEED:
            return _(
                "the seed %(seed)s is not hexadecimal: the draw cannot be recomputed from it"
            ) % {"seed": values["seed"]}
        if problem.code == BAD_NAME:
            if lot:
                return _("the decision's name (what) is not the name of a lot: %(error)s") % values
            return _("the decision's name (what) is not the name of a draw: %(error)s") % values
        if lot:
            return (
                _("the commitment names another decision (%(what)s), not a lot of this scope")
                % values
            )
        return _("the commitment names another decision (%(what)s), not this game's draw") % values


def seating_message(problem: finals.Problem, undecided: frozenset) -> str:
    if problem.code == finals.IN_BOTH_FINALS:
        return _("the player is seated in both finals; a player plays one of them (C, M)")
    if problem.code == finals.WITHDRAWN_IN_A:
        return _("the player withdrew from the A-final and was replaced, yet is seated in it")
    if problem.code == finals.NOT_ADVANCING_IN_A:
        if problem.player in undecided:
            return _(
                "the player is seated in the A-final, but a tie at the qualifier cut that "
                "includes the player waits for a lot"
            )
        return _(
            "the player did not advance from the qualifier (C), yet is seated in the A-final; "
            "only a recorded replacement moves a player up"
        )
    if problem.code == finals.ADVANCING_IN_B:
        return _(
            "the player advanced to the A-final (C), yet is seated in the B-final; the B-final "
            "is for the others (M)"
        )
    return _("the player does not take part in the B-final (plays_b_final), yet is seated in it")


def check_document(document: object) -> tuple[object, list[Problem]]:
    """The normalised document and its problems (errors and warnings)."""
    document = normalise(document)
    return document, Checker(document).run()
