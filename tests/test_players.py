"""Tests of the players and the runner: legal play, determinism, hidden information, strength.

Hand-made situations use the deals of ``conftest.py``; the expected choices are worked out by hand
from the player's documented habits (the reasoning is in each test's docstring).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import HOCHZEIT_HANDS, NORMAL_HANDS, answer_vorbehalte, hands, play
from doppelkopf.cards import AUGEN, Card, deck, parse_cards
from doppelkopf.game import Action, Game, IllegalAction, InformationState, Phase
from doppelkopf.order import card_order
from doppelkopf.players import (
    IllegalPlayerAction,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    inferred_parties,
    play_game,
    play_session,
    played_cards,
    rebuild_game,
    sample_hands,
    session_seeds,
    unseen_cards,
    voids,
)
from doppelkopf.players.rules_player import hand_strength, takes_armut
from doppelkopf.rules import ANSAGE, DDV, GameType, Party, RuleSet, get_preset

G = Action.GESUND
HERZ = Card.HERZ_ASS.suit  # the printed suit index of Herz, which is its Fehl group in a normal game

RULE_VARIANTS: list[RuleSet] = [
    DDV,
    DDV.replace(dulle="second"),
    DDV.replace(dulle="second_except_last", solo_types=("damen", "buben", "fleischlos")),
    DDV.replace(with_nines=False, deal_packets=(3, 4, 3), announcement_deadlines=(9, 8, 7, 6, 5)),
    DDV.replace(solo_lead="soloist", hochzeit_tricks=1),
]


class Checked(Player):
    """Wraps a player; asserts what it is shown and that it returns only legal actions."""

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.name)
        self.inner = inner
        self.infos: list[InformationState] = []

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.inner.reset(seat, rules, seed)

    def choose(self, info: InformationState) -> int:
        assert info.seat == self.seat and info.current_player == self.seat
        self.infos.append(info)
        action = self.inner.choose(info)
        assert action in info.legal_actions
        return action

    def react(self, info: InformationState) -> int | None:
        assert info.seat == self.seat and info.current_player != self.seat
        self.infos.append(info)
        action = self.inner.react(info)
        assert action is None or (action in info.legal_actions and Action.is_announcement(action))
        return action


def mixed_players(seed: int) -> list[Player]:
    """Four players of the kinds the tests mix, chosen by ``seed``."""
    rng = random.Random(seed)
    kinds = [
        lambda s: RandomPlayer(s, p_vorbehalt=0.5, p_announce=0.3),
        lambda s: RandomPlayer(s, uniform=True),
        lambda s: RandomPlayer(s),
        lambda s: RuleBasedPlayer(s),
    ]
    return [rng.choice(kinds)(seed * 4 + s) for s in range(4)]


# -- legality over many games ------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), rules=st.sampled_from(RULE_VARIANTS))
def test_players_return_only_legal_actions(seed: int, rules: RuleSet) -> None:
    players = [Checked(p) for p in mixed_players(seed)]
    game = play_game(Game.new(rules, seed=seed, dealer=seed % 4), players)
    assert game.is_terminal
    assert sum(game.score().points) == 0
    assert all(len(t.cards) == 4 for t in game.tricks) and len(game.tricks) == rules.hand_size
    assert all(p.infos for p in players)


# the game types of the DDV rule set (Armut and the Buben-Damen-Solo are house rules, seed 002)
#: The game types of the DDV rules: normal game, Hochzeit, Stille Hochzeit and the seven soli of TSR 2.3.3 (the Armut,
#: seed 002's Buben-Damen-Solo and FreeDoko's picture soli are house rules).
DDV_GAME_TYPES = {
    GameType.NORMAL,
    GameType.HOCHZEIT,
    GameType.STILLE_HOCHZEIT,
    GameType.KREUZ,
    GameType.PIK,
    GameType.HERZ,
    GameType.KARO,
    GameType.DAMEN,
    GameType.BUBEN,
    GameType.FLEISCHLOS,
}


def test_every_game_type_is_reached_and_played_legally() -> None:
    """Random players that often say Vorbehalt, with rule-based ones (who announce Hochzeiten),
    reach every game type of the DDV rules; the runner checks every action of every game."""
    seen: Counter[GameType] = Counter()
    for seed in range(400):
        players: list[Player] = [
            RuleBasedPlayer(seed) if s == seed % 4 else RandomPlayer(seed * 4 + s, p_vorbehalt=0.6) for s in range(4)
        ]
        game = play_game(Game.new(DDV, seed=seed, dealer=seed % 4), players)
        seen[game.game_type] += 1
        if len(seen) == len(DDV_GAME_TYPES):
            break
    assert set(seen) == DDV_GAME_TYPES


# -- determinism ---------------------------------------------------------------------------------


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_same_seeds_same_game(seed: int) -> None:
    first = play_game(Game.new(DDV, seed=seed, dealer=1), mixed_players(seed))
    second = play_game(Game.new(DDV, seed=seed, dealer=1), mixed_players(seed))
    assert first.history == second.history
    assert first.score().points == second.score().points


def test_a_game_does_not_depend_on_the_games_before() -> None:
    """Players draw their randomness per game (player seed, seat, game seed)."""
    players: list[Player] = [RandomPlayer(0), RuleBasedPlayer(1), RandomPlayer(2, uniform=True), RuleBasedPlayer(3)]
    for seed in range(5):
        play_game(Game.new(DDV, seed=seed), players)
    after = play_game(Game.new(DDV, seed=99), players)
    fresh = play_game(
        Game.new(DDV, seed=99),
        [RandomPlayer(0), RuleBasedPlayer(1), RandomPlayer(2, uniform=True), RuleBasedPlayer(3)],
    )
    assert after.history == fresh.history


def test_session_is_deterministic_and_rotates_the_dealer() -> None:
    """The deal moves clockwise (TSR 3.3.1), except that after a Pflichtsolo the same dealer deals
    again (TSR 3.3.1, 4.2.5); session 42 has Pflichtsoli. Without Pflichtsolo (seed 000: "Es gibt
    keine Pflichtsolis") the deal just moves on."""

    def run(rules: RuleSet = DDV) -> list[Game]:
        return list(play_session(rules, [RandomPlayer(s) for s in range(4)], games=6, seed=42))

    one, two = run(), run()
    assert [g.history for g in one] == [g.history for g in two]
    assert any(g.pflichtsolo for g in one)
    assert one[0].dealer == 0
    for before, after in zip(one, one[1:], strict=False):
        assert after.dealer == (before.dealer if before.pflichtsolo else (before.dealer + 1) % 4)
    assert [g.dealer for g in run(DDV.replace(pflichtsolo=False))] == [0, 1, 2, 3, 0, 1]
    assert [g.seed for g in one] == session_seeds(42, 6)
    assert len(set(session_seeds(42, 6))) == 6
    assert session_seeds(43, 6) != session_seeds(42, 6)


# -- the runner ----------------------------------------------------------------------------------


class Soloist(RandomPlayer):
    """Declares a Kreuz-Solo whenever asked (to test the Pflichtsolo bookkeeping)."""

    def choose(self, info: InformationState) -> int:
        if info.phase is Phase.VORBEHALT:
            return Action.vorbehalt(GameType.KREUZ)
        return super().choose(info)


def test_session_tracks_the_pflichtsolo() -> None:
    """Seat 2 declares a Kreuz-Solo in every game; nobody else says Vorbehalt. Its first solo is
    its Pflichtsolo (TSR 4.2); every later one is a Lustsolo (TSR 4.3)."""
    players: list[Player] = [RandomPlayer(0, p_vorbehalt=0), RandomPlayer(1, p_vorbehalt=0)]
    players += [Soloist(2), RandomPlayer(3, p_vorbehalt=0)]
    games = list(play_session(DDV, players, games=3, seed=5))
    assert [(g.game_type, g.declarer) for g in games] == [(GameType.KREUZ, 2)] * 3
    assert [g.pflichtsolo for g in games] == [True, False, False]
    assert [g.pflichtsolo_done for g in games] == [
        (False, False, False, False),
        (False, False, True, False),
        (False, False, True, False),
    ]


class Cheater(Player):
    name = "Schummler"

    def choose(self, info: InformationState) -> int:
        if info.phase is Phase.VORBEHALT:
            return Action.GESUND
        return next(c for c in range(24) if c not in info.legal_actions)


def test_an_illegal_action_names_player_and_action() -> None:
    """NORMAL_HANDS, dealer 3: seat 0 leads; the cheater plays the first card it does not hold,
    the ♣10 (it holds a ♣A, card 0, but no ♣10)."""
    players: list[Player] = [Cheater()] + [RandomPlayer(s, p_vorbehalt=0) for s in (1, 2, 3)]
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    with pytest.raises(IllegalPlayerAction, match=r"player 'Schummler' \(seat 0\) chose Kr10, which is not legal"):
        play_game(game, players)


class Mute(RandomPlayer):
    def choose(self, info: InformationState) -> Any:
        return "gesund"


def test_a_non_action_is_reported() -> None:
    with pytest.raises(IllegalPlayerAction, match=r"'Mute' \(seat 1\) chose 'gesund'"):
        play_game(
            Game(DDV, hands(NORMAL_HANDS), dealer=0),
            [RandomPlayer(0), Mute(1, name="Mute")] + [RandomPlayer(2), RandomPlayer(3)],
        )


def test_four_players_are_needed() -> None:
    with pytest.raises(ValueError, match="needs 4 players"):
        play_game(Game.new(DDV, seed=1), [RandomPlayer(0)] * 3)
    with pytest.raises(ValueError, match="games: must be 0 or more"):
        play_session(DDV, [RandomPlayer(0)] * 4, games=-1, seed=0)


class Announcer(RandomPlayer):
    """Says Re or Kontra out of turn at the first chance, nothing else."""

    def react(self, info: InformationState) -> int | None:
        ansage = Action.announce(ANSAGE)
        return ansage if ansage in info.legal_actions else None


def test_react_announces_out_of_turn() -> None:
    """Deal NORMAL_HANDS, dealer 3: seat 0 leads. Before its first card seats 1, 2, 3 may react in
    that order: seat 1 (no Kreuz-Dame) says Kontra, seat 2 (a Kreuz-Dame) says Re, seat 3 has
    nothing left to say (Kontra is taken). Then the first card is played."""
    events: list[tuple[str, dict[str, Any]]] = []
    players: list[Player] = [RandomPlayer(0, p_announce=0, p_vorbehalt=0)]
    players += [Announcer(s, p_announce=0, p_vorbehalt=0) for s in (1, 2, 3)]
    game = play_game(Game(DDV, hands(NORMAL_HANDS), dealer=3), players, lambda k, d: events.append((k, d)))
    kinds = [k for k, _ in events]
    assert kinds[:6] == ["start", "vorbehalt", "vorbehalt", "vorbehalt", "vorbehalt", "game_type"]
    said = [(d["seat"], d["text"], d["in_turn"]) for k, d in events if k == "announce"]
    assert said[:2] == [(1, "Kontra", False), (2, "Re", False)]
    assert kinds[6:9] == ["announce", "announce", "play"]
    assert [(a.seat, a.party, a.level) for a in game.announcements[:2]] == [(1, Party.KONTRA, 1), (2, Party.RE, 1)]
    assert kinds[-1] == "end" and kinds.count("trick") == 12


def test_events_describe_the_game() -> None:
    events: list[tuple[str, dict[str, Any]]] = []
    game = play_game(Game.new(DDV, seed=8), [RuleBasedPlayer(s) for s in range(4)], lambda k, d: events.append((k, d)))
    plays = [d for k, d in events if k == "play"]
    assert [d["action"] for d in plays] == [a for _, a in game.history if Action.is_card(a)]
    assert all(d["text"] == Card(d["action"]).symbol and d["key"] == Card(d["action"]).short for d in plays)
    tricks = [d["trick"] for k, d in events if k == "trick"]
    assert tricks == list(game.tricks)
    assert events[-1] == ("end", {"score": game.score()})


class Watcher(RandomPlayer):
    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seen: list[InformationState] = []

    def observe(self, info: InformationState) -> None:
        self.seen.append(info)


def test_observe_sees_every_step_from_its_seat() -> None:
    watcher = Watcher(3)
    game = play_game(Game.new(DDV, seed=4), [RandomPlayer(0), RandomPlayer(1), RandomPlayer(2), watcher])
    assert len(watcher.seen) == len(game.history)
    assert all(info.seat == 3 for info in watcher.seen)
    assert watcher.seen[-1].phase is Phase.FINISHED and len(watcher.seen[-1].tricks) == 12
    played = [len(played_cards(i)) for i in watcher.seen]
    assert all(0 <= b - a <= 1 for a, b in zip(played, played[1:], strict=False)) and played[-1] == 48


# -- hidden information --------------------------------------------------------------------------


def hand_at(game: Game, info: InformationState, seat: int) -> Counter[int]:
    """The cards ``seat`` held at the moment of ``info`` (initial hand minus its plays)."""
    held = Counter(game.initial_hands[seat])
    held.subtract(c for s, c in played_cards(info) if s == seat)
    return +held


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_player_sees_only_its_own_hand(seed: int) -> None:
    players = [Checked(p) for p in mixed_players(seed)]
    game = play_game(Game.new(DDV, seed=seed, dealer=seed % 4), players)
    for seat, player in enumerate(players):
        for info in player.infos:
            for f in dataclasses.fields(info):
                assert not isinstance(getattr(info, f.name), Game)
            assert Counter(info.hand) == hand_at(game, info, seat)
            others = sum((hand_at(game, info, s) for s in range(4) if s != seat), Counter())
            assert Counter(unseen_cards(info)) == others
            assert len(unseen_cards(info)) == sum(info.hand_sizes) - len(info.hand)
            for s, groups in enumerate(voids(info)):
                for g in groups:  # a void shown is a true void
                    assert all(game.order.group[c] != g for c in hand_at(game, info, s))
            for s, party in enumerate(inferred_parties(info)):
                assert party is None or party is game.party[s]


def test_unseen_cards_and_voids_of_two_tricks() -> None:
    """NORMAL_HANDS, dealer 3. Trick 1: ♥A ♥K ♥A ♥K (seat 0 wins, first Ass). Trick 2: seat 0 leads
    ♥9; seat 1 has no Herz left and trumps with ♦10; seat 2 has none and discards ♣9; seat 3
    follows with ♥9. So seats 1 and 2 have shown Herz void; seat 0 has seen 8 cards played and
    holds 10, so 30 cards are unseen. Seat 0 holds one Dulle and one Kreuz-Dame, so the other of
    each is unseen; of the ♦10 it holds one and saw the other played: none unseen."""
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    play(game, "♥A", "♥K", "♥A", "♥K", "♥9", "♦10", "♣9", "♥9")
    info = game.information_state(0)
    assert voids(info) == (frozenset(), frozenset({HERZ}), frozenset({HERZ}), frozenset())
    unseen = unseen_cards(info)
    assert len(unseen) == 30
    assert unseen.count(Card.HERZ_ZEHN) == 1 and unseen.count(Card.HERZ_ASS) == 0
    assert unseen.count(Card.KREUZ_DAME) == 1 and unseen.count(Card.KARO_ZEHN) == 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), moment=st.floats(0, 1), rules=st.sampled_from(RULE_VARIANTS))
