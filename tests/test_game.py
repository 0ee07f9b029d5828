"""The game state machine as a player at the table checks it: Vorbehalte, Bedienpflicht, Hochzeit,
announcement deadlines, what each seat may see, and whole games replayed.

Every expectation is derived by hand from the DDV Turnierspielregeln (TSR, Stand 21.02.2026); the
deals are in ``conftest.py`` (seats 0 and 2 are Re in ``NORMAL_HANDS``; seat 0 holds both
Kreuz-Damen in ``HOCHZEIT_HANDS``). Unless a test says otherwise the dealer is seat 3, so seat 0 is
asked first and leads the first trick.
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import HOCHZEIT_HANDS, NORMAL_HANDS, answer_vorbehalte, hands, play
from doppelkopf.cards import Card
from doppelkopf.game import Action, Game, IllegalAction, Phase
from doppelkopf.rules import ANSAGE, DDV, KEINE_30, KEINE_60, KEINE_90, SCHWARZ, GameType, Party, RuleSet

GESUND = Action.GESUND
RE_OR_KONTRA = Action.announce(ANSAGE)
ALL_ANNOUNCEMENTS = [Action.announce(level) for level in range(ANSAGE, SCHWARZ + 1)]

# The worked normal game (NORMAL_HANDS, dealer 3): tricks 1-8 and 9-12, each written from its
# leader on, with the winner and the Augen worked out by hand (TSR 2.2.1, 2.3.4, 5.3.3).
OPENING = (
    "♣A ♣10 ♣9 ♣K",  # 1: seat 0 leads; 25 Augen to seat 0 (Re)
    "♠A ♠10 ♠9 ♠K",  # 2: seat 0; 25 to seat 0
    "♥A ♥K ♥A ♥9",  # 3: seat 0; the first ♥A wins (TSR 5.3.3); 26 to seat 0
    "♣9 ♣K ♣A ♣10",  # 4: seat 0 leads; seat 2's ♣A wins; 25 to seat 2 (Re)
    "♠A ♠10 ♠9 ♠K",  # 5: seat 2 leads; 25 to seat 2
    "♦K ♦B ♦9 ♦10",  # 6: seat 2 leads trump; seat 3's ♦B wins; 16 to seat 3 (Kontra)
    "♥K ♥9 ♦A ♥D",  # 7: seat 3 leads Herz; seat 1 trumps with the Fuchs, seat 2's ♥D wins: 18 to Re, Fuchs gefangen
    "♠B ♦9 ♦K ♣B",  # 8: seat 2 leads; seat 1's ♣B wins; 8 to Kontra
)
ENDING = (
    "♠D ♣D ♥B ♦A",  # 9: seat 1 leads; seat 2's ♣D wins; 19 to Re (seat 0's Fuchs stays with Re)
    "♣B ♠B ♦10 ♦D",  # 10: seat 2 leads; seat 1's ♦D wins; 17 to Kontra
    "♠D ♥D ♥B ♣D",  # 11: seat 1 leads; seat 0's ♣D wins; 11 to Re
    "♥10 ♥10 ♦D ♦B",  # 12: seat 0 leads the Dulle, seat 1 plays the other one; 25 Augen
)


def cards_of(tricks: tuple[str, ...]) -> list[str]:
    return [card for trick in tricks for card in trick.split()]


def normal_game(rules: RuleSet = DDV, dealer: int = 3, texts: tuple[str, ...] = NORMAL_HANDS) -> Game:
    """A game of ``texts`` after everyone said gesund."""
    game = Game(rules, hands(texts), dealer)
    answer_vorbehalte(game, GESUND, GESUND, GESUND, GESUND)
    return game


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a seat could observe, plus the hands: to show that an illegal action changed nothing."""
    return (
        tuple(game.information_state(seat) for seat in range(4)),
        tuple(game.history),
        tuple(tuple(hand) for hand in game.hands),
        tuple(game.levels),
        game.phase,
        game.current_player,
    )


def announcements_of(game: Game, seat: int) -> list[int]:
    return [a for a in game.legal_actions(seat) if Action.is_announcement(a)]


def cards_offered(game: Game, seat: int | None = None) -> list[Card]:
    return sorted(Card(a) for a in game.legal_actions(seat) if Action.is_card(a))


def parse(*texts: str) -> list[Card]:
    """The cards written, sorted like :func:`cards_offered`."""
    return sorted(Card.parse(t) for t in texts)


