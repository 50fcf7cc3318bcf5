"""Path converters of the addresses: stages by their Czech names (/kvalifikace/, /finale-a/,
/finale-b/), and numbers written one way only. Registered once, when the app is ready
(``ui.apps``), for every app's URL modules."""

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


class QualifierConverter(StageConverter):
    """The qualifier only: its draws are the organiser's (the finals' are the referee's too)."""

    regex = TEXT_OF_KIND[QUALIFIER]

    def to_url(self, value: str) -> str:
        if value != QUALIFIER:
            raise ValueError(value)  # reverse() tries the finals' pattern of the same name
        return super().to_url(value)


class FinalConverter(StageConverter):
    """A final (A or B): rules D, L and N have the referee draw them."""

    regex = f"{TEXT_OF_KIND[FINAL_A]}|{TEXT_OF_KIND[FINAL_B]}"

    def to_url(self, value: str) -> str:
        if value not in (FINAL_A, FINAL_B):
            raise ValueError(value)
        return super().to_url(value)


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
register_converter(QualifierConverter, "qualifier")
register_converter(FinalConverter, "final")
register_converter(NumberConverter, "number")