def test_sampled_hands_rebuild_the_information_state(seed: int, moment: float, rules: RuleSet) -> None:
    """A search player's determinization: sampled hands fit sizes, voids and the unseen cards, and
    the rebuilt game shows the observer exactly what it saw."""
    players = [Checked(RandomPlayer(seed * 4 + s, p_vorbehalt=0.4, p_announce=0.4)) for s in range(4)]
    play_game(Game.new(rules, seed=seed, dealer=seed % 4), players)
    infos = [i for p in players for i in p.infos]
    info = infos[int(moment * (len(infos) - 1))]
    rng = random.Random(seed)
    sampled = sample_hands(info, rng)
    assert sampled[info.seat] == sorted(info.hand)
    assert [len(h) for h in sampled] == list(info.hand_sizes)
    assert Counter(c for s in range(4) if s != info.seat for c in sampled[s]) == Counter(unseen_cards(info))
    rebuilt = rebuild_game(info, sampled, rng).information_state(info.seat)
    for f in dataclasses.fields(info):
        if f.name in ("vorbehalte", "own_vorbehalt"):
            continue  # a Vorbehalt that lost to another is rebuilt as "gesund"
        assert getattr(rebuilt, f.name) == getattr(info, f.name), f.name


def test_sample_puts_the_kreuz_damen_with_the_hochzeiter() -> None:
    """HOCHZEIT_HANDS, dealer 3: seat 0 announces a Hochzeit (TSR 4.4), so it holds both
    Kreuz-Damen; every sample for seat 1 gives them to seat 0."""
    game = Game(DDV, hands(HOCHZEIT_HANDS), dealer=3)
    answer_vorbehalte(game, Action.vorbehalt(GameType.HOCHZEIT), G, G, G)
    info = game.information_state(1)
    for seed in range(20):
        assert sample_hands(info, random.Random(seed))[0].count(Card.KREUZ_DAME) == 2


