"""The statistics screen: the scene (scene.py) and its panels, each drawn into its own rect and
handling its own keys and clicks (header, numbers, recent games, footer), over what is read
from the history (data.py)."""
