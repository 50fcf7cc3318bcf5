"""Every check a tournament document must pass before anything of it is stored.

The schema first (with format checking); then references (players, teams, seats, results);
then the rules of RULES.md, through the same sheet checks as every other way in.
"""

from collections import Counter
from dataclasses import replace
from datetime import date, datetime

from django.utils.translation import gettext as _

from rules import sheet
from rules.advancement import QUOTA_BELOW_MIN, quota_problems
from rules.championship import MAX_CARD_VALUE
from scoring.messages import sheet_problem_message

from .places import Place, Problem
from .schema import STAGE_KEYS, schema_problems

DB_INTEGER_MAX = 2**31 - 1  # the largest whole number every supported database stores


def normalise(value: object, key: str | None = None) -> object:
    """Whole numbers written as 5.0 (which JSON Schema takes as integers) become 5."""
    if isinstance(value, dict):
        return {k: normalise(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise(v, key) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def parse_moment(value: str) -> datetime:
    """An RFC 3339 date and time (``Z`` or an offset) as an aware datetime."""
    return datetime.fromisoformat(value.upper().replace("Z", "+00:00"))


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
    from scoring.models import Lot
    from tournament.models import Game, Player, Team, Tournament

    return {
        "tournament.name": Tournament._meta.get_field("name").max_length,
        "tournament.venue": Tournament._meta.get_field("venue").max_length,
        "players.name": Player._meta.get_field("name").max_length,
        "players.club": Player._meta.get_field("club").max_length,
        "teams.name": Team._meta.get_field("name").max_length,
        "draw.drawn_by": Game._meta.get_field("drawn_by").max_length,
        "lots.drawn_by": Lot._meta.get_field("drawn_by").max_length,
    }


class Checker:
    def __init__(self, document: dict):
        self.document = document
        self.problems: list[Problem] = []

    def error(self, place: Place, message: str) -> None:
        self.problems.append(Problem(place, message))

    def warn(self, place: Place, message: str) -> None:
        self.problems.append(Problem(place, message, warning=True))

    def run(self) -> list[Problem]:
        from .schema import place_of

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
        for kind in STAGE_KEYS:
            stage = self.document.get("stages", {}).get(kind)
            if stage is not None:
                self.check_stage(kind, stage, players)
        self.check_lots(players, teams)
        return self.problems

    def check_texts_and_times(self) -> None:
        """Texts within the database's lengths; times Python can read (RFC 3339 allows a
        leap second, which no database stores)."""
        from .schema import place_of

        limits = _text_limits()

        def visit(node, path):
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, value in items:
                if isinstance(value, dict | list):
                    visit(value, (*path, key))
                    continue
                named = [str(k) for k in (*path, key) if not isinstance(k, int)]
                limit = limits.get(".".join(named[-2:]))
                if isinstance(value, str) and limit is not None and len(value) > limit:
                    self.error(
                        place_of(self.document, (*path, key)),
                        _("is longer than %(limit)s characters") % {"limit": limit},
                    )
                if key == "drawn_at" and isinstance(value, str):
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
        for player in self.document["players"]:
            number = player["no"]
            if number in players:
                self.error(Place(player=number), _("the start number is used twice"))
            players[number] = player
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
        max_card_value = settings.get("max_card_value", MAX_CARD_VALUE)
        numbers = Counter(game["number"] for game in stage["games"])
        for number in sorted(n for n, count in numbers.items() if count > 1):
            self.error(Place(stage=kind, game=number), _("the stage has two games of this number"))
        for game in stage["games"]:
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
        for entry in table.get("rounds", []):
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
            results = Counter(result["player"] for result in entry["results"])
            complete = True
            for player, count in results.items():
                if player not in seats:
                    self.error(
                        replace(at, player=player), _("the player does not sit at this table")
                    )
                    complete = False
                elif count > 1:
                    self.error(
                        replace(at, player=player),
                        _("the player's result is in the round %(count)s times") % {"count": count},
                    )
                    complete = False
            for player in seats:
                if player not in results:
                    self.error(
                        replace(at, player=player), _("the result of a seated player is missing")
                    )
                    complete = False
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
            if not complete:
                lines = [line for line in lines if line.player in seats]
            for problem in sheet.errors(
                sheet.check_sheet(lines, round_number=round_number, max_card_value=max_card_value)
            ):
                self.error(
                    replace(at, player=problem.player),
                    sheet_problem_message(problem),
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


def check_document(document: object) -> tuple[object, list[Problem]]:
    """The normalised document and its problems (errors and warnings)."""
    document = normalise(document)
    return document, Checker(document).run()
