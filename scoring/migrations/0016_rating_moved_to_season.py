"""The rating's models moved to ``season`` (issue 36): gone from this app's state only; their
tables stay, now ``season``'s (``db_table``)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0015_rating_state_parts'),
        ('season', '0001_rating_moved_from_scoring'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='personrating',
                    name='person',
                ),
                migrations.RemoveField(
                    model_name='ratingentry',
                    name='person',
                ),
                migrations.RemoveField(
                    model_name='ratingentry',
                    name='player',
                ),
                migrations.RemoveField(
                    model_name='ratingentry',
                    name='table',
                ),
                migrations.DeleteModel(
                    name='RatingState',
                ),
                migrations.DeleteModel(
                    name='PersonRating',
                ),
                migrations.DeleteModel(
                    name='RatingEntry',
                ),
            ],
            database_operations=[],
        ),
    ]
