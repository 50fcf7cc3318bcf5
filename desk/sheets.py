"""Turning what the referee typed (a form, a spreadsheet) into sheet lines for
``scoring.services.save_sheet``. Text that is not a whole number is passed on as it is: the
rules' check words the error next to the field."""

from rules.sheet import SheetLine

FIELDS = ("laid", "unused", "penalty")


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
