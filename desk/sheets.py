"""The sheet form's helpers live in ``scoring.sheet_form`` (shared with the table's page)."""

from scoring.sheet_form import FIELDS, field_name, form_values, lines_from_form, number

__all__ = ["FIELDS", "field_name", "form_values", "lines_from_form", "number"]
