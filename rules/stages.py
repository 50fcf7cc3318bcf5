"""The stages of a championship, in playing order (B, D, M), and what a lot can order."""

QUALIFIER, FINAL_A, FINAL_B = "qualifier", "final_a", "final_b"
STAGES = (QUALIFIER, FINAL_A, FINAL_B)  # in playing order
FINALS = (FINAL_A, FINAL_B)
TEAMS = "teams"  # a lot orders a stage's tied players, or tied teams


def stage_index(kind: str) -> int:
    return STAGES.index(kind)


def from_stage_on(kind: str) -> tuple[str, ...]:
    """The stage and the stages played after it (the two finals are played side by side, but a
    player is in one of them only: the A-final counts as the earlier)."""
    return STAGES[stage_index(kind) :]
