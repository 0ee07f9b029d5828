"""The houses' announcement and Hochzeit rules (issue 26): FreeDoko's "announcement till full trick",
"announcement: limit only for current", the variants of the Pflichtansage, the Hochzeit found by the first
Kreuz, Pik or Herz trick, "marriage: first one decides", and the plain Hochzeit under ``hochzeit_partner =
choice`` (seed 002: "wenn nichts anderes gesagt ist").

Each test plays a deal of ``conftest`` card by card (dealer 3: seat 0 is asked first and leads) and checks the
outcome worked out by hand from the rule text it cites. DDV deadlines in cards: Re/Kontra 11 cards in hand,
keine 90 10, keine 60 9, keine 30 8, schwarz 7.
"""

from __future__ import annotations

import numpy as np
import pytest

from conftest import HOCHZEIT_HANDS, NORMAL_HANDS, answer_vorbehalte, hands, play
from doppelkopf.fast.kernel import check_against_engine, random_games
from doppelkopf.fast.tables import KernelUnsupported
from doppelkopf.game import Action, Game, IllegalAction
from doppelkopf.interactive import parse_move, vorbehalt_choices
from doppelkopf.rl.encoding import NUM_ACTIONS, action_mask, observation, slot
from doppelkopf.rules import ANSAGE, DDV, KEINE_60, KEINE_90, SCHWARZ, GameType, Party, get_preset
from doppelkopf.vorbehalte import plain_hochzeit

GESUND = Action.GESUND
HOCHZEIT = Action.vorbehalt(GameType.HOCHZEIT)


def announcements(game: Game, seat: int) -> list[int]:
    """The announcement levels ``seat`` may make now."""
    return [Action.level(a) for a in game.legal_actions(seat) if Action.is_announcement(a)]


def normal_game(rules: object) -> Game:
    game = Game(rules, hands(NORMAL_HANDS), 3)  # type: ignore[arg-type]
    answer_vorbehalte(game, GESUND, GESUND, GESUND, GESUND)
    return game


# NORMAL_HANDS: seat 0 (Re, ♣D) wins these three Fehl tricks with its Asse, led first each time.
KREUZ_TRICK = ("♣A", "♣10", "♣9", "♣K")  # 11 + 10 + 0 + 4 = 25 Augen
PIK_TRICK = ("♠A", "♠10", "♠9", "♠K")  # 11 + 10 + 0 + 4 = 25 Augen
HERZ_TRICK = ("♥A", "♥K", "♥A", "♥9")  # 11 + 4 + 11 + 0 = 26 Augen, the first Herz-Ass wins


# -- announcement_till_full_trick (FreeDoko "announcement till full trick") ---------------------------------------


def test_the_card_just_played_counts_until_the_trick_is_full() -> None:
    """FreeDoko: the card the announcer has just played in the trick in progress still counts as in hand
    until the trick is full. Seat 0 wins trick 1 and leads the Pik-Ass: 10 cards in hand, Re needs 11.
    Without the rule Re is too late; with it seat 0 holds 10 + 1 = 11 while seats 1 and 2 follow, and
    10 once seat 3 has filled the trick."""
    game = normal_game(DDV)
    play(game, *KREUZ_TRICK, "♠A")
    assert ANSAGE not in announcements(game, 0)
    with pytest.raises(IllegalAction, match="too late for Re with 10 cards"):
        game.apply(Action.announce(ANSAGE), 0)

    game = normal_game(DDV.replace(announcement_till_full_trick=True))
    play(game, *KREUZ_TRICK, "♠A")
    everything = [ANSAGE, KEINE_90, KEINE_60, KEINE_60 + 1, SCHWARZ]  # 11 cards: 11, 10, 9, 8, 7 are in time
    assert announcements(game, 0) == everything
    play(game, "♠10", "♠9")
    assert announcements(game, 0) == everything
    play(game, "♠K")  # the trick is full: 10 cards, Re (11) has passed and with it the Absagen (TSR 6.4.3)
    assert announcements(game, 0) == []
    # Re while the trick is in progress: 10 + 1 = 11 cards
    game = normal_game(DDV.replace(announcement_till_full_trick=True))
    play(game, *KREUZ_TRICK, "♠A", "♠10")
    game.apply(Action.announce(ANSAGE), 0)
    assert game.levels[Party.RE] == ANSAGE


