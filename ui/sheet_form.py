"""Turning what was typed (the desk's form, a spreadsheet, the table's page) into sheet lines
for ``scoring.sheets.save_sheet``, with the version of the sheet the form was loaded with,
and the form's values and rows back. Text that is not a whole number is passed on as it is:
the rules' check words the error next to the field.

Shared by the audience apps (the referee's desk, the table's page), which do not import each
other."""

import re

from django.utils.translation import gettext as _

from rules.rulesets import CARDS, COUNT, FLAG, RuleSet, SheetField
from rules.score import RESULT_FIELDS, RESULT_FLAGS
from rules.sheet import SheetLine
from scoring.messages import action_card_name, field_label
from scoring.sheets import LineProblem, club_rules

# A line's numbers (its yes/no boxes aside), from the line's one definition.
FIELDS = tuple(name for name in RESULT_FIELDS if name not in RESULT_FLAGS)
# What a table's scorekeeper enters: disqualification and penalties are the referee's.
REFEREES_FIELDS = ("disqualified", "penalty")
TABLE_FIELDS = tuple(name for name in RESULT_FIELDS if name not in REFEREES_FIELDS)
# A club rule set's numbers that may be left empty: asked only of a player who kept the card.
CARD_WORD_FIELDS = ("doubled_word", "halved_word")


def card_key(card: str) -> str:
    """The form's name of one action card's box (``p12-card-bonus_3``)."""
    return f"card-{card}"


def club_keys(rule_set: RuleSet) -> tuple[str, ...]:
    """The form's fields of one player's line under a club rule set: each of the rule set's
    fields, the action cards kept as one box a card."""
    keys = []
    for field in rule_set.fields:
        if field.kind == CARDS:
            keys += [card_key(card) for card in rule_set.action_cards]
        else:
            keys.append(field.name)
    return tuple(keys)


def club_columns(state) -> list[dict]:
    """A club rule set's columns of the sheet, in order, with their labels: the numbers and
    the closing box, then one box per action card ("card")."""
    rule_set = club_rules(state)
    if rule_set is None:
        return []
    columns = []
    for key in club_keys(rule_set):
        if key.startswith("card-"):
            label, kind = action_card_name(key.removeprefix("card-")), "card"
        else:
            label = field_label(key, rule_set.name)
            kind = "flag" if key == "closed" else "count"
        columns.append(
            {"key": key, "label": label, "kind": kind, "optional": key in CARD_WORD_FIELDS}
        )
    return columns


def sheet_keys(state, *, at_table: bool = False) -> tuple[str, ...]:
    """The fields a sheet's form asks per player: the rule set's; under the championship's
    rules the desk's (with disqualification and penalty) or the table's."""
    rule_set = club_rules(state)
    if rule_set is not None:
        return club_keys(rule_set)
    return TABLE_FIELDS if at_table else RESULT_FIELDS


def _club_line(rule_set: RuleSet, player: int, data) -> object:
    values = {}
    for field in rule_set.fields:
        values[field.name] = _club_value(rule_set, field, player, data)
    return rule_set.line(player, values)


def _club_value(rule_set: RuleSet, field: SheetField, player: int, data):
    if field.kind == FLAG:
        return data.get(field_name(player, field.name)) == "on"
    if field.kind == CARDS:
        return tuple(
            card
            for card in rule_set.action_cards
            if data.get(field_name(player, card_key(card))) == "on"
        )
    typed = data.get(field_name(player, field.name), "")
    if field.name in CARD_WORD_FIELDS and str(typed).strip() == "":
        return 0
    return number(typed) if field.kind == COUNT else typed


