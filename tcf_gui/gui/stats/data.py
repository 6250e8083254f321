"""What the statistics screen shows, read from the history: one pool of games (the games
against the computer, practice, watched, ...), counted per opponent, and the older games
without a skill score being scored while the screen is open.

The history is read once when the screen opens (and again for another pool or a reset).
"""
from __future__ import annotations

from tcf_gui.history import KINDS, POOLS, GameRecord, History, HistoryError, pool_kinds, summarize
from tcf_gui.history.summary import LevelStats, rolling_accuracy, rolling_adjusted, rolling_win_rate
from tcf_gui.i18n import _, ngettext
from tcf_gui.levels import short_name
from tcf_gui.play.daily import daily_record, streak_text
from tcf_gui.play.scoring import BacklogScorer

CHART_GAMES = 200
"""The chart shows the rolling win rate over at most this many recent games."""
ROLLING = 20
"""Games in the rolling mean."""
RECOUNT_MS = 1000
"""While older games are scored, the numbers and the chart are counted again this often."""


class StatsData:
    """The games of one pool and their numbers per opponent, one opponent shown."""

    def __init__(self, history: History) -> None:
        self.history = history
        self.pool = "computer"
        """Whose statistics are shown: a pool of kinds of game (tcf_gui.history.kinds)."""
        self.backlog: BacklogScorer | None = None
        """The pool's games without a skill score, being scored (tcf_gui.play.scoring)."""
        self._scored: dict[int | None, GameRecord] = {}
        """Games scored off the loop, not yet counted in."""
        self._counted_at = 0.0
        self.reload()

    def reload(self) -> None:
        """Read the history again and show the first opponent."""
        self.error: str | None = None
        try:
            self.games = self.history.games(pool_kinds(self.pool), moves=False)
            self.imported = self.history.imported() if self.pool == "computer" else []
            kinds = self.history.kind_counts()
        except HistoryError as error:
            self.games, self.imported, kinds = [], [], {}
            self.error = str(error)
        else:
            self.error = self.history.unreadable_notice
        self.pools = {pool: sum(kinds.get(kind, 0) for kind in pool_kinds(pool))
                      for pool in POOLS}
        """How many games each pool holds."""
        self._scored = {}
        self.summarize(0)
        self.streak = ""
        """The daily streaks, shown with the daily deal's games."""
        try:
            if self.pool == "daily":
                self.streak = streak_text(daily_record(self.history))
            backlog = self.history.unscored(pool_kinds(self.pool), last=CHART_GAMES + ROLLING - 1)
        except HistoryError:
            backlog = []
        self.backlog = BacklogScorer(self.history, backlog) if backlog else None

    def summarize(self, level_index: int) -> None:
        """The numbers of every opponent from the games read, showing ``level_index``."""
        self.levels = summarize(self.games)
        if len(self.levels) == 2:  # one opponent: "all" says the same
            self.levels = self.levels[1:]
        self.select_level(level_index)

    def take_scores(self, now: float) -> tuple[bool, str | None]:
        """The older games scored since the last frame go into the numbers and the chart
        (counting every game again takes 10-20 ms with 10,000 of them: at most once a
        second, and when the last score is in). Returns whether what is shown changed, and
        the problem to tell of, if the scores could not be stored."""
        if self.backlog is None:
            return False, None
        self._scored.update((game.id, game) for game in self.backlog.poll())
        problem = self.backlog.problem
        finished = not self.backlog.working
        counted = bool(self._scored) and (finished or now - self._counted_at >= RECOUNT_MS)
        if counted:
            self.games = [self._scored.get(game.id, game) for game in self.games]
            self._scored, self._counted_at = {}, now
            self.summarize(self.level_index)
        if finished:
            self.backlog = None
        return counted or finished, problem

    def select_level(self, index: int) -> None:
        """Show the opponent ``index`` (wrapping round): its recent games and its chart."""
        self.level_index = index % len(self.levels)
        spec = self.level.opponent
        own = self.games if spec is None else [g for g in self.games if g.p2 == spec]
        self.recent = own[::-1]
        # the recent games' opponents with their marks, each once
        self.opponents = {(short_name(game.p2), KINDS[game.kind].marked(), game.coach)
                          for game in own}
        # Each point a mean of the ROLLING games up to it (of all games so far at the start),
        # one point a game: at most CHART_GAMES points, the first of them over a whole window
        # once there are games enough before it.
        shown = own[-(CHART_GAMES + ROLLING - 1):]
        skip = max(0, len(shown) - CHART_GAMES)
        self.rolling = rolling_win_rate(shown, ROLLING)[skip:]
        self.accuracy = rolling_accuracy(shown, ROLLING)[skip:]
        self.adjusted = rolling_adjusted(shown, ROLLING)[skip:]
        """Your record had luck been even: the mean score of the ROLLING games up to each
        point whose luck is worked out."""
        if len(own) <= ROLLING:
            self.chart_title = ngettext(
                "Win rate and accuracy over your {n} game (each point: all up to it)",
                "Win rate and accuracy over your {n} games (each point: all up to it)",
                len(own)).format(n=len(own))
        elif skip == ROLLING - 1:
            self.chart_title = _("Win rate and accuracy over your last {n} games (each point: "
                                 "the {rolling} before it)").format(n=len(shown), rolling=ROLLING)
        else:
            self.chart_title = _("Win rate and accuracy over your {n} games (each point: the "
                                 "{rolling} up to it, fewer at the start)").format(
                n=len(shown), rolling=ROLLING)

    @property
    def level(self) -> LevelStats:
        return self.levels[self.level_index]

    def next_pool(self) -> None:
        """Show the next pool of games that holds any (the games against the computer are
        always offered)."""
        offered = [pool for pool, n in self.pools.items() if n or pool == "computer"]
        at = offered.index(self.pool) if self.pool in offered else -1
        self.pool = offered[(at + 1) % len(offered)]
        self.reload()

    def pool_note(self) -> str:
        """The title line's note: the other pools that hold games, and the key to see them."""
        others = [_("{pool} {n}").format(pool=_(POOLS[pool]), n=n)
                  for pool, n in self.pools.items() if n and pool != self.pool]
        notes = [_("K: {pools}").format(pools=", ".join(others))] if others else []
        if self.backlog is not None:
            notes.insert(0, _("scoring older games: {done} of {total}…").format(
                done=self.backlog.done_count, total=self.backlog.total))
        return "   ·   ".join(notes)