def test_uniform_sampling_without_constraints() -> None:
    """Before any card is played every seat may hold anything: over many samples each of the
    three other seats gets a given card about equally often."""
    info = Game(DDV, hands(NORMAL_HANDS), dealer=3).information_state(0)
    rng = random.Random(1)
    where: Counter[int] = Counter()
    for _ in range(600):
        for s, h in enumerate(sample_hands(info, rng)):
            where[s] += h.count(Card.PIK_DAME)
    assert set(+where) == {1, 2, 3}  # seat 0 holds no Pik-Dame
    assert all(340 <= where[s] <= 460 for s in (1, 2, 3))  # 2 Pik-Damen in 600 samples: 400 a seat


# -- the rule-based player's conventions --------------------------------------------------------


def rule_choice(game: Game, seat: int) -> int:
    player = RuleBasedPlayer(seed=0)
    player.reset(seat, game.rules, game.seed)
    return player.choose(game.information_state(seat))


def test_hochzeit_with_a_weak_hand() -> None:
    """HOCHZEIT_HANDS seat 0: both Kreuz-Damen but only six trumps (♣D ♣D ♥10 ♦A ♦10 ♦K) and three
    Fehl nines: too weak to play alone as a Stille Hochzeit, so it announces the Hochzeit."""
    game = Game(DDV, hands(HOCHZEIT_HANDS), dealer=3)
    assert rule_choice(game, 0) == Action.vorbehalt(GameType.HOCHZEIT)


