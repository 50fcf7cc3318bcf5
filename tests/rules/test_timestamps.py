from datetime import UTC, datetime, timedelta, timezone

import pytest

from interchange.schema import validator
from rules.timestamps import is_date, is_moment, parse_date, parse_moment


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "2026-06-13T09:30:00+02:00",
            datetime(2026, 6, 13, 9, 30, tzinfo=timezone(timedelta(hours=2))),
        ),
        ("2026-06-13t07:30:00z", datetime(2026, 6, 13, 7, 30, tzinfo=UTC)),  # RFC 3339 allows it
        ("2026-06-13T07:30:00.25Z", datetime(2026, 6, 13, 7, 30, 0, 250000, tzinfo=UTC)),
    ],
)
def test_an_rfc_3339_moment_is_read(text, expected):
    assert parse_moment(text) == expected
    assert is_moment(text)


@pytest.mark.parametrize(
    "text",
    [
        "2026-06-13 07:30:00Z",  # a space is ISO 8601's, not RFC 3339's
        "2026-06-13T07:30:00",  # no offset: which time?
        "2026-06-13",
        "2026-13-13T07:30:00Z",
        "2026-06-13T24:30:00Z",
        "13. 6. 2026 7:30",
    ],
)
def test_what_is_not_an_rfc_3339_moment_is_refused(text):
    with pytest.raises(ValueError):
        parse_moment(text)
    assert not is_moment(text)


def test_a_date_is_year_month_day():
    assert parse_date("2026-06-13").day == 13
    for text in ("2026-6-13", "13.6.2026", "2026-02-30", "20260613"):
        assert not is_date(text)


def test_the_schema_checks_its_formats_with_the_same_reading(example_document):
    example_document["tournament"]["start_date"] = "2026-02-30"
    example_document["lots"] = []
    errors = list(validator("tournament").iter_errors(example_document))
    assert [e.validator for e in errors] == ["format"]
