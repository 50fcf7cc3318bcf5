"""The archive's summary moved to ``season`` (issue 36): gone from this app's state only; its
table stays, now ``season``'s (``db_table``)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('season', '0002_archive_moved_from_scoring'),
        ('scoring', '0016_rating_moved_to_season'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(
                    name='ArchiveEntry',
                ),
            ],
            database_operations=[],
        ),
    ]