# -- Vorbehalte (TSR 4.1) -------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_vorbehalte_are_asked_from_the_dealers_left(dealer: int) -> None:
    """TSR 4.1.2: the query starts left of the dealer and goes round clockwise; then that player
    leads the first trick of a normal game (TSR 5.1.1)."""
    game = Game(DDV, hands(NORMAL_HANDS), dealer)
    asked = []
    while game.phase is Phase.VORBEHALT:
        asked.append(game.current_player)
        game.apply(GESUND)
    assert asked == [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    assert game.game_type is GameType.NORMAL
    assert game.current_player == (dealer + 1) % 4


def test_vorbehalt_out_of_turn_is_refused_and_changes_nothing() -> None:
    """TSR 4.1.2: the players answer one after the other; seat 1 may not answer before seat 0."""
    game = Game(DDV, hands(NORMAL_HANDS), 3)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(GESUND, seat=1)
    assert game.legal_actions(1) == []
    assert snapshot(game) == before


def test_others_learn_only_vorbehalt_or_gesund() -> None:
    """TSR 4.1.3: a Vorbehalt is reported without saying which one."""
    game = Game(DDV, hands(NORMAL_HANDS), 3)
    game.apply(Action.vorbehalt(GameType.DAMEN))
    game.apply(GESUND)
    seen_by_2 = game.information_state(2)
    assert seen_by_2.vorbehalte == ("vorbehalt", "gesund", None, None)
    assert seen_by_2.own_vorbehalt is None
    assert game.information_state(0).own_vorbehalt is GameType.DAMEN


def test_view_during_the_vorbehalte() -> None:
    """Before the query ends nobody knows the game; a Kreuz-Dame holder knows he would be Re."""
    game = Game(DDV, hands(NORMAL_HANDS), 3)
    views = [game.information_state(seat) for seat in range(4)]
    assert [v.game_type for v in views] == [None] * 4
    assert [v.own_party for v in views] == [Party.RE, None, Party.RE, None]
    assert [v.known_parties for v in views] == [(None,) * 4] * 4
    assert [len(v.hand) for v in views] == [12] * 4
    assert views[0].legal_actions == tuple(game.legal_actions()) and views[1].legal_actions == ()


def test_normal_game_re_are_the_kreuz_dame_holders() -> None:
    """TSR 2.4 / 5.5: in a normal game the two players with a Kreuz-Dame are Re."""
    game = normal_game()
    assert game.party == [Party.RE, Party.KONTRA, Party.RE, Party.KONTRA]
    assert game.declarer is None


def test_hochzeit_needs_both_kreuz_damen() -> None:
    """TSR 4.4.1: only the player holding both Kreuz-Damen may announce a Hochzeit."""
    game = Game(DDV, hands(NORMAL_HANDS), 3)
    assert Action.vorbehalt(GameType.HOCHZEIT) not in game.legal_actions()
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="Kreuz-Damen"):
        game.apply(Action.vorbehalt(GameType.HOCHZEIT))
    assert snapshot(game) == before

    game = Game(DDV, hands(HOCHZEIT_HANDS), 3)
    assert Action.vorbehalt(GameType.HOCHZEIT) in game.legal_actions()
    game.apply(GESUND)  # seat 0 keeps quiet; seat 1 is asked now
    assert Action.vorbehalt(GameType.HOCHZEIT) not in game.legal_actions()


def test_stille_hochzeit_is_no_vorbehalt() -> None:
    """TSR 4.4.5: a Stille Hochzeit is played by saying nothing; it cannot be announced."""
    game = Game(DDV, hands(HOCHZEIT_HANDS), 3)
    assert Action.vorbehalt(GameType.STILLE_HOCHZEIT) not in game.legal_actions()
    with pytest.raises(IllegalAction, match="say gesund"):
        game.apply(Action.vorbehalt(GameType.STILLE_HOCHZEIT))


def test_every_solo_is_offered_as_a_vorbehalt() -> None:
    """TSR 2.3.3, 4.2.1: any kind of solo may be declared; gesund is always possible."""
    game = Game(DDV, hands(NORMAL_HANDS), 3)
    offered = {Action.game_type(a) for a in game.legal_actions()}
    # the TSR soli (2.3.3); the Buben-Damen-Solo (seed 002) and FreeDoko's picture soli are house rules
    tsr_soli = {GameType.KREUZ, GameType.PIK, GameType.HERZ, GameType.KARO, GameType.DAMEN, GameType.BUBEN}
    assert offered == {GameType.NORMAL, GameType.FLEISCHLOS} | tsr_soli


def test_solo_beats_hochzeit() -> None:
    """TSR 4.1.5: Pflichtsolo and Lustsolo come before a Hochzeit."""
    game = Game(DDV, hands(HOCHZEIT_HANDS), 3)
    answer_vorbehalte(game, Action.vorbehalt(GameType.HOCHZEIT), Action.vorbehalt(GameType.BUBEN), GESUND, GESUND)
    assert game.game_type is GameType.BUBEN
    assert game.declarer == 1
    assert game.party == [Party.KONTRA, Party.RE, Party.KONTRA, Party.KONTRA]


def test_first_of_two_soli_in_seat_order_wins() -> None:
    """TSR 4.1.7: of two equal Vorbehalte the player asked earlier (from the dealer's left) plays.
    Dealer 1: seats are asked 2, 3, 0, 1, so seat 3's Piksolo beats seat 0's Damensolo."""
    game = Game(DDV, hands(NORMAL_HANDS), 1)
    answer_vorbehalte(game, GESUND, Action.vorbehalt(GameType.PIK), Action.vorbehalt(GameType.DAMEN), GESUND)
    assert (game.game_type, game.declarer, game.pflichtsolo) == (GameType.PIK, 3, True)
    assert game.party == [Party.KONTRA, Party.KONTRA, Party.KONTRA, Party.RE]


def test_pflichtsolo_beats_lustsolo() -> None:
    """TSR 4.1.5: a Pflichtsolo comes before a Lustsolo, whoever was asked first. Seat 0 has played
    its Pflichtsolo, so its Damensolo is a Lustsolo; seat 2's Kreuzsolo is its Pflichtsolo.
    The soloist leads a Pflichtsolo (TSR 4.2.2, 5.1.1)."""
    game = Game(DDV, hands(NORMAL_HANDS), 3, pflichtsolo_done=(True, False, False, False))
    answer_vorbehalte(game, Action.vorbehalt(GameType.DAMEN), GESUND, Action.vorbehalt(GameType.KREUZ), GESUND)
    assert (game.game_type, game.declarer, game.pflichtsolo) == (GameType.KREUZ, 2, True)
    assert game.current_player == 2


