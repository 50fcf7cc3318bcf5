from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        from tournament import changes, registry

        from .models import Ceremony, Lot, RoundResult, Sanction, Sheet

        # the ceremony's moves too: the hall and the public follow it by the change stamp
        for model in (Lot, Sanction, Ceremony):
            changes.register(model, changes.by_tournament)
        for model in (Sheet, RoundResult):
            changes.register(model, changes.by_table)
        registry.register_results(RoundResult, "table__game")
