"""Charts of the Liste and its statistics as SVG or PNG bytes (matplotlib, Agg backend).

Pictures where people would rather look than read: the Punkte of each player over the games of a
sitting or a range of sittings (:func:`punkte_chart`) and counts per player side by side, such as the
games won as Re and as Kontra (:func:`bar_chart`). The functions draw what they are given: the Punkte
and counts come from the Liste and the statistics of the storage (``doppelkopf.storage``), never
computed here.

matplotlib is imported inside the functions (``import doppelkopf`` and ``doko --help`` stay fast) and
draws on a figure of its own, never pyplot's global state, so charts can be drawn from several threads
of the web app. The SVG is deterministic: the same data give the same bytes (no date in the metadata,
a fixed id salt, the text kept as text), so tests can compare a chart with one drawn before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from .messages import TextError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The picture formats: ``"svg"`` (text, for the browser and files) and ``"png"``.
FORMATS = ("svg", "png")
Format = Literal["svg", "png"]

#: Figure size in inches and the PNG resolution: 8 x 4.5 inches, 100 dots per inch (800 x 450 pixels).
SIZE = (8.0, 4.5)
DPI = 100
#: Line styles and markers of the players' lines in turn (players with equal totals stay visible).
LINE_STYLES = ("-", "--", "-.", ":")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
#: Most players drawn in one chart (a group can be larger; the storage's statistics pick whom to show).
MAX_SERIES = 40


class ChartError(TextError):
    """Data a chart cannot show: unknown format, a value that is no int, too many players, or matplotlib
    not installed (the ``web`` extra); one line."""


def _check_format(fmt: str) -> Format:
    if fmt not in FORMATS:
        raise ChartError(f"fmt: {fmt!r} is no chart format; choose one of {', '.join(FORMATS)}")
    return "svg" if fmt == "svg" else "png"


def _check_ints(values: Sequence[int], where: str) -> list[int]:
    out = []
    for i, value in enumerate(values):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ChartError(f"{where}[{i}]: {value!r} is no whole number")
        out.append(value)
    return out


def _figure() -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ChartError("charts need matplotlib: pip install 'doppelkopf[web]'") from None
    return Figure(figsize=SIZE, dpi=DPI, layout="constrained")


def _render(fig: Figure, fmt: Format) -> bytes:
    """The figure as ``fmt`` bytes, deterministically (no date, no random ids, text as text)."""
    import io

    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": "doppelkopf", "svg.fonttype": "none", "path.simplify": True}):
        if fmt == "svg":
            fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": "doppelkopf"})
        else:
            fig.savefig(buffer, format="png", metadata={"Software": "doppelkopf"})
    return buffer.getvalue()


def _no_data(fig: Figure, text: str) -> None:
    ax = fig.add_subplot()
    ax.set_axis_off()
    ax.text(0.5, 0.5, text, ha="center", va="center", transform=ax.transAxes)


def punkte_chart(series: Mapping[str, Sequence[int]], *, title: str, fmt: Format = "svg") -> bytes:
    """A line chart of each player's running total in Punkte over the games.

    Args:
        series: player name -> the player's running total in Punkte after each game, in game order
            (the ``totals`` of the Liste's rows; a player who sat out a game keeps the total). The line
            starts at 0 before game 1; x is the game number. Players may have series of different
            lengths (they joined later or left earlier); an empty mapping draws "no games yet".
        title: the chart's title (the group, the sitting, the range).
        fmt: ``"svg"`` or ``"png"``.

    Returns:
        The picture, SVG text as UTF-8 bytes or PNG bytes; the same input gives the same bytes.

    Raises:
        ChartError: unknown ``fmt``, a total that is no int (named ``series['Anna'][3]``), more than
            :data:`MAX_SERIES` players.
    """
    kind = _check_format(fmt)
    if len(series) > MAX_SERIES:
        raise ChartError(f"series: {len(series)} players, at most {MAX_SERIES} fit in one chart")
    lines = {name: _check_ints(totals, f"series[{name!r}]") for name, totals in series.items()}
    fig = _figure()
    if not any(lines.values()):
        _no_data(fig, "no games yet")
    else:
        from matplotlib.ticker import MaxNLocator

        ax = fig.add_subplot()
        longest = max(len(totals) for totals in lines.values())
        few = longest <= 40  # markers on each game only where they do not blur into a line
        for i, (name, totals) in enumerate(lines.items()):
            # players with the same totals draw one over the other: line style and marker tell them apart
            ax.plot(
                range(len(totals) + 1),
                [0, *totals],
                label=name,
                linestyle=LINE_STYLES[i % len(LINE_STYLES)],
                marker=MARKERS[i % len(MARKERS)] if few else None,
                markersize=4,
                linewidth=1.5,
            )
        ax.axhline(0, color="0.6", linewidth=0.8)
        ax.set_xlabel("game")
        ax.set_ylabel("Punkte")
        ax.set_xlim(0, max(longest, 1))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(True, color="0.9")
        ax.legend(loc="upper left", fontsize="small", ncols=1 + len(lines) // 8, frameon=False)
    fig.suptitle(title)
    return _render(fig, kind)


def bar_chart(
    counts: Mapping[str, Mapping[str, int]],
    *,
    title: str,
    ylabel: str,
    fmt: Format = "svg",
) -> bytes:
    """Grouped bars: for each player one bar per kind, side by side; e.g. the games won as Re and as
    Kontra, ``{"Anna": {"Re": 3, "Kontra": 1}, "Ben": {"Re": 1, "Kontra": 2}}`` with ``ylabel="games"``.

    Args:
        counts: player name -> kind -> count (or Punkte; negative values draw downwards). The kinds are
            the keys in the order they first appear; a kind missing for a player is 0. An empty mapping
            draws "no games yet".
        title: the chart's title.
        ylabel: what the numbers are (``"games"``, ``"Punkte"``, ``"cents"``).
        fmt: ``"svg"`` or ``"png"``.

    Returns:
        The picture as bytes (SVG as UTF-8); the same input gives the same bytes.

    Raises:
        ChartError: unknown ``fmt``, a value that is no int (named ``counts['Anna']['Re']``), more than
            :data:`MAX_SERIES` players.
    """
    kind = _check_format(fmt)
    if len(counts) > MAX_SERIES:
        raise ChartError(f"counts: {len(counts)} players, at most {MAX_SERIES} fit in one chart")
    kinds: list[str] = []
    for name, row in counts.items():
        for key, value in row.items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise ChartError(f"counts[{name!r}][{key!r}]: {value!r} is no whole number")
            if key not in kinds:
                kinds.append(key)
    fig = _figure()
    if not counts or not kinds:
        _no_data(fig, "no games yet")
    else:
        from matplotlib.ticker import MaxNLocator

        ax = fig.add_subplot()
        players = list(counts)
        width = 0.8 / len(kinds)
        for k, key in enumerate(kinds):
            xs = [i - 0.4 + width * (k + 0.5) for i in range(len(players))]
            values = [counts[name].get(key, 0) for name in players]
            bars = ax.bar(xs, values, width=width, label=key)
            ax.bar_label(bars, fontsize="x-small", padding=2)
        ax.set_xticks(range(len(players)), players)
        ax.set_ylabel(ylabel)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.axhline(0, color="0.6", linewidth=0.8)
        ax.grid(True, axis="y", color="0.9")
        ax.set_axisbelow(True)
        if len(kinds) > 1:
            ax.legend(fontsize="small", frameon=False)
    fig.suptitle(title)
    return _render(fig, kind)


def chart_format(path: str) -> Format:
    """The format a file name asks for: ``.svg`` or ``.png`` (any case). Raises ChartError otherwise."""
    suffix = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if suffix not in FORMATS:
        raise ChartError(f"{path}: a chart is written as .svg or .png")
    return "svg" if suffix == "svg" else "png"