def test_till_full_trick_waits_under_deadlines_by_tricks() -> None:
    """The rule counts cards in hand: under announcement_timing = tricks it has nothing to count (seed 002:
    never while the trick holds two or more cards, whoever played them)."""
    rules = DDV.replace(announcement_timing="tricks", announcement_till_full_trick=True)
    game = normal_game(rules)
    play(game, *KREUZ_TRICK, "♠A", "♠10")
    assert announcements(game, 0) == []


# -- absage_skips_passed (FreeDoko "announcement: limit only for current") ----------------------------------------


def test_an_absage_needs_only_its_own_deadline() -> None:
    """FreeDoko: only the deadline of the announcement made counts, not those of the lower levels it implies.
    Seat 0 says Re at once, then wins three tricks: 9 cards in hand, keine 90 (10) has passed, keine 60 (9)
    has not. TSR 6.4.3: keine 60 implies keine 90, which must be in time: nothing more. With the rule keine 60,
    keine 30 and schwarz (8, 7 cards) may still be said; keine 90 may not."""
    for rules, expected in ((DDV, []), (DDV.replace(absage_skips_passed=True), [KEINE_60, KEINE_60 + 1, SCHWARZ])):
        game = normal_game(rules)
        game.apply(Action.announce(ANSAGE), 0)
        play(game, *KREUZ_TRICK, *PIK_TRICK, *HERZ_TRICK)
        assert len(game.hands[0]) == 9
        assert announcements(game, 0) == expected
    game.apply(Action.announce(KEINE_60), 0)
    assert game.levels[Party.RE] == KEINE_60  # keine 90 counts as said with it


def test_an_absage_without_an_ansage_in_time() -> None:
    """Seat 1 (Kontra) holds 10 cards after two tricks: Kontra (11) has passed, keine 90 (10) has not. Under
    the rule it may say keine 90 at once (it implies Kontra); it came by its own deadline, so keine 60 may
    follow while in time (9 cards after the third trick); TSR 6.4.4's bar on Absagen after a late Ansage is
    for an Erwiderung."""
    game = normal_game(DDV)
    play(game, *KREUZ_TRICK, *PIK_TRICK)
    assert announcements(game, 1) == []
    game = normal_game(DDV.replace(absage_skips_passed=True))
    play(game, *KREUZ_TRICK, *PIK_TRICK)
    assert announcements(game, 1) == [KEINE_90, KEINE_90 + 1, KEINE_90 + 2, SCHWARZ]
    game.apply(Action.announce(KEINE_90), 1)
    assert game.levels[Party.KONTRA] == KEINE_90 and game.timely_ansage[Party.KONTRA]
    play(game, *HERZ_TRICK)
    assert announcements(game, 1) == [KEINE_60, KEINE_60 + 1, SCHWARZ]


def test_skips_passed_waits_without_skipping() -> None:
    """With announcement_skipping off (seed 002: "Sprungansagen sind verboten") only the next level may be
    said, so no level can pass over a lower one: the rule waits unused, as in the first test without it."""
    game = normal_game(DDV.replace(announcement_skipping=False, absage_skips_passed=True))
    game.apply(Action.announce(ANSAGE), 0)
    play(game, *KREUZ_TRICK, *PIK_TRICK, *HERZ_TRICK)
    assert announcements(game, 0) == []


# -- the Pflichtansage variants (seed 002; FreeDoko "first trick thirty points") ------------------------------------

PFLICHT = DDV.replace(pflichtansage=True)
# 11 + 10 + 11 + 10 = 42 Augen, seat 0's Pik-Ass (played first) wins: seat 0 (Re) owes the Pflichtansage.
PFLICHT_TRICK = ("♠A", "♠10", "♠A", "♠10")
# the winner holds 11 cards after the first trick: every level is in time (11, 10, 9, 8, 7)
EVERY_LEVEL = [Action.announce(level) for level in range(ANSAGE, SCHWARZ + 1)]


