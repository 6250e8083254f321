"""The player's machine: folders, shipped resources, the installation and the desktop entry."""
