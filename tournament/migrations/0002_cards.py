"""Seed the card table with the values our sources publish (rules/data/cards.csv)."""

from django.db import migrations


def seed_cards(apps, schema_editor):
    from rules.cards import known_cards

    Card = apps.get_model("tournament", "Card")
    for card in known_cards():
        Card.objects.get_or_create(
            letters=card.letters, defaults={"value": card.value, "count": card.count}
        )


class Migration(migrations.Migration):
    dependencies = [("tournament", "0001_initial")]
    operations = [migrations.RunPython(seed_cards, migrations.RunPython.noop)]
