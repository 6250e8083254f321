"""The network tests: every player draws a known seed (netplay.known_player_seeds)."""
from netplay import known_player_seeds  # noqa: F401  (an autouse fixture)
