"""The animation speeds a player can choose, slowest first: what the settings accept, the
options screen offers and ``--speed`` takes. A module of its own so that the window's flags
(read at every start, ``tcf-gui --help`` included) need not load the settings' machinery."""

SPEEDS = ("slow", "normal", "fast", "instant")
