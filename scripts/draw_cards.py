"""Draw the card faces of the online table as SVG: 24 faces of the French deck and one back.

Writes ``<short>.svg`` for every distinct card (named by :attr:`doppelkopf.cards.Card.short`, e.g. ``KrD``,
``He10``) and ``back.svg`` into ``src/doppelkopf/web/static/cards`` (or ``--out DIR``). Standard library only;
the output is the same bytes on every run, so the committed files can be checked against a fresh drawing
(``tests/test_card_faces.py``).

Every face: viewBox ``0 0 240 336`` (5:7), a rounded white card with a thin border, the corner index (rank drawn as
strokes, no font needed, and the suit) top left and turned by 180 degrees bottom right, the classic pip layout for
Ass, Zehn and Neun, and for König, Dame and Bube a framed, double-headed panel with the German initial (K, D, B),
a crown, diadem or cap and the suit. Herz and Karo are red (#c8102e), Kreuz and Pik black.

The drawings are the project's own work, under its MIT licence.

Usage: ``python scripts/draw_cards.py [--out DIR]``
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from doppelkopf.cards import ALL_CARDS, RANK_SHORT, SUIT_SHORT, Card  # noqa: E402

DEFAULT_OUT = ROOT / "src" / "doppelkopf" / "web" / "static" / "cards"

WIDTH, HEIGHT = 240, 336
CX, CY = WIDTH / 2, HEIGHT / 2
RED, BLACK = "#c8102e", "#1a1a1a"
GOLD, GOLD_EDGE = "#e3a92b", "#7a5200"
TINT = {RED: "#fdeef0", BLACK: "#eef1f6"}
BORDER = "#9a9a9a"

#: Suit shapes in a box of -50..50 (y down), each drawn once per file in <defs> and reused with <use>.
SUIT_SHAPES = {
    "Kr": '<circle cx="0" cy="-24" r="22"/><circle cx="-25" cy="10" r="22"/><circle cx="25" cy="10" r="22"/>'
    '<path d="M0-8L14 8L0 20L-14 8Z"/><path d="M-3 8C-3 30-9 42-18 49H18C9 42 3 30 3 8Z"/>',
    "Pi": '<path d="M0-49C12-30 47-14 47 12C47 29 33 37 22 37C14 37 8 33 4 28C5 37 9 44 17 49H-17C-9 44-5 37'
    ' -4 28C-8 33-14 37-22 37C-33 37-47 29-47 12C-47-14-12-30 0-49Z"/>',
    "He": '<path d="M0 47C-12 32-48 10-48-15C-48-35-34-45-22-45C-12-45-4-39 0-30C4-39 12-45 22-45C34-45 48-35'
    ' 48-15C48 10 12 32 0 47Z"/>',
    "Ka": '<path d="M0-50C11-32 25-15 38 0C25 15 11 32 0 50C-11 32-25 15-38 0C-25-15-11-32 0-50Z"/>',
}
RED_SUITS = ("He", "Ka")

#: Index glyphs as stroked paths in a box 52 high (width below), drawn the same in every browser.
GLYPH_H = 52
GLYPHS = {
    "A": (34, "M2 52L17 0L32 52M8 35H26"),
    "K": (30, "M2 0V52M29 0L3 31M12 21L30 52"),
    "D": (32, "M2 0H11C41 0 41 52 11 52H2Z"),
    "B": (31, "M2 0H15C33 0 33 25 15 25H2M2 52H17C37 52 37 25 15 25M2 0V52"),
    "9": (30, "M28 18C28 38 26 52 6 52M28 18A13 16 0 1 0 28 19"),
    "1": (14, "M1 11L11 1V52"),
    "0": (28, "M14 0C-4 0-4 52 14 52C32 52 32 0 14 0Z"),
}
GLYPH_GAP = 6
STROKE = 9


def num(value: float) -> str:
    """A number for SVG: at most two decimals, no trailing zeros (the same text on every run)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def pip(x: float, y: float, size: float, turned: bool = False) -> str:
    """A suit symbol of ``size`` units centred on (x, y), turned by 180 degrees in the lower half."""
    rotate = " rotate(180)" if turned else ""
    return f'<use href="#s" transform="translate({num(x)} {num(y)}){rotate} scale({num(size / 100)})"/>'


