"""The archive's summary (``ArchiveEntry``) moves here from ``scoring`` (issue 36): its table
stays as it is (``db_table``), only Django's state changes; its content type follows."""

import django.db.models.deletion
from django.db import migrations, models


def move_content_type(apps, schema_editor, source="scoring", target="season"):
    content_type = apps.get_model("contenttypes", "ContentType")
    if not content_type.objects.filter(app_label=target, model="archiveentry").exists():
        content_type.objects.filter(app_label=source, model="archiveentry").update(
            app_label=target
        )


def move_content_type_back(apps, schema_editor):
    move_content_type(apps, schema_editor, source="season", target="scoring")


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0016_rating_moved_to_season'),
        ('season', '0001_rating_moved_from_scoring'),
        ('tournament', '0028_poker_deals_beyond_seven'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='ArchiveEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('stage', models.CharField(blank=True, max_length=16, verbose_name='stage of the place')),
                        ('category', models.CharField(blank=True, max_length=4, verbose_name='category')),
                        ('place', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='place')),
                        ('medal', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='medal')),
                        ('champion', models.BooleanField(default=False, verbose_name='title')),
                        ('points', models.IntegerField(default=0, verbose_name='points')),
                        ('closes', models.PositiveIntegerField(default=0, verbose_name='closes')),
                        ('best_round', models.IntegerField(default=0, verbose_name='best round')),
                        ('rounds', models.PositiveIntegerField(default=0, verbose_name='rounds')),
                        ('player', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='archive_entry', to='tournament.player', verbose_name='player')),
                        ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='archive_entries', to='tournament.tournament', verbose_name='tournament')),
                    ],
                    options={
                        'verbose_name': 'archive entry',
                        'verbose_name_plural': 'archive entries',
                        'db_table': 'scoring_archiveentry',
                        'indexes': [models.Index(fields=['-best_round'], name='archive_best_round'), models.Index(fields=['champion'], name='archive_champion')],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_type, move_content_type_back),
    ]
