"""House rules of the Armut and of Schmeissen (issue 26), each in a named deal worked by hand.

FreeDoko's poverty rules (POVERTY_SHIFT, POVERTY_SHIFT_ONLY_TRUMP, POVERTY_FOX_DO_NOT_COUNT,
POVERTY_FOX_SHIFT_EXTRA, POVERTY_FOX_SHIFT_OPEN, THROW_WITH_ONE_TRUMP) and the house rules
``armut_taker`` and ``armut_return_trumps``; the seed 002 Armut itself is tested in test_house_play.py.
"""

from __future__ import annotations

import random

import pytest

from conftest import answer_vorbehalte, hands
from doppelkopf.cards import Card, parse_cards
from doppelkopf.game import Action, Game, IllegalAction, Phase
from doppelkopf.i18n import translator
from doppelkopf.players.sampling import HandSampler, rebuild_game
from doppelkopf.rl.encoding import observation
from doppelkopf.rules import DDV, GameType, Party, RuleSet

EN = translator("en")
GESUND = Action.GESUND
ARMUT = Action.vorbehalt(GameType.ARMUT)
SEED_002_PRIORITY = ("solo", "schmeissen", "armut", "hochzeit")
ARMUT_RULES = DDV.replace(armut=True, vorbehalt_priority=SEED_002_PRIORITY)

# Seat 1 holds three trumps (both Karo-Asse and a Karo-9), seat 0 only two Fehl cards (♣9 ♠9).
# Dealer 0: seat 1 is asked first; in the Armut seats 2, 3, 0 are asked in turn.
ARMUT_HANDS: tuple[str, ...] = (
    "♥10 ♣D ♠D ♥D ♦D ♣B ♠B ♥B ♦10 ♦K  ♣9  ♠9",  # seat 0
    "♦A ♦A ♦9  ♣A ♣10 ♣K  ♠A ♠10 ♠K  ♥A ♥K ♥9",  # seat 1
    "♥10 ♣D ♠D ♥D ♦D ♣B ♦B ♦10  ♣A ♣10  ♠A  ♥A",  # seat 2
    "♠B ♥B ♦B ♦K ♦9  ♣K ♣9  ♠10 ♠K ♠9  ♥K ♥9",  # seat 3
)
# ARMUT_HANDS with seat 1's ♥9 and seat 3's ♦K swapped: seat 1 holds four trumps, two of them Füchse.
FOUR_TRUMPS_HANDS: tuple[str, ...] = (
    ARMUT_HANDS[0],
    "♦A ♦A ♦K ♦9  ♣A ♣10 ♣K  ♠A ♠10 ♠K  ♥A ♥K",  # seat 1
    ARMUT_HANDS[2],
    "♠B ♥B ♦B ♦9  ♣K ♣9  ♠10 ♠K ♠9  ♥K ♥9 ♥9",  # seat 3
)
# ARMUT_HANDS with one of seat 1's Karo-Asse and seat 3's ♥9 swapped: seat 1 holds two trumps (♦A ♦9).
TWO_TRUMPS_HANDS: tuple[str, ...] = (
    ARMUT_HANDS[0],
    "♦A ♦9  ♣A ♣10 ♣K  ♠A ♠10 ♠K  ♥A ♥K ♥9 ♥9",  # seat 1
    ARMUT_HANDS[2],
    "♠B ♥B ♦B ♦A ♦K ♦9  ♣K ♣9  ♠10 ♠K ♠9  ♥K",  # seat 3
)
# Seat 2 holds five nines (♦9 ♦9 ♣9 ♠9 ♥9), seat 0 can play a Bubensolo. Dealer 3: seat 0 is asked first.
FIVE_NINES_HANDS: tuple[str, ...] = (
    "♦A ♦A ♣D ♦10 ♦K  ♣A ♣A ♣9  ♠A ♠9  ♥A ♥9",  # seat 0
    "♥10 ♥10 ♠D ♠D ♥D ♦B  ♣10 ♣K  ♠A ♠10  ♥A ♥K",  # seat 1
    "♦9 ♦9 ♣D ♥D ♦D ♣B ♣B  ♣9  ♠K ♠9  ♥K ♥9",  # seat 2
    "♠B ♠B ♥B ♥B ♦10 ♦K ♦B ♦D  ♣10 ♣K  ♠10 ♠K",  # seat 3
)


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def armut_game(rules: RuleSet, texts: tuple[str, ...] = ARMUT_HANDS) -> Game:
    """Dealer 0: seat 1 declares Armut, the others say gesund."""
    game = Game(rules, hands(texts), 0)
    answer_vorbehalte(game, ARMUT, GESUND, GESUND, GESUND)
    return game