def test_pflichtansage_only_first() -> None:
    """FreeDoko "only first": the Pflichtansage is owed only while nobody has announced. Seat 1 says Kontra
    before the first card; seat 0 wins the first trick with 42 Augen. Seed 002 alone: Re is owed (seat 0
    may do nothing else); with the rule nothing is owed."""
    game = normal_game(PFLICHT)
    game.apply(Action.announce(ANSAGE), 1)
    play(game, *PFLICHT_TRICK)
    assert game.legal_actions() == EVERY_LEVEL
    game = normal_game(PFLICHT.replace(pflichtansage_only_first=True))
    game.apply(Action.announce(ANSAGE), 1)
    play(game, *PFLICHT_TRICK)
    assert Action.announce(ANSAGE) in game.legal_actions() and int(game.hands[0][0]) in game.legal_actions()
    # nobody announced: owed as before
    game = normal_game(PFLICHT.replace(pflichtansage_only_first=True))
    play(game, *PFLICHT_TRICK)
    assert game.legal_actions() == EVERY_LEVEL


def test_pflichtansage_raises() -> None:
    """FreeDoko "only re/contra" off: a party that has announced owes its next Absage. Seat 2 (Re) says Re
    before the first card; seat 0 wins the 42-Augen first trick with 11 cards: keine 90 (10), keine 60 (9),
    keine 30 (8), schwarz (7) are in time. Seed 002 alone: nothing is owed (Re announced). With the rule
    seat 0 must make one of those Absagen first; after keine 90 he plays on."""
    game = normal_game(PFLICHT)
    game.apply(Action.announce(ANSAGE), 2)
    play(game, *PFLICHT_TRICK)
    assert int(game.hands[0][0]) in game.legal_actions()
    game = normal_game(PFLICHT.replace(pflichtansage_raises=True))
    game.apply(Action.announce(ANSAGE), 2)
    play(game, *PFLICHT_TRICK)
    assert game.legal_actions() == [Action.announce(level) for level in range(KEINE_90, SCHWARZ + 1)]
    with pytest.raises(IllegalAction, match="Pflichtansage"):
        play(game, "♣A")
    game.apply(Action.announce(KEINE_90))
    assert game.must_announce is None and int(game.hands[0][0]) in game.legal_actions()


def test_pflichtansage_in_a_hochzeit() -> None:
    """FreeDoko "in marriage": seat 0's Hochzeit (first foreign trick) finds seat 2 with the first trick, which
    seat 2 wins with its Pik-Ass: ♠9 0 + ♠10 10 + ♠A 11 + ♠10 10 = 31 Augen, seat 2 holds 11 cards, Re in time.
    Seed 002 names no exception: seat 2 owes Re; with pflichtansage_hochzeit = false nothing is owed."""
    for rules, owed in ((PFLICHT, True), (PFLICHT.replace(pflichtansage_hochzeit=False), False)):
        game = Game(rules, hands(HOCHZEIT_HANDS), 3)
        answer_vorbehalte(game, HOCHZEIT, GESUND, GESUND, GESUND)
        play(game, "♠9", "♠10", "♠A", "♠10")
        assert game.party[2] is Party.RE and not game.partner_open
        assert (game.legal_actions() == EVERY_LEVEL) is owed
        assert (game.information_state(1).must_announce == 2) is owed


# -- the Hochzeit found by the first Kreuz, Pik or Herz trick (FreeDoko) ---------------------------------------------

# HOCHZEIT_HANDS (seat 0 holds both Kreuz-Damen): a trump trick seat 1 wins (its Herz-10), a Kreuz trick
# seat 2 wins (its Kreuz-Ass), a Pik trick seat 2 wins (its Pik-Ass, led).
TRUMP_TRICK = ("♦K", "♥10", "♦9", "♦9")
KREUZ_FOUND = ("♣10", "♣A", "♣K", "♣9")
PIK_FOUND = ("♠A", "♠10", "♠9", "♠K")


