"""Tests of the search player and of the determinization helpers it stands on.

The endgame is built by hand: its tricks and hands are written out card by card and the winning
line is worked out in the test's docstring from the rules (TSR 5.2 Bedienpflicht, 5.3 trick
winner). The sampling tests check what a player may infer; the rebuild tests replay the house-rule
histories (Armut, bidding for a solo, Schweine as an action) through the core.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from conftest import answer_vorbehalte, hands, play
from doppelkopf.cards import Card
from doppelkopf.game import Action, Game, InformationState, Phase
from doppelkopf.players import Player, RandomPlayer, RuleBasedPlayer, play_game
from doppelkopf.players.base import HandSampler, rebuild_game, sample_hands, unseen_cards, voids
from doppelkopf.players.search_player import SearchPlayer, search_level
from doppelkopf.rules import DDV, GameType, Party, get_preset
from test_players import Checked

PRESETS = ("ddv", "ohne-neunen", "doppelbock", "vier-schritte")
G = Action.GESUND


def small(seed: int) -> SearchPlayer:
    return SearchPlayer(seed=seed, samples=2, rollouts=2, solver_tricks=3)


# -- legal play and determinism -------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_search_player_plays_only_legal_actions(preset: str) -> None:
    """Two search players and two rule players finish three deals under each preset; the runner
    raises if any action is not legal, and every game scores zero-sum."""
    rules = get_preset(preset)
    for seed in range(3):
        players: list[Player] = [small(seed), RuleBasedPlayer(seed), small(seed + 7), RuleBasedPlayer(seed + 1)]
        game = play_game(Game.new(rules, seed=seed, dealer=seed % 4), players)
        assert game.is_terminal
        assert sum(game.score().points) == 0


def test_same_seed_same_game() -> None:
    rules = get_preset("ddv")

    def history(seed: int) -> list[tuple[int, int]]:
        players: list[Player] = [small(seed), RuleBasedPlayer(1), RuleBasedPlayer(2), RuleBasedPlayer(3)]
        return play_game(Game.new(rules, seed=21, dealer=1), players).history

    assert history(5) == history(5)


def test_levels_and_bad_options() -> None:
    assert isinstance(search_level("easy", 3), SearchPlayer)
    with pytest.raises(ValueError, match="level"):
        search_level("grandmaster", 0)
    with pytest.raises(ValueError, match="samples"):
        SearchPlayer(samples=0)


# -- a hand-built endgame -------------------------------------------------------------------------

# Dealer 3, so seat 0 leads. Seat 0 leads and wins each of the first ten tricks; each trick is of
# one group (trump, Kreuz, Pik, Herz), so every card follows the led group and is legal.
ENDGAME_HANDS = (
    "♥10 ♠D ♠D ♣B ♣B ♦B ♣A ♣A ♠A ♥A  ♥10 ♠A",  # seat 0 (Kontra: no Kreuz-Dame)
    "♣D ♥D ♦D ♠B ♥B ♦B ♣10 ♣10 ♠10 ♥K  ♦K ♥K",  # seat 1 (Re)
    "♦9 ♦9 ♦A ♦A ♦10 ♦10 ♣K ♣K ♠K ♥9  ♠10 ♥A",  # seat 2 (Kontra)
    "♣D ♥D ♦D ♠B ♥B ♦K ♣9 ♣9 ♠9 ♥9  ♠K ♠9",  # seat 3 (Re)
)
ENDGAME_TRICKS = (
    "♥10 ♣D ♦9 ♣D",
    "♠D ♥D ♦9 ♥D",
    "♠D ♦D ♦A ♦D",
    "♣B ♠B ♦A ♠B",
    "♣B ♥B ♦10 ♥B",
    "♦B ♦B ♦10 ♦K",
    "♣A ♣10 ♣K ♣9",
    "♣A ♣10 ♣K ♣9",
    "♠A ♠10 ♠K ♠9",
    "♥A ♥K ♥9 ♥9",
)


def endgame() -> Game:
    game = Game(DDV, hands(ENDGAME_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    for trick in ENDGAME_TRICKS:
        play(game, *trick.split())
    return game


def test_search_draws_the_last_trump_before_the_ass() -> None:
    """Seat 0 (Kontra) won the first ten tricks and leads from ♥10 ♠A; Re has no trick yet. The
    unseen cards are ♦K ♥K ♠10 ♥A ♠K ♠9: ♦K is the only trump left.

    * ♥10 first: the holder of ♦K must follow with it (TSR 5.2), ♥10 wins; then no trump is left
      and ♠A (no higher Pik unseen) wins too: Re stays schwarz, in every possible deal.
    * ♠A first: a Re player holding ♦K and no Pik trumps the Ass and Re gets a trick. In the real
      deal seat 1 holds ♦K ♥K, so it takes ♠A ♦K ♠10 and seat 3's Pik.

    The rule player sees a safe Pik-Ass (the chance that a Re player is void in Pik and holds the
    single trump is small) and leads it; the search player finds ♥10."""
    game = endgame()
    info = game.information_state(0)
    assert sorted(info.hand) == sorted([Card.HERZ_ZEHN, Card.PIK_ASS]) and info.current_player == 0
    assert info.known_parties == (Party.KONTRA, Party.RE, Party.KONTRA, Party.RE)
    rule = RuleBasedPlayer(0)
    rule.reset(0, DDV, None)
    assert rule.choose(info) == Card.PIK_ASS
    search = SearchPlayer(seed=0, samples=12)
    search.reset(0, DDV, None)
    assert search.choose(info) == Card.HERZ_ZEHN

    # the two lines in the real deal
    naive = endgame()
    play(naive, "♠A", "♦K", "♠10", "♠K")
    assert naive.tricks[-1].winner == 1
    best = endgame()
    play(best, "♥10", "♦K", "♥A", "♠K", "♠A", "♥K", "♠10", "♠9")
    assert best.tricks[-2].winner == 0 and best.tricks[-1].winner == 0


# -- sampling ------------------------------------------------------------------------------------


def test_sample_deals_exactly_the_unseen_cards() -> None:
    """In the endgame seat 0 has seen 42 cards; every sample gives the other three seats the six
    unseen cards, two each."""
    info = endgame().information_state(0)
    sampler = HandSampler(info)
    rng = random.Random(3)
    for _ in range(50):
        sample = sampler.sample(rng)
        assert Counter(c for s in (1, 2, 3) for c in sample[s]) == Counter(unseen_cards(info))
        assert all(len(sample[s]) == 2 for s in range(4))


def test_sample_respects_a_re_announcement_a_kreuz_dame_shown_and_a_void() -> None:
    """The endgame's deal, played differently: seat 3 says Re (so it holds a Kreuz-Dame, TSR
    6.1), seat 1 plays the other Kreuz-Dame in trick 5, and in trick 6 seat 1 throws ♥K on ♠A
    (void in Pik, TSR 5.2). Seat 2 then knows: seat 3 holds the last Kreuz-Dame, seat 1 none and
    no Pik card (the Pik-Dame and Pik-Bube are trumps)."""
    game = Game(DDV, hands(ENDGAME_HANDS), dealer=3)
    answer_vorbehalte(game, G, G, G, G)
    game.apply(Action.announce(1), 3)  # Re
    play(game, "♣A", "♣10", "♣K", "♣9")  # seat 0 wins each of these tricks with its Ass or ♥10
    play(game, "♥A", "♥K", "♥9", "♥9")
    play(game, "♣A", "♣10", "♣K", "♣9")
    play(game, "♠A", "♠10", "♠K", "♠9")
    play(game, "♥10", "♣D", "♦9", "♦K")
    play(game, "♠A", "♥K")
    info = game.information_state(2)
    pik = info.order.group[Card.PIK_ASS]
    assert pik in voids(info)[1]
    rng = random.Random(5)
    for _ in range(40):
        sample = sample_hands(info, rng)
        assert not any(info.order.group[c] == pik for c in sample[1])
        assert sample[3].count(Card.KREUZ_DAME) == 1
        assert Card.KREUZ_DAME not in sample[1] and Card.KREUZ_DAME not in sample[0]


# -- rebuilding house-rule histories -------------------------------------------------------------


def recorded(preset: str, seeds: range, kind: str) -> list[InformationState]:
    """Information states in play from games under ``preset`` that reached ``kind``: "armut",
    "bidding" or "schweine"."""
    rules = get_preset(preset)
    out: list[InformationState] = []
    for seed in seeds:
        players = [
            Checked(RuleBasedPlayer(seed) if s % 2 else RandomPlayer(seed * 4 + s, p_vorbehalt=0.3, p_announce=0.2))
            for s in range(4)
        ]
        game = play_game(Game.new(rules, seed=seed, dealer=seed % 4), players)
        reached = {
            "armut": game.game_type is GameType.ARMUT and game.armut_taker is not None,
            "bidding": bool(game.bids),
            "schweine": game.schweine is not None,
        }[kind]
        if reached:
            out.extend(i for p in players for i in p.infos if i.phase is Phase.PLAY)
        if len(out) > 60:
            break
    return out


@pytest.mark.parametrize(
    ("preset", "kind"),
    [("doppelbock", "armut"), ("doppelbock", "bidding"), ("ohne-neunen", "schweine"), ("doppelbock", "schweine")],
)
def test_rebuild_house_rule_histories(preset: str, kind: str) -> None:
    """A sample of the hidden hands rebuilds through the core to a game that shows the observer
    exactly what it saw (all fields but the Vorbehalt answers, of which a losing one is rebuilt
    as gesund): after an Armut exchange, a bidding for a solo, Schweine (as an action in seed 000,
    at the first Karo-Ass or at the exchange in seed 002)."""
    infos = recorded(preset, range(400), kind)
    assert infos, f"no {kind} game found"
    rng = random.Random(0)
    for info in infos[::3]:
        game = rebuild_game(info, sample_hands(info, rng), rng)
        rebuilt = game.information_state(info.seat)
        for f in dataclasses.fields(info):
            if f.name in ("vorbehalte", "own_vorbehalt"):
                continue
            assert getattr(rebuilt, f.name) == getattr(info, f.name), f.name


# -- search-v1 and Vorbehalte by search (issue 15) ---------------------------------------------------


def _deal_with(seat0: str) -> Game:
    """A DDV game (dealer 3, so seat 0 answers first) where seat 0 holds ``seat0`` and the other
    cards of the deck go round to seats 1..3 in deck order."""
    from doppelkopf.cards import parse_cards

    mine = [int(c) for c in parse_cards(seat0)]
    rest = [c for c in range(24) for _ in range(2)]
    for c in mine:
        rest.remove(c)
    return Game(DDV, [mine, rest[0::3], rest[1::3], rest[2::3]], 3)


def test_search_v1_is_pinned_without_vorbehalt_search() -> None:
    """``search-v1`` is the registry's search player without the new options; it answers the
    Vorbehalt as the rule player does."""
    from doppelkopf.players import make_player

    v1 = make_player("search-v1", seed=2)
    assert isinstance(v1, SearchPlayer)
    assert not v1.vorbehalt_search
    assert (v1.samples, v1.rollouts, v1.solver_tricks, v1.time_per_move) == (16, 12, 5, None)
    game = _deal_with("KrD KrD PiD PiD HeD HeD KaD KaD KrA KrA PiA PiA")
    info = game.information_state(0)
    v1.reset(0, DDV, None)
    rule = RuleBasedPlayer(2)
    rule.reset(0, DDV, None)
    assert v1.choose(info) == rule.choose(info)


def test_an_open_hochzeit_draws_the_deals_of_the_solver() -> None:
    """While a Hochzeit looks for its partner (TSR 4.4) the kernel cannot play on, and each deal
    is valued by slow Python rollouts: a player with ``solver_samples`` draws only that many deals
    there; without it, ``samples``."""
    game = _deal_with("KrD KrD PiD HeD KaD KaB KrA KrK PiA PiK HeA HeK")
    game.apply(Action.vorbehalt(GameType.HOCHZEIT))
    for _ in range(3):
        game.apply(G)
    assert game.partner_open and game.current_player == 0
    info = game.information_state(0)
    for solver_samples, deals in ((6, 6), (None, 20)):
        player = SearchPlayer(seed=1, samples=20, rollouts=2, solver_samples=solver_samples)
        player.reset(0, DDV, None)
        assert player.choose(info) in info.legal_actions
        assert player.stats["deals"] == deals


def test_rollout_policy_is_an_option(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel's continuations that value the cards play ``greedy`` (search-v1, pinned) or
    ``informed`` (they also see the hands of the seats still to play): the option reaches the
    kernel; another name is refused."""
    pytest.importorskip("numba")
    from doppelkopf.fast import kernel
    from doppelkopf.players import make_player

    assert make_player("search-v1", seed=1).rollout_policy == "greedy"  # type: ignore[attr-defined]
    seen: list[str] = []
    rollout_values = kernel.rollout_values

    def spy(game: Game, k: int, seed: int, policy: str = "random") -> object:
        seen.append(policy)
        return rollout_values(game, k, seed, policy)

    monkeypatch.setattr(kernel, "rollout_values", spy)
    player = SearchPlayer(seed=1, samples=3, rollouts=2, rollout_policy="informed")
    players = [player, RuleBasedPlayer(2), RuleBasedPlayer(3), RuleBasedPlayer(4)]
    assert play_game(Game.new(DDV, seed=4), players).is_terminal
    assert seen.count("informed") > 10 and seen.count("greedy") <= 1  # greedy: the warm-up at reset
    with pytest.raises(ValueError, match="^rollout_policy: unknown 'clever'; expected one of: greedy, informed"):
        SearchPlayer(rollout_policy="clever")


