"""A person's name as another player gave it (over the network): cleaned before it is shown
or kept, so that it cannot pass for the table's own words, nor for someone else.

What a name may hold, after Unicode NFKC normalisation (which turns full-width, ligature
and other compatibility forms into their plain letters):

- letters and digits of any script, spaces and punctuation; nothing else (no control or
  format characters, so no bidirectional overrides or zero-width characters; no symbols);
- at most MOST_MARKS combining marks on one letter (a name in Devanagari or with an accent
  Unicode has no single letter for keeps them; a tower of marks does not);
- letters of one script, or Latin with Han, Hiragana, Katakana, Hangul or Bopomofo (as
  Chinese, Japanese and Korean names are written): a name mixing Latin and Cyrillic, whose
  letters look alike, is refused;
- not the words the table uses for its seats ("you", "Player 1", ...), in any case, with or
  without accents.

A refused name, or one with nothing left, is shown as UNKNOWN.
"""
from __future__ import annotations

import unicodedata

from tcf_gui.i18n import _

UNKNOWN = "?"
MOST_MARKS = 2
#: Scripts that may share a name with Latin letters (Unicode TR 39, "highly restrictive").
_WITH_LATIN = ({"CJK", "HIRAGANA", "KATAKANA"}, {"CJK", "HANGUL"}, {"CJK", "BOPOMOFO"})


def _script(char: str) -> str:
    """A letter's script, as the first word of its Unicode name says (CJK for Han)."""
    return unicodedata.name(char, "UNKNOWN").split()[0]


def _skeleton(text: str) -> str:
    """``text`` without case and accents, spaces made one (what a name looks like)."""
    bare = "".join(char for char in unicodedata.normalize("NFKD", text)
                   if not unicodedata.category(char).startswith("M"))
    return " ".join(bare.casefold().split())


def _reserved() -> set[str]:
    """The table's own words for a seat, in English and in the language in force."""
    words = {"you", "me", "player 1", "player 2", "player", "spectator", UNKNOWN,
             _("you"), _("You"), _("Player 1"), _("Player 2")}
    return {_skeleton(word) for word in words}


def _kept(text: str) -> str:
    """The characters a name may hold (see the module), in order."""
    kept: list[str] = []
    marks = MOST_MARKS
    for char in text:
        kind = unicodedata.category(char)
        if kind[0] == "M":
            if kept and kept[-1] != " " and marks < MOST_MARKS:
                kept.append(char)
                marks += 1
            continue
        marks = 0
        if kind[0] in "LNP":
            kept.append(char)
        elif kind[0] == "Z" or char in "\t\n":
            kept.append(" ")
    return " ".join("".join(kept).split())


def _one_script(text: str) -> bool:
    scripts = {_script(char) for char in text if unicodedata.category(char)[0] == "L"}
    if len(scripts) <= 1:
        return True
    return "LATIN" in scripts and any(scripts - {"LATIN"} <= group for group in _WITH_LATIN)


def clean_name(text: str) -> str:
    """``text`` as a name that may be shown (see the module), no longer than ``text``; UNKNOWN
    when it is refused or nothing of it is left."""
    name = _kept(unicodedata.normalize("NFKC", text))[:len(text)].strip()
    if not name or not _one_script(name) or _skeleton(name) in _reserved():
        return UNKNOWN
    return name
