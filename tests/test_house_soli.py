"""FreeDoko's picture soli and its Dulle rules (issue 26), each in a named situation worked by hand.

The deal of the Dulle tests (dealer Dirk, seat 3: Anna, seat 0, leads the first trick):

* Anna (0): both Karo-Asse, both Karo-Könige, a Kreuz-Dame, a Karo-10, both Kreuz-, Pik- and Herz-Asse;
* Ben (1): the other Kreuz-Dame, a Karo-Bube, both Pik-Damen, a Herz-Dame, a Herz-10 (Dulle), both Kreuz-,
  Pik- and Herz-Buben;
* Carla (2): the other Herz-10, the other Herz-Dame, a Karo-10, a Karo-Bube, both Karo-Damen, both Karo-Neunen,
  both Kreuz-10, both Kreuz-Könige;
* Dirk (3): both Kreuz-, Pik- and Herz-Neunen, both Pik-10, Pik-Könige, Herz-Könige (no trump at all).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from doppelkopf.cards import Card
from doppelkopf.fast.kernel import check_against_engine, random_games
from doppelkopf.fast.tables import KernelUnsupported, check_supported
from doppelkopf.game import Action, Game
from doppelkopf.order import card_order, second_dulle_wins, trick_winner_index
from doppelkopf.rules import DDV, GameType, RuleSet

C = Card
ANNA = [C.KARO_ASS] * 2 + [C.KARO_KOENIG] * 2 + [C.KREUZ_DAME, C.KARO_ZEHN] + [C.KREUZ_ASS, C.PIK_ASS, C.HERZ_ASS] * 2
BEN = [C.KREUZ_DAME, C.KARO_BUBE] + [C.PIK_DAME] * 2 + [C.HERZ_DAME, C.HERZ_ZEHN]
BEN += [C.KREUZ_BUBE, C.PIK_BUBE, C.HERZ_BUBE] * 2
CARLA = [C.HERZ_ZEHN, C.HERZ_DAME, C.KARO_ZEHN, C.KARO_BUBE] + [
    C.KARO_DAME,
    C.KARO_NEUN,
    C.KREUZ_ZEHN,
    C.KREUZ_KOENIG,
] * 2
DIRK = [C.KREUZ_NEUN, C.PIK_NEUN, C.HERZ_NEUN, C.PIK_ZEHN, C.PIK_KOENIG, C.HERZ_KOENIG] * 2
HANDS = [ANNA, BEN, CARLA, DIRK]


def dulle_trick(rules: RuleSet) -> int:
    """Anna leads her Karo-10, Ben his Dulle, Carla hers, Dirk (no trump) a Pik-Neun: the seat that wins."""
    game = Game(rules, HANDS, dealer=3)
    for _ in range(4):
        game.apply(Action.GESUND)
    for card in (C.KARO_ZEHN, C.HERZ_ZEHN, C.HERZ_ZEHN, C.PIK_NEUN):
        if game.current_player == 0 and Action.SCHWEINE in game.legal_actions():
            game.apply(Action.SCHWEINE)
        game.apply(int(card))
    return game.tricks[0].winner


def test_the_second_dulle_wins_and_the_first_once_schweine_are_out() -> None:
    """FreeDoko DOLLEN_FIRST_OVER_SECOND_WITH_SWINES: "if swines are announced the first dolle goes over the
    second always". With dulle = second Carla's Dulle (the second) takes the trick; with Schweine announced at the
    start (Anna holds both Karo-Asse) and the rule on, Ben's (the first) does; without Schweine the rule does
    nothing: Carla's again."""
    second = replace(DDV, dulle="second")
    assert dulle_trick(second) == 2
    schweine = replace(second, schweine="on", schweine_announce="vorbehalt")
    assert dulle_trick(schweine) == 2
    assert dulle_trick(replace(schweine, dulle_first_with_schweine=True)) == 1
    assert dulle_trick(replace(second, dulle_first_with_schweine=True)) == 2


def test_the_first_dulle_wins_except_in_the_last_trick() -> None:
    """FreeDoko DOLLEN_CONTRARY_IN_LAST_TRICK without DOLLEN_SECOND_OVER_FIRST (``first_except_last``): in a trick
    before the last the first Dulle wins (Ben's), in the last the second (Herz-10, Herz-10, two Fehl cards: the
    second card wins)."""
    rules = replace(DDV, dulle="first_except_last")
    assert dulle_trick(rules) == 1
    order = card_order(GameType.NORMAL)
    last = [int(C.HERZ_ZEHN), int(C.HERZ_ZEHN), int(C.PIK_NEUN), int(C.KREUZ_NEUN)]
    assert trick_winner_index(order, last, second_dulle_wins(rules, last_trick=True)) == 1
    assert trick_winner_index(order, last, second_dulle_wins(rules, last_trick=False)) == 0