@pytest.mark.parametrize(
    ("kind", "partner", "klaerung"),
    [("first_kreuz", 2, 1), ("first_pik", 2, 2), ("first_herz", None, 2), ("first_trump", 1, 0)],
)
def test_hochzeit_by_the_first_trick_of_a_suit(kind: str, partner: int | None, klaerung: int) -> None:
    """FreeDoko's selectors "first club/spade/heart": the first trick in which that Fehl suit is led, won by
    another player, finds the partner. Trick 1 is trump, trick 2 Kreuz, trick 3 Pik: first_kreuz finds seat 2
    in trick 2, first_pik seat 2 in trick 3; no Herz trick within hochzeit_tricks = 3: seat 0 plays alone."""
    game = Game(DDV.replace(hochzeit_partner=kind), hands(HOCHZEIT_HANDS), 3)  # type: ignore[arg-type]
    answer_vorbehalte(game, HOCHZEIT, GESUND, GESUND, GESUND)
    assert game.hochzeit_rule == kind
    play(game, *TRUMP_TRICK, *KREUZ_FOUND, *PIK_FOUND)
    assert not game.partner_open and game.clarified_at == klaerung
    assert [s for s in range(4) if game.party[s] is Party.RE] == sorted({0} | ({partner} if partner else set()))


def test_the_suit_kinds_named_at_the_vorbehalt() -> None:
    """Under hochzeit_partner = choice the new kinds are Vorbehalt answers of their own (actions 59..61), with
    their keys, the RL mask and observation, and the words of doko play."""
    rules = DDV.replace(hochzeit_partner="choice", hochzeit_choices=("first_herz", "first_kreuz", "first_pik"))
    game = Game(rules, hands(HOCHZEIT_HANDS), 3)
    offered = [a for a in game.legal_actions() if Action.hochzeit_kind(a)]
    assert offered == [Action.hochzeit("first_kreuz"), Action.hochzeit("first_pik"), Action.hochzeit("first_herz")]
    assert offered == [59, 60, 61] and max(offered) < NUM_ACTIONS  # within the RL / OpenSpiel action space
    assert [Action.key(a) for a in offered] == [f"vorbehalt:hochzeit:first_{s}" for s in ("kreuz", "pik", "herz")]
    assert [Action.from_key(Action.key(a)) for a in offered] == offered
    assert game.describe(61) == "Hochzeit (erster fremder Herzstich)"
    info = game.information_state(0)
    assert [int(i) for i in np.flatnonzero(action_mask(info))] == game.legal_actions()
    assert vorbehalt_choices(info)[-3:] == ["hochzeit [herz]", "hochzeit kreuz", "hochzeit pik"]
    assert parse_move("hochzeit pik", info, game.hands[0]) == 60
    assert parse_move("hochzeit", info, game.hands[0]) == 61  # the house's default: the first it lists
    answer_vorbehalte(game, Action.hochzeit("first_kreuz"), GESUND, GESUND, GESUND)
    obs = observation(game.information_state(1))
    assert list(obs[slot("hochzeit_rule").start : slot("hochzeit_rule").stop]) == [0, 0, 0, 1, 0, 0]
    play(game, *TRUMP_TRICK, *KREUZ_FOUND)
    assert game.party[2] is Party.RE and game.clarified_at == 1


# -- hochzeit_first_trick_decides (FreeDoko "marriage: first one decides") ----------------------------------------