def test_lustsolo_is_led_from_the_dealers_left() -> None:
    """TSR 4.3.1, 5.1.1: in a Lustsolo the player left of the dealer leads, not the soloist."""
    game = Game(DDV, hands(NORMAL_HANDS), 3, pflichtsolo_done=(True, True, True, True))
    answer_vorbehalte(game, GESUND, GESUND, Action.vorbehalt(GameType.FLEISCHLOS), GESUND)
    assert (game.game_type, game.declarer, game.pflichtsolo) == (GameType.FLEISCHLOS, 2, False)
    assert game.current_player == 0


@pytest.mark.parametrize(
    ("solo_lead", "pflicht_done", "leader"),
    [
        ("pflichtsolo", False, 2),
        ("pflichtsolo", True, 0),
        ("soloist", False, 2),
        ("soloist", True, 2),
        ("dealer_left", False, 0),
        ("dealer_left", True, 0),
    ],
)
def test_solo_lead_rule(solo_lead: str, pflicht_done: bool, leader: int) -> None:
    """Rule ``solo_lead``: the TSR default lets the soloist lead only a Pflichtsolo (4.2.2, 4.3.1);
    "soloist" always, "dealer_left" never. Seat 2 plays a Karosolo, dealer 3."""
    rules = DDV.replace(solo_lead=solo_lead)
    game = Game(rules, hands(NORMAL_HANDS), 3, pflichtsolo_done=(pflicht_done,) * 4)
    answer_vorbehalte(game, GESUND, GESUND, Action.vorbehalt(GameType.KARO), GESUND)
    assert game.current_player == leader
    assert game.leader == leader


def test_solo_types_limited_by_rule_set() -> None:
    """Rule ``solo_types``: a solo the rule set leaves out is refused with a message."""
    rules = DDV.replace(solo_types=("damen", "buben"))
    game = Game(rules, hands(NORMAL_HANDS), 3)
    assert {Action.game_type(a) for a in game.legal_actions()} == {GameType.NORMAL, GameType.DAMEN, GameType.BUBEN}
    with pytest.raises(IllegalAction, match="Kreuzsolo"):
        game.apply(Action.vorbehalt(GameType.KREUZ))


def test_cards_and_announcements_wait_for_the_vorbehalte() -> None:
    """TSR 4.1, 6.2.1: no card and no Ansage before the Vorbehaltsabfrage is over."""
    game = Game(DDV, hands(NORMAL_HANDS), 3)
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(int(Card.KREUZ_ASS))
    with pytest.raises(IllegalAction):
        game.apply(RE_OR_KONTRA, seat=2)
    assert snapshot(game) == before


# -- Bedienpflicht (TSR 5.2) ----------------------------------------------------------------------


def test_must_follow_the_fehl_suit_led() -> None:
    """TSR 5.2: seat 1 holds ♣10 ♣K and must follow the ♣A; a trump or another suit is refused
    with a message naming the Bedienpflicht, and nothing changes."""
    game = normal_game()
    play(game, "♣A")
    assert cards_offered(game) == parse("♣10", "♣K")
    before = snapshot(game)
    for wrong in ("♠D", "♠10", "♥K"):
        with pytest.raises(IllegalAction, match="Bedienpflicht"):
            game.apply(int(Card.parse(wrong)))
        assert snapshot(game) == before


def test_card_not_in_hand_is_refused() -> None:
    """A card the player does not hold: refused, nothing changes."""
    game = normal_game()
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="not in your hand"):
        game.apply(int(Card.KREUZ_KOENIG))  # seat 0 holds no ♣K
    assert snapshot(game) == before


def test_playing_out_of_turn_is_refused() -> None:
    game = normal_game()
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(int(Card.KREUZ_ZEHN), seat=1)
    assert cards_offered(game, 1) == []
    assert snapshot(game) == before


def test_must_play_trump_when_trump_is_led() -> None:
    """TSR 5.2: on a trump lead every trump in hand (and only trump) may be played; seat 3 holds
    ♠B ♥B ♥B ♦B ♦B ♦9."""
    game = normal_game()
    play(game, "♦9")
    assert cards_offered(game) == parse("♥10", "♠D", "♦D", "♣B", "♦A", "♦10")  # seat 1's trumps
    play(game, "♠D", "♥D")
    assert cards_offered(game) == parse("♠B", "♥B", "♦B", "♦9")


def test_void_in_the_suit_led_may_play_anything() -> None:
    """TSR 5.2: a player without the Fehl suit led may trump or throw any other Fehl card.
    After trick 3 seat 1 and seat 2 hold no Herz (trick 7 of the worked game)."""
    game = normal_game()
    play(game, *cards_of(OPENING[:6]))
    play(game, "♥K", "♥9")  # seat 3 leads Herz, seat 0 follows with its last Herz
    assert game.current_player == 1
    assert cards_offered(game) == sorted(set(Card(c) for c in game.hands[1]))


def test_herz_zehn_is_fehl_in_damensolo() -> None:
    """TSR 2.3.6: in a Damensolo the Herz-10 is an ordinary Herz card, so on a Herz lead seat 1
    must play ♥10 or ♥K; in the normal game the Herz-10 is trump and only ♥K follows (TSR 2.3.4)."""
    game = Game(DDV, hands(NORMAL_HANDS), 3)
    answer_vorbehalte(game, Action.vorbehalt(GameType.DAMEN), GESUND, GESUND, GESUND)
    assert game.current_player == 0  # Pflichtsolo: the soloist leads
    play(game, "♥A")
    assert cards_offered(game) == parse("♥10", "♥K")

    game = normal_game()
    play(game, "♥A")
    assert cards_offered(game) == parse("♥K")


