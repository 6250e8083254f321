"""What the terminal shows: tables, progress bars, the outputs of the commands, and guesses
at what a mistyped command or option meant."""
