"""The skill score in words (tcf_gui.engine.skill holds the numbers): the line under the
end banner, the costliest decision in players' notation, the model a score was graded
against. ``symbols=False`` writes cards as the command line reads them (9H) for a terminal
that cannot print the suit symbols."""
from __future__ import annotations

from tcf_gui.words import formats
from tcf_gui.engine.skill import Decision, Skill
from tcf_gui.i18n import _, ngettext
from tcf_gui.words.notation import card_text


def accuracy_text(accuracy: float) -> str:
    """'94%'; never '100%' for a game that gave anything up (99.6 reads '99%')."""
    whole = int(accuracy) if accuracy < 100 else 100
    return formats.percent(whole / 100, 0)


def points(given_up: float, *, exact: bool = False) -> str:
    """Win chance given up, in points: '6 points', '1 point', '0.4 points' ('18.3 points'
    with ``exact``: one decimal whatever the size)."""
    value = 100 * given_up
    if exact or value < 0.95:
        return _("{points} points").format(points=formats.decimal(value, 1))
    n = round(value)
    return ngettext("{n} point", "{n} points", n).format(n=n)


def costliest_text(decision: Decision, *, symbols: bool = True) -> str:
    """'turn 2: discarding 9♥ gave up 6 points; 3♣ was best'."""
    return _("turn {turn}: discarding {card} gave up {points}; {best} was best").format(
        turn=decision.turn, card=card_text(decision.card, symbols=symbols),
        points=points(decision.given_up), best=card_text(decision.best, symbols=symbols))


def model_note(skill: Skill) -> str:
    """'' for a score against the game's own opponent, else which model stood in."""
    return _("scored against the Normal model") if skill.stand_in else ""


def score_line(skill: Skill, *, symbols: bool = True) -> str:
    """The game's score in one line: 'Accuracy 88%: turn 2: discarding 9♥ gave up 6
    points; 3♣ was best', with the model when Normal stood in."""
    note = model_note(skill)
    worst = skill.costliest
    if skill.accuracy is None:
        line = (_("No move to score: the deal ended the game ({note})") if note else
                _("No move to score: the deal ended the game"))
        return line.format(note=note)
    accuracy = accuracy_text(skill.accuracy)
    if worst is None:
        line = (_("Accuracy {accuracy}: every move was the coach's best ({note})") if note else
                _("Accuracy {accuracy}: every move was the coach's best"))
        return line.format(accuracy=accuracy, note=note)
    line = (_("Accuracy {accuracy}: {costliest} ({note})") if note else
            _("Accuracy {accuracy}: {costliest}"))
    return line.format(accuracy=accuracy, costliest=costliest_text(worst, symbols=symbols),
                       note=note)
