"""The stages of a championship, in playing order (B, D, M), and what a lot can order."""

QUALIFIER, FINAL_A, FINAL_B = "qualifier", "final_a", "final_b"
STAGES = (QUALIFIER, FINAL_A, FINAL_B)  # in playing order
FINALS = (FINAL_A, FINAL_B)
TEAMS = "teams"  # a lot orders a stage's tied players, or tied teams


def stage_index(kind: str) -> int:
    return STAGES.index(kind)
