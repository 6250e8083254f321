"""The game's facts in the player's language: the engine decides and returns data (a card, an
analysis, a verdict, a review); these modules make the words, through the text seam
(tcf_gui.i18n). cards: ranks, suits, cards and hands; results: the end of a game; review:
the coach's review of a game."""