def test_the_kernel_plays_first_except_last_as_the_engine_and_refuses_the_schweine_rule() -> None:
    """The kernel's Dulle rule per trick (last or not) mirrors ``first_except_last``: 40 kernel games replayed
    through the engine agree card by card and in the score; ``dulle_first_with_schweine`` is refused by name."""
    rules = replace(DDV, dulle="first_except_last")
    games = random_games(rules, 40, seed=26, record=True)
    for i in range(40):
        check_against_engine(rules, games, i)
    with pytest.raises(KernelUnsupported, match="dulle_first_with_schweine"):
        check_supported(replace(DDV, dulle_first_with_schweine=True))


def winner(game_type: GameType, *cards: Card) -> int:
    return trick_winner_index(card_order(game_type), [int(c) for c in cards], False)


def test_the_koenige_are_the_only_trumps_of_a_koenigsolo() -> None:
    """FreeDoko SOLO_KING: only the Könige are trumps, in suit order Kreuz, Pik, Herz, Karo; Damen and Buben are
    Fehl cards of their suit. Herz-Ass led, Kreuz-Dame, Herz-König, Pik-Dame: the Herz-König is trump and wins;
    Kreuz-Ass led, Kreuz-Dame, Kreuz-10, Kreuz-Bube: the 10 is the highest Kreuz after the Ass; Pik-König led,
    Karo-König, Kreuz-König: the Kreuz-König."""
    assert winner(GameType.KOENIGE, C.HERZ_ASS, C.KREUZ_DAME, C.HERZ_KOENIG, C.PIK_DAME) == 2
    assert winner(GameType.KOENIGE, C.KREUZ_ZEHN, C.KREUZ_DAME, C.KREUZ_BUBE, C.KREUZ_NEUN) == 0
    assert winner(GameType.KOENIGE, C.PIK_KOENIG, C.KARO_KOENIG, C.KREUZ_KOENIG, C.HERZ_ZEHN) == 2
    order = card_order(GameType.KOENIGE)
    assert [Card(c) for c in order.trumps_high_to_low] == [C.KREUZ_KOENIG, C.PIK_KOENIG, C.HERZ_KOENIG, C.KARO_KOENIG]
    assert order.dulle == -1  # the Herz-10 is a Herz card


def test_the_pairs_and_the_koehler_put_the_koenige_on_top() -> None:
    """FreeDoko SOLO_KING_JACK, SOLO_KING_QUEEN, SOLO_KOEHLER: the Könige above the Buben, or above the Damen, and
    in the Köhler Könige, Damen, Buben. König-Buben: Kreuz-Bube led, the Karo-König takes it; the Kreuz-Dame is a
    Kreuz card there and loses to the Kreuz-Ass led. König-Damen: the Kreuz-Bube is a Kreuz card and loses to the
    Kreuz-Ass, a Karo-Dame trumps it. In the Köhler the Karo-König beats the
    Kreuz-Dame, the Karo-Dame beats the Kreuz-Bube."""
    assert winner(GameType.KOENIG_BUBEN, C.KREUZ_BUBE, C.KARO_KOENIG, C.HERZ_ZEHN, C.KREUZ_ASS) == 1
    assert winner(GameType.KOENIG_BUBEN, C.KREUZ_ASS, C.KREUZ_DAME, C.KREUZ_NEUN, C.KREUZ_NEUN) == 0
    assert winner(GameType.KOENIG_DAMEN, C.KREUZ_ASS, C.KREUZ_BUBE, C.KREUZ_NEUN, C.KREUZ_ZEHN) == 0
    assert winner(GameType.KOENIG_DAMEN, C.KREUZ_ASS, C.KARO_DAME, C.KREUZ_NEUN, C.KREUZ_ZEHN) == 1
    assert winner(GameType.KOEHLER, C.KREUZ_DAME, C.KARO_KOENIG, C.PIK_ASS, C.HERZ_ZEHN) == 1
    assert winner(GameType.KOEHLER, C.KREUZ_BUBE, C.KARO_DAME, C.KREUZ_KOENIG, C.PIK_BUBE) == 2
    trumps = card_order(GameType.KOEHLER).trumps_high_to_low
    assert len(trumps) == 12 and Card(trumps[0]) is C.KREUZ_KOENIG and Card(trumps[-1]) is C.KARO_BUBE


def test_a_koenigsolo_is_declared_played_and_scored_as_a_solo() -> None:
    """A house that allows the Königsolo: Anna declares it, the other three say gesund; she plays alone (Re)
    against three, leads the first trick (solo_lead = soloist), and the game is scored as a solo: each opponent
    pays or gets a third of what Anna gets or pays (TSR 7.2.4), whatever the cards."""
    rules = replace(DDV, solo_types=(*DDV.solo_types, "koenige"), solo_lead="soloist", pflichtsolo=False)
    game = Game(rules, HANDS, dealer=3)
    assert Action.vorbehalt(GameType.KOENIGE) in game.legal_actions()
    game.apply(Action.vorbehalt(GameType.KOENIGE))
    for _ in range(3):
        game.apply(Action.GESUND)
    assert game.game_type is GameType.KOENIGE and game.declarer == 0 and game.current_player == 0
    while not game.is_terminal:
        game.apply(next(a for a in game.legal_actions() if Action.is_card(a)))
    points = game.score().points
    assert points[0] == -3 * points[1] and points[1] == points[2] == points[3] != 0