def number(value) -> object:
    """A whole number typed as text (or a spreadsheet cell) as int; anything else as given."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    text = str(value).strip()
    try:
        return int(text)
    except ValueError:
        return text


def form_version(data) -> int:
    """The sheet's version the form was loaded with (its hidden ``version`` field, 0 for a
    sheet not saved yet); anything else is -1, a version no sheet has, which the service
    refuses as a sheet changed meanwhile."""
    text = str(data.get("version", "0")).strip()
    return int(text) if text.isdigit() and int(text) < 2**31 else -1


def field_name(start_number: int, name: str) -> str:
    return f"p{start_number}-{name}"


# A field of one player's line in a sheet's form: ``p<start number>-<field>``.
FORM_KEY = re.compile(r"p(\d+)-(.+)")


def unasked_keys(state, data, *, at_table: bool = False) -> list[LineProblem]:
    """The fields sent that the sheet's form does not ask (issue 35: refused, never dropped):
    a field the rule set (or, at the table, the scorekeeper) is not asked, or a player who does
    not sit at the table; each with its player. Empty: every field sent is asked."""
    asked = set(sheet_keys(state, at_table=at_table))
    seated = {seat.player.start_number for seat in state.seats}
    problems = []
    for key in sorted(data):
        found = FORM_KEY.fullmatch(key)
        if found is None:
            continue
        player, name = int(found[1]), found[2]
        if player not in seated:
            problems.append(
                LineProblem(
                    None,
                    None,
                    _(
                        "Player no. %(player)s does not sit at this table, yet the form sends "
                        "their field „%(field)s“: nothing was saved."
                    )
                    % {"player": player, "field": name},
                )
            )
        elif name not in asked:
            problems.append(
                LineProblem(
                    player,
                    None,
                    _(
                        "Player no. %(player)s: this sheet does not ask „%(field)s“, so its "
                        "value is refused, not dropped: nothing was saved."
                    )
                    % {"player": player, "field": name},
                )
            )
    return problems


def lines_from_form(state, data) -> list[SheetLine]:
    """The sheet's lines as typed, one per seated player: the rule set's lines."""
    rule_set = club_rules(state)
    if rule_set is not None:
        return [_club_line(rule_set, seat.player.start_number, data) for seat in state.seats]
    lines = []
    for seat in state.seats:
        no = seat.player.start_number
        penalty = data.get(field_name(no, "penalty"), "")
        lines.append(
            SheetLine(
                player=no,
                laid=number(data.get(field_name(no, "laid"))),
                unused=number(data.get(field_name(no, "unused"))),
                closed=data.get(field_name(no, "closed")) == "on",
                disqualified=data.get(field_name(no, "disqualified")) == "on",
                penalty=0 if str(penalty).strip() == "" else number(penalty),
            )
        )
    return lines


def form_values(state, data=None) -> dict:
    """The values to show in the form: what was typed, else what is stored."""
    rule_set = club_rules(state)
    if rule_set is not None:
        return _club_form_values(state, rule_set, data)
    values = {}
    for seat in state.seats:
        no = seat.player.start_number
        stored = state.results.get(no)
        for name in RESULT_FIELDS:
            key = field_name(no, name)
            if data is not None:
                values[key] = data.get(key, "")
            elif stored is not None:
                values[key] = getattr(stored, name)
            else:
                values[key] = "" if name in FIELDS else False
        if data is None and stored is None:
            values[field_name(no, "penalty")] = ""
    return values


def _club_form_values(state, rule_set: RuleSet, data) -> dict:
    values = {}
    for seat in state.seats:
        no = seat.player.start_number
        stored = state.results.get(no)
        for key in club_keys(rule_set):
            name = field_name(no, key)
            if data is not None:
                values[name] = data.get(name, "")
            elif stored is None:
                values[name] = False if key.startswith("card-") or key == "closed" else ""
            elif key.startswith("card-"):
                kept = stored.rule_values.get("action_cards", [])
                values[name] = key.removeprefix("card-") in kept
            elif key in ("laid", "unused", "closed"):
                values[name] = getattr(stored, key)
            else:
                values[name] = stored.rule_values.get(key, "")
    return values


def form_rows(state, values, problems, fields=RESULT_FIELDS):
    """One row per seated player in seating order: each field's name, id, value and its own
    problems; the row's problems that name no field; whether the player starts the round."""
    by_place = {}
    for problem in problems:
        by_place.setdefault((problem.player, problem.field), []).append(problem)
    rows = []
    for seat in state.seats:
        no = seat.player.start_number
        rows.append(
            {
                "seat": seat,
                "player": seat.player,
                "starts": seat.position == state.starting_position,
                "fields": {
                    name: {
                        "name": field_name(no, name),
                        "id": f"id_{field_name(no, name)}",
                        "value": values.get(field_name(no, name), ""),
                        "problems": by_place.get((no, name), []),
                    }
                    for name in fields
                },
                # the row's own problems, and the action cards' (one box a card, no one field)
                "row_problems": by_place.get((no, None), [])
                + by_place.get((no, "action_cards"), []),
            }
        )
    return rows
