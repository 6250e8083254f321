"""The levels' measured strength: written by `python benchmarks/bench_strength.py --write` on 2026-11-24
(1,000,000 paired decks per duel, seed 2026). Do not edit: run the benchmark again."""
from tcf_gui.lab.statistics import PairedDuel
from tcf_gui.levels.strength import Rate, Strength

MEASURED: dict[str, Strength] = {
    'random': Strength(seed=2026, against_normal=PairedDuel(a='random', b='heuristic', decks=1000000, wins_a=397429, wins_b=1602423, score_sum=-1204994, score_squares=2503632), expert_against=PairedDuel(a='expert', b='random', decks=1000000, wins_a=1602513, wins_b=397352, score_sum=1205161, score_squares=2503167), against_random=Rate(wins=873686, games=2000000), agreement=None),
    'heuristic': Strength(seed=2026, against_normal=PairedDuel(a='heuristic', b='heuristic', decks=1000000, wins_a=999999, wins_b=999999, score_sum=0, score_squares=0), expert_against=PairedDuel(a='expert', b='heuristic', decks=1000000, wins_a=1000982, wins_b=999014, score_sum=1968, score_squares=264912), against_random=Rate(wins=1603451, games=2000000), agreement=None),
    'expert': Strength(seed=2026, against_normal=PairedDuel(a='expert', b='heuristic', decks=1000000, wins_a=1000982, wins_b=999014, score_sum=1968, score_squares=264912), expert_against=PairedDuel(a='expert', b='expert', decks=1000000, wins_a=999998, wins_b=999998, score_sum=0, score_squares=0), against_random=Rate(wins=1602557, games=2000000), agreement=Rate(wins=4163, games=4180)),
}
