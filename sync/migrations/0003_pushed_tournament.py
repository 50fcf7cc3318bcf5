"""Push keys bound to a tournament that this server's organiser created (issue 31), not to a
short name: a key made for any new short name used to create the tournament on its first push.

Each existing key is bound to the tournament of its short name, with that tournament's kind
and year. A key whose short name has no tournament on this server has pushed nothing that is
here (a push creates the tournament): it is removed; the organiser creates the tournament, with
its kind and year, and makes a new key."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


def bind_keys(apps, schema_editor):
    PushToken = apps.get_model("sync", "PushToken")
    PushedTournament = apps.get_model("sync", "PushedTournament")
    Tournament = apps.get_model("tournament", "Tournament")
    slugs = set(PushToken.objects.values_list("slug", flat=True))
    found = {t.slug: t for t in Tournament.objects.filter(slug__in=slugs)}
    for slug in sorted(slugs):
        tournament = found.get(slug)
        if tournament is None:
            PushToken.objects.filter(slug=slug).delete()
            continue
        bound, _created = PushedTournament.objects.get_or_create(
            slug=slug,
            defaults={
                "kind": tournament.kind,
                "year": tournament.year,
                "created_by": "upgrade",
            },
        )
        PushToken.objects.filter(slug=slug).update(tournament=bound)


def slugs_back(apps, schema_editor):
    PushToken = apps.get_model("sync", "PushToken")
    for token in PushToken.objects.select_related("tournament"):
        token.slug = token.tournament.slug
        token.save(update_fields=["slug"])


class Migration(migrations.Migration):
    dependencies = [
        ("sync", "0002_venue_refusal"),
        ("tournament", "0025_tournament_plays_finals"),
    ]

    operations = [
        migrations.CreateModel(
            name="PushedTournament",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "slug",
                    models.SlugField(unique=True, verbose_name="tournament's short name"),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("championship", "championship"),
                            ("local_qualifier", "local qualifier"),
                            ("club", "club tournament"),
                        ],
                        max_length=16,
                        verbose_name="kind of tournament",
                    ),
                ),
                ("year", models.PositiveSmallIntegerField(verbose_name="year")),
                (
                    "created_at",
                    models.DateTimeField(
                        default=django.utils.timezone.now, verbose_name="created"
                    ),
                ),
                (
                    "created_by",
                    models.CharField(blank=True, max_length=150, verbose_name="created by"),
                ),
            ],
            options={
                "verbose_name": "tournament received by push",
                "verbose_name_plural": "tournaments received by push",
                "ordering": ["slug"],
            },
        ),
        migrations.AddField(
            model_name="pushtoken",
            name="tournament",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="keys",
                to="sync.pushedtournament",
                verbose_name="tournament",
            ),
        ),
        migrations.RunPython(bind_keys, slugs_back),
    ]