def test_gesund_with_an_ordinary_hand() -> None:
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    assert rule_choice(game, 0) == G


def deal_with(first: str) -> list[list[Card]]:
    """Seat 0 holds ``first``; the rest of the deck goes to seats 1..3 in deck order."""
    own = parse_cards(first)
    rest = Counter(deck())
    rest.subtract(own)
    cards = sorted(rest.elements())
    return [own, cards[0:12], cards[12:24], cards[24:36]]


def test_solo_with_a_dominant_hand() -> None:
    """Both Dullen, all six high Damen, the Kreuz- and Pik-Bube and the two black Asse: in a
    Kreuz- or Pik-Solo that is eleven trumps with the four best and one Fehl Ass; a solo beats
    the Hochzeit this hand could also announce."""
    game = Game(DDV, deal_with("♥10 ♥10 ♣D ♣D ♠D ♠D ♥D ♥D ♣B ♠B ♣A ♠A"), dealer=3)
    assert rule_choice(game, 0) in (Action.vorbehalt(GameType.KREUZ), Action.vorbehalt(GameType.PIK))


def test_kontra_with_a_strong_hand_out_of_turn() -> None:
    """NORMAL_HANDS with four rule-based players, dealer 3. Seat 1 has seven trumps with the Dulle
    and both Pik-Damen: strong enough for Kontra, said at its first chance, which is a react()
    before seat 0's first card. No other hand is strong enough to announce at that point."""
    events: list[tuple[str, dict[str, Any]]] = []
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    play_game(game, [RuleBasedPlayer(s) for s in range(4)], lambda k, d: events.append((k, d)))
    after_vorbehalt = [(k, d) for k, d in events if k in ("announce", "play")]
    kind, data = after_vorbehalt[0]
    assert (kind, data["seat"], data["text"], data["in_turn"]) == ("announce", 1, "Kontra", False)
    assert after_vorbehalt[1][0] == "play"