def test_the_first_trick_of_the_kind_decides() -> None:
    """FreeDoko: the first trick of the finding kind decides even when the Hochzeiter wins it. Under
    first_kreuz seat 0 leads the Kreuz-Ass and wins (♣A ♣10 ♣9 ♣K): TSR 4.4.3 reading (false) the trick does
    not count and the next Kreuz trick decides; with the rule seat 0 plays alone from this trick on."""
    hochzeit_kreuz = DDV.replace(hochzeit_partner="first_kreuz")
    game = Game(hochzeit_kreuz, hands(HOCHZEIT_HANDS), 3)
    answer_vorbehalte(game, HOCHZEIT, GESUND, GESUND, GESUND)
    play(game, "♣A", "♣10", "♣A", "♣K")
    assert game.tricks[0].winner == 0 and game.partner_open
    game = Game(hochzeit_kreuz.replace(hochzeit_first_trick_decides=True), hands(HOCHZEIT_HANDS), 3)
    answer_vorbehalte(game, HOCHZEIT, GESUND, GESUND, GESUND)
    play(game, "♣A", "♣10", "♣A", "♣K")
    assert not game.partner_open and game.clarified_at == 0
    assert game.party == [Party.RE, Party.KONTRA, Party.KONTRA, Party.KONTRA]
    # a trick of another kind (trump, under first_kreuz) decides nothing, even with the rule
    game = Game(hochzeit_kreuz.replace(hochzeit_first_trick_decides=True), hands(HOCHZEIT_HANDS), 3)
    answer_vorbehalte(game, HOCHZEIT, GESUND, GESUND, GESUND)
    play(game, "♥10", "♦D", "♦9", "♦9")  # seat 0's Herz-10 wins the trump trick
    assert game.partner_open


# -- the plain Hochzeit under choice (seed 002: "wenn nichts anderes gesagt ist") -----------------------------------


def test_a_plain_hochzeit_takes_the_house_default() -> None:
    """Seed 002: "Wenn nichts anderes gesagt ist, spielt derjenige mit der Hochzeit zusammen, der den ersten
    Fehlfarben-Stich macht": the house's default is the first of hochzeit_choices. The library takes the plain
    Hochzeit under choice as that kind (here first_trump: the trump trick 1 finds seat 1), as doko play does."""
    rules = DDV.replace(hochzeit_partner="choice", hochzeit_choices=("first_trump", "first_fehl"))
    assert plain_hochzeit(rules) == Action.hochzeit("first_trump")
    assert plain_hochzeit(DDV) == HOCHZEIT
    game = Game(rules, hands(HOCHZEIT_HANDS), 3)
    info = game.information_state(0)
    assert parse_move("hochzeit", info, game.hands[0]) == plain_hochzeit(rules)
    assert HOCHZEIT not in game.legal_actions()  # offered once, by its kind
    answer_vorbehalte(game, HOCHZEIT, GESUND, GESUND, GESUND)
    assert game.hochzeit_rule == "first_trump" and game.information_state(2).hochzeit_rule == "first_trump"
    play(game, *TRUMP_TRICK)
    assert game.party[1] is Party.RE and game.clarified_at == 0
    copy = Game.replay(rules, game.initial_hands, game.dealer, game.history)
    assert copy.party == game.party and copy.hochzeit_rule == "first_trump"
    # without both Kreuz-Damen the plain Hochzeit is refused as before
    other = Game(rules, hands(NORMAL_HANDS), 3)
    with pytest.raises(IllegalAction, match="Hochzeit needs both Kreuz-Damen"):
        other.apply(HOCHZEIT)


# -- the kernel ------------------------------------------------------------------------------------------------


def test_kernel_mirrors_only_first_and_refuses_raises() -> None:
    """The kernel probes the Pflichtansage in the engine: under pflichtansage_only_first with Re announced
    before the first card nobody owes it (the kernel makes none and agrees with the engine game by game);
    with nothing announced it is owed as before. pflichtansage_raises is refused by name."""
    rules = get_preset("doppelbock").replace(pflichtansage_only_first=True)
    games = random_games(rules, 60, seed=3, record=True, announcements=(1, 0))
    assert games.pflicht is not None and (games.pflicht < 0).all()
    for i in range(60):
        check_against_engine(rules, games, i, announcements=(1, 0))
    games = random_games(rules, 200, seed=8, record=True)
    assert games.pflicht is not None and (games.pflicht >= 0).sum() > 20
    for i in range(0, 200, 10):
        check_against_engine(rules, games, i)
    random_games(DDV.replace(pflichtansage=True, pflichtansage_hochzeit=False), 5, seed=1)  # idle: no Hochzeit
    with pytest.raises(KernelUnsupported, match="pflichtansage_raises"):
        random_games(DDV.replace(pflichtansage=True, pflichtansage_raises=True), 5, seed=1)
