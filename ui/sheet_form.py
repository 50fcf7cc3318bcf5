"""Turning what was typed (the desk's form, a spreadsheet, the table's page) into sheet lines
for ``scoring.sheets.save_sheet``, with the version of the sheet the form was loaded with,
and the form's values and rows back. Text that is not a whole number is passed on as it is:
the rules' check words the error next to the field.

Shared by the audience apps (the referee's desk, the table's page), which do not import each
other."""

from rules.sheet import SheetLine

FIELDS = ("laid", "unused", "penalty")
# What a table's scorekeeper enters: disqualification and penalties are the referee's.
TABLE_FIELDS = ("laid", "unused", "closed")


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


def lines_from_form(state, data) -> list[SheetLine]:
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
    values = {}
    for seat in state.seats:
        no = seat.player.start_number
        stored = state.results.get(no)
        for name in (*FIELDS, "closed", "disqualified"):
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


def form_rows(state, values, problems, fields=(*TABLE_FIELDS, "disqualified", "penalty")):
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
                "row_problems": by_place.get((no, None), []),
            }
        )
    return rows
