"""The card faces of the online table: one SVG per card, drawn by scripts/draw_cards.py."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from doppelkopf.cards import HERZ, KARO, Card, deck

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "src" / "doppelkopf" / "web" / "static" / "cards"
SCRIPT = ROOT / "scripts" / "draw_cards.py"
SVG = "{http://www.w3.org/2000/svg}"
LINK_ATTRIBUTES = ("href", "{http://www.w3.org/1999/xlink}href", "src")


def svg_files() -> list[Path]:
    return sorted(CARDS.glob("*.svg"))


def test_every_card_of_the_deck_has_a_face_and_there_is_a_back() -> None:
    names = {path.name for path in svg_files()}
    missing = {f"{card.short}.svg" for card in deck(with_nines=True)} - names
    assert not missing
    assert "back.svg" in names
    assert len(names) == 25  # 24 distinct cards and the back, nothing else


@pytest.mark.parametrize("card", sorted(set(deck(with_nines=True))), ids=lambda card: card.short)
def test_a_face_is_an_svg_of_the_card_shape_titled_with_the_german_name(card: Card) -> None:
    root = ET.parse(CARDS / f"{card.short}.svg").getroot()
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 240 336"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == card.german


def test_the_faces_reference_nothing_outside_the_file() -> None:
    for path in svg_files():
        text = path.read_text(encoding="utf-8")
        for element in ET.fromstring(text).iter():
            for attribute in LINK_ATTRIBUTES:
                target = element.get(attribute)
                assert target is None or target.startswith("#"), (path.name, target)
        assert "http:" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
        assert "https:" not in text and "file:" not in text and "url(http" not in text
        assert "<image" not in text and "@import" not in text
        assert path.stat().st_size < 6000, path.name


def test_red_suits_are_drawn_red_and_black_suits_black() -> None:
    for card in set(deck(with_nines=True)):
        text = (CARDS / f"{card.short}.svg").read_text(encoding="utf-8")
        red = card.suit in (HERZ, KARO)
        assert ("#c8102e" in text) is red, card.short


def test_the_script_draws_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    subprocess.run([sys.executable, str(SCRIPT), "--out", str(tmp_path)], check=True, env=env, capture_output=True)
    drawn = sorted(path.name for path in tmp_path.glob("*.svg"))
    assert drawn == [path.name for path in svg_files()]
    for name in drawn:
        assert (tmp_path / name).read_bytes() == (CARDS / name).read_bytes(), name