def rank_glyphs(rank: str, cx: float, top: float) -> str:
    """The rank as stroked glyph paths, centred on ``cx``, from ``top`` down ``GLYPH_H`` units."""
    chars = ["1", "0"] if rank == "10" else [rank]
    width = sum(GLYPHS[c][0] for c in chars) + GLYPH_GAP * (len(chars) - 1)
    x = cx - width / 2
    parts = []
    for c in chars:
        w, d = GLYPHS[c]
        parts.append(f'<path transform="translate({num(x)} {num(top)})" d="{d}"/>')
        x += w + GLYPH_GAP
    return "".join(parts)


def corner_index(rank: str) -> str:
    """The corner index as <g id="i">: rank and suit, top left."""
    return (
        f'<g id="i"><g fill="none" stroke-width="{STROKE}" stroke-linecap="round" stroke-linejoin="round">'
        f"{rank_glyphs(rank, 34, 16)}</g>{pip(34, 96, 38)}</g>"
    )


#: Pip rows of the side columns (top to bottom), symmetric about the middle.
ROWS = [62 + i * (274 - 62) / 3 for i in range(4)]
COLUMNS = (88, 152)


def pip_layout(rank: str) -> list[tuple[float, float]]:
    """The pip centres of Ass, Zehn or Neun (classic layout)."""
    if rank == "A":
        return [(CX, CY)]
    spots: list[tuple[float, float]] = [(x, y) for x in COLUMNS for y in ROWS]
    if rank == "9":
        spots.append((CX, CY))
    else:  # Zehn: two in the middle column, between the first and last two rows
        spots += [(CX, (ROWS[0] + ROWS[1]) / 2), (CX, (ROWS[2] + ROWS[3]) / 2)]
    return spots


def pips(rank: str) -> str:
    """The pips of Ass, Zehn or Neun; those below the middle turned upside down."""
    if rank == "A":
        return pip(CX, CY, 120) + f'<circle cx="{num(CX)}" cy="{num(CY)}" r="78" fill="none" stroke-width="2"/>'
    size = 44
    return "".join(pip(x, y, size, turned=y > CY) for x, y in sorted(pip_layout(rank), key=lambda s: (s[1], s[0])))


#: Headwear of the face cards, centred on (0, 0), about 64 units wide.
EMBLEMS = {
    # König: a crown with five points and a band
    "K": '<path d="M-30 14V-12L-15 2L0-18L15 2L30-12V14Z"/><path d="M-30 14H30V22H-30Z"/>'
    '<circle cx="-30" cy="-14" r="4"/><circle cx="0" cy="-20" r="4"/><circle cx="30" cy="-14" r="4"/>',
    # Dame: a rose with two leaves
    "D": '<path d="M-6 10C-20 4-32 8-38 16C-26 22-14 20-6 10ZM6 10C20 4 32 8 38 16C26 22 14 20 6 10Z"/>'
    '<circle cx="0" cy="-15" r="9"/><circle cx="13" cy="-6" r="9"/><circle cx="8" cy="9" r="9"/>'
    '<circle cx="-8" cy="9" r="9"/><circle cx="-13" cy="-6" r="9"/><circle cx="0" cy="0" r="7" fill="#fff4c8"/>',
    # Bube: a cap with a feather
    "B": '<path d="M-30 18C-30-4-14-12 0-12C14-12 30-4 30 18Z"/><path d="M-32 14H32V22H-32Z"/>'
    '<path d="M8-10C16-26 30-30 40-32C32-22 24-14 16-8Z"/>',
}