def lay(game: Game, text: str) -> None:
    for card in cards(text):
        game.apply(Action.armut_lay(card))


def give_back(game: Game, text: str) -> None:
    for card in cards(text):
        game.apply(Action.armut_return(card))


def lays_offered(game: Game) -> list[int]:
    return [int(Action.card_of(a)) for a in game.legal_actions() if Action.is_armut_lay(a)]


# -- armut_fuchs_counts, armut_fuchs_extra (FreeDoko POVERTY_FOX_DO_NOT_COUNT, POVERTY_FOX_SHIFT_EXTRA) ------


def test_fuchs_not_counted_for_the_armut_but_passed() -> None:
    """Seat 1 holds ♦A ♦A ♦K ♦9: four trumps, more than armut_max_trumps 3: no Armut (seed 002).
    FreeDoko "fox do not count": the two Füchse are not counted, 2 trumps: an Armut. The Füchse are
    still passed (FreeDoko numberofpovertycards: max(3, trumps) = 4): seat 1 must lay all four
    trumps, the taker returns four cards."""
    assert ARMUT not in Game(ARMUT_RULES, hands(FOUR_TRUMPS_HANDS), 0).legal_actions()
    with pytest.raises(IllegalAction, match="armut_fuchs_counts"):
        Game(ARMUT_RULES, hands(FOUR_TRUMPS_HANDS), 0).apply(ARMUT)
    rules = ARMUT_RULES.replace(armut_fuchs_counts=False)
    game = armut_game(rules, FOUR_TRUMPS_HANDS)
    assert game.phase is Phase.ARMUT
    assert set(lays_offered(game)) == set(cards("♦A ♦K ♦9"))  # trumps only
    lay(game, "♦A ♦A ♦K")
    assert lays_offered(game) == cards("♦9")  # the last trump, though armut_cards (3) are laid
    lay(game, "♦9")
    assert sorted(game.armut_laid) == sorted(cards("♦A ♦A ♦K ♦9"))
    assert game.legal_actions() == [Action.ARMUT_TAKE, Action.ARMUT_REFUSE]  # seat 2 is asked
    assert game.information_state(0).armut_count == 4
    game.apply(Action.ARMUT_TAKE)
    give_back(game, "♣A ♣10 ♠A ♥A")  # seat 2's four Fehl cards
    assert game.phase is Phase.PLAY and [len(h) for h in game.hands] == [12] * 4
    assert sorted(game.hands[1]) == sorted(cards("♣A ♣10 ♣K ♠A ♠10 ♠K ♥A ♥K ♣A ♣10 ♠A ♥A"))


def test_fuchs_shifted_extra() -> None:
    """FreeDoko "fox shift extra": the Füchse are passed beyond the 3 cards: seat 1 (♦A ♦A ♦K ♦9)
    lays max(3 + 2 Füchse, 4 trumps) = 5 cards: its four trumps, then one Fehl card of its choice;
    the taker returns five."""
    rules = ARMUT_RULES.replace(armut_fuchs_counts=False, armut_fuchs_extra=True)
    game = armut_game(rules, FOUR_TRUMPS_HANDS)
    lay(game, "♦A ♦A ♦K ♦9")
    assert game.current_player == 1 and sorted(set(lays_offered(game))) == sorted(set(game.hands[1]))
    lay(game, "♥K")
    assert game.current_player == 2
    game.apply(Action.ARMUT_REFUSE)
    game.apply(Action.ARMUT_TAKE)  # seat 3
    assert len(game.hands[3]) == 17
    give_back(game, "♣K ♣9 ♠10 ♠K")
    assert game.phase is Phase.ARMUT
    give_back(game, "♠9")
    assert game.phase is Phase.PLAY and [len(h) for h in game.hands] == [12] * 4