def test_kreuz_dame_follows_kreuz_in_bubensolo() -> None:
    """TSR 2.3.6: in a Bubensolo the Damen are Fehl cards of their suit (A 10 K D 9). Seat 2 leads
    Kreuz in its Bubensolo; seat 3 must follow with ♣10 or ♣K and seat 0 with ♣D, ♣A or ♣9."""
    game = Game(DDV, hands(NORMAL_HANDS), 1)  # seat 2 is asked first
    answer_vorbehalte(game, Action.vorbehalt(GameType.BUBEN), GESUND, GESUND, GESUND)
    assert game.current_player == 2
    play(game, "♣9")
    assert cards_offered(game) == parse("♣10", "♣K")
    play(game, "♣K")
    assert cards_offered(game) == parse("♣A", "♣D", "♣9")


# -- tricks ---------------------------------------------------------------------------------------


def test_worked_normal_game() -> None:
    """A whole normal game worked by hand (see OPENING/ENDING). Re (seats 0, 2) takes tricks
    1-5, 7, 9, 11, 12 = 25+25+26+25+25+18+19+11+25 = 199 Augen; Kontra 16+8+17 = 41.
    TSR 7.2.2: Gewonnen 1 + unter 90 1 + unter 60 1; TSR 7.2.3: Re caught seat 1's Fuchs in
    trick 7 (+1). Seat 0's Fuchs in trick 9 fell to its partner: no point. Value 4."""
    game = normal_game()
    play(game, *cards_of(OPENING + ENDING))
    assert game.is_terminal
    assert [t.winner for t in game.tricks] == [0, 0, 0, 2, 2, 3, 2, 1, 2, 1, 0, 0]
    assert [t.augen for t in game.tricks] == [25, 25, 26, 25, 25, 16, 18, 8, 19, 17, 11, 25]
    summary = game.summary()
    assert (summary.augen_re, summary.tricks_re, summary.tricks_kontra) == (199, 9, 3)
    assert [(s.kind, s.party) for s in summary.sonderpunkte] == [("fuchs_gefangen", Party.RE)]
    result = game.score()
    assert (result.winner, result.value, result.points) == (Party.RE, 4, (4, -4, 4, -4))
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(RE_OR_KONTRA, seat=0)


@pytest.mark.parametrize(("dulle", "winner"), [("first", 0), ("second", 1), ("second_except_last", 0)])
def test_two_dullen_in_the_last_trick(dulle: str, winner: int) -> None:
    """TSR 5.3.3: of two equal cards the first played wins, the Herz-10 included (rule dulle="first").
    The variants let the second Herz-10 win, "second_except_last" not in the last trick.
    In trick 12 of the worked game seat 0 leads ♥10 and seat 1 plays the other one. With seat 1
    winning it, Re keeps 174 Augen and Kontra 66: only Gewonnen + unter 90 + Fuchs = 3."""
    game = normal_game(DDV.replace(dulle=dulle))
    play(game, *cards_of(OPENING + ENDING))
    assert game.tricks[-1].winner == winner
    expected = {0: (199, 4), 1: (174, 3)}[winner]
    assert (game.summary().augen_re, game.score().value) == expected


@pytest.mark.parametrize(("dulle", "winner"), [("first", 0), ("second", 1), ("second_except_last", 1)])
def test_two_dullen_in_the_first_trick(dulle: str, winner: int) -> None:
    """TSR 5.3.3 and the ``dulle`` variants, in the first trick: seat 0 leads ♥10, seat 1 the other."""
    game = normal_game(DDV.replace(dulle=dulle))
    play(game, "♥10", "♥10", "♦K", "♦9")
    assert game.tricks[0].winner == winner
    assert game.current_player == winner  # the winner leads the next trick (TSR 5.1.2)


# -- announcement deadlines (TSR 6) ---------------------------------------------------------------


def test_re_with_eleven_cards_yes_with_ten_no() -> None:
    """TSR 6.2.2, 6.1.1: Re needs at least 11 cards in the announcer's own hand. After trick 1
    seat 0 leads with 11 cards; once its second card is down (10 cards) it is too late, while its
    partner (seat 2, still 11 cards) may say Re out of turn."""
    game = normal_game()
    assert announcements_of(game, 0) == ALL_ANNOUNCEMENTS  # 12 cards: everything is in time
    play(game, *OPENING[0].split())
    assert RE_OR_KONTRA in announcements_of(game, 0)
    play(game, "♠A")
    assert announcements_of(game, 0) == []
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="too late"):
        game.apply(RE_OR_KONTRA, seat=0)
    assert snapshot(game) == before
    assert announcements_of(game, 2)[0] == RE_OR_KONTRA
    game.apply(RE_OR_KONTRA, seat=2)
    assert game.levels == [ANSAGE, 0]
    assert game.current_player == 1  # an announcement does not move the turn
    assert game.history[-1] == (2, RE_OR_KONTRA)


def test_keine_90_with_ten_cards_yes_with_nine_no() -> None:
    """TSR 6.3.4: keine 90 needs 10 cards. Seat 0 says Re at once; it may say keine 90 until its
    third card is down."""
    game = normal_game()
    game.apply(RE_OR_KONTRA)
    play(game, *cards_of(OPENING[:1]), "♠A")  # seat 0 has 10 cards
    assert announcements_of(game, 0) == ALL_ANNOUNCEMENTS[1:]
    play(game, "♠10", "♠9", "♠K", "♥A")  # seat 0 has 9 cards
    assert announcements_of(game, 0) == []
    with pytest.raises(IllegalAction, match="too late"):
        game.apply(Action.announce(KEINE_90), seat=0)


