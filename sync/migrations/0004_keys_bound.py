"""Every push key is bound to its tournament (0003 bound or removed each); the short name it
was kept by goes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("sync", "0003_pushed_tournament"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="pushtoken",
            options={
                "ordering": ["tournament", "-created_at", "-pk"],
                "verbose_name": "push key",
                "verbose_name_plural": "push keys",
            },
        ),
        migrations.AlterField(
            model_name="pushtoken",
            name="tournament",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="keys",
                to="sync.pushedtournament",
                verbose_name="tournament",
            ),
        ),
        migrations.RemoveField(
            model_name="pushtoken",
            name="slug",
        ),
    ]