def test_schmieren_on_the_partners_trick() -> None:
    """NORMAL_HANDS, dealer 3; seat 0 announces Re, so seat 2 (the other Kreuz-Dame) knows its
    partner. Seat 0 leads ♣A, seat 1 follows ♣10. Seat 2 must follow Kreuz (♣A or ♣9); the
    partner's Ass can only be beaten if seat 3 is void in Kreuz (4 Kreuz unseen among 34 cards:
    about 16 %), so seat 2 adds its own Ass: 11 Augen for the partner's trick."""
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    game.apply(Action.announce(ANSAGE), seat=0)
    play(game, "♣A", "♣10")
    assert rule_choice(game, 2) == Card.KREUZ_ASS


def test_no_schmieren_while_the_partner_is_unknown() -> None:
    """The same trick without the Re: seat 0 may be an opponent (seat 2 sees no Kreuz-Dame
    played), the ♣A of seat 0 cannot be beaten with Kreuz, so seat 2 keeps its Ass and plays ♣9."""
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    play(game, "♣A", "♣10")
    assert rule_choice(game, 2) == Card.KREUZ_NEUN


def test_last_player_wins_with_the_cheapest_card() -> None:
    """NORMAL_HANDS, dealer 3: ♦9 (seat 0), ♦10 (seat 1), ♦K (seat 2): seat 1 wins 14 Augen so far.
    Seat 3 plays last and cannot tell whether seat 1 is its partner (no Kreuz-Dame seen). Every
    Bube beats the ♦10; the lowest is a ♦B, which takes the 14 Augen."""
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    play(game, "♦9", "♦10", "♦K")
    assert rule_choice(game, 3) == Card.KARO_BUBE


def test_no_dulle_on_an_empty_trick() -> None:
    """NORMAL_HANDS, dealer 3: seat 0 leads ♦9 (0 Augen). Seat 1 holds the Dulle, which would win
    (the other one can only come second and loses, TSR 5.3.3), but the trick is worth nothing."""
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    play(game, "♦9")
    assert rule_choice(game, 1) != Card.HERZ_ZEHN