def test_search_v2_and_level_strong_search_the_vorbehalt() -> None:
    """``search-v2`` (the new player of issue 15) searches the Vorbehalt with four times v1's deals
    and rollouts; ``doko play --level strong`` plays it with a one-second budget per card."""
    from doppelkopf.players import make_player
    from doppelkopf.players.search_player import SEARCH_V2, search_level

    v2 = make_player("search-v2", seed=2)
    assert isinstance(v2, SearchPlayer)
    assert v2.vorbehalt_search and not v2.announce_search
    assert (v2.samples, v2.rollouts, v2.solver_tricks, v2.time_per_move) == (64, 48, 5, None)
    assert v2.solver_samples == 16
    strong = search_level("strong", seed=2)
    assert isinstance(strong, SearchPlayer)
    assert strong.vorbehalt_search and strong.time_per_move == 1.0
    assert (strong.samples, strong.rollouts) == (SEARCH_V2["samples"], SEARCH_V2["rollouts"])


def test_a_rule_players_solo_is_not_turned_into_a_hochzeit() -> None:
    """Both Kreuz-Damen and a hand the rule player takes to a solo: the search weighs other soli and
    gesund against it, but not the Hochzeit (every such change lost in the first measurements)."""
    from doppelkopf.players.vorbehalt_search import candidates

    game = _deal_with("KrD KrD PiD PiD HeD HeD KaD KaD KrA KrA PiA PiA")
    info = game.information_state(0)
    hochzeit = [a for a in info.legal_actions if Action.is_vorbehalt(a) and Action.game_type(a) is GameType.HOCHZEIT]
    assert hochzeit, "both Kreuz-Damen: a Hochzeit is legal"
    damen = Action.vorbehalt(GameType.DAMEN)
    assert not set(hochzeit) & set(candidates(info, damen, None))
    assert damen in candidates(info, hochzeit[0], None), "an announced Hochzeit is weighed against the soli"


