"""What the terminal shows: tables, progress bars and the outputs of the commands."""
