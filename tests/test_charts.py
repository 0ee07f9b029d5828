"""Charts of the Liste (doppelkopf.charts): the picture a player looks at, and bytes a test can compare.

The Punkte are seed 004's list ("Die Liste führen"): Anna 9, 5, 10; Ben and Carla -3, 1, -4; Dirk -3, -7, -2.
"""

from __future__ import annotations

import re
import struct

import pytest

from doppelkopf.charts import ChartError, bar_chart, chart_format, punkte_chart

SEED_004 = {"Anna": [9, 5, 10], "Ben": [-3, 1, -4], "Carla": [-3, 1, -4], "Dirk": [-3, -7, -2]}


def svg_texts(svg: bytes) -> list[str]:
    """The text of the SVG's <text> elements (the charts keep their text as text)."""
    return [m.strip() for m in re.findall(r"<text[^>]*>([^<]*)</text>", svg.decode("utf-8"))]


def png_size(png: bytes) -> tuple[int, int]:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def test_the_same_list_draws_the_same_svg_bytes() -> None:
    first = punkte_chart(SEED_004, title="Donnerstag", fmt="svg")
    assert first == punkte_chart(SEED_004, title="Donnerstag", fmt="svg")
    assert first.startswith(b"<?xml")
    assert b"<dc:date>" not in first  # no date in the metadata: drawn tomorrow, still the same bytes
    changed = dict(SEED_004, Anna=[9, 5, 11], Dirk=[-3, -7, -3])
    assert punkte_chart(changed, title="Donnerstag", fmt="svg") != first


def test_the_punkte_chart_names_every_player_the_title_and_its_axes() -> None:
    texts = svg_texts(punkte_chart(SEED_004, title="Donnerstag bei Anna", fmt="svg"))
    for word in ("Donnerstag bei Anna", "Anna", "Ben", "Carla", "Dirk", "Punkte", "game"):
        assert word in texts
    # the game numbers 0 (the start) to 3 on the x axis, Anna's 10 Punkte within the y axis
    assert {"0", "1", "2", "3", "10"} <= set(texts)


def test_png_is_800_by_450_pixels_and_stable() -> None:
    png = punkte_chart(SEED_004, title="Donnerstag", fmt="png")
    assert png_size(png) == (800, 450)
    assert png == punkte_chart(SEED_004, title="Donnerstag", fmt="png")


def test_an_empty_list_says_so() -> None:
    assert "no games yet" in svg_texts(punkte_chart({}, title="Neu", fmt="svg"))
    assert "no games yet" in svg_texts(punkte_chart({"Anna": [], "Ben": []}, title="Neu", fmt="svg"))
    assert "no games yet" in svg_texts(bar_chart({}, title="Neu", ylabel="games", fmt="svg"))


def test_players_with_lists_of_different_length() -> None:
    # Eva joined for the last game only: her line has one game
    svg = punkte_chart({**SEED_004, "Eva": [0]}, title="Fünf", fmt="svg")
    assert "Eva" in svg_texts(svg)


def test_the_bar_chart_of_games_won_as_re_and_as_kontra() -> None:
    # seed 004: Anna won the Kreuzsolo (as Re) and, with Dirk, game 3 as Kontra; Ben and Carla game 2 as Re
    won = {"Anna": {"Re": 1, "Kontra": 1}, "Ben": {"Re": 1}, "Carla": {"Re": 1}, "Dirk": {"Kontra": 1}}
    svg = bar_chart(won, title="Gewonnen", ylabel="games", fmt="svg")
    texts = svg_texts(svg)
    for word in ("Gewonnen", "games", "Re", "Kontra", "Anna", "Ben", "Carla", "Dirk"):
        assert word in texts
    # each bar is labelled with its count: Anna 1 and 1, Ben 1 and 0 (missing kind), Carla 1 and 0, Dirk 0 and 1
    assert texts.count("1") >= 5
    assert svg == bar_chart(won, title="Gewonnen", ylabel="games", fmt="svg")
    assert png_size(bar_chart(won, title="Gewonnen", ylabel="games", fmt="png")) == (800, 450)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: punkte_chart(SEED_004, title="x", fmt="gif"), "fmt: 'gif' is no chart format"),  # type: ignore[arg-type]
        (lambda: punkte_chart({"Anna": [1, 2.5]}, title="x"), "series['Anna'][1]: 2.5 is no whole number"),  # type: ignore[list-item]
        (lambda: punkte_chart({"Anna": [True]}, title="x"), "series['Anna'][0]: True is no whole number"),
        (lambda: bar_chart({"Anna": {"Re": "3"}}, title="x", ylabel="games"), "counts['Anna']['Re']: '3'"),  # type: ignore[dict-item]
        (lambda: punkte_chart({f"P{i}": [0] for i in range(41)}, title="x"), "series: 41 players, at most 40"),
    ],
)
def test_bad_data_is_refused_naming_the_field(call: object, message: str) -> None:
    with pytest.raises(ChartError) as info:
        call()  # type: ignore[operator]
    assert str(info.value).startswith(message)


def test_chart_format_from_the_file_name() -> None:
    assert chart_format("punkte.svg") == "svg"
    assert chart_format("PUNKTE.PNG") == "png"
    with pytest.raises(ChartError, match=r"punkte\.pdf: a chart is written as \.svg or \.png"):
        chart_format("punkte.pdf")
