"""The rating's models move here from ``scoring`` (issue 36): their tables stay as they are
(``db_table``), so only Django's state changes; no row is copied. The content types follow, so
that what refers to them (permissions, the admin's log) keeps referring to the same models."""

import django.db.models.deletion
from django.db import migrations, models


MOVED = ("ratingentry", "personrating", "ratingstate")


def move_content_types(apps, schema_editor, source="scoring", target="season"):
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MOVED:
        if not content_type.objects.filter(app_label=target, model=model).exists():
            content_type.objects.filter(app_label=source, model=model).update(app_label=target)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, source="season", target="scoring")


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('scoring', '0015_rating_state_parts'),
        ('tournament', '0028_poker_deals_beyond_seven'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='RatingState',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('fingerprint', models.CharField(blank=True, max_length=64, verbose_name='fingerprint')),
                        ('last', models.JSONField(blank=True, null=True, verbose_name='last rated game')),
                        ('parts', models.JSONField(blank=True, null=True, verbose_name='what the fingerprint is of')),
                        ('computed_at', models.DateTimeField(blank=True, null=True, verbose_name='computed at')),
                    ],
                    options={
                        'verbose_name': 'state of the rating',
                        'verbose_name_plural': 'state of the rating',
                        'db_table': 'scoring_ratingstate',
                    },
                ),
                migrations.CreateModel(
                    name='PersonRating',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('mu', models.FloatField(verbose_name='skill')),
                        ('sigma', models.FloatField(verbose_name='uncertainty')),
                        ('games', models.PositiveIntegerField(verbose_name='rated games')),
                        ('category', models.CharField(max_length=2, verbose_name='category')),
                        ('person', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='rating', to='tournament.person', verbose_name='person')),
                    ],
                    options={
                        'verbose_name': 'rating of a person',
                        'verbose_name_plural': 'ratings of persons',
                        'db_table': 'scoring_personrating',
                        'indexes': [models.Index(fields=['games'], name='person_rating_games')],
                    },
                ),
                migrations.CreateModel(
                    name='RatingEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('position', models.PositiveIntegerField(help_text="The table's game among all rated games.", verbose_name='order of the rated game')),
                        ('when', models.JSONField(default=list, verbose_name='time order')),
                        ('category', models.CharField(max_length=2, verbose_name='category')),
                        ('points', models.IntegerField(verbose_name='points')),
                        ('closes', models.PositiveSmallIntegerField(verbose_name='closes')),
                        ('place', models.PositiveSmallIntegerField(verbose_name='place at the table')),
                        ('players', models.PositiveSmallIntegerField(verbose_name='players at the table')),
                        ('mu_before', models.FloatField(verbose_name='skill before')),
                        ('sigma_before', models.FloatField(verbose_name='uncertainty before')),
                        ('mu', models.FloatField(verbose_name='skill after')),
                        ('sigma', models.FloatField(verbose_name='uncertainty after')),
                        ('games', models.PositiveIntegerField(verbose_name='rated games after it')),
                        ('person', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_entries', to='tournament.person', verbose_name='person')),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournament.player', verbose_name='player')),
                        ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_entries', to='tournament.table', verbose_name='table')),
                    ],
                    options={
                        'verbose_name': 'rated game',
                        'verbose_name_plural': 'rated games',
                        'db_table': 'scoring_ratingentry',
                        'ordering': ['person', 'position'],
                        'indexes': [models.Index(fields=['person', 'position'], name='rating_entry_history')],
                        'constraints': [models.UniqueConstraint(fields=('person', 'table'), name='rating_entry_once')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
