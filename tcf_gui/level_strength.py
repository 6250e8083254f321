"""The levels' measured strength: written by `python benchmarks/bench_strength.py --write` on 2026-11-24
(20,000 paired decks per duel, seed 2026). Do not edit: run the benchmark again."""
from .engine.statistics import PairedDuel
from .strength import Rate, Strength

MEASURED: dict[str, Strength] = {
    'random': Strength(seed=2026, against_normal=PairedDuel(a='random', b='heuristic', decks=20000, wins_a=7899, wins_b=32099, score_sum=-24200, score_squares=50214), expert_against=PairedDuel(a='expert', b='random', decks=20000, wins_a=31950, wins_b=8047, score_sum=23903, score_squares=49547), against_random=Rate(wins=17410, games=40000), agreement=None),
    'heuristic': Strength(seed=2026, against_normal=PairedDuel(a='heuristic', b='heuristic', decks=20000, wins_a=20000, wins_b=20000, score_sum=0, score_squares=0), expert_against=PairedDuel(a='expert', b='heuristic', decks=20000, wins_a=19998, wins_b=20002, score_sum=-4, score_squares=5200), against_random=Rate(wins=32171, games=40000), agreement=None),
    'expert': Strength(seed=2026, against_normal=PairedDuel(a='expert', b='heuristic', decks=20000, wins_a=19998, wins_b=20002, score_sum=-4, score_squares=5200), expert_against=PairedDuel(a='expert', b='expert', decks=20000, wins_a=20000, wins_b=20000, score_sum=0, score_squares=0), against_random=Rate(wins=32115, games=40000), agreement=Rate(wins=51, games=52)),
}
