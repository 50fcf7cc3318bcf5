"""Every player recorded before persons existed gets a person, matched across tournaments as
registration matches (``tournament.persons``): the same name without accents and case and the
same birth date is one person; anything less certain is a new person, which the staff's page of
possible duplicates lists for the organiser to merge."""

import uuid

from django.db import migrations


def persons_for_players(apps, schema_editor):
    from tournament.models import matching_name

    Person = apps.get_model("tournament", "Person")
    Player = apps.get_model("tournament", "Player")
    known: dict[tuple, list] = {}
    for person in Person.objects.filter(merged_into__isnull=True):
        known.setdefault((person.folded_name, person.birth_date), []).append(person)
    players = Player.objects.filter(person__isnull=True).order_by(
        "tournament__start_date", "tournament_id", "start_number"
    )
    for player in players:
        key = (matching_name(player.name), player.birth_date)
        found = known.get(key, []) if player.birth_date is not None else []
        if len(found) == 1:
            person = found[0]
        else:
            person = Person.objects.create(
                name=player.name,
                birth_date=player.birth_date,
                sight_class=player.sight_class,
                gender=player.gender,
                club=player.club,
                uuid=uuid.uuid4(),
                folded_name=key[0],
            )
            known.setdefault(key, []).append(person)
        player.person = person
        player.save(update_fields=["person"])


class Migration(migrations.Migration):
    dependencies = [("tournament", "0021_person_stable_id_and_history")]

    operations = [migrations.RunPython(persons_for_players, migrations.RunPython.noop)]