def test_fuchs_extra_with_three_trumps() -> None:
    """ARMUT_HANDS, seat 1 holds ♦A ♦A ♦9 and "fox shift extra" alone: 3 + 2 Füchse = 5 cards."""
    game = armut_game(ARMUT_RULES.replace(armut_fuchs_extra=True))
    lay(game, "♦A ♦A ♦9 ♥9")
    assert game.current_player == 1
    lay(game, "♥K")
    assert game.current_player == 2 and game.information_state(2).armut_count == 5


# -- armut_only_trumps (FreeDoko POVERTY_SHIFT_ONLY_TRUMP) -------------------------------------------------


def test_only_the_trumps_are_passed() -> None:
    """Seat 1 holds two trumps, ♦A ♦9. Seed 002 "es müssen immer 3 Karten sein": it lays ♦A ♦9 and a
    Fehl card. FreeDoko "shift only trump": it lays ♦A ♦9 only, the taker returns two cards."""
    game = armut_game(ARMUT_RULES, TWO_TRUMPS_HANDS)
    lay(game, "♦A ♦9")
    assert game.current_player == 1 and len(set(lays_offered(game))) == 9  # any of its Fehl cards
    game = armut_game(ARMUT_RULES.replace(armut_only_trumps=True), TWO_TRUMPS_HANDS)
    lay(game, "♦A ♦9")
    assert game.current_player == 2 and game.legal_actions() == [Action.ARMUT_TAKE, Action.ARMUT_REFUSE]
    game.apply(Action.ARMUT_TAKE)
    give_back(game, "♣A ♠A")
    assert game.phase is Phase.PLAY and [len(h) for h in game.hands] == [12] * 4
    assert game.party == [Party.KONTRA, Party.RE, Party.RE, Party.KONTRA]


# -- armut_fuchs_open (FreeDoko POVERTY_FOX_SHIFT_OPEN): hidden information ---------------------------------


def exchanged(rules: RuleSet, third: str, returned: str) -> Game:
    """TWO_TRUMPS_HANDS: seat 1 lays ♦A ♦9 and ``third``, seat 2 refuses, seat 3 takes and returns
    ``returned``."""
    game = armut_game(rules, TWO_TRUMPS_HANDS)
    lay(game, f"♦A ♦9 {third}")
    game.apply(Action.ARMUT_REFUSE)
    game.apply(Action.ARMUT_TAKE)
    give_back(game, returned)
    return game


@pytest.mark.parametrize("fuchs_open", [False, True])
def test_open_fuchs_and_nothing_else(fuchs_open: bool) -> None:
    """Seat 1 lays ♦A ♦9 and ♥9 in one game, ♥K in the other; seat 3 returns ♣K ♣9 ♠9 or ♠K ♠9 ♥K.
    Seed 002 "verdeckt": seats 0 and 2 (and a spectator) see nothing of the exchange but its size.
    FreeDoko "fox shift open": they see the Fuchs ♦A, and still nothing else: the four games look
    the same to them (their views, the RL observation), the two players see their own exchange."""
    rules = ARMUT_RULES.replace(armut_fuchs_open=fuchs_open)
    games = [exchanged(rules, t, r) for t in ("♥9", "♥K") for r in ("♣K ♣9 ♠9", "♠K ♠9 ♥K")]
    shown = tuple(cards("♦A")) if fuchs_open else ()
    for seat in (0, 2):
        views = [g.information_state(seat) for g in games]
        assert all(v == views[0] for v in views)
        assert views[0].armut_laid == shown and views[0].armut_returned == ()
        assert len({observation(v).tobytes() for v in views}) == 1  # the observation of the RL learner
    publics = [g.public_information_state() for g in games]
    assert all(p == publics[0] for p in publics) and publics[0].armut_laid == shown
    assert games[0].information_state(3).armut_laid == tuple(cards("♦A ♦9 ♥9"))
    assert games[1].information_state(1).armut_returned == tuple(cards("♠K ♠9 ♥K"))
    # the search players' sampling: an outsider's sample deals the unseen cards consistently
    info = games[0].information_state(0)
    sample = HandSampler(info).sample(random.Random(1))
    assert [len(h) for h in sample] == [12] * 4


