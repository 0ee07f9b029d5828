"""The human player of ``doko play`` as a person at the keyboard meets it: what the screen says
about the table (parties, the open trick, the claimed rest) and why a typed move is refused.

Every position is built from the hand-made deals of ``conftest.py`` (seats 0 and 2 hold the
Kreuz-Damen in ``NORMAL_HANDS``; seat 0 holds both in ``HOCHZEIT_HANDS``; dealer 3, so seat 0 is
asked and leads first). What is legal always comes from the core; the tests only read the screen.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

import click
import pytest
from rich.console import Console
from rich.text import TextType

from conftest import HOCHZEIT_HANDS, NORMAL_HANDS, answer_vorbehalte, hands, play
from doppelkopf.cards import Card
from doppelkopf.game import Action, Game, InformationState, Phase
from doppelkopf.interactive import HELP, HumanPlayer, parse_move
from doppelkopf.players import Player, play_game
from doppelkopf.rules import DDV, GameType, RuleSet, get_preset

NAMES = ["Anna", "Ben", "Carla", "Dirk"]


@pytest.fixture(autouse=True)
def _english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests read the English texts: a terminal without a locale (LANG=C), no DOKO_LANG."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "DOKO_LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")


class Keyboard(Console):
    """A console that answers the prompts with ``typed`` in turn and keeps what was printed."""

    def __init__(self, typed: Iterable[str]) -> None:
        super().__init__(file=io.StringIO(), width=200, highlight=False, markup=False)
        self.typed = list(typed)

    def input(self, prompt: TextType = "", *, markup: bool = True, emoji: bool = True, **_: object) -> str:
        self.print(prompt, markup=markup, emoji=emoji)  # as rich shows the prompt
        return self.typed.pop(0)

    @property
    def shown(self) -> str:
        file = self.file
        assert isinstance(file, io.StringIO)
        return file.getvalue()


def seated(seat: int, rules: RuleSet, typed: Iterable[str]) -> tuple[HumanPlayer, Keyboard]:
    """A human player in ``seat`` whose keyboard types ``typed``."""
    keyboard = Keyboard(typed)
    player = HumanPlayer(keyboard, NAMES)
    player.reset(seat, rules, None)
    return player, keyboard


def normal_game(rules: RuleSet = DDV) -> Game:
    game = Game(rules, hands(NORMAL_HANDS), 3)
    answer_vorbehalte(game, *[Action.GESUND] * 4)
    return game


def hochzeit_game(rules: RuleSet = DDV) -> Game:
    game = Game(rules, hands(HOCHZEIT_HANDS), 3)
    answer_vorbehalte(game, Action.vorbehalt(GameType.HOCHZEIT), *[Action.GESUND] * 3)
    return game


# -- what the screen shows ------------------------------------------------------------------------


def test_the_parties_are_shown_once_both_kreuz_damen_are_out() -> None:
    """Anna leads her Kreuz-Dame, Ben trumps with a Pik-Dame, Carla plays the other Kreuz-Dame: two
    Re players make the other two Kontra, so Dirk (seat 3) sees the whole table."""
    game = normal_game()
    play(game, "♣D", "♠D", "♣D")
    player, keyboard = seated(3, DDV, ["♠B"])
    assert player.choose(game.information_state(3)) == int(Card.parse("♠B"))
    assert "Re: Anna & Carla   Kontra: Ben & Dirk" in keyboard.shown


def test_a_party_made_public_by_an_ansage_is_shown() -> None:
    """Anna says Re before the first card: Ben sees her as Re, the rest stays open."""
    game = normal_game()
    game.apply(Action.announce(1), seat=0)
    play(game, "♣A")
    player, keyboard = seated(1, DDV, ["♣10"])
    player.choose(game.information_state(1))
    assert "Re: Anna   Announced" in keyboard.shown and "Kontra: " not in keyboard.shown


def test_no_party_is_shown_before_anything_is_public() -> None:
    """After one Fehl card nothing tells the parties: Ben sees only his own."""
    game = normal_game()
    play(game, "♣A")
    player, keyboard = seated(1, DDV, ["♣10"])
    player.choose(game.information_state(1))
    assert "You are: Kontra" in keyboard.shown
    assert "Re: " not in keyboard.shown and "Kontra: " not in keyboard.shown


@pytest.mark.parametrize(
    ("rules", "leader"),
    [
        (DDV, "Anna"),  # TSR 5.3.3: of two equal cards the first played wins, the Dulle too
        (DDV.replace(dulle="second"), "Ben"),  # seed 002: the second Herz-10 beats the first
    ],
)
def test_the_open_trick_says_who_is_winning_it(rules: RuleSet, leader: str) -> None:
    """Anna leads her Herz-10, Ben plays the other one: Carla is told who wins the trick so far."""
    game = normal_game(rules)
    play(game, "♥10", "♥10")
    player, keyboard = seated(2, rules, ["♣D"])
    player.choose(game.information_state(2))
    assert f"Trick: Anna ♥10  Ben ♥10   ({leader} is winning it)" in keyboard.shown


def test_the_last_trick_on_request() -> None:
    """``letzter`` (and ``last``) show the last finished trick again and ask once more; ``?`` names
    the word; before the first trick is complete there is none."""
    game = normal_game()
    player, keyboard = seated(0, DDV, ["letzter", "♣A"])
    player.choose(game.information_state(0))
    assert "No trick finished yet." in keyboard.shown
    play(game, "♣A", "♣10", "♣9", "♣K")  # trick 1 to Anna: 11 + 10 + 0 + 4 = 25 Augen
    player, keyboard = seated(0, DDV, ["last", "?", "♠A"])
    assert player.choose(game.information_state(0)) == int(Card.parse("♠A"))
    assert "Last trick (1): Anna ♣A  Ben ♣10  Carla ♣9  Dirk ♣K -> Anna (25 Augen)" in keyboard.shown
    assert "letzter" in HELP


def test_a_claimed_rest_does_not_count_the_cards_on_the_table_as_not_played() -> None:
    """Seed 000 lets anyone claim the rest. Claimed in the middle of a trick, the cards already on
    the table were played: the screen names them and counts only the cards still in the hands as
    not played."""
    rules = get_preset("ohne-neunen")
    for seed in range(200):
        game = Game.new(rules, seed=seed, dealer=3)
        while not game.is_terminal and not (game.trick_cards and Action.CLAIM in game.legal_actions()):
            game.apply(game.legal_actions()[0])
        if not game.is_terminal:
            break
    else:  # pragma: no cover - a claim in the middle of a trick among 200 deals
        raise AssertionError("no claim in the middle of a trick found")
    on_table = list(zip(game.trick_seats, game.trick_cards, strict=True))
    in_hands = sum(len(hand) for hand in game.hands)
    trick_number = len(game.tricks) + 1
    game.apply(Action.CLAIM)
    played = sum(1 for _, action in game.history if Action.is_card(action))
    player, keyboard = seated(0, rules, [])
    player.show_tricks(game.tricks, played)
    down = "  ".join(f"{NAMES[s]} {Card(c).symbol}" for s, c in on_table)
    others = "the other card was not" if in_hands == 1 else f"the other {in_hands} cards were not"
    assert f"of trick {trick_number} {down} had been played, {others}" in keyboard.shown
    assert "The rest, not played" not in keyboard.shown


# -- why a move is refused ------------------------------------------------------------------------


def refusal(text: str, info: InformationState) -> str:
    with pytest.raises(ValueError) as caught:
        parse_move(text, info, list(info.hand))
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_an_ansage_before_the_klaerungsstich_says_why() -> None:
    """TSR 6.5: in a Hochzeit nobody announces before the Klärungsstich, the Hochzeiter neither
    (Re from the start, so he is not told that Re was said or is too late)."""
    game = hochzeit_game()
    message = refusal("re", game.information_state(0))
    assert "wait for the Klärungsstich" in message and "hochzeit_early_ansage" in message
    assert "already" not in message and "deadline" not in message
    assert "Klärungsstich" in refusal("kontra", game.information_state(1))


def test_a_refusal_before_the_klaerungsstich_cites_what_the_engine_cites() -> None:
    """The reason shown for an announcement refused before a Hochzeit's Klärungsstich cites the
    paragraph the engine's own refusal cites (TSR 6.5, An- und Absagezeitpunkte bei einer Hochzeit):
    for the Hochzeiter, whose party is known, and for a player whose party is still open."""
    import re

    from doppelkopf.game import IllegalAction

    def cited(text: str) -> list[str]:
        return re.findall(r"TSR \d+(?:\.\d+)*", text)

    game = hochzeit_game()
    for seat, word in ((0, "re"), (1, "kontra")):
        with pytest.raises(IllegalAction) as engine:
            game.apply(Action.announce(1), seat=seat)
        assert cited(str(engine.value)) == ["TSR 6.5"]
        assert cited(refusal(word, game.information_state(seat))) == ["TSR 6.5"]


def test_the_hochzeiter_may_announce_early_under_the_house_rule() -> None:
    """Seed 002 (hochzeit_early_ansage): the Hochzeiter may say Re before the Klärungsstich; the
    others still wait for it, and are told that only the Hochzeiter may announce before it."""
    rules = DDV.replace(hochzeit_early_ansage=True)
    game = hochzeit_game(rules)
    assert parse_move("re", game.information_state(0), []) == Action.announce(1)
    message = refusal("kontra", game.information_state(1))
    assert "Klärungsstich" in message and "only the Hochzeiter" in message


def test_an_ansage_said_already_is_refused_as_such() -> None:
    """Anna (Re) said Re; Carla, her partner, types re: her party has already announced it; she is
    offered what is still open (keine 90 and the other Absagen)."""
    game = normal_game()
    game.apply(Action.announce(1), seat=0)
    play(game, "♣A", "♣10")
    message = refusal("re", game.information_state(2))
    assert "already announced" in message and "keine 90" in message


def test_a_bare_hochzeit_takes_the_first_kind_the_rules_list() -> None:
    """Seed 002: "Wenn nichts anderes gesagt ist ... der erste Fehlfarben-Stich": the doppelbock
    preset lists first_fehl first; a rule set listing first_trump first takes that."""
    doppelbock = get_preset("doppelbock")
    info = Game(doppelbock, hands(HOCHZEIT_HANDS), 3).information_state(0)
    assert parse_move("hochzeit", info, []) == Action.hochzeit("first_fehl")
    assert parse_move("hochzeit trumpf", info, []) == Action.hochzeit("first_trump")
    trump_first = doppelbock.replace(hochzeit_choices=("first_trump", "first_fehl"))
    info = Game(trump_first, hands(HOCHZEIT_HANDS), 3).information_state(0)
    assert parse_move("hochzeit", info, []) == Action.hochzeit("first_trump")
    assert "first_foreign" not in trump_first.hochzeit_choices
    assert "hochzeit fehl" in refusal("hochzeit fremd", info) and "fremd" not in refusal("hochzeit x", info)


def test_the_vorbehalt_prompt_names_the_default_hochzeit() -> None:
    """Under doppelbock the prompt lists the three Hochzeit kinds, the one a bare hochzeit takes
    (first_fehl) written ``hochzeit [fehl]``; the brackets are text, not terminal markup."""
    game = Game(get_preset("doppelbock"), hands(HOCHZEIT_HANDS), 3)
    player, keyboard = seated(0, game.rules, ["hochzeit"])
    assert player.choose(game.information_state(0)) == Action.hochzeit("first_fehl")
    assert "hochzeit [fehl], hochzeit fremd, hochzeit trumpf)" in keyboard.shown


def test_a_bad_vorbehalt_lists_only_what_the_rules_and_hand_allow() -> None:
    """Seat 0 holds both Kreuz-Damen, six trumps and three nines: under doppelbock it may say
    gesund, a solo or a Hochzeit (the default kind first), not Armut (at most three trumps) nor
    Schmeissen (five nines, or no trump above the Fuchs)."""
    info = Game(get_preset("doppelbock"), hands(HOCHZEIT_HANDS), 3).information_state(0)
    message = refusal("vielleicht", info)
    assert "gesund" in message and "kreuz" in message
    assert "hochzeit [fehl], hochzeit fremd or hochzeit trumpf" in message
    assert "armut" not in message and "schmeissen" not in message
    ddv_info = Game(DDV, hands(NORMAL_HANDS), 3).information_state(0)
    message = refusal("vielleicht", ddv_info)  # no Hochzeit hand, no house rules
    assert "hochzeit" not in message and "armut" not in message and "bubendamen" not in message


# -- the Armut exchange as each seat sees it ------------------------------------------------------

# Seed 002 (doppelbock): Anna (seat 0) holds three trumps (♥B ♦K ♦9), the most an Armut allows
# (armut_max_trumps = 3), and lays exactly those; no seat holds five nines or both Kreuz-Damen.
ARMUT_HANDS: tuple[str, ...] = (
    "♥B ♦K ♦9  ♣A ♣A ♣10  ♠A ♠A ♠10  ♥A ♥A ♥K",
    "♥10 ♣D ♠D ♥D ♦D ♣B ♠B ♦A ♦10  ♣10 ♣K ♣9",
    "♥10 ♣D ♠D ♥D ♦D ♣B ♠B ♦A ♦10  ♠K ♠9  ♥9",
    "♥B ♦B ♦B ♦K ♦9  ♣K ♣9  ♠10 ♠K ♠9  ♥K ♥9",
)
#: What Carla, the taker, gives back to Anna.
GIVEN_BACK = ("♠9", "♠K", "♥9")


class Scripted(Player):
    """A computer seat of the Armut tests: Anna declares the Armut, the others are gesund; Ben
    refuses, Carla takes and gives back :data:`GIVEN_BACK`; in play the first legal card."""

    def choose(self, info: InformationState) -> int:
        legal = info.legal_actions
        if info.phase is Phase.VORBEHALT:
            return Action.vorbehalt(GameType.ARMUT) if self.seat == 0 else Action.GESUND
        if Action.ARMUT_TAKE in legal:
            return Action.ARMUT_TAKE if self.seat == 2 else Action.ARMUT_REFUSE
        if any(Action.is_armut_return(a) for a in legal):
            return Action.armut_return(Card.parse(GIVEN_BACK[len(info.armut_returned)]))
        return next(a for a in legal if Action.is_card(a) or Action.is_armut_lay(a))


class TypedUntilPlay(Keyboard):
    """Types ``typed``, then stops (Ctrl-D) at the first prompt after them."""

    def input(self, prompt: TextType = "", *, markup: bool = True, emoji: bool = True, **_: object) -> str:
        if not self.typed:
            raise EOFError
        return super().input(prompt, markup=markup, emoji=emoji)


def armut_seen_by(seat: int, typed: list[str]) -> str:
    """Play the Armut deal (dealer Dirk, so Anna is asked first) with a human in ``seat`` typing
    ``typed`` until the play begins; what the human's screen shows."""
    keyboard = TypedUntilPlay(typed)
    human = HumanPlayer(keyboard, NAMES)
    players: list[Player] = [Scripted(f"seat {s}") for s in range(4)]
    players[seat] = human
    game = Game(get_preset("doppelbock"), hands(ARMUT_HANDS), 3)
    with pytest.raises(click.Abort):
        play_game(game, players, on_event=human.follow)
    assert game.game_type is GameType.ARMUT and game.armut_taker == 2
    return keyboard.shown