def test_a_stille_hochzeit_is_kept() -> None:
    """Both Kreuz-Damen and the rule player's gesund (a stille Hochzeit, TSR 4.4.5): nothing else is
    weighed, whatever solo the hand would allow; with one Kreuz-Dame gesund is searched as usual."""
    from doppelkopf.players.vorbehalt_search import candidates

    info = _deal_with("KrD KrD PiD PiD HeD HeD KaD KaD KrA KrA PiA PiA").information_state(0)
    assert candidates(info, G, None) == [G]
    info = _deal_with("KrD PiD PiD HeD HeD KaD KaD KrA KrA PiA PiA HeA").information_state(0)
    assert len(candidates(info, G, None)) > 1


def test_seven_damen_are_worth_a_damen_solo() -> None:
    """Seven of the eight Damen (the highest trumps of a Damensolo, TSR 4.3) and five Asse: the
    Damensolo wins nearly every deal and counts three times (the soloist's factor), so its expected
    Punkte are far above a normal game's, and the searching player declares it. (One Kreuz-Dame
    only: with both, the rule player's gesund would be a stille Hochzeit, which is kept.)"""
    from doppelkopf.players.vorbehalt_search import candidates, vorbehalt_values

    game = _deal_with("KrD PiD PiD HeD HeD KaD KaD KrA KrA PiA PiA HeA")
    info = game.information_state(0)
    damen = Action.vorbehalt(GameType.DAMEN)
    actions = candidates(info, G, None)
    assert damen in actions and G in actions
    estimate = vorbehalt_values(info, actions, G, samples=6, rollouts=4, seed=1)
    assert estimate.deals == 6
    assert estimate.values[damen] > estimate.values[G] + 6
    player = SearchPlayer(seed=1, vorbehalt_search=True, vorbehalt_samples=6, vorbehalt_rollouts=4)
    player.reset(0, DDV, None)
    assert player.choose(info) == damen


