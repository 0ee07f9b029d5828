"""The engine's messages as a German and an English reader see them: the refusals name the rule in
both languages, the Posten of a scored game read as on the seed 004 tables, a message that wraps
another one translates both, and every error of the core keeps its template when pickled (a Ray
worker's error, a copied exception)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from conftest import NORMAL_HANDS, answer_vorbehalte, hands, play
from doppelkopf.cards import Card, CardError
from doppelkopf.entry import EntryError, parse_entry, result_to_json, score_entry
from doppelkopf.fileutil import NotUTF8Error
from doppelkopf.game import Action, Game, IllegalAction
from doppelkopf.i18n import translator
from doppelkopf.jsonutil import JSONNestingError
from doppelkopf.liste import ListeError
from doppelkopf.messages import TextError
from doppelkopf.names import PlayerNameError
from doppelkopf.record import RecordError
from doppelkopf.rules import ANSAGE, DDV, RuleError
from doppelkopf.scoring import ScoreError
from doppelkopf.session import SessionError
from doppelkopf.sheet import SheetError
from doppelkopf.storage.infos import NotFound, StoreError

DE, EN = translator("de"), translator("en")
ENTRIES = Path(__file__).parent / "data" / "entries"


def normal_game() -> Game:
    """NORMAL_HANDS dealt by seat 3, everyone gesund: seat 0 leads."""
    game = Game(DDV, hands(NORMAL_HANDS), 3)
    answer_vorbehalte(game, Action.GESUND, Action.GESUND, Action.GESUND, Action.GESUND)
    return game


def refusal(game: Game, action: int, seat: int | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        game.apply(action, seat)
    return caught.value


# -- the refusals of the engine ----------------------------------------------------------------------


def test_not_following_suit_names_the_bedienpflicht_in_both_languages() -> None:
    """Seat 1 holds ♣10 ♣K under the ♣A led and plays the ♠D (a trump): TSR 5.2."""
    game = normal_game()
    play(game, "♣A")
    error = refusal(game, int(Card.parse("♠D")))
    assert EN.text(error) == str(error) == "♠D: you must follow the suit led (Bedienpflicht, TSR 5.2)"
    assert DE.text(error) == "♠D: du musst die ausgespielte Farbe bedienen (Bedienpflicht, TSR 5.2)"


def test_not_following_a_trump_lead_says_trump_was_led() -> None:
    """Seat 0 leads the ♦9 (trump in a normal game); seat 1, holding trumps, plays the ♣10: TSR 5.2."""
    game = normal_game()
    play(game, "♦9")
    error = refusal(game, int(Card.parse("♣10")))
    assert str(error) == "♣10: you must play trump, trump was led (Bedienpflicht, TSR 5.2)"
    assert DE.text(error) == "♣10: du musst Trumpf bedienen, Trumpf ist ausgespielt (Bedienpflicht, TSR 5.2)"


def test_playing_out_of_turn_says_whose_turn_it_is() -> None:
    game = normal_game()
    error = refusal(game, int(Card.parse("♣10")), seat=1)
    assert EN.text(error) == "it is seat 0's turn, not seat 1's"
    assert DE.text(error) == "Platz 0 ist dran, nicht Platz 1"


def test_a_late_re_is_refused_with_the_deadline() -> None:
    """TSR 6.2.2: Re needs 11 cards in the announcer's hand; seat 0 has 10 after its second card."""
    game = normal_game()
    play(game, "♣A", "♣10", "♣9", "♣K", "♠A")
    error = refusal(game, Action.announce(ANSAGE), seat=0)
    assert EN.text(error).startswith("too late for Re with 10 cards in hand (deadlines ")
    assert DE.text(error).startswith("zu spät für Re mit 10 Karten auf der Hand (Fristen ")
    assert DE.text(error).endswith(", TSR 6.3-6.5)")


def test_a_finished_game_refuses_another_card() -> None:
    """A game played to its end (each player the first card it may play), then one more card."""
    game = normal_game()
    while not game.is_terminal:
        game.apply(next(a for a in game.legal_actions() if Action.is_card(a)))
    error = refusal(game, int(Card.parse("♣A")), seat=0)
    assert (str(error), DE.text(error)) == ("the game is over", "das Spiel ist vorbei")