@pytest.mark.parametrize(
    ("level", "deadline"), [(ANSAGE, 11), (KEINE_90, 10), (KEINE_60, 9), (KEINE_30, 8), (SCHWARZ, 7)]
)
def test_deadline_of_each_level(level: int, deadline: int) -> None:
    """TSR 6.2.2, 6.3.4: Re/Kontra 11, keine 90 10, keine 60 9, keine 30 8, schwarz 7 cards in
    the announcer's hand. Seat 0 makes every lower level at once (12 cards); the next level is
    still open while it holds ``deadline`` cards and closed when one card fewer remains."""
    game = normal_game()
    if level > ANSAGE:
        game.apply(Action.announce(level - 1))
    plays = iter(cards_of(OPENING))
    while len(game.hands[0]) > deadline:
        play(game, next(plays))
    assert announcements_of(game, 0) == ALL_ANNOUNCEMENTS[level - 1 :]
    while len(game.hands[0]) == deadline:
        play(game, next(plays))
    assert announcements_of(game, 0) == []
    with pytest.raises(IllegalAction, match="too late"):
        game.apply(Action.announce(level), seat=0)


def test_repeating_an_announcement_is_refused() -> None:
    """TSR 6.4.7: the same party may not make the same announcement twice."""
    game = normal_game()
    game.apply(RE_OR_KONTRA, seat=0)
    assert RE_OR_KONTRA not in announcements_of(game, 2)
    with pytest.raises(IllegalAction, match="already announced"):
        game.apply(RE_OR_KONTRA, seat=2)


def test_skipping_levels_while_all_are_in_time() -> None:
    """TSR 6.4.3: a Re player with 11 cards may say keine 60 at once; it counts as Re, keine 90
    and keine 60 (all three still in time)."""
    game = normal_game()
    play(game, "♣A")
    game.apply(Action.announce(KEINE_60), seat=0)
    assert game.levels == [KEINE_60, 0]
    assert [(a.seat, a.level, a.cards_in_hand, a.label) for a in game.announcements] == [(0, KEINE_60, 11, "keine 60")]


def test_no_absage_once_the_ansage_is_too_late() -> None:
    """TSR 6.4.3: "keine 90" with 10 cards and no Re before is not allowed, since Re (11 cards)
    would be skipped too late."""
    game = normal_game()
    play(game, *OPENING[0].split(), "♠A")  # seat 0: 10 cards, no Ansage
    assert announcements_of(game, 0) == []
    with pytest.raises(IllegalAction, match="too late"):
        game.apply(Action.announce(KEINE_90), seat=0)


def test_skipping_a_missed_level_is_refused() -> None:
    """TSR 6.4.3: Re said in time, but keine 90 (10 cards) was missed: with 9 cards keine 60 is
    not allowed, although 9 cards would be in time for keine 60 alone."""
    game = normal_game()
    game.apply(RE_OR_KONTRA)
    play(game, *cards_of(OPENING[:2]), "♥A")  # seat 0: 9 cards
    assert len(game.hands[0]) == 9
    assert announcements_of(game, 0) == []
    with pytest.raises(IllegalAction, match="too late"):
        game.apply(Action.announce(KEINE_60), seat=0)


def test_skipping_with_ten_cards_after_re() -> None:
    """TSR 6.4.3: after Re, a player with 10 cards may say keine 60 at once (keine 90 needs 10,
    keine 60 needs 9: both in time)."""
    game = normal_game()
    game.apply(RE_OR_KONTRA)
    play(game, *OPENING[0].split(), "♠A")
    game.apply(Action.announce(KEINE_60), seat=0)
    assert game.levels == [KEINE_60, 0]


def test_erwiderung_kontra_with_ten_cards_after_re() -> None:
    """TSR 6.4.4: Re needed 11 cards, so Kontra may reply with 10 (not with 9). The reply came
    later than a first Ansage could, so Kontra may make no Absage afterwards, not even keine 90
    with those 10 cards."""
    game = normal_game()
    game.apply(RE_OR_KONTRA)  # seat 0, 12 cards: earlier than needed does not move the reply window
    play(game, *OPENING[0].split(), "♠A", "♠10")  # seat 1: 10 cards
    assert announcements_of(game, 1) == [RE_OR_KONTRA]
    assert announcements_of(game, 3) == ALL_ANNOUNCEMENTS  # seat 3 still has 11 cards: a first Ansage
    game.apply(RE_OR_KONTRA, seat=1)
    assert game.levels == [ANSAGE, ANSAGE]
    assert announcements_of(game, 1) == []
    with pytest.raises(IllegalAction):
        game.apply(Action.announce(KEINE_90), seat=1)
    assert announcements_of(game, 3) == []  # the whole Kontra party is bound (TSR 6.4.4)


def test_no_erwiderung_with_nine_cards_after_re() -> None:
    """TSR 6.4.4: after Re (11 cards), a Kontra reply with 9 cards is too late."""
    game = normal_game()
    game.apply(RE_OR_KONTRA)
    play(game, *cards_of(OPENING[:2]), "♥A", "♥K")  # seat 1: 9 cards
    assert announcements_of(game, 1) == []
    with pytest.raises(IllegalAction, match="too late"):
        game.apply(RE_OR_KONTRA, seat=1)


def test_timely_kontra_keeps_the_absagen_open() -> None:
    """TSR 6.4.4, 6.3.2: Kontra said with 11 cards is a regular first Ansage; keine 90 may follow
    with 10 cards."""
    game = normal_game()
    play(game, "♣A")
    game.apply(RE_OR_KONTRA, seat=1)  # seat 1: 12 cards
    play(game, "♣10", "♣9", "♣K", "♠A", "♠10")  # seat 1: 10 cards
    assert announcements_of(game, 1) == ALL_ANNOUNCEMENTS[1:]
    game.apply(Action.announce(KEINE_90), seat=1)
    assert game.levels == [0, KEINE_90]


