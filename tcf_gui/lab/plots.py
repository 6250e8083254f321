"""Pictures of a run: win rates with their 95% intervals, how they settle, game lengths.

matplotlib is an optional extra (``pip install ".[plot]"`` from the checkout): it is imported only when a
figure is drawn, and ``missing_matplotlib()`` tells a command before it plays any game.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from tcf_gui.words import formats
from tcf_gui.lab.statistics import wilson_interval
from tcf_gui.i18n import _, ngettext
from tcf_gui.console.outputs import open_output

if TYPE_CHECKING:
    from tcf_gui.lab.runner import RunResult

def missing_matplotlib() -> str | None:
    """None when matplotlib can be imported, else a one-line message saying how to get it."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        from tcf_gui.system.installation import extra_hint

        return _("--plot needs matplotlib, which is not installed; get it with: {hint}").format(
            hint=extra_hint("plot", "matplotlib"))
    return None


@dataclass(frozen=True)
class Bar:
    """One rate with its 95% interval: ``successes`` out of ``trials``."""

    label: str
    successes: int
    trials: int


@dataclass(frozen=True)
class Curve:
    """A rate as games accumulate: (games so far, successes so far) at each checkpoint."""

    label: str
    points: Sequence[tuple[int, int]]


@dataclass(frozen=True)
class Lengths:
    """How many games took 0, 1, 2, ... turns."""

    label: str
    histogram: Sequence[int]


@dataclass(frozen=True)
class Table:
    """A square table of rates: ``rates[i][j]`` is row i's win rate against column j."""

    labels: Sequence[str]
    rates: Sequence[Sequence[float | None]]


