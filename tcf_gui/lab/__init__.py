"""Runs of many games: the batch engine, the runner, workers and the cluster, the lab's statistics, plots and transcripts."""
