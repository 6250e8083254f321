"""Three Card Flush: the card game, its rules engine and its strategy lab."""

__version__ = "0.1.0"