def test_erwiderung_after_keine_90_with_nine_cards() -> None:
    """TSR 6.4.4: keine 90 needs 10 cards, so the other party may reply with 9, not with 8. Seat 0
    says keine 90 with 11 cards (Re implied, TSR 6.4.3)."""
    game = normal_game()
    play(game, "♣A")
    game.apply(Action.announce(KEINE_90), seat=0)
    play(game, *OPENING[0].split()[1:], *cards_of(OPENING[1:3]))  # everyone has 9 cards
    play(game, "♣9", "♣K", "♣A")  # seat 3 still holds 9 cards
    assert announcements_of(game, 3) == [RE_OR_KONTRA]
    assert announcements_of(game, 1) == []  # seat 1 has 8: too late
    play(game, "♣10")  # seat 3 has 8 cards
    assert announcements_of(game, 3) == []

    game = normal_game()
    play(game, "♣A")
    game.apply(Action.announce(KEINE_90), seat=0)
    play(game, *OPENING[0].split()[1:], *cards_of(OPENING[1:3]), "♣9", "♣K", "♣A")
    game.apply(RE_OR_KONTRA, seat=3)
    assert game.levels == [KEINE_90, ANSAGE]


def test_re_replies_to_kontra_with_ten_cards() -> None:
    """TSR 6.4.4 (facts D18): Kontra said "Kontra"; Re replies "Re" with 10 cards and may then
    make no Absage."""
    game = normal_game()
    game.apply(RE_OR_KONTRA, seat=3)
    play(game, *OPENING[0].split(), "♠A")  # seat 0: 10 cards
    assert announcements_of(game, 0) == [RE_OR_KONTRA]
    game.apply(RE_OR_KONTRA, seat=0)
    assert announcements_of(game, 0) == []
    assert announcements_of(game, 2) == []


def test_both_parties_may_make_absagen() -> None:
    """TSR 6.4.5: both parties may make Absagen, each after its own regular Ansage."""
    game = normal_game()
    game.apply(Action.announce(KEINE_90), seat=0)
    game.apply(Action.announce(KEINE_90), seat=3)
    assert game.levels == [KEINE_90, KEINE_90]


def test_announcement_names_follow_the_party() -> None:
    """TSR 6.1: the Ansage is "Re" for the Re party and "Kontra" for the other."""
    game = normal_game()
    assert game.describe(RE_OR_KONTRA, seat=0) == "Re"
    assert game.describe(RE_OR_KONTRA, seat=1) == "Kontra"
    assert game.describe(Action.announce(KEINE_90), seat=1) == "keine 90"


# -- Hochzeit (TSR 4.4, 6.4.2) --------------------------------------------------------------------


def hochzeit_game() -> Game:
    game = Game(DDV, hands(HOCHZEIT_HANDS), 3)
    answer_vorbehalte(game, Action.vorbehalt(GameType.HOCHZEIT), GESUND, GESUND, GESUND)
    return game


def test_hochzeit_partner_in_the_first_trick() -> None:
    """TSR 4.4.3 a: the first trick won by another player finds the partner, a Fehl trick too;
    TSR 4.4.4: no announcement before the Klärungsstich is complete; after trick 1 the deadlines
    are the normal ones (Re with 11 cards, not with 10)."""
    game = hochzeit_game()
    assert (game.game_type, game.declarer, game.current_player) == (GameType.HOCHZEIT, 0, 0)
    for step in "♣9 ♣10 ♣A".split():
        assert all(announcements_of(game, seat) == [] for seat in range(4))
        play(game, step)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="Klärungsstich"):
        game.apply(RE_OR_KONTRA, seat=0)
    assert snapshot(game) == before
    play(game, "♣K")  # seat 2's ♣A wins trick 1
    assert game.party == [Party.RE, Party.KONTRA, Party.RE, Party.KONTRA]
    assert game.information_state(1).known_parties == (Party.RE, Party.KONTRA, Party.RE, Party.KONTRA)
    assert RE_OR_KONTRA in announcements_of(game, 2)
    play(game, "♠A")  # seat 2 now holds 10 cards
    assert announcements_of(game, 2) == []
    assert announcements_of(game, 0) == ALL_ANNOUNCEMENTS  # seat 0 still holds 11 cards


def test_hochzeit_partner_in_the_second_trick_shifts_deadlines_by_one() -> None:
    """TSR 4.4.3 a, 6.4.2: seat 0 wins trick 1, seat 2 wins trick 2 (Klärungsstich 2): every
    deadline drops by one card, so Re needs 10 cards and keine 90 needs 9."""
    game = hochzeit_game()
    play(game, "♣A", "♣10", "♣9", "♣K")
    assert game.party[2] is Party.KONTRA  # not yet decided
    assert all(announcements_of(game, seat) == [] for seat in range(4))
    play(game, "♠9", "♠10", "♠A", "♠K")
    assert game.party == [Party.RE, Party.KONTRA, Party.RE, Party.KONTRA]
    assert len(game.hands[2]) == 10
    assert announcements_of(game, 2) == ALL_ANNOUNCEMENTS  # 10 ≥ 10, 9, 8, 7, 6
    assert announcements_of(game, 1) == ALL_ANNOUNCEMENTS
    play(game, "♦K")  # seat 2 leads and holds 9 cards: Re (10) is missed
    assert announcements_of(game, 2) == []
    game.apply(Action.announce(KEINE_90), seat=0)  # seat 0 still holds 10
    assert game.levels == [KEINE_90, 0]


