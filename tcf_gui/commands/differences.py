"""The words of a difference between two strategies' win rates (duel, same decks,
tournament): the difference with its interval and test, and what it shows."""
from __future__ import annotations

from tcf_gui.commands.common import p_value_text
from tcf_gui.i18n import _
from tcf_gui.lab.statistics import Difference
from tcf_gui.words import formats


def difference_lines(a: str, b: str, diff: Difference, test: str, sign_test: str,
                     digits: int = 2, even: bool = False) -> list[str]:
    """The difference A - B with its interval and test, and what it shows; ``test`` the
    test's name (untranslated), ``sign_test`` the one used when ``diff.exact``, ``even``:
    every deck came out even (same decks)."""
    if diff.exact:
        test = sign_test
        lines = [_("Difference A - B: {value} points, {p}").format(
            value=signed_points(diff.value, digits), p=p_value_text(diff.p_value))]
    else:
        lines = [_("Difference A - B: {value} points (95% CI {low} to {high}), z = {z}, "
                   "{p}").format(value=signed_points(diff.value, digits),
                                 low=signed_points(diff.low, digits),
                                 high=signed_points(diff.high, digits),
                                 z=formats.decimal(diff.z, 2), p=p_value_text(diff.p_value))]
    if diff.significant:
        lines.append(_("Significant at the 5% level: {name} wins more often.").format(
            name=a if diff.value > 0 else b))
    elif even:
        # TRANSLATORS: a deck "comes out even" when A and B each won one of its two games,
        # or both were drawn (as when the two strategies choose alike).
        lines.append(_("Every deck came out even: no difference to test."))
    else:
        lines.append(_("Not significant at the 5% level: no difference shown at this number "
                       "of games."))
    lines.append("  " + _("(test: {name})").format(name=_(test)))
    return lines


def signed_points(fraction: float, digits: int = 2) -> str:
    """A difference of two rates in percentage points, signed: '+1.25'."""
    return ("+" if fraction >= 0 else "") + formats.decimal(100 * fraction, digits)


def unadjusted_line(name: str, luck: float, plain: Difference, digits: int = 2) -> str:
    """The line under a difference adjusted for luck: what A's cards were worth to it, and
    the difference without the adjustment."""
    return _("Adjusted for luck: {name}'s cards were worth {luck} points a game to it; "
             "without the adjustment the difference is {value} points (95% CI {low} to "
             "{high}).").format(name=name, luck=signed_points(luck, digits),
                                value=signed_points(plain.value, digits),
                                low=signed_points(plain.low, digits),
                                high=signed_points(plain.high, digits))


def difference_fields(diff: Difference, test: str, sign_test: str) -> dict[str, object]:
    """A difference in --json: its value, interval, z, p-value, verdict and test."""
    return {"difference": diff.value,
            "difference_ci": None if diff.exact else [diff.low, diff.high],
            "z": None if diff.exact else diff.z, "p_value": diff.p_value,
            "significant": diff.significant, "test": sign_test if diff.exact else test}
