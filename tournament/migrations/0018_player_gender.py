"""The player's grammatical gender: stored players get the one their surname suggests."""

from django.db import migrations, models

from rules.gender import suggested_gender


def suggest(apps, schema_editor):
    Player = apps.get_model("tournament", "Player")
    players = list(Player.objects.only("pk", "name"))
    for player in players:
        player.gender = suggested_gender(player.name)
    Player.objects.bulk_update(players, ["gender"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0017_tournament_phones_url"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="gender",
            field=models.CharField(
                blank=True,
                choices=[("feminine", "feminine"), ("masculine", "masculine")],
                default="masculine",
                help_text=(
                    "The Czech words about the player agree with it (hráčka, vyloučena, "
                    "Mistryně ČR). Left empty, it is suggested from the surname (-ová, -á: "
                    "feminine)."
                ),
                max_length=9,
                verbose_name="grammatical gender",
            ),
            preserve_default=False,
        ),
        migrations.RunPython(suggest, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.CheckConstraint(
                condition=models.Q(("gender__in", ["feminine", "masculine"])),
                name="player_gender_valid",
            ),
        ),
    ]