def test_without_erwiderung_a_late_re_cannot_answer_kontra() -> None:
    """TSR 6.4.4: a party past its deadline may answer the other party's Ansage with one card fewer than it
    needed (Erwiderung); FreeDoko ANNOUNCEMENT_REPLY false allows no reply. Carla (Kontra) says Kontra with 12
    cards; trick 1: Karo-10, Karo-Bube, Herz-Dame (Carla wins), Pik-Neun; trick 2: Carla leads a Karo-Dame, Dirk a
    Pik-Neun, Anna a Karo-König: Anna holds 10 cards, too late for Re (11) but in time for the Erwiderung (Kontra
    needed 11, less one). Under erwiderung = false she may say nothing."""

    def anna_after_two_cards(rules: RuleSet) -> list[int]:
        game = Game(rules, HANDS, dealer=3)
        for _ in range(4):
            game.apply(Action.GESUND)
        for card in (C.KARO_ZEHN, C.KARO_BUBE):
            game.apply(int(card))
        game.apply(Action.announce(1))  # Carla: Kontra
        for card in (C.HERZ_DAME, C.PIK_NEUN, C.KARO_DAME, C.PIK_NEUN, C.KARO_KOENIG):
            game.apply(int(card))
        assert len(game.hands[0]) == 10
        return [a for a in game.legal_actions(0) if Action.is_announcement(a)]

    assert anna_after_two_cards(DDV) == [Action.announce(1)]
    assert anna_after_two_cards(replace(DDV, erwiderung=False)) == []


def test_without_dullen_the_herz_10_follows_herz_below_the_ass() -> None:
    """FreeDoko 'Dollen' off (rule ``dullen = false``): the Herz-10 is no trump but a Herz card between the Ass and
    the König (Augen order A, 10, K, 9 of every Fehl suit, TSR 2.3.2). Herz-König led, Herz-10, Herz-Neun, Pik-Ass:
    the 10 takes the trick; Herz-Ass led, Herz-10: the Ass; Herz-10 led, Karo-Neun: the Karo-Neun trumps it. Ben,
    who holds Herz-Dame, Herz-10 and Herz-Buben, must follow a Herz lead with his 10 (Bedienpflicht, TSR 5.2), and
    Anna's Karo-10 lead (trump) no longer allows his 10; with Dullen he holds no Herz card and may play any."""
    order = card_order(GameType.NORMAL, dullen=False)
    assert (
        order.dulle == -1 and not order.is_trump(int(C.HERZ_ZEHN)) and len(order.trumps_high_to_low) == 12
    )  # 4 Damen, 4 Buben, Karo A 10 K 9
    assert (
        trick_winner_index(order, [int(C.HERZ_KOENIG), int(C.HERZ_ZEHN), int(C.HERZ_NEUN), int(C.PIK_ASS)], False) == 1
    )
    assert (
        trick_winner_index(order, [int(C.HERZ_ASS), int(C.HERZ_ZEHN), int(C.HERZ_NEUN), int(C.HERZ_KOENIG)], False) == 0
    )
    assert (
        trick_winner_index(order, [int(C.HERZ_ZEHN), int(C.KARO_NEUN), int(C.HERZ_NEUN), int(C.HERZ_KOENIG)], False)
        == 1
    )

    def ben_after(rules: RuleSet, lead: Card) -> set[int]:
        game = Game(rules, HANDS, dealer=3)
        for _ in range(4):
            game.apply(Action.GESUND)
        game.apply(int(lead))
        return {a for a in game.legal_actions() if Action.is_card(a)}

    rules = replace(DDV, dullen=False)
    assert ben_after(rules, C.HERZ_ASS) == {int(C.HERZ_ZEHN)}  # his only Herz card: Dame and Buben are trumps
    assert int(C.HERZ_ZEHN) not in ben_after(rules, C.KARO_ZEHN)
    # with Dullen his 10 is a trump: he must trump-follow the Karo-10 with it or another trump, and holds no Herz
    assert int(C.HERZ_ZEHN) in ben_after(DDV, C.KARO_ZEHN)
    assert ben_after(DDV, C.HERZ_ASS) == {int(c) for c in BEN}


def test_the_kernel_plays_a_game_without_dullen_as_the_engine() -> None:
    """The kernel's tables follow ``dullen = false`` (the Herz-10 a Herz card): 40 kernel games replayed through the
    engine agree card by card and in the score, Soli included."""
    rules = replace(DDV, dullen=False)
    check_supported(rules)
    games = random_games(rules, 40, seed=27, record=True)
    for i in range(40):
        check_against_engine(rules, games, i)
