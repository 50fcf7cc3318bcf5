"""Stages in addresses by their Czech names: /kvalifikace/, /finale-a/, /finale-b/."""

from django.urls import register_converter

from rules.stages import FINAL_A, FINAL_B, QUALIFIER

KIND_OF_TEXT = {"kvalifikace": QUALIFIER, "finale-a": FINAL_A, "finale-b": FINAL_B}
TEXT_OF_KIND = {kind: text for text, kind in KIND_OF_TEXT.items()}


class StageConverter:
    regex = "|".join(KIND_OF_TEXT)

    def to_python(self, value: str) -> str:
        return KIND_OF_TEXT[value]

    def to_url(self, value: str) -> str:
        return TEXT_OF_KIND[value]


register_converter(StageConverter, "stage")
