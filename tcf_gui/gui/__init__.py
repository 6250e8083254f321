"""The pygame window: table, scenes, card sprites, animations and sounds."""
