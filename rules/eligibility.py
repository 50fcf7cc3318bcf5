"""Who may play (A): 18 or older on the first day; entry fee paid or a local qualifier."""

from datetime import date

from .championship import ADULT_AGE

NO_BIRTH_DATE = "no_birth_date"
UNDER_AGE = "under_age"
NOT_PAID = "not_paid"


def age_on(birth_date: date, day: date) -> int:
    return day.year - birth_date.year - ((day.month, day.day) < (birth_date.month, birth_date.day))


def eligibility_problems(
    *, birth_date: date | None, paid: bool, local_qualifier: bool, first_day: date
) -> list[str]:
    """Why a player may not be drawn; empty when eligible. An unknown birth date does not
    block (see ``eligibility_warnings``)."""
    problems = []
    if birth_date is not None and age_on(birth_date, first_day) < ADULT_AGE:
        problems.append(UNDER_AGE)
    if not (paid or local_qualifier):
        problems.append(NOT_PAID)
    return problems


def eligibility_warnings(*, birth_date: date | None) -> list[str]:
    """What the organiser should still check: the age of a player without a birth date."""
    return [NO_BIRTH_DATE] if birth_date is None else []
