"""The review beside the table (tcf_gui.gui.review_scene)."""
from __future__ import annotations

import pytest
from screen_tour import LANGUAGES, SIZES, drawn, shown

from tcf_gui.i18n import SOURCE


@pytest.mark.parametrize("language", [SOURCE, *LANGUAGES])
def test_the_summary_is_drawn_whole_at_every_size(language, speak, settings, clock, history):
    """Its words were cut after three lines, the rest left off without a mark: the German
    'Genauigkeit 65 %: Zug 3: ... 1 von 4 Zügen' lost 'waren die besten' at 800x520."""
    speak(language)
    with shown("review", settings, clock, history) as manager:
        review = manager.stack[-1]
        for size in SIZES:
            record = drawn(manager, size)
            words = " ".join(box.text for box in record.boxes if box.container == "review")
            assert " ".join(review.summary().split()) in " ".join(words.split()), size
