"""The rules engine of Three Card Flush and its players. Pure Python: no pygame anywhere below
here, and nothing is imported here, so that ``tcf_gui.engine.cards`` imports alone.

The rules: cards.py, analysis.py, outcome.py, events.py, game.py, view.py, verdict.py.
The players: strategies/ (built-in strategies, users' files in a sandbox), coach/ (the
coach's search, and Expert, which plays it). Runs of many games live in tcf_gui.lab.
"""