def test_lead_a_fehl_ass_that_is_likely_to_go_through() -> None:
    """NORMAL_HANDS, dealer 3: seat 0 leads. Six Kreuz and six Pik cards are out, but only four
    Herz (Herz has no 10 among the Fehl): the ♣A or ♠A is the Ass least likely to be trumped."""
    game = Game(DDV, hands(NORMAL_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    assert rule_choice(game, 0) in (Card.KREUZ_ASS, Card.PIK_ASS)


def test_hochzeiter_leads_a_card_the_others_can_win() -> None:
    """HOCHZEIT_HANDS: seat 0 announced the Hochzeit and leads; the first trick won by another
    player finds the partner (TSR 4.4.3), so it leads one of its Fehl nines, not an Ass."""
    game = Game(DDV, hands(HOCHZEIT_HANDS), dealer=3)
    answer_vorbehalte(game, Action.vorbehalt(GameType.HOCHZEIT), G, G, G)
    assert rule_choice(game, 0) in (Card.KREUZ_NEUN, Card.PIK_NEUN, Card.HERZ_NEUN)


# -- strength --------------------------------------------------------------------------------------


def test_rule_based_beats_random_players() -> None:
    """One rule-based seat against three random players, the seat rotating, 400 games: the
    rule-based player wins Punkte on average."""
    total = 0
    for i in range(400):
        seat = i % 4
        players: list[Player] = [RuleBasedPlayer(i) if s == seat else RandomPlayer(i * 4 + s) for s in range(4)]
        game = play_game(Game.new(DDV, seed=i, dealer=(i // 4) % 4), players)
        total += game.score().points[seat]
    assert total / 400 > 0


def test_random_player_knobs() -> None:
    """p_vorbehalt=0 never says Vorbehalt, p_announce=0 never announces; uniform mode does both."""
    quiet = [RandomPlayer(s, p_vorbehalt=0, p_announce=0) for s in range(4)]
    for seed in range(20):
        game = play_game(Game.new(DDV, seed=seed), quiet)
        assert game.game_type in (GameType.NORMAL, GameType.STILLE_HOCHZEIT)
        assert not game.announcements
    loud = [RandomPlayer(s, uniform=True) for s in range(4)]
    games = [play_game(Game.new(DDV, seed=seed), loud) for seed in range(20)]
    assert sum(bool(g.announcements) for g in games) >= 15
    assert sum(g.game_type.is_declared_solo for g in games) >= 15
    with pytest.raises(ValueError, match="p_announce: 1.5 is not a probability"):
        RandomPlayer(0, p_announce=1.5)


# -- house rules: every decision of the presets ---------------------------------------------------

OHNE_NEUNEN = get_preset("ohne-neunen")
DOPPELBOCK = get_preset("doppelbock")


def deal_rest(rules: RuleSet, *given_hands: str, seed: int = 0) -> list[list[Card]]:
    """Seats 0.. hold ``given_hands``; the rest of the deck of ``rules`` is shuffled with ``seed``
    and dealt to the other seats."""
    own = [parse_cards(text) for text in given_hands]
    rest = Counter(deck(rules.with_nines))
    for cards in own:
        rest.subtract(cards)
    cards = sorted(rest.elements())
    random.Random(seed).shuffle(cards)
    size = rules.hand_size
    out = own + [sorted(cards[i : i + size]) for i in range(0, len(cards), size)]
    assert len(out) == 4
    return out


def random_choice(game: Game, seat: int, **knobs: Any) -> int:
    player = RandomPlayer(0, **knobs)
    player.reset(seat, game.rules, game.seed)
    return player.choose(game.information_state(seat))


def test_schweine_are_announced_when_legal() -> None:
    """Seed 000 (ohne-neunen): the Schweine must be announced before the first Karo-Ass is played.
    Seat 0 holds both Karo-Asse and leads after four times gesund: both players announce them
    first (the Schweine then rank above the Dullen)."""
    game = Game(OHNE_NEUNEN, deal_rest(OHNE_NEUNEN, "♦A ♦A ♣A ♠A ♥A ♣K ♠K ♥K ♦K ♦10", seed=1), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    assert Action.SCHWEINE in game.legal_actions(0)
    assert rule_choice(game, 0) == Action.SCHWEINE
    assert random_choice(game, 0) == Action.SCHWEINE
    game.apply(Action.SCHWEINE)
    assert game.schweine == 0 and Action.SCHWEINE not in game.legal_actions(0)
    assert Action.is_card(rule_choice(game, 0))


FIVE_NINES = "♣9 ♣9 ♠9 ♠9 ♥9 ♣K ♠K ♥K ♥A ♣A ♠A ♦K"


def test_schmeissen_with_five_nines() -> None:
    """Seed 002 (doppelbock): five nines allow Schmeissen. The rule-based player throws in (no solo
    is worth playing with this hand), and the deal is thrown in when nobody plays a solo; a random
    player with p_house=1 throws in too, with p_house=0 it does not."""
    game = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, FIVE_NINES, seed=2), dealer=3)
    assert Action.SCHMEISSEN in game.legal_actions(0)
    assert rule_choice(game, 0) == Action.SCHMEISSEN
    assert random_choice(game, 0, p_house=1.0) in (Action.SCHMEISSEN, Action.vorbehalt(GameType.ARMUT))
    assert random_choice(game, 0, p_house=0.0, p_vorbehalt=0.0) == G
    answer_vorbehalte(game, Action.SCHMEISSEN, G, G, G)
    assert game.is_terminal and game.thrown_in and game.redeal_same_dealer


POOR = "♥B ♦K ♦9 ♣A ♣10 ♣K ♠A ♠10 ♠K ♥A ♥K ♥K"  # three trumps: ♥B ♦K ♦9
RICH = "♥10 ♥10 ♣D ♣D ♠D ♠D ♥D ♦D ♣B ♠B ♣9 ♠9"  # ten trumps with both Dullen


def test_armut_declared_laid_taken_and_returned() -> None:
    """Seed 002: seat 0 holds three trumps, none of the three highest: it declares an Armut and lays
    its trumps (the only legal cards while it holds three, lowest first). Seat 1 holds ten trumps
    with both Dullen and both Kreuz-Damen: it takes, and gives back its Fehl cards of fewest Augen
    (♣9, ♠9: 0 Augen) and then its lowest trump, the ♦9 it received. Both form Re."""
    game = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, POOR, RICH, seed=3), dealer=3)
    armut = Action.vorbehalt(GameType.ARMUT)
    assert rule_choice(game, 0) == armut
    answer_vorbehalte(game, armut, G, G, G)
    assert game.phase is Phase.ARMUT
    laid = []
    for _ in range(3):
        action = rule_choice(game, 0)
        assert Action.is_armut_lay(action)
        laid.append(Action.card_of(action))
        game.apply(action)
    assert sorted(laid) == sorted(parse_cards("♥B ♦K ♦9"))
    assert rule_choice(game, 1) == Action.ARMUT_TAKE
    game.apply(Action.ARMUT_TAKE)
    returned = []
    for _ in range(3):
        action = rule_choice(game, 1)
        assert Action.is_armut_return(action)
        returned.append(Action.card_of(action))
        game.apply(action)
    assert sorted(returned) == sorted(parse_cards("♣9 ♠9 ♦9"))
    assert game.phase is Phase.PLAY and game.game_type is GameType.ARMUT
    assert [game.party[s] for s in range(4)] == [Party.RE, Party.RE, Party.KONTRA, Party.KONTRA]


def test_a_weak_hand_refuses_the_armut() -> None:
    """The same Armut offered to seat 1 with the poor hand's twin: three trumps is no hand to take
    an Armut with (seven needed, two of them among the four highest)."""
    assert takes_armut(12, hand_strength(parse_cards(RICH), card_order(GameType.NORMAL)))
    assert not takes_armut(12, hand_strength(parse_cards(POOR), card_order(GameType.NORMAL)))
    game = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, POOR, "♥B ♦K ♦10 ♣A ♣10 ♣K ♠A ♠10 ♠K ♥A ♥9 ♥9", seed=4), dealer=3)
    answer_vorbehalte(game, Action.vorbehalt(GameType.ARMUT), G, G, G)
    for _ in range(3):
        game.apply(rule_choice(game, 0))
    assert game.current_player == 1
    assert rule_choice(game, 1) == Action.ARMUT_REFUSE
    assert random_choice(game, 1, p_take=0.0) == Action.ARMUT_REFUSE
    assert random_choice(game, 1, p_take=1.0) == Action.ARMUT_TAKE


KREUZ_SOLO = "♥10 ♥10 ♣D ♣D ♠D ♠D ♥D ♥D ♣B ♣B ♣A ♣10"  # twelve trumps in a Kreuz-Solo


