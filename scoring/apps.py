from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        from tournament import changes, registry

        from .models import Lot, RoundResult, Sanction, Sheet

        for model in (Lot, Sanction):
            changes.register(model, changes.by_tournament)
        for model in (Sheet, RoundResult):
            changes.register(model, changes.by_table)
        registry.register_results(RoundResult, "table__game")