def draw(
    path: str | Path,
    title: str,
    bars: Sequence[Bar],
    curves: Sequence[Curve],
    lengths: Sequence[Lengths],
    table: Table | None = None,
) -> None:
    """Save one figure with a panel for each kind of picture to ``path`` (PNG, SVG or PDF).

    The settling panel has one row per curve, each scaled to its own rate."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if table is None:
        fig = plt.figure(figsize=(17, 5.4))
        grid = fig.add_gridspec(1, 3, width_ratios=[1, 1.15, 1])
        cells = [grid[0, 0], grid[0, 1], grid[0, 2]]
    else:
        fig = plt.figure(figsize=(14, 10.5))
        grid = fig.add_gridspec(2, 2)
        cells = [grid[0, 0], grid[0, 1], grid[1, 0], grid[1, 1]]
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    _bars(fig.add_subplot(cells[0]), bars, colours)
    _curves(fig, cells[1], curves, colours)
    _lengths(fig.add_subplot(cells[2]), lengths, colours)
    if table is not None:
        _table(fig, fig.add_subplot(cells[3]), table)
    fig.suptitle(title, fontsize=13)
    fig.tight_layout()
    try:
        with open_output(str(path), binary=True) as out:  # never a FIFO: it would block
            fig.savefig(out, dpi=110, format=Path(path).suffix.lstrip(".").lower() or "png")
    finally:
        plt.close(fig)


def plot_run(path: str | Path, p1: str, p2: str, result: "RunResult") -> None:
    """The picture of one run (``tcf-gui stats``): Player 1 against Player 2."""
    c = result.counters
    draw(
        path,
        ngettext("{p1} (Player 1) against {p2} (Player 2): {n} game",
                 "{p1} (Player 1) against {p2} (Player 2): {n} games", c.games).format(
            p1=p1, p2=p2, n=formats.integer(c.games)),
        bars=[Bar(_("Player 1 wins\n{name}").format(name=p1), c.win1, c.games),
              Bar(_("Player 2 wins\n{name}").format(name=p2), c.win2, c.games),
              Bar(_("draws"), c.draws, c.games)],
        curves=[Curve(_("Player 1 ({name})").format(name=p1),
                      [(g, w1) for g, w1, _w2, _d in result.checkpoints]),
                Curve(_("Player 2 ({name})").format(name=p2),
                      [(g, w2) for g, _w1, w2, _d in result.checkpoints])],
        lengths=[Lengths(_("{a} vs {b}").format(a=p1, b=p2), result.turn_histogram)],
    )


def _percent_axis(ax) -> None:  # type: ignore[no-untyped-def]
    ax.yaxis.set_major_formatter(lambda value, _: formats.percent(value, 0))
    ax.grid(axis="y", alpha=0.3)


def _bars(ax, bars: Sequence[Bar], colours: list[str]) -> None:  # type: ignore[no-untyped-def]
    rates = [b.successes / b.trials if b.trials else 0.0 for b in bars]
    intervals = [wilson_interval(b.successes, b.trials) for b in bars]
    errors = [[max(0.0, r - low) for r, (low, _) in zip(rates, intervals)],
              [max(0.0, high - r) for r, (_, high) in zip(rates, intervals)]]
    positions = range(len(bars))
    ax.bar(positions, rates, yerr=errors, capsize=6, color=colours[: len(bars)] or None,
           error_kw={"elinewidth": 1.5})
    for x, rate, (low, high) in zip(positions, rates, intervals):
        ax.annotate(f"{formats.percent(rate, 2)}\n[{formats.decimal(100 * low, 2)}, {formats.decimal(100 * high, 2)}]", (x, high),
                    xytext=(0, 4), textcoords="offset points", ha="center", va="bottom", fontsize=8)
    ax.set_xticks(list(positions), [b.label for b in bars],
                  rotation=20 if len(bars) > 3 else 0, ha="right" if len(bars) > 3 else "center")
    ax.set_ylim(0, min(1.0, max((high for _, high in intervals), default=1.0) * 1.18 + 0.02))
    ax.set_title(_("Win rates with 95% intervals"))
    _percent_axis(ax)


def _curves(fig, cell, curves: Sequence[Curve], colours: list[str]) -> None:  # type: ignore[no-untyped-def]
    rows = cell.subgridspec(max(1, len(curves)), 1, hspace=0.08)
    axes: list = []
    for row, (curve, colour) in enumerate(zip(curves, colours)):
        ax = fig.add_subplot(rows[row, 0], sharex=axes[0] if axes else None)
        axes.append(ax)
        games = [g for g, _ in curve.points]
        rates = [s / g for g, s in curve.points]
        bands = [wilson_interval(s, g) for g, s in curve.points]
        ax.fill_between(games, [low for low, _ in bands], [high for _, high in bands],
                        color=colour, alpha=0.2, linewidth=0, label=_("95% interval"))
        ax.plot(games, rates, marker="o" if len(games) < 40 else None, markersize=3,
                color=colour, label=curve.label)
        if rates:
            ax.axhline(rates[-1], color=colour, linestyle=":", linewidth=1)
            ax.annotate(f"{curve.label}: {formats.percent(rates[-1], 2)}", (0.99, 0.93),
                        xycoords="axes fraction", ha="right", va="top", fontsize=8)
        _percent_axis(ax)
    if not axes:
        return
    all_games = [g for curve in curves for g, _ in curve.points]
    if all_games and max(all_games) > 100 * min(all_games):
        axes[0].set_xscale("log")
    axes[0].xaxis.set_major_formatter(lambda value, _: f"{value:,.0f}")
    axes[0].xaxis.set_minor_formatter(lambda value, _: "")
    for ax in axes[:-1]:
        ax.tick_params(which="both", labelbottom=False)
    axes[0].set_title(_("How the win rates settle as games accumulate (95% band)"))
    axes[-1].set_xlabel(_("games played"))


def _lengths(ax, lengths: Sequence[Lengths], colours: list[str]) -> None:  # type: ignore[no-untyped-def]
    width = 0.8 / max(1, len(lengths))
    for i, (series, colour) in enumerate(zip(lengths, colours)):
        total = sum(series.histogram) or 1
        shares = [count / total for count in series.histogram]
        if len(lengths) > 3:  # many series read better as lines than as thin bars
            ax.plot(range(len(shares)), shares, marker="o", markersize=3, color=colour,
                    label=series.label)
            continue
        offset = (i - (len(lengths) - 1) / 2) * width
        ax.bar([t + offset for t in range(len(shares))], shares, width=width, color=colour,
               label=series.label)
    ax.set_xlabel(_("turns taken"))
    games = sum(sum(series.histogram) for series in lengths)
    turns = sum(t * count for series in lengths for t, count in enumerate(series.histogram))
    ax.set_title(_("Game length (mean {turns} turns)").format(
        turns=formats.decimal(turns / max(1, games), 2)))
    if len(lengths) > 1:
        ax.legend(fontsize=8)
    _percent_axis(ax)


def _table(fig, ax, table: Table) -> None:  # type: ignore[no-untyped-def]
    size = len(table.labels)
    grid = [[float("nan") if r is None else r for r in row] for row in table.rates]
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    for i in range(size):
        for j in range(size):
            rate = table.rates[i][j]
            ax.text(j, i, "—" if rate is None else formats.percent(rate, 1), ha="center",
                    va="center", fontsize=9)
    ax.set_xticks(range(size), [f"[{n}]" for n in range(1, size + 1)])
    ax.set_yticks(range(size), [f"[{n}] {label}" for n, label in enumerate(table.labels, start=1)])
    # TRANSLATORS: under the columns of the table of win rates: the row's opponent.
    ax.set_xlabel(_("against"))
    ax.set_title(_("Win rate of each row against each column"))
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04,
                 format=lambda value, _: formats.percent(value, 0))