def test_the_poor_player_is_told_who_takes_and_which_cards_come_back() -> None:
    """Anna declares the Armut and lays her three trumps (card 1, the highest, three times): she
    sees Ben refuse, Carla take, and the cards Carla gives back."""
    shown = armut_seen_by(0, ["armut", "1", "1", "1"])
    assert "Ben refuses the Armut." in shown and "Carla takes the Armut." in shown
    assert (
        "Armut: Anna lays 3 cards face down (♥B ♦K ♦9); Ben refuses, Carla takes; "
        "Carla gives back 3 cards (♠9 ♠K ♥9)" in shown
    )


def test_the_taker_sees_the_exchange() -> None:
    """Carla takes the Armut (after Ben refused) and gives back ♠9, ♠K and ♥9: her screen says
    what she took and gave."""
    shown = armut_seen_by(2, ["gesund", "take", *GIVEN_BACK])
    assert "Ben refuses the Armut." in shown and "Carla takes the Armut." not in shown
    assert (
        "Armut: Anna lays 3 cards face down (♥B ♦K ♦9); Ben refuses, Carla takes; "
        "Carla gives back 3 cards (♠9 ♠K ♥9)" in shown
    )


def test_a_seat_outside_the_armut_sees_the_answers_but_no_exchanged_card() -> None:
    """Dirk is never asked (Carla takes first): he sees the answers and how many cards went each
    way, never which (seed 002: the cards are laid face down)."""
    shown = armut_seen_by(3, ["gesund"])
    assert "Ben refuses the Armut." in shown and "Carla takes the Armut." in shown
    line = next(line for line in shown.splitlines() if line.startswith("Armut: "))
    assert line == "Armut: Anna lays 3 cards face down; Ben refuses, Carla takes; Carla gives back 3 cards"