def test_nines_and_kings_stay_gesund_even_without_a_margin() -> None:
    """Neunen and Könige only: every solo loses (no high trump, no Ass), so even with no margin
    and no evidence required the search answers gesund."""
    player = SearchPlayer(
        seed=3,
        vorbehalt_search=True,
        vorbehalt_samples=6,
        vorbehalt_rollouts=4,
        vorbehalt_margin=0.0,
        vorbehalt_z=0.0,
        vorbehalt_prefilter=None,
    )
    game = _deal_with("Kr9 Kr9 Pi9 Pi9 He9 He9 KrK KrK PiK PiK HeK HeK")
    player.reset(0, DDV, None)
    assert player.choose(game.information_state(0)) == G


def _two_searchers_play(rules: object, log: str, **options: object) -> int:
    """Three deals of ``rules`` with two searching players (seats 0 and 2, cheap search plus
    ``options``) and two rule players; each game must end zero-sum (the runner raises on an illegal
    action). Returns how many decisions were searched, by the players' ``log`` attribute."""
    searched = 0
    for seed in range(3):
        searching = [
            SearchPlayer(seed=seed + k, samples=2, rollouts=2, solver_tricks=3, **options)  # type: ignore[arg-type]
            for k in (0, 5)
        ]
        players: list[Player] = [searching[0], RuleBasedPlayer(seed), searching[1], RuleBasedPlayer(seed + 1)]
        game = play_game(Game.new(rules, seed=seed, dealer=seed % 4), players)  # type: ignore[arg-type]
        assert game.is_terminal
        assert sum(game.score().points) == 0
        searched += len(getattr(searching[0], log)) + len(getattr(searching[1], log))
    return searched


