from hypothesis import given
from hypothesis import strategies as st

from rules import sheet
from rules.sheet import SheetLine, check_sheet


def codes(problems):
    return [(p.code, p.player, p.field) for p in problems]


def test_a_good_sheet_has_no_problem():
    lines = [SheetLine(1, 20, 0, closed=True), SheetLine(2, 10, 5), SheetLine(3, 0, 30)]
    assert check_sheet(lines, round_number=4) == []


def test_two_closers_are_an_error_at_each():
    lines = [SheetLine(1, 20, 0, closed=True), SheetLine(2, 10, 0, closed=True)]
    assert codes(check_sheet(lines, round_number=4)) == [
        (sheet.TOO_MANY_CLOSERS, 1, "closed"),
        (sheet.TOO_MANY_CLOSERS, 2, "closed"),
    ]


def test_a_closer_has_no_unused_cards():
    lines = [SheetLine(1, 20, 3, closed=True)]
    assert codes(check_sheet(lines, round_number=4)) == [(sheet.CLOSER_HAS_UNUSED, 1, "unused")]


def test_the_card_value_bound():
    # round 1 deals 4 cards: at most 4 x 14 = 56 points in a hand
    assert (
        check_sheet([SheetLine(1, 50, 6, closed=False)], round_number=1)[0].code == sheet.NO_CLOSER
    )
    problems = check_sheet([SheetLine(1, 50, 7)], round_number=1)
    assert codes(sheet.errors(problems)) == [(sheet.OVER_CARD_BOUND, 1, "laid")]
    assert problems[0].params == {"total": 57, "bound": 56, "round": 1}
    assert sheet.errors(check_sheet([SheetLine(1, 50, 7)], round_number=1, max_card_value=15)) == []


def test_numbers_must_be_whole_and_not_negative():
    lines = [
        SheetLine(1, -1, 0),
        SheetLine(2, "7", 0),
        SheetLine(3, 2.5, 0, penalty=-2),
        SheetLine(4, True, 0),
    ]
    assert [(p.player, p.field) for p in sheet.errors(check_sheet(lines, round_number=3))] == [
        (1, "laid"),
        (2, "laid"),
        (3, "laid"),
        (3, "penalty"),
        (4, "laid"),
    ]


def test_no_closer_is_a_warning_only():
    [problem] = check_sheet([SheetLine(1, 5, 5), SheetLine(2, 5, 5)], round_number=2)
    assert problem.code == sheet.NO_CLOSER and problem.severity == sheet.WARNING


@given(
    st.lists(st.tuples(st.integers(0, 80), st.integers(0, 80), st.booleans()), max_size=8),
    st.integers(1, 7),
)
def test_every_error_is_one_of_the_rules(lines, round_number):
    sheet_lines = [
        SheetLine(i, laid, unused, closed) for i, (laid, unused, closed) in enumerate(lines)
    ]
    found = sheet.errors(check_sheet(sheet_lines, round_number=round_number))
    closers = sum(closed for *_, closed in lines)
    bound = (round_number + 3) * 14
    expected = {
        i
        for i, (laid, unused, closed) in enumerate(lines)
        if (closed and unused) or laid + unused > bound or (closed and closers > 1)
    }
    assert {p.player for p in found} == expected


def test_laid_far_above_usual_for_the_deal_is_a_warning():
    # round 7 deals 10 cards; the player usually lays 2 per card: 20 is usual, above 60 is not
    lines = [SheetLine(1, 61, 0, closed=True), SheetLine(2, 20, 2)]
    averages = {1: (2.0, 5), 2: (2.0, 5)}
    problems = check_sheet(lines, round_number=7, averages=averages)
    assert [(p.code, p.severity, p.player, p.field) for p in problems] == [
        (sheet.FAR_ABOVE_AVERAGE, sheet.WARNING, 1, "laid")
    ]
    assert problems[0].params == {"laid": 61, "usual": 20}
    assert check_sheet([SheetLine(1, 60, 0, closed=True)], round_number=7, averages=averages) == []
    # the same laid value in round 1 (4 cards: 8 usual) is far above
    assert check_sheet([SheetLine(1, 25, 0, closed=True)], round_number=1, averages=averages)


def test_a_closer_laying_a_full_hand_is_not_unusual():
    """A player who seldom lays much lays every card when closing: what the whole field lays
    per card is the floor of what is usual."""
    weak = {1: (0.5, 8)}  # 5 points of 10 cards usually
    closing = [SheetLine(1, 40, 0, closed=True)]
    assert check_sheet(closing, round_number=7, averages=weak)[0].code == sheet.FAR_ABOVE_AVERAGE
    assert check_sheet(closing, round_number=7, averages=weak, field_average=2.0) == []


@given(
    rounds=st.integers(min_value=0, max_value=sheet.UNUSUAL_AFTER_ROUNDS - 1),
    laid=st.integers(min_value=0, max_value=140),
)
def test_no_warning_until_the_player_has_a_few_rounds(rounds, laid):
    lines = [SheetLine(1, laid, 0, closed=True)]
    averages = {1: (0.1, rounds)}
    assert check_sheet(lines, round_number=7, averages=averages, field_average=0.1) == []


def test_a_disqualified_line_is_not_unusual():
    lines = [SheetLine(1, 100, 0, disqualified=True), SheetLine(2, 5, 0, closed=True)]
    assert check_sheet(lines, round_number=7, averages={1: (1.0, 9), 2: (1.0, 9)}) == []


def test_a_disqualified_line_is_exempt_from_the_card_bound():
    over = SheetLine(1, 60, 0)
    assert [p.code for p in check_sheet([over], round_number=1)] == [
        "over_card_bound",
        "no_closer",
    ]
    disqualified = SheetLine(1, 60, 0, disqualified=True)
    assert [p.code for p in check_sheet([disqualified], round_number=1)] == ["no_closer"]


def test_the_lines_must_be_one_per_seated_player():
    lines = [SheetLine(1, 10, 0, closed=True), SheetLine(3, 5, 2), SheetLine(3, 5, 2)]
    lines.append(SheetLine(9, 4, 1))
    problems = check_sheet(lines, round_number=2, seated=[1, 2, 3])
    assert [(p.code, p.player) for p in problems] == [
        (sheet.LINE_MISSING, 2),
        (sheet.TWO_LINES, 3),
        (sheet.NOT_SEATED, 9),
    ]
    assert problems[1].params == {"count": 2}
    # the rules are still checked on the lines of seated players
    lines[1] = SheetLine(3, 5, 2, closed=True)
    codes = [p.code for p in check_sheet(lines, round_number=2, seated=[1, 2, 3])]
    assert codes.count(sheet.TOO_MANY_CLOSERS) == 2 and sheet.CLOSER_HAS_UNUSED in codes
