"""A chart's SVG names its title and description by ids that every server process writes the
same way, so a page cached by one worker and one rendered by another agree."""

import os
import subprocess
import sys

from django.conf import settings

from public.charts import running_total

SCRIPT = (
    "import django; django.setup(); "
    "from public.charts import running_total; "
    "print(running_total([3, 10, 12], 'Průběh hry: Novák Jan')['svg'])"
)


def svg_in_a_new_process(hash_seed: str) -> str:
    environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
    environment.setdefault("DJANGO_SETTINGS_MODULE", "syllabatim.settings")
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        check=True,
        cwd=settings.BASE_DIR,
        env=environment,
    )
    return done.stdout.strip()


def test_the_chart_ids_are_the_same_in_every_process():
    assert svg_in_a_new_process("1") == svg_in_a_new_process("2")


def test_the_chart_is_named_by_its_caption_by_its_own_id():
    first = running_total([3, 10, 12], "Průběh hry: Novák Jan")
    second = running_total([3, 10, 12], "Průběh hry: Dvořák Petr")
    caption_id = first["caption_id"]
    assert f'aria-labelledby="{caption_id}"' in first["svg"]
    assert first["caption_id"] not in second["svg"]  # another player's chart, another id


def test_the_sentence_is_not_written_twice_into_the_chart():
    chart = running_total([3, 10, 12], "Průběh hry: Novák Jan")
    assert chart["summary"] not in chart["svg"] and "<title" not in chart["svg"]