@pytest.mark.parametrize("preset", PRESETS)
def test_vorbehalt_search_plays_legal_games(preset: str) -> None:
    """Two players searching their Vorbehalte (no margin, so soli, Hochzeit and Armut answers are
    tried and declared) finish deals under each preset; the runner raises on an illegal action."""
    options = {"vorbehalt_samples": 3, "vorbehalt_rollouts": 2, "vorbehalt_margin": 0.0, "vorbehalt_z": 0.0}
    options["vorbehalt_prefilter"] = None
    searched = _two_searchers_play(get_preset(preset), "vorbehalt_log", vorbehalt_search=True, **options)
    assert searched > 0, "no Vorbehalt was searched"


def test_vorbehalt_options_are_checked() -> None:
    """Bad Vorbehalt search options fail at once with the option named."""
    with pytest.raises(ValueError, match="vorbehalt_samples"):
        SearchPlayer(vorbehalt_samples=0)
    with pytest.raises(ValueError, match="vorbehalt_calibration"):
        SearchPlayer(vorbehalt_calibration="skat")
    assert SearchPlayer(vorbehalt_calibration="ddv").vorbehalt_calibration is not None


@pytest.mark.parametrize(
    ("options", "named"),
    [
        # what doko arena --candidate-option passes on for text that is no JSON
        ({"vorbehalt_search": "False"}, "^vorbehalt_search: must be true or false, got 'False'"),
        ({"announce_search": 1}, "^announce_search: must be true or false"),
        ({"pflichtsolo_timing": "yes"}, "^pflichtsolo_timing: must be true or false"),
        ({"vorbehalt_margin": "x"}, "^vorbehalt_margin: must be a number of 0 or more, got 'x'"),
        ({"vorbehalt_z": -1.0}, "^vorbehalt_z: must be a number of 0 or more"),
        ({"announce_margin": float("nan")}, "^announce_margin: must be a number"),
        ({"vorbehalt_prefilter": "x"}, "^vorbehalt_prefilter: must be a number or None"),
        ({"vorbehalt_calibration": {"SKAT": 1.0}}, "^vorbehalt_calibration: unknown game type 'SKAT'"),
        ({"vorbehalt_calibration": {"NORMAL": "x"}}, "^vorbehalt_calibration: NORMAL: must be Punkte"),
        ({"announce_rollouts": 0}, "^announce_rollouts: at least 1, got 0"),
        ({"solver_tricks": 9}, r"^solver_tricks: must be 0\.\.8"),
        ({"samples": 10_001}, "^samples: at most 10000 deals per decision"),
        ({"vorbehalt_rollouts": 100_001}, "^vorbehalt_rollouts: at most 100000 continuations"),
    ],
)
def test_bad_search_options_name_the_option(options: dict[str, object], named: str) -> None:
    """Every option of the searched decisions is checked when the player is made, and the error
    names it (a text such as "False" from the command line is no flag)."""
    with pytest.raises(ValueError, match=named):
        SearchPlayer(**options)  # type: ignore[arg-type]


# -- announcements by search (issue 15) ---------------------------------------------------------------


def _after_gesund(seat0: str) -> Game:
    """:func:`_deal_with` ``seat0`` with all four seats gesund: a normal game, seat 0 to lead."""
    game = _deal_with(seat0)
    for _ in range(4):
        game.apply(G)
    return game


def test_a_sure_winner_announces_re() -> None:
    """Seat 0 holds a Kreuz-Dame and most of the high trumps (TSR 5.1): Re wins nearly every deal,
    and a Re doubles the win (TSR 7.2), so the search finds Re worth more than waiting and
    announces it with its first card."""
    from doppelkopf.players.announce_search import announce_values

    game = _after_gesund("KrD PiD PiD HeD HeD He10 He10 KrB KrB KrA KrA PiA")
    info = game.information_state(0)
    re = Action.announce(1)
    assert re in info.legal_actions
    estimate = announce_values(info, samples=6, rollouts=4, seed=1)
    assert estimate.deals == 6
    assert estimate.values[re] > estimate.waiting + 1
    player = SearchPlayer(seed=1, announce_search=True, announce_samples=6, announce_rollouts=4)
    player.reset(0, DDV, None)
    answer = player.choose(info)
    assert Action.is_announcement(answer) and Action.level(answer) >= 1  # Re, or an Absage implying it
    assert player.announce_log and player.announce_log[-1][1] == answer