def test_bidding_raises_while_the_solo_is_strong() -> None:
    """Seed 002: two soli, the bidding decides (solo_conflict = bidding). Seat 0 holds the plain
    Pik-Solo it declared with a poor hand, seat 1 a Kreuz-Solo with twelve trumps, the four best
    among them: the bar is cleared by 4, so seat 1 raises; seat 0's solo clears no bar: it passes,
    and seat 1 plays its solo with the Re it took on in the bidding."""
    game = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, POOR, KREUZ_SOLO, seed=5), dealer=3)
    answer_vorbehalte(game, Action.vorbehalt(GameType.PIK), Action.vorbehalt(GameType.KREUZ), G, G)
    assert game.phase is Phase.BIDDING and game.current_player == 1
    assert rule_choice(game, 1) == Action.BID
    game.apply(Action.BID)
    assert rule_choice(game, 0) == Action.PASS
    assert random_choice(game, 0, p_bid=0.0) == Action.PASS
    game.apply(Action.PASS)
    assert (game.phase, game.game_type, game.declarer) == (Phase.PLAY, GameType.KREUZ, 1)
    assert [(a.seat, a.level, a.by_bid) for a in game.announcements] == [(1, ANSAGE, True)]


def test_hochzeit_names_the_trick_kind() -> None:
    """Seed 000: the Hochzeiter names a Fehl or a trump trick. With Fehl Könige to lose a Fehl
    trick with, it names the Fehl trick; holding only Fehl Asse, the trump trick. Both hands are
    too weak for a Stille Hochzeit (four trumps)."""
    with_kings = Game(OHNE_NEUNEN, deal_rest(OHNE_NEUNEN, "♣D ♣D ♦K ♦B ♥K ♥K ♠K ♠K ♣K ♣K", seed=6), dealer=3)
    assert rule_choice(with_kings, 0) == Action.hochzeit("first_fehl")
    with_asse = Game(OHNE_NEUNEN, deal_rest(OHNE_NEUNEN, "♣D ♣D ♦K ♦B ♥A ♥A ♠A ♠A ♣A ♣A", seed=6), dealer=3)
    assert rule_choice(with_asse, 0) == Action.hochzeit("first_trump")
    answer_vorbehalte(with_asse, Action.hochzeit("first_trump"), G, G, G)
    # the Hochzeiter wants a trump trick won by another player: it leads a trump
    assert rule_choice(with_asse, 0) in (Card.KARO_KOENIG, Card.KARO_BUBE)


TOP_TRUMPS = "♥10 ♥10 ♣D ♣D ♠D ♠D ♥D ♥D ♦D ♦D ♣B ♣B"  # the twelve highest trumps


def test_claim_only_when_the_hand_obviously_takes_the_rest() -> None:
    """DDV with claiming by anyone: seat 0 holds the twelve highest trumps (a Stille Hochzeit
    after four times gesund) and leads; once it has announced what it wants it claims the rest,
    and the engine confirms it. With one Dulle swapped for a Fehl card the other Dulle is unseen,
    so it plays on. Under seed 000's Schweine the unseen Karo-Asse could still become Schweine."""
    rules = DDV.replace(claim="anyone")
    game = Game(rules, deal_rest(rules, TOP_TRUMPS, seed=7), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    while (action := rule_choice(game, 0)) != Action.CLAIM:
        assert Action.is_announcement(action)
        game.apply(action)
    game.apply(Action.CLAIM)
    assert game.is_terminal and game.claim == (0, True)
    assert all(t.winner == 0 for t in game.tricks)

    weaker = Game(rules, deal_rest(rules, TOP_TRUMPS.replace("♥10 ♥10", "♥10 ♣A"), seed=7), dealer=3)
    answer_vorbehalte(weaker, G, G, G, G)
    for _ in range(3):
        action = rule_choice(weaker, 0)
        assert action != Action.CLAIM
        if not Action.is_announcement(action):
            break
        weaker.apply(action)

    schweine = DDV.replace(claim="anyone", schweine="on", schweine_announce="first_play")
    game = Game(schweine, deal_rest(schweine, TOP_TRUMPS, seed=7), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    for _ in range(3):
        action = rule_choice(game, 0)
        assert action != Action.CLAIM
        if not Action.is_announcement(action):
            break
        game.apply(action)


def test_pflichtansage_is_answered_with_an_announcement() -> None:
    """Seed 002: whoever wins the first trick with 30 or more Augen must announce before leading
    again; then only announcements are legal, and both players make one."""
    found = 0
    for seed in range(60):
        game = Game.new(DOPPELBOCK, seed=seed, dealer=3)
        for _ in range(4):
            game.apply(G)
        if game.phase is not Phase.PLAY:
            continue
        for _ in range(4):  # the richest legal card each
            game.apply(max((a for a in game.legal_actions() if Action.is_card(a)), key=lambda c: (AUGEN[c], c)))
        seat = game.current_player
        if game.must_announce != seat or any(Action.is_card(a) for a in game.legal_actions()):
            continue
        found += 1
        for choice in (rule_choice(game, seat), random_choice(game, seat, p_announce=0.0)):
            assert Action.is_announcement(choice) and choice in game.legal_actions()
    assert found >= 3


class Healthy(RuleBasedPlayer):
    """A rule-based player that always says gesund."""

    def choose(self, info: InformationState) -> int:
        return G if info.phase is Phase.VORBEHALT else super().choose(info)


def test_events_of_the_house_rules() -> None:
    """The runner names each decision by its kind and reports every trick of a claimed rest. The
    Armut of test_armut_declared_laid_taken_and_returned: seat 0 declares, the others say gesund;
    three cards laid, one take, three given back, then the game starts."""
    events: list[tuple[str, dict[str, Any]]] = []
    game = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, POOR, RICH, seed=3), dealer=3)
    players: list[Player] = [RuleBasedPlayer(0), Healthy(1), Healthy(2), Healthy(3)]
    play_game(game, players, lambda k, d: events.append((k, d)))
    kinds = [k for k, _ in events]
    assert kinds[:5] == ["start", "vorbehalt", "vorbehalt", "vorbehalt", "vorbehalt"]
    assert kinds[5:12] == ["armut"] * 7
    assert [events[i][1]["key"].split(":")[1] for i in range(5, 12)] == ["lay"] * 3 + ["take"] + ["return"] * 3
    assert kinds[12] == "game_type" and events[12][1]["game_type"] is GameType.ARMUT

    rules = DDV.replace(claim="anyone")
    events.clear()
    game = Game(rules, deal_rest(rules, TOP_TRUMPS, seed=7), dealer=3)
    play_game(game, [RuleBasedPlayer(s) for s in range(4)], lambda k, d: events.append((k, d)))
    kinds = [k for k, _ in events]
    assert "claim" in kinds and kinds.count("trick") == 12 and kinds[-1] == "end"
    assert [d["index"] for k, d in events if k == "trick"] == list(range(12))


