"""The animation speeds a player can choose, slowest first: what the settings accept, the
options screen offers and ``--speed`` takes. A module of its own so that the window's flags
(read at every start, ``tcf-gui --help`` included) need not load the settings' machinery."""

SPEEDS = ("slow", "normal", "fast", "instant")


def speed_name(speed: str) -> str:
    """A speed as the player reads it (``--speed`` takes the English word)."""
    from tcf_gui.i18n import pgettext

    names = {"slow": pgettext("speed", "slow"), "normal": pgettext("speed", "normal"),
             "fast": pgettext("speed", "fast"), "instant": pgettext("speed", "instant")}
    return names.get(speed, speed)