def test_a_hopeless_hand_says_no_kontra_even_without_a_margin() -> None:
    """Neunen and Könige on the Kontra side: the game is lost in nearly every deal and a Kontra
    would double the loss, so even with no margin and no evidence required the search announces
    nothing, in turn (it plays a card) and out of turn (react answers None)."""
    from doppelkopf.players.announce_search import announce_values

    game = _after_gesund("Kr9 Kr9 Pi9 Pi9 He9 He9 KrK KrK PiK PiK HeK HeK")
    info = game.information_state(0)
    kontra = Action.announce(1)
    assert kontra in info.legal_actions and info.own_party is Party.KONTRA
    estimate = announce_values(info, samples=6, rollouts=4, seed=2)
    assert estimate.values[kontra] < estimate.waiting
    player = SearchPlayer(
        seed=2, announce_search=True, announce_samples=6, announce_rollouts=4, announce_margin=0.0, announce_z=0.0
    )
    player.reset(0, DDV, None)
    assert Action.is_card(player.choose(info))
    game.apply(player.choose(info))
    assert player.react(game.information_state(0)) is None


@pytest.mark.parametrize("preset", PRESETS)
def test_announce_search_plays_legal_games(preset: str) -> None:
    """Two players searching their announcements with no margin (so they announce, reply and make
    Absagen in and out of turn as the estimates say) finish deals under each preset's deadlines;
    the runner raises on an illegal action."""
    options = {"announce_samples": 3, "announce_rollouts": 2, "announce_margin": 0.0, "announce_z": 0.0}
    searched = _two_searchers_play(get_preset(preset), "announce_log", announce_search=True, **options)
    assert searched > 0, "no announcement was searched"


def test_announce_options_are_checked_and_off_in_search_v1() -> None:
    """Bad announcement search options fail at once with the option named; ``search-v1`` keeps the
    rule player's announcements."""
    from doppelkopf.players import make_player

    with pytest.raises(ValueError, match="announce_samples"):
        SearchPlayer(announce_samples=0)
    v1 = make_player("search-v1", seed=2)
    assert isinstance(v1, SearchPlayer) and not v1.announce_search


def test_announcement_needs_evidence_against_its_baseline() -> None:
    """The decision rule on estimates written by hand (Punkte per deal): an announcement worth 2
    more than waiting in every deal is made; one worth 2 more on average but +-10 from deal to deal
    is not (z = 1); with the rule player's Re as the baseline, Re stands unless waiting beats it
    clearly, and a higher level replaces it only when it clearly beats Re."""
    from doppelkopf.players.announce_search import AnnounceEstimate, choose_announcement

    re, k90 = Action.announce(1), Action.announce(2)
    steady = AnnounceEstimate({re: 2.0}, 0.0, {re: [2.0, 2.0, 2.0, 2.0]}, 4)
    assert choose_announcement(steady, margin=0.5, z=1.0) == re
    noisy = AnnounceEstimate({re: 2.0}, 0.0, {re: [12.0, -8.0, 12.0, -8.0]}, 4)
    assert choose_announcement(noisy, margin=0.5, z=1.0) is None
    assert choose_announcement(noisy, margin=0.5, z=1.0, baseline=re) == re
    worse = AnnounceEstimate({re: -3.0}, 0.0, {re: [-3.0, -3.0, -3.0, -3.0]}, 4)
    assert choose_announcement(worse, margin=0.5, z=1.0, baseline=re) is None
    higher = AnnounceEstimate({re: 2.0, k90: 5.0}, 0.0, {re: [2.0] * 4, k90: [5.0, 5.0, 5.0, 5.0]}, 4)
    assert choose_announcement(higher, margin=0.5, z=1.0, baseline=re) == k90
    assert choose_announcement(higher, margin=4.0, z=1.0, baseline=re) == re


# -- when to play the Pflichtsolo (issue 15, TSR 4.2.3) -----------------------------------------------


