"""Path converters of the addresses: stages by their Czech names (/kvalifikace/, /finale-a/,
/finale-b/), and numbers written one way only."""

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


class NumberConverter:
    """A start number or a row's id as the pages link it: no leading zero, at most nine
    digits. Django's ``int`` also takes ``/hrac/0007/``, another address of the same page
    (a cached page would be kept again under it: issue 31, 7); here that is no address."""

    regex = "[1-9][0-9]{0,8}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(StageConverter, "stage")
register_converter(NumberConverter, "number")
