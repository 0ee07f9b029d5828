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

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Literal

from .messages import N_, TextError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The picture formats: ``"svg"`` (text, for the browser and files) and ``"png"``.
FORMATS = ("svg", "png")
Format = Literal["svg", "png"]

#: Figure size in inches and the PNG resolution: 8 x 4.5 inches, 100 dots per inch (800 x 450 pixels).
SIZE = (8.0, 4.5)
DPI = 100
#: The size of an SVG in inches (460 x 288 points): smaller than the PNG's, so that its text, drawn at
#: :data:`FONT_SIZE`, stays legible where a phone shows the picture about 350 pixels wide.
SVG_SIZE = (6.4, 4.0)
#: Line styles and markers of the players' lines in turn (players with equal totals stay visible).
LINE_STYLES = ("-", "--", "-.", ":")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")
#: Most players drawn in one chart (a group can be larger; the storage's statistics pick whom to show).
MAX_SERIES = 40


#: Font size of the charts' texts in points: large enough to read on a phone, where the 800 pixels wide
#: picture is shown about 350 pixels wide.
FONT_SIZE = 14
#: The chart texts (English; the catalogue's ``web`` domain has them in German): the x axis of the Punkte
#: chart, its y axis, and what a chart without data says. A caller passes them translated.
GAME_AXIS = N_("game")
PUNKTE_AXIS = N_("Punkte")
NO_GAMES = N_("no games yet")


class ChartError(TextError):
    """Data a chart cannot show: unknown format, a value that is no int, too many players, or matplotlib
    not installed (the ``web`` extra); one line."""


def _check_format(fmt: str) -> Format:
    if fmt not in FORMATS:
        raise ChartError("fmt: {fmt} is no chart format; choose one of {formats}", fmt=repr(fmt), formats="svg, png")
    return "svg" if fmt == "svg" else "png"


def _check_ints(values: Sequence[int], where: str) -> list[int]:
    out = []
    for i, value in enumerate(values):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ChartError("{where}[{index}]: {value} is no whole number", where=where, index=i, value=repr(value))
        out.append(value)
    return out


def _figure(kind: Format = "png") -> Figure:
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise ChartError("charts need matplotlib: pip install 'doppelkopf[web]'") from None
    return Figure(figsize=SVG_SIZE if kind == "svg" else SIZE, dpi=DPI, layout="constrained")


@contextlib.contextmanager
def _style() -> Iterator[None]:
    """The charts' text size (:data:`FONT_SIZE`) while a figure is drawn."""
    try:
        import matplotlib
    except ImportError:
        raise ChartError("charts need matplotlib: pip install 'doppelkopf[web]'") from None
    with matplotlib.rc_context({"font.size": FONT_SIZE, "legend.fontsize": FONT_SIZE - 2}):
        yield


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


def punkte_chart(
    series: Mapping[str, Sequence[int]],
    *,
    title: str,
    fmt: Format = "svg",
    xlabel: str = GAME_AXIS,
    ylabel: str = PUNKTE_AXIS,
    empty: str = NO_GAMES,
) -> bytes:
    """A line chart of each player's running total in Punkte over the games.

    Args:
        series: player name -> the player's running total in Punkte after each game, in game order
            (the ``totals`` of the Liste's rows; a player who sat out a game keeps the total). The line
            starts at 0 before game 1; x is the game number. Players may have series of different
            lengths (they joined later or left earlier); an empty mapping draws "no games yet".
        title: the chart's title (the group, the sitting, the range).
        fmt: ``"svg"`` or ``"png"``.
        xlabel, ylabel, empty: the axes' labels and what a chart without games says, in the reader's
            language (default: :data:`GAME_AXIS`, :data:`PUNKTE_AXIS`, :data:`NO_GAMES` in English).

    Returns:
        The picture, SVG text as UTF-8 bytes or PNG bytes; the same input gives the same bytes.

    Raises:
        ChartError: unknown ``fmt``, a total that is no int (named ``series['Anna'][3]``), more than
            :data:`MAX_SERIES` players.
    """
    kind = _check_format(fmt)
    if len(series) > MAX_SERIES:
        raise ChartError("series: {count} players, at most {most} fit in one chart", count=len(series), most=MAX_SERIES)
    lines = {name: _check_ints(totals, f"series[{name!r}]") for name, totals in series.items()}
    with _style():
        return _punkte_figure(lines, title, kind, xlabel, ylabel, empty)


def _punkte_figure(
    lines: dict[str, list[int]], title: str, kind: Format, xlabel: str, ylabel: str, empty: str
) -> bytes:
    fig = _figure(kind)
    if not any(lines.values()):
        _no_data(fig, empty)
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
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_xlim(0, max(longest, 1))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(True, color="0.9")
        ax.legend(loc="best", ncols=1 + len(lines) // 8, frameon=False)
    fig.suptitle(title)
    return _render(fig, kind)


def bar_chart(
    counts: Mapping[str, Mapping[str, int]],
    *,
    title: str,
    ylabel: str,
    fmt: Format = "svg",
    empty: str = NO_GAMES,
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
        empty: what a chart without data says (default :data:`NO_GAMES`, in English).

    Returns:
        The picture as bytes (SVG as UTF-8); the same input gives the same bytes.

    Raises:
        ChartError: unknown ``fmt``, a value that is no int (named ``counts['Anna']['Re']``), more than
            :data:`MAX_SERIES` players.
    """
    kind = _check_format(fmt)
    if len(counts) > MAX_SERIES:
        raise ChartError("counts: {count} players, at most {most} fit in one chart", count=len(counts), most=MAX_SERIES)
    kinds: list[str] = []
    for name, row in counts.items():
        for key, value in row.items():
            if not isinstance(value, int) or isinstance(value, bool):
                raise ChartError(
                    "{where}[{index}]: {value} is no whole number",
                    where=f"counts[{name!r}]",
                    index=repr(key),
                    value=repr(value),
                )
            if key not in kinds:
                kinds.append(key)
    with _style():
        return _bar_figure(counts, kinds, title, ylabel, kind, empty)


def _bar_figure(
    counts: Mapping[str, Mapping[str, int]], kinds: list[str], title: str, ylabel: str, kind: Format, empty: str
) -> bytes:
    fig = _figure(kind)
    if not counts or not kinds:
        _no_data(fig, empty)
    else:
        from matplotlib.ticker import MaxNLocator

        ax = fig.add_subplot()
        players = list(counts)
        width = 0.8 / len(kinds)
        for k, key in enumerate(kinds):
            xs = [i - 0.4 + width * (k + 0.5) for i in range(len(players))]
            values = [counts[name].get(key, 0) for name in players]
            bars = ax.bar(xs, values, width=width, label=key)
            ax.bar_label(bars, fontsize="small", padding=2)
        ax.set_xticks(range(len(players)), players)
        ax.set_ylabel(ylabel)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.axhline(0, color="0.6", linewidth=0.8)
        ax.grid(True, axis="y", color="0.9")
        ax.set_axisbelow(True)
        if len(kinds) > 1:
            ax.legend(frameon=False)
    fig.suptitle(title)
    return _render(fig, kind)


def chart_format(path: str) -> Format:
    """The format a file name asks for: ``.svg`` or ``.png`` (any case). Raises ChartError otherwise."""
    suffix = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if suffix not in FORMATS:
        raise ChartError("{path}: a chart is written as .svg or .png", path=path)
    return "svg" if suffix == "svg" else "png"