def test_random_players_answer_every_decision_of_the_presets() -> None:
    """Random players with every knob at 1 (always Vorbehalt, take, raise, claim) finish games
    under the seed presets; the runner checks each action."""
    for rules in (OHNE_NEUNEN, DOPPELBOCK):
        for seed in range(30):
            players: list[Player] = [
                Checked(RandomPlayer(seed * 4 + s, p_vorbehalt=1.0, p_house=1.0, p_take=1.0, p_bid=1.0, p_claim=1.0))
                for s in range(4)
            ]
            game = play_game(Game.new(rules, seed=seed, dealer=seed % 4), players)
            assert game.is_terminal
    with pytest.raises(ValueError, match="p_take: -0.1 is not a probability"):
        RandomPlayer(0, p_take=-0.1)


def test_fuchs_counts_as_the_scoring_core_says() -> None:
    """Catching a Fuchs: counts in a normal game, not in a TSR Karo-Solo (TSR 7.2.4), but in a
    seed 000 Trumpfsolo (sonderpunkte_soli = trumpf); the player asks scoring.counting_sonderpunkte."""
    from doppelkopf.players.rules_player import _View

    def counts(rules: RuleSet, solo: int) -> bool:
        game = Game.new(rules, seed=1, dealer=3)
        answer_vorbehalte(game, solo, G, G, G)
        return _View(game.information_state(1)).fuchs_counts

    assert not counts(DDV, Action.vorbehalt(GameType.KARO))
    assert counts(OHNE_NEUNEN, Action.vorbehalt(GameType.KARO))
    assert not counts(OHNE_NEUNEN, Action.vorbehalt(GameType.DAMEN))


def test_rebuild_names_the_hochzeit_kind_and_refuses_the_armut() -> None:
    """A seed 000 Hochzeit naming the trump trick is rebuilt from a sample; an Armut exchange is
    not public history, so rebuilding one fails with a clear message."""
    game = Game(OHNE_NEUNEN, deal_rest(OHNE_NEUNEN, "♣D ♣D ♦K ♦B ♥A ♥A ♠A ♠A ♣A ♣A", seed=6), dealer=3)
    answer_vorbehalte(game, Action.hochzeit("first_trump"), G, G, G)
    info = game.information_state(2)
    rebuilt = rebuild_game(info, sample_hands(info, random.Random(0)))
    assert rebuilt.hochzeit_rule == "first_trump" and rebuilt.information_state(2).game_type is GameType.HOCHZEIT
    armut = Game(DOPPELBOCK, deal_rest(DOPPELBOCK, POOR, RICH, seed=3), dealer=3)
    answer_vorbehalte(armut, Action.vorbehalt(GameType.ARMUT), G, G, G)
    with pytest.raises(IllegalAction, match="Armut"):
        rebuild_game(armut.information_state(2), [[], [], [], []])


def test_a_forced_pflichtsolo_is_played() -> None:
    """Vorführung (TSR 4.2.3): the forced seat may only name a solo. NORMAL_HANDS seat 1 is forced:
    the rule-based player names the solo whose bar its hand misses least, the random one any solo;
    nobody else is asked."""
    for player in (RuleBasedPlayer(0), RandomPlayer(0)):
        game = Game(DDV, hands(NORMAL_HANDS), dealer=3, forced_solo_seat=1)  # type: ignore[call-arg,unused-ignore]
        assert G not in game.legal_actions(1)
        player.reset(1, DDV, None)
        action = player.choose(game.information_state(1))
        assert action in game.legal_actions(1) and Action.game_type(action).is_declared_solo
        game.apply(action)
        assert game.phase is Phase.PLAY and game.declarer == 1