def test_a_replayed_game_wraps_the_refusal_and_both_parts_are_translated() -> None:
    """Rebuilding a game from its history names the action at fault and gives the engine's reason."""
    actions = [(0, Action.GESUND), (1, Action.GESUND), (2, Action.GESUND), (3, Action.GESUND)]
    actions += [(0, int(Card.parse("♣A"))), (1, int(Card.parse("♠D")))]
    with pytest.raises(IllegalAction) as caught:
        Game.replay(DDV, hands(NORMAL_HANDS), 3, actions)
    error = caught.value
    assert str(error) == "action 6 (seat 1, PiD): ♠D: you must follow the suit led (Bedienpflicht, TSR 5.2)"
    assert (
        DE.text(error)
        == "Aktion 6 (Platz 1, PiD): ♠D: du musst die ausgespielte Farbe bedienen (Bedienpflicht, TSR 5.2)"
    )
    assert isinstance(error.params["reason"], IllegalAction)


def test_an_entry_error_wrapping_a_rule_error_is_german_throughout() -> None:
    data = json.loads((ENTRIES / "seed004_beispiel1.json").read_text(encoding="utf-8"))
    data["rules"] = "no such rules"
    with pytest.raises(EntryError) as caught:
        parse_entry(data)
    german = DE.text(caught.value)
    assert german.startswith("rules: unbekanntes Regelwerk 'no such rules'; Regelwerke: ")
    assert str(caught.value).startswith("rules: unknown rule set 'no such rules'; presets: ")


# -- the Posten of a scored game ---------------------------------------------------------------------


def test_the_posten_of_seed004_beispiel1_in_both_languages() -> None:
    """Seed 004 Beispiel 1: Re (Ben, Carla) wins with 151 Augen and its Ansage, Re caught a Fuchs,
    Kontra made a Doppelkopf: Gewonnen +1, Gegner unter 90 +1, Re angesagt +2, Sonderpunkte +1 / -1."""
    result = score_entry(json.loads((ENTRIES / "seed004_beispiel1.json").read_text(encoding="utf-8")))
    german = [(DE.text(label), punkte) for label, punkte in result.score.table()]
    english = [(EN.text(label), punkte) for label, punkte in result.score.table()]
    assert german == [
        ("Gewonnen", 1),
        ("Gegner unter 90", 1),
        ("Re angesagt", 2),
        ("Sonderpunkte Re (Fuchs gefangen)", 1),
        ("Sonderpunkte Kontra (Doppelkopf)", -1),
        ("Summe", 4),
    ]
    assert english == [
        ("Won", 1),
        ("Opponents under 90", 1),
        ("Re announced", 2),
        ("Sonderpunkte Re (Fuchs gefangen)", 1),
        ("Sonderpunkte Kontra (Doppelkopf)", -1),
        ("Summe", 4),
    ]
    # the stable keys do not depend on the language
    assert [item.key for item in result.score.items] == [
        "gewonnen",
        "unter_90",
        "re_angesagt",
        "sonderpunkte_re",
        "sonderpunkte_kontra",
    ]
    assert [item["label"] for item in result_to_json(result, DE.text)["items"]] == [g for g, _ in german[:-1]]
    assert [item["label"] for item in result_to_json(result)["items"]] == [e for e, _ in english[:-1]]


def test_two_sonderpunkte_of_a_kind_are_counted_in_the_label() -> None:
    data = json.loads((ENTRIES / "seed004_beispiel1.json").read_text(encoding="utf-8"))
    data["extras"] = [
        {"type": "fuchs_gefangen", "party": "re"},
        {"type": "fuchs_gefangen", "party": "re"},
        {"type": "doppelkopf", "party": "re"},
    ]
    line = score_entry(data).score.items[-1]
    assert line.key == "sonderpunkte_re" and line.punkte == 3
    assert DE.text(line.label) == "Sonderpunkte Re (2× Fuchs gefangen, Doppelkopf)"
    assert line.label == EN.text(line.label) == "Sonderpunkte Re (2× Fuchs gefangen, Doppelkopf)"


