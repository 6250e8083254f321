"""Luck and skill in words (tcf_gui.engine.coach.luck does the arithmetic): the banner's
line, the favour of the cards, the error labels and their counts, the decisive draw.
Points are hundredths of expected score (win 1, draw 0.5), as the skill score's are."""
from __future__ import annotations

from typing import Mapping

from tcf_gui.engine.skill import LABELS, Label, Luck, Skill
from tcf_gui.i18n import N_, _, ngettext
from tcf_gui.words import formats
from tcf_gui.words.skill import accuracy_text, points

#: Luck smaller than this (half a point) is said to favour neither player.
EVEN_LUCK = 0.005

#: The labels' words, marked for translation (shown with _()).
LABEL_WORDS: dict[Label, str] = {
    "doubtful": N_("doubtful"), "bad": N_("bad"), "very_bad": N_("very bad")}


def label_text(label: Label | None) -> str:
    """'doubtful', 'bad', 'very bad'; '' for a move that is no error."""
    return "" if label is None else _(LABEL_WORDS[label])


def favour_text(luck: float) -> str:
    """'the cards favoured Player 2 by 31 points' for Player 1's luck ``luck``."""
    if abs(luck) < EVEN_LUCK:
        return _("the cards favoured neither player")
    return _("the cards favoured Player {seat} by {points}").format(
        seat=1 if luck > 0 else 2, points=points(abs(luck)))


def signed_points(value: float) -> str:
    """'+31', '−4', '0': a share of expected score in points, with its sign."""
    whole = round(100 * value)
    return ("+" if whole > 0 else "\u2212" if whole < 0 else "") + formats.integer(abs(whole))


def favour_you_text(luck: float) -> str:
    """'the cards favoured you by 31 points' / '... your opponent by 31 points' for the
    person's own luck ``luck`` (the end banner speaks to the person, whichever seat)."""
    if abs(luck) < EVEN_LUCK:
        return _("the cards favoured neither player")
    if luck > 0:
        return _("the cards favoured you by {points}").format(points=points(luck))
    return _("the cards favoured your opponent by {points}").format(points=points(-luck))


def luck_line(skill: Skill) -> str:
    """The end banner's line: 'You played 94%; the cards favoured your opponent by 31
    points', from the side of the seat whose decisions were scored (the person's)."""
    luck = skill.luck
    assert luck is not None
    favour = favour_you_text(luck.for_seat(skill.seat).luck)
    if skill.accuracy is None:
        return _("The deal decided the game; {favour}").format(favour=favour)
    return _("You played {accuracy}; {favour}").format(
        accuracy=accuracy_text(skill.accuracy), favour=favour)


def even_text(luck: Luck, seat: int = 1) -> str:
    """'had luck been even: 0.27 (start 0.50, decisions −0.23)' from ``seat``'s side."""
    start = luck.start if seat == 1 else 1 - luck.start
    decisions = luck.skill if seat == 1 else -luck.skill
    return _("had luck been even: {even} (expected {start}, decisions {decisions})").format(
        even=formats.decimal(start + decisions, 2), start=formats.decimal(start, 2),
        decisions=signed_points(decisions))


def lean_text(luck: Luck) -> str:
    """'Under even play the deal favoured Player 1 by 12 points (± 1)': the deal against the
    average deal, both seats played alike; '' when not worked out."""
    if luck.lean is None:
        return ""
    error = formats.decimal(100 * luck.lean_error, 1)
    if abs(luck.lean) < EVEN_LUCK:
        return _("Under even play the deal favoured neither seat (± {error} points)").format(
            error=error)
    return _("Under even play the deal favoured Player {seat} by {points} (± {error})").format(
        seat=1 if luck.lean > 0 else 2, points=points(abs(luck.lean)), error=error)


def decisive_text(luck: Luck) -> str:
    """'the draws of turn 3 decided the game' / 'the deal decided the game' / ''."""
    if luck.decisive is None:
        return ""
    if luck.decisive == 0:
        return _("the deal decided the game ({points})").format(
            points=signed_points(luck.turns[0]))
    return _("the draws of turn {turn} decided the game ({points})").format(
        turn=luck.decisive, points=signed_points(luck.turns[luck.decisive]))


def errors_text(counts: Mapping[Label, int]) -> str:
    """'1 doubtful move, 2 bad moves' (the labels counted, the mildest first); 'no error'."""
    words = {
        "doubtful": lambda n: ngettext("{n} doubtful move", "{n} doubtful moves", n),
        "bad": lambda n: ngettext("{n} bad move", "{n} bad moves", n),
        "very_bad": lambda n: ngettext("{n} very bad move", "{n} very bad moves", n),
    }
    found = [words[label](counts[label]).format(n=counts[label])
             for _least, label in reversed(LABELS) if counts.get(label)]
    return ", ".join(found) if found else _("no error")


def luck_lines(skill: Skill) -> list[str]:
    """The review's lines on luck: the cards' favour and the decisive draw, the result had
    luck been even, the errors counted (none when the luck is not worked out)."""
    luck = skill.luck
    if luck is None:
        return []
    favour = favour_text(luck.luck)
    decisive = decisive_text(luck)
    first = (_("Luck: {favour}; {decisive}.").format(favour=favour, decisive=decisive)
             if decisive else _("Luck: {favour}.").format(favour=favour))
    lean = lean_text(luck)
    return [first + (" " + lean + "." if lean else ""),
            _("Player {seat}'s result {even}.").format(seat=skill.seat,
                                                      even=even_text(luck, skill.seat)),
            _("Errors: {errors}.").format(errors=errors_text(skill.errors()))]
