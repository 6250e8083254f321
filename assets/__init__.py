"""Files the game ships besides code (icon, sounds, font); installed as tcf_gui.assets."""
