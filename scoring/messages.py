"""Sheet problems of ``rules.sheet`` in words, the same wherever a sheet comes from."""

from django.utils.translation import gettext as _

from rules import sheet

FIELD_NAMES = {
    "laid": lambda: _("laid"),
    "unused": lambda: _("unused"),
    "penalty": lambda: _("penalty"),
    "closed": lambda: _("closed"),
}


def sheet_problem_message(problem: sheet.Problem) -> str:
    params = problem.params
    if problem.code == sheet.NOT_WHOLE_NUMBER:
        return _("„%(field)s“ must be a whole number of 0 or more, not %(value)s") % {
            "field": FIELD_NAMES[problem.field](),
            "value": params["value"],
        }
    if problem.code == sheet.CLOSER_HAS_UNUSED:
        return (
            _("closed the round but has unused cards worth %(unused)s; a closer has used all cards")
            % params
        )
    if problem.code == sheet.TOO_MANY_CLOSERS:
        return _("more than one player closed the round (players %(closers)s); only one can") % {
            "closers": ", ".join(map(str, params["closers"]))
        }
    if problem.code == sheet.OVER_CARD_BOUND:
        return (
            _(
                "laid and unused together are %(total)s, more than the %(bound)s that the cards "
                "of round %(round)s can be worth"
            )
            % params
        )
    if problem.code == sheet.FAR_ABOVE_AVERAGE:
        return (
            _(
                "laid %(laid)s is far more than usual in this round (about %(usual)s); "
                "please check it"
            )
            % params
        )
    if problem.code == sheet.NO_CLOSER:
        return _("nobody closed the round: only the referee may end a round that way")
    raise ValueError(problem.code)
