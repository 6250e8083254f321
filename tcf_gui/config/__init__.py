"""What the player chooses and the game keeps: settings, saved state, card sets and speeds."""