def test_hochzeit_partner_in_the_third_trick_shifts_deadlines_by_two() -> None:
    """TSR 6.4.2 (facts §4): Klärung in trick 3: Re needs 9 cards, keine 90 8, ..., schwarz 5."""
    game = hochzeit_game()
    play(game, "♣A", "♣10", "♣9", "♣K", "♠A", "♠10", "♠9", "♠K")
    play(game, "♣9", "♣K", "♣A", "♣10")  # seat 2's ♣A wins trick 3
    assert game.party == [Party.RE, Party.KONTRA, Party.RE, Party.KONTRA]
    assert all(len(h) == 9 for h in game.hands)
    assert all(announcements_of(game, seat) == ALL_ANNOUNCEMENTS for seat in range(4))
    play(game, "♦K")  # seat 2: 8 cards, too late for Re (9)
    assert announcements_of(game, 2) == []


def test_hochzeit_without_partner_plays_alone_as_solo() -> None:
    """TSR 4.4.3 b: the Hochzeiter wins tricks 1-3 himself, so he plays alone (Re alone, trick 3 is
    the Klärungsstich: Re needs 9 cards) and the game is scored like a solo (×3 for him)."""
    game = hochzeit_game()
    play(game, "♣A", "♣10", "♣9", "♣K", "♠A", "♠10", "♠9", "♠K")
    assert all(announcements_of(game, seat) == [] for seat in range(4))
    play(game, "♥A", "♥K", "♥A", "♥9")  # the first ♥A wins
    assert [t.winner for t in game.tricks] == [0, 0, 0]
    assert game.party == [Party.RE, Party.KONTRA, Party.KONTRA, Party.KONTRA]
    assert game.information_state(3).known_parties == tuple(game.party)
    assert announcements_of(game, 0) == ALL_ANNOUNCEMENTS
    while not game.is_terminal:
        game.apply(min(cards_offered(game)))
    result = game.score()
    assert result.solo and result.factor == 3
    assert result.points[0] == -3 * result.points[1]
    assert result.points[1] == result.points[2] == result.points[3] != 0


def test_stille_hochzeit_looks_normal_until_the_second_kreuz_dame() -> None:
    """TSR 4.4.5, 5.5.1: both Kreuz-Damen and all gesund: seat 0 plays alone (Re) against three.
    The others see a normal game until the second Kreuz-Dame falls."""
    game = Game(DDV, hands(HOCHZEIT_HANDS), 3)
    answer_vorbehalte(game, GESUND, GESUND, GESUND, GESUND)
    assert (game.game_type, game.declarer) == (GameType.STILLE_HOCHZEIT, 0)
    assert game.party == [Party.RE, Party.KONTRA, Party.KONTRA, Party.KONTRA]
    assert game.information_state(0).game_type is GameType.STILLE_HOCHZEIT
    for seat in (1, 2, 3):
        view = game.information_state(seat)
        assert (view.game_type, view.declarer) == (GameType.NORMAL, None)
    play(game, "♣D", "♠D", "♦9", "♦9")
    assert game.information_state(1).game_type is GameType.NORMAL
    assert game.information_state(1).known_parties == (Party.RE, None, None, None)
    play(game, "♣D")
    for seat in (1, 2, 3):
        view = game.information_state(seat)
        assert (view.game_type, view.declarer) == (GameType.STILLE_HOCHZEIT, 0)
        assert view.known_parties == (Party.RE, Party.KONTRA, Party.KONTRA, Party.KONTRA)
    while not game.is_terminal:
        game.apply(min(cards_offered(game)))
    result = game.score()  # TSR 4.4.5: scored like a solo, three times for the Hochzeiter
    assert result.solo and game.summary().re_seats == {0}
    assert result.points[0] == -3 * result.points[1] != 0
    assert result.points[1] == result.points[2] == result.points[3]


# -- what a seat may see ---------------------------------------------------------------------------


def test_information_state_shows_only_the_own_hand() -> None:
    """A seat sees its own hand and the cards played, never another hand: two deals that differ
    only in seats 1 and 3 (♠D and ♠B swapped) look the same to seats 0 and 2."""
    swapped = list(NORMAL_HANDS)
    swapped[1] = swapped[1].replace("♠D ♠D", "♠D ♠B")
    swapped[3] = swapped[3].replace("♠B ♥B", "♠D ♥B")
    one, other = normal_game(), normal_game(texts=tuple(swapped))
    assert sorted(other.initial_hands[1]) != sorted(one.initial_hands[1])
    for step in cards_of(OPENING[:3]):
        for seat in (0, 2):
            assert one.information_state(seat) == other.information_state(seat)
        assert one.information_state(1) != other.information_state(1)
        play(one, step)
        play(other, step)
    assert one.information_state(0).hand == tuple(sorted(one.hands[0], key=one.order.sort_key))


def test_stille_hochzeit_is_hidden_from_the_others() -> None:
    """TSR 4.4.5: until the second Kreuz-Dame falls, seats 1 and 3 cannot tell a Stille Hochzeit
    (seat 0 holds both Kreuz-Damen) from a normal game (seats 0 and 2 hold one each): the two
    deals differ only in seats 0 and 2."""
    stille, normal = normal_game(texts=HOCHZEIT_HANDS), normal_game()
    assert stille.game_type is GameType.STILLE_HOCHZEIT
    for step in [*cards_of(OPENING[:3]), "♣D", "♠D", "♥D", "♦9"]:
        for seat in (1, 3):
            assert stille.information_state(seat) == normal.information_state(seat)
        play(stille, step)
        play(normal, step)
    assert stille.tricks == normal.tricks
    for seat in (1, 3):
        assert stille.information_state(seat) == normal.information_state(seat)


# -- replay ---------------------------------------------------------------------------------------


