"""A player's eligibility (A) and a team's size (B) in words, the same wherever they are
shown."""

from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

from rules import eligibility
from rules.championship import TEAM_SIZE_MAX, TEAM_SIZE_MIN

ELIGIBILITY_WORDS = {
    eligibility.UNDER_AGE: gettext_lazy("under 18 on the first day"),
    eligibility.NOT_PAID: gettext_lazy("entry fee not paid"),
}
WARNING_WORDS = {
    eligibility.NO_BIRTH_DATE: gettext_lazy("no birth date: check the age limit"),
}


def eligibility_words(problems) -> str:
    """Why a player may not be drawn, e.g. „under 18 on the first day, entry fee not paid“."""
    return ", ".join(str(ELIGIBILITY_WORDS[code]) for code in problems)


def eligibility_sentence(player) -> str:
    """The player's eligibility as one phrase: eligible, or not and why; and what to check."""
    problems = player.eligibility_problems()
    woman = player.feminine
    if problems:
        words = (
            pgettext("feminine", "not eligible: %(reasons)s")
            if woman
            else gettext("not eligible: %(reasons)s")
        ) % {"reasons": eligibility_words(problems)}
    else:
        words = pgettext("feminine", "eligible") if woman else gettext("eligible")
    warnings = eligibility.eligibility_warnings(birth_date=player.birth_date)
    if warnings:
        words += "; " + ", ".join(str(WARNING_WORDS[code]) for code in warnings)
    return words


def team_size_message(count: int) -> str:
    """Why a roster of ``count`` players is not a team (B: 3 to 5)."""
    return ngettext(
        "A team has %(min)s to %(max)s player, this one %(count)s.",
        "A team has %(min)s to %(max)s players, this one %(count)s.",
        TEAM_SIZE_MAX,
    ) % {"min": TEAM_SIZE_MIN, "max": TEAM_SIZE_MAX, "count": count}