def test_waiting_value_by_hand_on_a_tiny_table() -> None:
    """Hands whose best solo is worth D = -6, -2 or +2 Punkte against gesund, each a third.

    Without the Lustsolo (only the Pflichtsolo counts), the classic stopping values:
    W(0) = mean = (-6 - 2 + 2) / 3 = -2; W(1) = mean(max(d, -2)) = (-2 - 2 + 2) / 3 = -2/3;
    W(2) = mean(max(d, -2/3)) = (-2/3 - 2/3 + 2) / 3 = 2/9.

    With the Lustsolo (after the Pflichtsolo a seat still plays the +2 hand, so each later game is
    worth mean(max(d, 0)) = 2/3 to it): R(0) = mean(min(d, 0)) = -8/3 (the forced solo, against
    playing the better of solo and gesund); R(1) = mean(max(d, -8/3)) - 2/3 = (-8/3 - 2 + 2) / 3 -
    2/3 = -14/9; R(2) = mean(max(d, -14/9)) - 2/3 = (-28/9 + 2) / 3 - 2/3 = -28/27. Both grow with
    the chances left, and R stays at most 0: owing never beats having played."""
    from doppelkopf.players.vorbehalt_search import waiting_value

    table = (-6.0, -2.0, 2.0)
    assert [waiting_value(table, k, lustsolo=False) for k in range(3)] == pytest.approx([-2, -2 / 3, 2 / 9])
    assert [waiting_value(table, k) for k in range(3)] == pytest.approx([-8 / 3, -14 / 9, -28 / 27])
    with pytest.raises(ValueError, match="table"):
        waiting_value((), 1)
    with pytest.raises(ValueError, match="chances"):
        waiting_value(table, -1)


@pytest.mark.parametrize("preset", ["ddv", "vier-schritte", "ohne-neunen"])
def test_waiting_value_grows_with_the_chances_left(preset: str) -> None:
    """On each measured table (a preset without its own uses the ddv one): W(0) is the table's
    mean (the forced solo of a random hand), and both values never fall as chances are added."""
    from doppelkopf.players.vorbehalt_search import PFLICHTSOLO_ADVANTAGE, waiting_value

    table = PFLICHTSOLO_ADVANTAGE.get(preset, PFLICHTSOLO_ADVANTAGE["ddv"])
    assert len(table) == 20 and list(table) == sorted(table)
    assert waiting_value(table, 0, lustsolo=False) == pytest.approx(sum(table) / len(table))
    for lustsolo in (True, False):
        values = [waiting_value(table, k, lustsolo) for k in range(30)]
        assert all(a <= b + 1e-12 for a, b in zip(values, values[1:], strict=False))
    assert all(waiting_value(table, k) <= 0 for k in range(30))


def test_chances_follow_the_vorfuehrung_rule() -> None:
    """TSR 4.2.3 (Session.turn): a game forces a seat when the missing Pflichtsoli are at least the
    games left. Four owing, 24 games left (this one included): after this game 23 are left and
    games 23..5 left are free, 19 chances. 6 left: after this one 5, one free game (5 left > 4
    missing), then the Vorführungen. 5 left: the next game forces somebody, no chance."""
    from doppelkopf.players.vorbehalt_search import pflichtsolo_chances

    assert pflichtsolo_chances(24, 4) == 19
    assert pflichtsolo_chances(6, 4) == 1
    assert pflichtsolo_chances(5, 4) == 0
    assert pflichtsolo_chances(2, 1) == 0


def _owing(info: InformationState, games_left: int | None, done: bool = False) -> InformationState:
    return dataclasses.replace(info, pflichtsolo_done=(done, False, False, False), games_left_in_round=games_left)


def test_an_owing_seat_declares_a_marginal_solo_only_when_time_runs_out() -> None:
    """The same hand and the same estimate: the best solo (Kreuz) is worth 3 Punkte less than
    gesund in this game, on every deal (no noise), margin 0.5. With one chance left after this
    game (4 owing, 6 games left) the Vorführung is near: waiting is worth R(1), below -3.5 Punkte
    on the ddv table, so the solo now is the better deal and is declared. With 24 games left (19
    chances) waiting costs little (R above -2.5) and the seat says gesund, as it does when it has
    played its Pflichtsolo, when the games left are unknown (no session), or when the rules have no
    Pflichtsolo."""
    from doppelkopf.players.vorbehalt_search import (
        PFLICHTSOLO_ADVANTAGE,
        VorbehaltEstimate,
        choose_vorbehalt,
        pflichtsolo_bonus,
        waiting_value,
    )

    table = PFLICHTSOLO_ADVANTAGE["ddv"]
    assert waiting_value(table, 1) < -3.5 and waiting_value(table, 19) > -2.5
    kreuz = Action.vorbehalt(GameType.KREUZ)
    estimate = VorbehaltEstimate({G: 0.0, kreuz: -3.0}, {G: [0.0] * 8, kreuz: [-3.0] * 8}, G, 8)
    info = _deal_with("KrD PiD HeD KaD KrB PiB HeB KaB He10 KrA PiA HeA").information_state(0)
    assert G in info.legal_actions

    def answer(state: InformationState) -> int:
        return choose_vorbehalt(estimate, 0.5, 1.0, None, pflichtsolo_bonus(state))

    assert answer(_owing(info, 6)) == kreuz
    assert answer(_owing(info, 24)) == G
    assert answer(_owing(info, 6, done=True)) == G
    assert answer(_owing(info, None)) == G
    no_pflicht = dataclasses.replace(_owing(info, 6), rules=DDV.replace(pflichtsolo=False))
    assert answer(no_pflicht) == G


