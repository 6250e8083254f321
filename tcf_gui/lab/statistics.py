"""The lab's statistics counters over many games between two strategies."""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from tcf_gui.engine.game import Game
from tcf_gui.engine.outcome import tally

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


@dataclass
class Counters:
    """The lab's counters. ``turns`` counts turns actually taken (the lab's make-moves
    counts one more per game: the call that finds the game over)."""

    games: int = 0
    turns: int = 0
    win1: int = 0
    win2: int = 0
    draws: int = 0
    f1f2: int = 0

    def add_game(self, game: Game) -> None:
        outcome = game.outcome
        assert outcome is not None and outcome.case is not None
        self.games += 1
        self.turns += game.turns
        self.win1, self.win2, self.draws = tally((self.win1, self.win2, self.draws),
                                                 outcome.case.winner)
        if outcome.case.both_flush:
            self.f1f2 += 1

    def __iadd__(self, other: "Counters") -> "Counters":
        for key, value in asdict(other).items():
            setattr(self, key, getattr(self, key) + value)
        return self

    def as_dict(self) -> dict[str, int]:
        return asdict(self)

    def lab_lines(self) -> list[str]:
        """The lines compute-statistics prints: *game-count* = 1000 ..."""
        names = [("game", self.games), ("turn", self.turns), ("win1", self.win1),
                 ("win2", self.win2), ("draw", self.draws), ("f1f2", self.f1f2)]
        return [f"*{name}-count* = {value}" for name, value in names]


@dataclass
class LuckSums:
    """Sums over a run's games of Player 1's result (1, 1/2, 0) less its luck
    (tcf_gui/lab/batch/luck.py), of its square, and of the luck."""

    adjusted: float = 0.0
    squares: float = 0.0
    luck: float = 0.0

    def __iadd__(self, other: "LuckSums") -> "LuckSums":
        self.adjusted += other.adjusted
        self.squares += other.squares
        self.luck += other.luck
        return self


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class PairedDuel:
    """A against B on ``decks`` decks, each played in both seatings (engine/batch/paired.py
    plays it): a deck on which they choose alike cancels out, so the test is on the mean
    score per deck, A's wins minus B's over its two games (less twice A's luck in them
    when ``unadjusted`` holds the plain duel)."""

    a: str
    b: str
    decks: int
    wins_a: int
    wins_b: int
    score_sum: float
    """Sum over decks of A's wins minus B's wins (less twice A's luck when adjusted)."""
    score_squares: float
    """Sum over decks of that score squared."""
    unadjusted: PairedDuel | None = None
    """When the scores are adjusted for luck: the same duel without the adjustment."""
    luck_a: float = 0.0
    """When adjusted: A's mean luck per game, from its side (B's is the opposite)."""

    @property
    def games(self) -> int:
        return 2 * self.decks

    @property
    def difference(self) -> float:
        """pA - pB over all the games."""
        return self.score_sum / self.games

    @property
    def standard_error(self) -> float:
        """The standard error of ``difference``."""
        n = self.decks
        mean = self.score_sum / n
        variance = max(0.0, (self.score_squares - n * mean * mean) / max(1, n - 1))
        return math.sqrt(variance / n) / 2

    @property
    def exact(self) -> bool:
        """Every deck scored the same, and not zero (or there is one deck): the variance is
        zero, so z and the interval say nothing and the p-value is the exact sign test's."""
        return self.score_sum != 0 and self.standard_error == 0

    @property
    def z(self) -> float:
        se = self.standard_error
        if se:
            return self.difference / se
        return math.copysign(math.inf, self.score_sum) if self.exact else 0.0

    @property
    def p_value(self) -> float:
        """Two-sided; 1 when every deck came out even (nothing to test).
        When ``exact``: under "equally good" each deck's score is as likely negative as
        positive, so all n decks one way has p = 2 / 2^n."""
        if self.exact:
            return min(1.0, 2.0 * 0.5 ** self.decks)
        return math.erfc(abs(self.z) / math.sqrt(2))


@dataclass(frozen=True)
class Difference:
    """pA - pB with its 95% interval, z and two-sided p-value; ``exact``: the estimated
    variance is zero, so the interval and z say nothing and p is the exact sign test's."""

    value: float
    low: float
    high: float
    z: float
    p_value: float
    exact: bool = False

    @property
    def significant(self) -> bool:
        return self.p_value < 0.05


def difference(wins_a: int, wins_b: int, games: int) -> Difference:
    """The difference of A's and B's win rates over the same ``games`` games (see the module).

    The interval is clipped to [-1, 1], where a difference of two rates lies. When the
    estimated variance is zero (no game was won, or one side won every decided game) z is
    0 or infinite and says nothing; the p-value is then the exact sign test's: under "equally
    good" each of the m decided games goes to either side with chance 1/2, so m out of m has
    two-sided p = 2 / 2^m (two games won out of two is no evidence; fifty out of fifty is).
    """
    pa, pb = wins_a / games, wins_b / games
    d = pa - pb
    se = math.sqrt(max(0.0, pa + pb - d * d) / games)
    if se == 0.0:
        z = 0.0 if d == 0 else math.copysign(math.inf, d)
        p_value = min(1.0, 2.0 * 0.5 ** (wins_a + wins_b))
    else:
        z = d / se
        p_value = math.erfc(abs(z) / math.sqrt(2))
    return Difference(d, max(-1.0, d - Z95 * se), min(1.0, d + Z95 * se), z, p_value,
                      exact=se == 0.0)


def luck_adjusted_difference(first: LuckSums, n1: int, second: LuckSums, n2: int) -> Difference:
    """A's score less B's per game, less twice A's luck, over A's ``n1`` games as Player 1
    (``first``) and its ``n2`` as Player 2 (``second``): per game 2x - 1 and 1 - 2x, x being
    Player 1's result less its luck; its mean is an unbiased estimate of pA - pB (a draw
    counts a half for each side, as it adds nothing to either rate), games independent."""
    games = n1 + n2
    total = 2 * first.adjusted - n1 + n2 - 2 * second.adjusted
    squares = (4 * (first.squares - first.adjusted) + n1
               + 4 * (second.squares - second.adjusted) + n2)
    d = total / games
    se = math.sqrt(max(0.0, squares / games - d * d) / games)
    z = d / se if se else (0.0 if d == 0 else math.copysign(math.inf, d))
    return Difference(d, max(-1.0, d - Z95 * se), min(1.0, d + Z95 * se), z,
                      math.erfc(abs(z) / math.sqrt(2)))