def face_half(rank: str) -> str:
    """The upper half of a face card's panel: headwear, the large initial and the suit."""
    glyph = rank_glyphs(rank, 0, 0)
    return (
        f'<g transform="translate(120 60)" fill="{GOLD}" stroke="{GOLD_EDGE}" stroke-width="2.5"'
        f' stroke-linejoin="round">{EMBLEMS[rank]}</g>'
        f'<g transform="translate(98 84) scale(1.2)" fill="none" stroke-width="10" stroke-linecap="round"'
        f' stroke-linejoin="round">{glyph}</g>'
        f"{pip(148, 118, 40)}"
    )


def face(rank: str, colour: str) -> str:
    """König, Dame or Bube: a framed panel, double-headed like a real deck."""
    half = face_half(rank)
    return (
        f'<rect x="62" y="22" width="116" height="292" rx="8" fill="{TINT[colour]}" stroke-width="3"/>'
        f'<rect x="68" y="28" width="104" height="280" rx="5" fill="none" stroke="{GOLD}" stroke-width="2"/>'
        f'<path d="M68 168H172" stroke-width="1.5"/>'
        f'<g id="h">{half}</g><use href="#h" transform="rotate(180 120 168)"/>'
    )


def card_svg(card: Card) -> str:
    """The SVG text of one card face."""
    suit = SUIT_SHORT[card.suit]
    rank = RANK_SHORT[card.rank]
    colour = RED if suit in RED_SUITS else BLACK
    body = face(rank, colour) if rank in EMBLEMS else pips(rank)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}"'
        f' role="img"><title>{card.german}</title>'
        f'<defs><g id="s">{SUIT_SHAPES[suit]}</g></defs>'
        f'<rect x="1.5" y="1.5" width="237" height="333" rx="16" fill="#fff" stroke="{BORDER}" stroke-width="3"/>'
        f'<g fill="{colour}" stroke="{colour}" stroke-width="0">'
        f"{corner_index(rank)}"
        f'<use href="#i" transform="rotate(180 120 168)"/>'
        f"{body}</g></svg>\n"
    )


def back_svg() -> str:
    """The card back: a green lattice with a white frame and the four suits in the middle."""
    suits = "".join(f'<g id="{s}">{SUIT_SHAPES[s]}</g>' for s in SUIT_SHORT)
    centre = "".join(
        f'<use href="#{s}" fill="{RED if s in RED_SUITS else BLACK}" transform="translate({x} {y}) scale(0.26)"/>'
        for s, (x, y) in zip(SUIT_SHORT, ((100, 148), (140, 148), (100, 188), (140, 188)), strict=True)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}"'
        ' role="img"><title>Rückseite</title>'
        f"<defs>{suits}"
        '<pattern id="p" width="20" height="20" patternUnits="userSpaceOnUse" patternTransform="translate(0 8)">'
        '<path d="M10 0L20 10L10 20L0 10Z" fill="none" stroke="#7fc4a4" stroke-width="1.5"/>'
        '<circle cx="10" cy="10" r="2" fill="#7fc4a4"/></pattern></defs>'
        f'<rect x="1.5" y="1.5" width="237" height="333" rx="16" fill="#fff" stroke="{BORDER}" stroke-width="3"/>'
        '<rect x="12" y="12" width="216" height="312" rx="9" fill="#1c6b4a"/>'
        '<rect x="12" y="12" width="216" height="312" rx="9" fill="url(#p)"/>'
        '<rect x="19" y="19" width="202" height="298" rx="6" fill="none" stroke="#fff" stroke-width="2.5"/>'
        '<circle cx="120" cy="168" r="44" fill="#fff" stroke="#1c6b4a" stroke-width="3"/>'
        f"{centre}</svg>\n"
    )


def draw(out: Path) -> list[Path]:
    """Write the 24 faces and the back into ``out``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for card in ALL_CARDS:
        path = out / f"{card.short}.svg"
        path.write_bytes(card_svg(card).encode("utf-8"))
        written.append(path)
    back = out / "back.svg"
    back.write_bytes(back_svg().encode("utf-8"))
    written.append(back)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw the SVG card faces of the online table.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"folder to write into (default {DEFAULT_OUT})")
    args = parser.parse_args(argv)
    files = draw(args.out)
    print(f"{len(files)} files written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
