"""The links of README.md and of the user guide (docs/*.md) lead somewhere: every relative link
or image names a file of the checkout, and every #anchor a heading of the page it names (as
GitHub makes an anchor of a heading)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A markdown link or image: [text](target) or ![alt](target).
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.M | re.S)
    return {anchor(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def links(document: Path) -> list[str]:
    text = re.sub(r"^```.*?^```", "", document.read_text(encoding="utf-8"), flags=re.M | re.S)
    return [target for target in LINK.findall(text) if not re.match(r"[a-z]+:", target)]


def test_the_guide_has_pages():
    assert len(DOCUMENTS) > 5


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_link_leads_to_a_file_and_heading(document):
    for target in links(document):
        path, _, fragment = target.partition("#")
        page = (document.parent / path).resolve() if path else document
        assert page.is_file(), f"{document.name}: {target} names no file"
        if fragment:
            assert fragment in anchors(page), f"{document.name}: {target} names no heading"


def test_anchors_are_github_s():
    assert anchor("The skill score: what players score, what it costs") == \
        "the-skill-score-what-players-score-what-it-costs"
    assert anchor("Today's deal") == "todays-deal"