def test_an_owing_seat_weighs_its_stille_hochzeit_only_in_its_last_chances() -> None:
    """Both Kreuz-Damen and the rule player's gesund: kept as a stille Hochzeit, unless the seat
    owes its Pflichtsolo with its last chances left (then a solo may beat the Vorführung)."""
    from doppelkopf.players.vorbehalt_search import candidates

    info = _deal_with("KrD KrD PiD PiD HeD HeD KaD KaD KrA KrA PiA PiA").information_state(0)
    assert candidates(info, G, -4.0) == [G]
    assert Action.vorbehalt(GameType.DAMEN) in candidates(info, G, None, keep_stille=False)


def test_a_forced_seat_gets_no_bonus() -> None:
    """Vorgeführt (TSR 4.2.3), the seat must play a solo anyway (gesund is not legal): the timing
    has nothing to decide."""
    from doppelkopf.players.vorbehalt_search import pflichtsolo_bonus

    game = Game.new(DDV, seed=3, dealer=0, forced_solo_seat=2, games_left_in_round=4)
    info = game.information_state(2)
    assert G not in info.legal_actions and info.games_left_in_round == 4
    assert pflichtsolo_bonus(info) == 0.0


def test_search_players_time_their_pflichtsoli_through_a_session() -> None:
    """A DDV round of 6 games (two free games, then the Vorführungen) with four searching players,
    the timing on: each game tells the seats the games left in the round (6 down to 1: every game
    of a DDV round counts, Pflichtsoli included, and nothing is thrown in without Schmeissen), the
    session runs to the end of the round, every game is zero-sum, every seat played its Pflichtsolo
    in the round, and the Vorbehalte were searched. (Whether a seat declared before its Vorführung
    depends on its hands; the decision itself is tested above.)"""
    from doppelkopf.players import play_session
    from doppelkopf.session import Session

    rules = DDV.replace(round_games=6)
    players = [
        SearchPlayer(
            seed=s,
            samples=2,
            rollouts=2,
            solver_tricks=3,
            vorbehalt_search=True,
            vorbehalt_samples=3,
            vorbehalt_rollouts=2,
        )
        for s in range(4)
    ]
    assert all(p.pflichtsolo_timing for p in players)
    session = Session(rules, ["A", "B", "C", "D"])
    games = list(play_session(rules, players, 6, seed=11, session=session))
    assert all(sum(g.score().points) == 0 for g in games)
    assert [g.information_state(0).games_left_in_round for g in games] == [6, 5, 4, 3, 2, 1]
    soloists = {g.declarer for g in games if g.pflichtsolo}
    assert soloists == {0, 1, 2, 3}
    assert (session.round, session.games_in_round) == (2, 0)
    assert sum(len(p.vorbehalt_log) for p in players) > 0


@pytest.mark.parametrize("preset", ["ohne-neunen", "doppelbock"])
def test_searched_vorbehalte_and_announcements_repeat_with_the_seed(preset: str) -> None:
    """Same seeds, same game: the searched decisions (Vorbehalt, announcements, cards) draw their
    deals from the seat's seed and the position only, nothing from the clock or the process, so a
    game replays action for action (what the arena's "same seed, same results" needs)."""
    rules = get_preset(preset)

    def table() -> list[Player]:
        return [
            SearchPlayer(
                seed=s,
                samples=3,
                rollouts=3,
                solver_tricks=2,
                vorbehalt_search=True,
                vorbehalt_samples=4,
                vorbehalt_rollouts=3,
                vorbehalt_margin=0.0,
                vorbehalt_z=0.0,
                announce_search=s % 2 == 0,
                announce_samples=3,
                announce_rollouts=3,
            )
            for s in range(4)
        ]

    for seed in (5, 6):
        first = play_game(Game.new(rules, seed=seed, dealer=seed % 4), table())
        again = play_game(Game.new(rules, seed=seed, dealer=seed % 4), table())
        assert first.history == again.history
