"""What the subcommands share: the argument types (from tcf_gui.args), their one-line
messages on stderr, a rate's format and a p-value's."""
from __future__ import annotations

import sys

from tcf_gui.words import formats
from tcf_gui.args import games_int, positive_int, seed_int, strategy_spec
from tcf_gui.lab.statistics import wilson_interval
from tcf_gui.i18n import _

__all__ = ["games_int", "p_value_text", "positive_int", "rate_with_interval", "say",
           "say_error", "seed_int", "strategy_spec"]


def say(command: str | None, message: object) -> None:
    """'tcf-gui COMMAND: message' on stderr."""
    program = f"tcf-gui {command}" if command else "tcf-gui"
    print(f"{program}: {message}", file=sys.stderr)


def say_error(command: str | None, problem: object) -> None:
    """'tcf-gui COMMAND: error: problem' on stderr: a command's one-line failure."""
    program = f"tcf-gui {command}" if command else "tcf-gui"
    # TRANSLATORS: a command's one-line failure: {program} is "tcf-gui COMMAND" as typed.
    print(_("{program}: error: {problem}").format(program=program, problem=problem),
          file=sys.stderr)


def rate_with_interval(successes: int, trials: int) -> str:
    """A rate in percent with its 95% Wilson interval: ' 80.05%  (95% CI 79.97-80.13%)', in
    the language's numbers."""
    low, high = wilson_interval(successes, trials)
    rate = successes / trials if trials else 0.0
    # TRANSLATORS: a rate and its 95% confidence interval: " 80.05%  (95% CI 79.97%-80.13%)".
    return _("{rate}  (95% CI {low}-{high})").format(
        rate=f"{formats.percent(rate, 2):>7}", low=formats.percent(low, 2),
        high=formats.percent(high, 2))


def p_value_text(p_value: float) -> str:
    """A test's p-value as the duels print it: 'p = 0.0123', or 'p < 1e-12' below that."""
    return "p < 1e-12" if p_value < 1e-12 else f"p = {p_value:.3g}"