def test_a_deal_thrown_in_says_so_in_both_languages() -> None:
    """Seed 002: a hand with five nines may throw the deal in; the score has one line saying the same
    dealer deals again. Seat 0 holds five nines."""
    rules = DDV.replace(schmeissen=("five_nines",), vorbehalt_priority=("solo", "schmeissen", "armut", "hochzeit"))
    texts = (
        "♣9 ♠9 ♥9 ♦9 ♣9 ♣A ♣A ♠A ♠A ♥A ♥A ♦A",
        "♣D ♣D ♠D ♠D ♥D ♥D ♦D ♦D ♣B ♣B ♠B ♠B",
        "♥B ♥B ♦B ♦B ♣10 ♣10 ♠10 ♠10 ♥10 ♥10 ♦10 ♦10",
        "♣K ♣K ♠K ♠K ♥K ♥K ♦K ♦K ♠9 ♥9 ♦9 ♦A",
    )
    game = Game(rules, hands(texts), 3)
    game.apply(Action.SCHMEISSEN)
    while not game.thrown_in:
        game.apply(Action.GESUND)
    (item,) = game.score().items
    assert (item.key, item.punkte) == ("thrown_in", 0)
    assert (DE.text(item.label), EN.text(item.label)) == ("Geschmissen: neu geben", "Schmeissen: deal again")


# -- every error of the core survives pickling --------------------------------------------------------


@pytest.mark.parametrize(
    "cls",
    [
        IllegalAction,
        RuleError,
        CardError,
        ScoreError,
        SessionError,
        SheetError,
        ListeError,
        EntryError,
        PlayerNameError,
        RecordError,
        StoreError,
        NotFound,
        JSONNestingError,
    ],
)
def test_every_core_error_is_a_text_error_and_pickles_with_its_parameters(cls: type[TextError]) -> None:
    error = cls("no seat {seat}: seats are 0..3", seat=7)
    assert isinstance(error, TextError) and isinstance(error, ValueError)
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is cls
    assert (copy.template, copy.params, str(copy)) == ("no seat {seat}: seats are 0..3", {"seat": 7}, str(error))
    assert DE.text(copy) == "kein Platz 7: die Plätze sind 0..3"


def test_errors_with_their_own_fields_keep_them_when_pickled() -> None:
    from doppelkopf.storage.service import UnknownPlayer

    bad = pickle.loads(pickle.dumps(NotUTF8Error(17)))
    assert (bad.offset, str(bad)) == (17, "not UTF-8 text (byte 17)")
    assert DE.text(bad) == "kein UTF-8-Text (Byte 17)"
    unknown = pickle.loads(pickle.dumps(UnknownPlayer("Eva", "Skatfreunde")))
    assert (unknown.name, unknown.group, str(unknown)) == (
        "Eva",
        "Skatfreunde",
        "players: Eva is not in group Skatfreunde",
    )
    assert DE.text(unknown) == "players: Eva ist nicht in der Gruppe Skatfreunde"


# -- the texts of the rule set and the Liste ---------------------------------------------------------


def test_rule_option_descriptions_in_both_languages() -> None:
    """``doko rules show`` and the rules page describe each option; the description is in the
    catalogue, the option names, values and sources stay as they are."""
    english = {name: (value, doc, source) for name, value, doc, source in DDV.describe()}
    german = {name: (value, doc, source) for name, value, doc, source in DDV.describe(DE.gettext)}
    assert english.keys() == german.keys()
    assert english["with_nines"] == ("true", "Play with the nines (48 cards) or without (40 cards)", "TSR 2.2.1")
    assert german["with_nines"] == ("true", "Mit den Neunen spielen (48 Karten) oder ohne (40 Karten)", "TSR 2.2.1")
    # every description has its German text (none shown in English to a German reader)
    assert all(german[name][1] != english[name][1] for name in english)


def test_bock_triggers_and_sit_out_rules_read_in_german() -> None:
    from doppelkopf.session import BOCK_TRIGGERS, SIT_OUT

    assert DE.gettext(BOCK_TRIGGERS["schwarz"]) == "eine Partei hat keinen Stich gemacht"
    assert EN.gettext(BOCK_TRIGGERS["schwarz"]) == "one party won no trick"
    assert all(DE.gettext(text) != text for text in (*BOCK_TRIGGERS.values(), *SIT_OUT.values()))
    assert DE.gettext(SIT_OUT["dealer"]).startswith("der Geber setzt aus; mit sechs auch der Spieler gegenüber")