def test_replay_of_the_worked_game() -> None:
    """Game.replay rebuilds a game from its deal and history, announcements out of turn included."""
    game = normal_game()
    play(game, "♣A")
    game.apply(RE_OR_KONTRA, seat=2)
    game.apply(RE_OR_KONTRA, seat=3)
    play(game, *cards_of(OPENING + ENDING)[1:])
    copy = Game.replay(DDV, game.initial_hands, 3, game.history)
    assert copy.tricks == game.tricks
    assert copy.score() == game.score()
    # Re 199 Augen, Re and Kontra said: 1 + unter 90 + unter 60 + Re 2 + Kontra 2 + Fuchs 1 = 8
    assert game.score().points == (8, -8, 8, -8)


def test_replay_names_the_first_illegal_step() -> None:
    with pytest.raises(IllegalAction, match=r"action 5 \(seat 1, Pi10\)"):
        Game.replay(DDV, hands(NORMAL_HANDS), 3, [(0, GESUND), (1, GESUND), (2, GESUND), (3, GESUND), (1, 7)])


def test_replay_of_a_lustsolo() -> None:
    """A Lustsolo (seat 2 has played its Pflichtsolo) is led from the dealer's left; replaying its
    history needs the same Pflichtsolo record."""
    done = (False, False, True, False)
    game = Game(DDV, hands(NORMAL_HANDS), 3, pflichtsolo_done=done)
    answer_vorbehalte(game, GESUND, GESUND, Action.vorbehalt(GameType.DAMEN), GESUND)
    assert game.current_player == 0
    while not game.is_terminal:
        game.apply(max(cards_offered(game)))
    copy = Game.replay(DDV, game.initial_hands, 3, game.history, pflichtsolo_done=done)
    assert copy.tricks == game.tricks and copy.score() == game.score()


def test_new_is_deterministic_per_seed() -> None:
    """Game.new(seed) deals the same hands for the same seed (TSR 3.3 dealing, seeded shuffle)."""
    first = Game.new(DDV, seed=2024, dealer=1)
    again = Game.new(DDV, seed=2024, dealer=1)
    other = Game.new(DDV, seed=2025, dealer=1)
    assert first.initial_hands == again.initial_hands
    assert first.initial_hands != other.initial_hands
    assert first.current_player == 2


@pytest.mark.parametrize("seat", [4, -1])
def test_seat_must_exist(seat: int) -> None:
    """Seats are 0..3; another number is refused (it used to raise IndexError for 4 and to act
    for seat 3 when given -1)."""
    game = normal_game()
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="no seat"):
        game.apply(RE_OR_KONTRA, seat=seat)
    with pytest.raises(IllegalAction, match="no seat"):
        game.legal_actions(seat)
    with pytest.raises(IllegalAction, match="no seat"):
        game.information_state(seat)
    assert snapshot(game) == before


def test_keys_round_trip() -> None:
    """Action keys used in records: cards, announcements, Vorbehalte."""
    actions = [*range(24), *ALL_ANNOUNCEMENTS, *(Action.vorbehalt(g) for g in GameType)]
    for action in actions:
        assert Action.from_key(Action.key(action)) == action
    assert Action.key(Action.vorbehalt(GameType.KREUZ)) == "vorbehalt:kreuz"
    assert Action.key(Action.announce(KEINE_90)) == "announce:keine_90"
    with pytest.raises(IllegalAction, match="Foo"):
        Action.from_key("Foo")


def _random_until(game: Game, seed: int, actions: int) -> Game:
    """Play up to ``actions`` uniformly random legal actions (fewer if the game ends)."""
    import random

    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_terminal:
            break
        game.apply(rng.choice([a for a in game.legal_actions() if a not in (Action.CLAIM, Action.CONCEDE)]))
    return game


@pytest.mark.parametrize("copier", ["pickle", "copy", "deepcopy"])
def test_games_and_results_survive_pickle_and_copy(copier: str) -> None:
    """A game in play, its information state, and a finished game's tricks, summary and score come
    back equal through pickle, copy.copy and copy.deepcopy (compiled core or not); the copy of the
    game in play goes on exactly as the original."""
    import copy
    import pickle

    def through(obj: Any) -> Any:
        if copier == "pickle":
            return pickle.loads(pickle.dumps(obj))
        return copy.copy(obj) if copier == "copy" else copy.deepcopy(obj)

    game = _random_until(Game.new(DDV, seed=11, dealer=2), seed=5, actions=20)
    info = game.information_state(game.current_player)
    assert through(info) == info
    again = through(game)
    assert again.tricks == game.tricks and again.trick_cards == game.trick_cards and again.history == game.history
    if copier != "copy":  # copy.copy shares the lists, as for any object
        _random_until(game, seed=9, actions=200)
        _random_until(again, seed=9, actions=200)
        assert again.history == game.history and again.score() == game.score()
    finished = _random_until(Game.new(DDV, seed=12, dealer=0), seed=6, actions=200)
    assert through(finished.tricks) == finished.tricks
    assert through(finished.summary()) == finished.summary()
    assert through(finished.score()) == finished.score()
    assert through(finished.order).group == finished.order.group


def test_a_replaced_rule_set_takes_effect_at_once() -> None:
    """The engine reads a rule set's options once; giving the game another rule set reads them anew."""
    game = Game.new(DDV, seed=5, dealer=3)
    soloist = game.current_player
    game.apply(Action.vorbehalt(GameType.DAMEN))
    for _ in range(3):
        game.apply(Action.GESUND)
    assert Action.CLAIM in game.legal_actions(soloist)  # the soloist may claim the rest (TSR 5.4.3)
    game.rules = DDV.replace(claim="none")
    assert game.rules.claim == "none"
    assert Action.CLAIM not in game.legal_actions(soloist)