def test_open_fuchs_while_laid() -> None:
    """The open Fuchs is shown as soon as it is laid, the Karo-9 laid before it is not."""
    game = armut_game(ARMUT_RULES.replace(armut_fuchs_open=True))
    lay(game, "♦9")
    assert game.information_state(3).armut_laid == ()
    lay(game, "♦A")
    assert game.information_state(3).armut_laid == tuple(cards("♦A"))
    assert game.information_state(1).armut_laid == tuple(cards("♦9 ♦A"))


# -- armut_taker = "anyone" ----------------------------------------------------------------------------------


def test_anyone_may_take_the_armut_out_of_turn() -> None:
    """ARMUT_HANDS: seat 1 lays ♦A ♦A ♦9; seat 2 is asked. Seed 002 (in_turn): only seat 2 may answer.
    Rule anyone: seats 0 and 3 may take it at once, out of turn; seat 2 refuses and may not take it
    any more; seat 0 takes (before seat 3 was asked) and returns ♣9 ♠9 ♦K."""
    game = armut_game(ARMUT_RULES)
    lay(game, "♦A ♦A ♦9")
    assert [game.legal_actions(s) for s in (0, 1, 3)] == [[], [], []]
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(Action.ARMUT_TAKE, 0)
    game = armut_game(ARMUT_RULES.replace(armut_taker="anyone"))
    lay(game, "♦A ♦A ♦9")
    assert game.legal_actions(1) == []  # the poor player
    assert game.legal_actions(0) == game.legal_actions(3) == [Action.ARMUT_TAKE]
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(Action.ARMUT_REFUSE, 0)
    game.apply(Action.ARMUT_REFUSE)  # seat 2
    assert game.current_player == 3 and game.legal_actions(2) == []
    with pytest.raises(IllegalAction, match="armut_taker"):
        game.apply(Action.ARMUT_TAKE, 2)
    game.apply(Action.ARMUT_TAKE, 0)
    assert (game.armut_taker, game.current_player) == (0, 0)
    assert game.armut_answers == ["take", None, "refuse", None]
    give_back(game, "♣9 ♠9 ♦K")
    assert game.phase is Phase.PLAY and game.party == [Party.RE, Party.RE, Party.KONTRA, Party.KONTRA]
    replayed = Game.replay(game.rules, game.initial_hands, 0, game.history)
    assert replayed.hands == game.hands


# -- armut_return_trumps = false -------------------------------------------------------------------------------


def test_taker_returns_fehl_cards_while_he_has_them() -> None:
    """ARMUT_HANDS, seat 0 takes (seats 2, 3 refuse): it holds ♣9 ♠9 as its only Fehl cards. House
    rule: it must return them first, a trump is refused; its third card may be any trump."""
    game = armut_game(ARMUT_RULES.replace(armut_return_trumps=False))
    lay(game, "♦A ♦A ♦9")
    game.apply(Action.ARMUT_REFUSE)
    game.apply(Action.ARMUT_REFUSE)
    game.apply(Action.ARMUT_TAKE)
    assert game.legal_actions() == sorted(Action.armut_return(c) for c in cards("♣9 ♠9"))
    with pytest.raises(IllegalAction, match="armut_return_trumps"):
        game.apply(Action.armut_return(Card.KARO_KOENIG))
    give_back(game, "♠9 ♣9")
    assert sorted(game.legal_actions()) == sorted({Action.armut_return(c) for c in game.hands[0]})
    give_back(game, "♦K")
    assert game.phase is Phase.PLAY


