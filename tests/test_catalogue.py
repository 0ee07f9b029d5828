"""The message catalogues are complete: every marked message has its German translation, the compiled
catalogues match their sources, no text people read bypasses the catalogue, and the reader's language is
chosen as a reader expects (browser, cookie, terminal locale)."""

from __future__ import annotations

import datetime
import importlib
import pkgutil

import pytest

import doppelkopf
from doppelkopf.i18n import catalogue, language_from_env, negotiate, translator
from doppelkopf.messages import Text, TextError


def test_every_message_has_its_german_translation() -> None:
    problems = catalogue.problems()
    assert problems == [], "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


def test_no_template_text_outside_the_catalogue() -> None:
    found = catalogue.untranslated_template_text()
    assert found == [], "\n".join(found[:40]) + f"\n({len(found)} in all)"


def test_no_front_end_string_outside_the_catalogue() -> None:
    found = catalogue.untranslated_python()
    assert found == [], "\n".join(found[:40]) + f"\n({len(found)} in all)"


def test_every_text_error_class_is_extracted() -> None:
    for info in pkgutil.walk_packages(doppelkopf.__path__, "doppelkopf."):
        if info.name.startswith(("doppelkopf.rl", "doppelkopf.cluster", "doppelkopf.fast")):
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:
            continue
    seen: set[type] = set()
    todo: list[type] = [TextError]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    missing = sorted(
        c.__name__ for c in seen if c.__name__ not in catalogue.TEXT_CALLS and c.__module__.startswith("doppelkopf")
    )
    assert missing == [], f"add to doppelkopf.i18n.catalogue.TEXT_CALLS: {missing}"


def test_a_translated_message_keeps_its_parameters_and_translates_nested_ones() -> None:
    de = translator("de")
    inner = TextError("the game is over")
    outer = TextError("action {number} (seat {seat}): {reason}", number=3, seat=1, reason=inner)
    assert str(outer) == "action 3 (seat 1): the game is over"
    assert de.text(outer) == f"Aktion 3 (Platz 1): {de.text(inner)}"
    assert de.text(inner) == "das Spiel ist vorbei"
    assert translator("en").text(outer) == str(outer)
    # a message the catalogue does not know is shown in English, with its values
    assert de.text(Text("no such message {n}", n=2)) == "no such message 2"


def test_an_error_survives_pickling_with_its_template() -> None:
    import pickle

    error = pickle.loads(pickle.dumps(TextError("no seat {seat}: seats are 0..3", seat=7)))
    assert (error.template, error.params, str(error)) == (
        "no seat {seat}: seats are 0..3",
        {"seat": 7},
        "no seat 7: seats are 0..3",
    )


def test_money_numbers_and_dates_in_the_readers_form() -> None:
    de, en = translator("de"), translator("en")
    assert de.money(40) == "0,40\xa0€" and en.money(40) == "€0.40"
    assert de.money(-1250) == "\u221212,50\xa0€" and en.money(-1250) == "\u2212€12.50"
    assert de.number(1234.5, 1) == "1.234,5" and en.number(1234.5, 1) == "1,234.5"
    assert de.date(datetime.date(2026, 12, 2)) == "02.12.2026"
    assert de.date(datetime.datetime(2026, 12, 2, 21, 4), time=True) == "02.12.2026 21:04"
    assert en.date(datetime.date(2026, 12, 2)) == "Dec 2, 2026"
    assert de.signed(-3) == "\u22123" and de.signed(2) == "+2" and de.signed(0) == "0"


@pytest.mark.parametrize(
    ("header", "cookie", "expected"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", None, "de"),
        ("en-US,en;q=0.9", None, "en"),
        ("fr-FR,en;q=0.5,de;q=0.7", None, "de"),  # the higher weight wins, whatever the order
        ("fr-FR", None, "de"),  # none we have: German, the language of the game
        (None, None, "de"),
        ("en-US", "de", "de"),  # the reader's switch beats the browser
        ("de-DE", "xx", "de"),  # a forged cookie is ignored
    ],
)
def test_the_page_language_follows_the_reader(header: str | None, cookie: str | None, expected: str) -> None:
    assert negotiate(header, cookie) == expected


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "de_AT.UTF-8"}, "de"),
        ({"LANG": "fr_FR.UTF-8", "LANGUAGE": "fr:de:en"}, "de"),
        ({"LANG": "C", "LANGUAGE": "de"}, "en"),  # gettext ignores LANGUAGE under the C locale
    ],
)
def test_the_terminal_language_follows_the_locale(environ: dict[str, str], expected: str) -> None:
    assert language_from_env(environ) == expected
