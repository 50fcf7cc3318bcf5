"""The rating keeps one list per game (issue 37): a rated game, a person's rating and the
rating's state each say their game. Ratings computed before were of every rated tournament
together: where only Syllabatim's rule sets were rated (the championship, the casual scoring,
Syllabatim 2) they stand as Syllabatim's; where another game's tournament was rated with them
they are removed, and the next write or ``manage.py rating`` computes each game's apart."""

import django.db.models.deletion
from django.core.management.color import no_style
from django.db import migrations, models


SYLLABATIM_RULE_SETS = ("championship", "casual", "syllabatim_2")  # rules.games, today


def keep_only_syllabatim(apps, schema_editor):
    state = apps.get_model("season", "RatingState")
    # The one row was made with pk=1 given, which moved no sequence (PostgreSQL): the games'
    # rows to come take the next ids.
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), [state]):
            cursor.execute(statement)
    entry = apps.get_model("season", "RatingEntry")
    others = entry.objects.exclude(
        table__game__stage__tournament__rule_set__in=SYLLABATIM_RULE_SETS
    )
    if others.exists():
        entry.objects.all().delete()
        apps.get_model("season", "PersonRating").objects.all().delete()
        apps.get_model("season", "RatingState").objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ('season', '0002_archive_moved_from_scoring'),
        ('tournament', '0028_poker_deals_beyond_seven'),
    ]

    operations = [
        migrations.AddField(
            model_name='personrating',
            name='game',
            field=models.CharField(default='syllabatim', max_length=16, verbose_name='game played'),
        ),
        migrations.AddField(
            model_name='ratingentry',
            name='game',
            field=models.CharField(default='syllabatim', max_length=16, verbose_name='game played'),
        ),
        migrations.AddField(
            model_name='ratingstate',
            name='game',
            field=models.CharField(default='syllabatim', max_length=16, unique=True, verbose_name='game played'),
        ),
        migrations.AlterField(
            model_name='personrating',
            name='person',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='tournament.person', verbose_name='person'),
        ),
        migrations.AlterField(
            model_name='ratingentry',
            name='position',
            field=models.PositiveIntegerField(help_text="The table's game among the game's rated games.", verbose_name='order of the rated game'),
        ),
        migrations.AddConstraint(
            model_name='personrating',
            constraint=models.UniqueConstraint(fields=('person', 'game'), name='person_rating_once_a_game'),
        ),
        migrations.RunPython(keep_only_syllabatim, migrations.RunPython.noop),
    ]