# -- armut_exchange = false (FreeDoko POVERTY_SHIFT false) ------------------------------------------------------


def test_armut_without_exchange_throws_the_deal_in() -> None:
    """FreeDoko "poverty: shift" off ("give the cards again"): seat 1 declares Armut, the others say
    gesund: the deal is thrown in, the same dealer deals again, 0 Punkte for everyone."""
    game = armut_game(ARMUT_RULES.replace(armut_exchange=False))
    assert game.is_terminal and game.thrown_in and game.redeal_same_dealer
    assert game.thrown_reason == "armut_declared"
    result = game.score()
    assert result.points == (0, 0, 0, 0) and EN.text(result.items[0].label) == "Armut: deal again"


# -- Schmeissen: few_trumps (FreeDoko THROW_WITH_ONE_TRUMP), schmeissen before solo (THROWING_BEFORE_SOLO) ---------


def test_schmeissen_with_few_trumps() -> None:
    """FreeDoko "throw with one trump": at most schmeissen_max_trumps (1) trumps. Seat 1 of
    TWO_TRUMPS_HANDS holds ♦A ♦9: not with 1, with 2 it may throw in; seat 0 (ten trumps) never."""
    rules = DDV.replace(schmeissen=("few_trumps",))
    game = Game(rules, hands(TWO_TRUMPS_HANDS), 0)
    assert game.schmeissen_reasons(1) == () and Action.SCHMEISSEN not in game.legal_actions()
    game = Game(rules.replace(schmeissen_max_trumps=2), hands(TWO_TRUMPS_HANDS), 0)
    assert game.schmeissen_reasons(1) == ("few_trumps",) and game.schmeissen_reasons(0) == ()
    answer_vorbehalte(game, Action.SCHMEISSEN, GESUND, GESUND, GESUND)
    assert game.thrown_in and game.thrown_reason == "schmeissen"


@pytest.mark.parametrize(
    ("priority", "thrown"), [(SEED_002_PRIORITY, False), (("schmeissen", "solo", "armut", "hochzeit"), True)]
)
def test_schmeissen_before_solo(priority: tuple[str, ...], thrown: bool) -> None:
    """FIVE_NINES_HANDS: seat 0 declares a Bubensolo, seat 2 throws in with five nines. Seed 002
    (solo first): the solo is played. FreeDoko "throwing before solo": the deal is thrown in."""
    rules = DDV.replace(schmeissen=("five_nines",), vorbehalt_priority=priority)
    game = Game(rules, hands(FIVE_NINES_HANDS), 3)
    answer_vorbehalte(game, Action.vorbehalt(GameType.BUBEN), GESUND, Action.SCHMEISSEN, GESUND)
    assert game.thrown_in is thrown
    assert game.game_type is (GameType.NORMAL if thrown else GameType.BUBEN)


def test_search_players_rebuild_an_exchange_of_the_house_rules() -> None:
    """TWO_TRUMPS_HANDS under "shift only trump", "fox shift open" and Fehl returns: seat 1 lays ♦A ♦9,
    seat 2 takes and returns ♣A ♠A (two cards). Seat 0 (outside) sees the Fuchs and a 2-card exchange;
    the search players' sampling draws deals and rebuilds a game from them that shows what seat 0 saw
    (the made-up exchange: two cards each way, Fehl returned first)."""
    rules = ARMUT_RULES.replace(armut_only_trumps=True, armut_fuchs_open=True, armut_return_trumps=False)
    game = armut_game(rules, TWO_TRUMPS_HANDS)
    lay(game, "♦A ♦9")
    game.apply(Action.ARMUT_TAKE)
    give_back(game, "♣A ♠A")
    info = game.information_state(0)
    assert (info.armut_count, info.armut_laid) == (2, tuple(cards("♦A")))
    rng = random.Random(3)
    for _ in range(5):
        rebuilt = rebuild_game(info, HandSampler(info).sample(rng), rng)
        assert len(rebuilt.armut_laid) == len(rebuilt.armut_returned) == 2
        assert rebuilt.information_state(0).hand == info.hand
