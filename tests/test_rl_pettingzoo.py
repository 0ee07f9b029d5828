"""The PettingZoo AEC environment (``doppelkopf.rl.pettingzoo_env``): PettingZoo's own API and seed
tests under every preset, the Punkte as rewards (checked against the engine replaying the same
actions), a deal thrown in, illegal actions."""

from __future__ import annotations

import random

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, seed_test

from doppelkopf.cards import Card
from doppelkopf.game import Action, Game, IllegalAction, Phase
from doppelkopf.rl.encoding import NUM_ACTIONS, OBS_SIZE, observation, own_turn_announcements_complete, slot
from doppelkopf.rl.pettingzoo_env import AGENTS, ENV_ID, env, raw_env
from doppelkopf.rl.turns import Turns
from doppelkopf.rules import DDV, PRESETS, GameType, Party, RuleSet, get_preset

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on Dict observations


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_pettingzoo_api_test_passes(preset: str) -> None:
    api_test(env(rules=preset), num_cycles=1000)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_pettingzoo_seed_test_passes(preset: str) -> None:
    seed_test(lambda: env(rules=preset), num_cycles=1000)


def play_random(environment: raw_env, seed: int, rng: random.Random) -> tuple[list[tuple[int, int]], list[float]]:
    """Play one game with random legal actions (from the mask); return the (seat, action) history
    and the rewards each agent collected."""
    environment.reset(seed=seed)
    history = []
    rewards = dict.fromkeys(AGENTS, 0.0)
    for agent in environment.agent_iter():
        obs, reward, terminated, truncated, _ = environment.last()
        rewards[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        assert obs is not None
        action = rng.choice(list(np.flatnonzero(obs["action_mask"])))
        history.append((AGENTS.index(agent), int(action)))
        environment.step(action)
    return history, [rewards[a] for a in AGENTS]


NEVER = (Action.CLAIM, Action.CONCEDE)


def engine_replay(rules: RuleSet, hands: list[list[int]], history: list[tuple[int, int]]) -> Game:
    """The engine on its own (dealer 0): each (seat, action) applied for its seat, in turn or out of
    turn, except 53 in play, which the engine has no use for there: the pass of an announcement
    window ("nothing out of turn"). Every other action must be the seat to move's unless it is an
    announcement, the Schweine, a claim or a concession (out of turn)."""
    game = Game(rules, hands, 0)
    for seat, action in history:
        if action == Action.PASS and game.phase is Phase.PLAY:
            continue
        if seat != game.current_player:
            assert game.phase is Phase.PLAY and action >= Action.ANNOUNCE_BASE, (seat, action)
        game.apply(action, seat)
    return game


def table_policy(mask: np.ndarray, rng: random.Random) -> int:
    """A mask-respecting policy that plays whole games: "gesund" nine times in ten, never a claim or
    a concession, anything else legal at random."""
    legal = [int(a) for a in np.flatnonzero(mask) if a not in NEVER]
    if Action.GESUND in legal and rng.random() < 0.9:
        return Action.GESUND
    return rng.choice(legal)


def play_table(environment: raw_env, rng: random.Random) -> tuple[list[tuple[int, int]], list[float]]:
    """Play the dealt game with :func:`table_policy`, checking every agent's observation against the
    space at every step; return the history and the rewards each agent collected."""
    history: list[tuple[int, int]] = []
    rewards = dict.fromkeys(AGENTS, 0.0)
    for agent in environment.agent_iter():
        for other in environment.agents:
            assert environment.observation_space(other).contains(environment.observe(other))
        obs, reward, terminated, truncated, _ = environment.last()
        rewards[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        action = table_policy(obs["action_mask"], rng)
        history.append((AGENTS.index(agent), action))
        environment.step(action)
    return history, [rewards[a] for a in AGENTS]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_whole_games_with_a_table_policy_give_the_engines_punkte(preset: str) -> None:
    rules = get_preset(preset)
    environment = raw_env(rules=preset)
    full_games = 0
    for seed in range(4):
        rng = random.Random(seed)
        environment.reset(seed=seed)
        history, rewards = play_table(environment, rng)
        # the engine on its own: the same deal and the same actions
        game = engine_replay(rules, Game.new(rules, seed=seed, dealer=0).hands, history)
        assert game.is_terminal and rewards == [float(p) for p in game.score().points]
        if not game.thrown_in:
            assert len(game.tricks) == rules.hand_size  # no claim, no concession: every trick played
            full_games += 1
    assert full_games >= 2


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_rewards_are_the_punkte_of_the_same_game_played_in_the_engine(preset: str) -> None:
    rules = get_preset(preset)
    for seed in (5, 6):
        environment = raw_env(rules=preset)
        history, rewards = play_random(environment, seed, random.Random(seed))
        # the engine, on its own: the same deal and the same actions
        game = engine_replay(rules, Game.new(rules, seed=seed, dealer=0).hands, history)
        assert game.is_terminal
        assert rewards == [float(p) for p in game.score().points]
        assert environment.agents == []


def test_the_observation_is_the_seats_information_state() -> None:
    environment = raw_env(rules="ddv")
    environment.reset(seed=11)
    assert environment.agent_selection == "player_1"  # dealer 0: seat 1 answers first
    for seat, agent in enumerate(AGENTS):
        obs = environment.observe(agent)
        assert environment.observation_space(agent).contains(obs)
        assert obs["observation"].shape == (OBS_SIZE,) and obs["action_mask"].shape == (NUM_ACTIONS,)
        assert np.array_equal(obs["observation"], observation(environment.game.information_state(seat)))  # type: ignore[union-attr]
        assert obs["action_mask"].any() == (seat == 1)


def test_reset_with_a_seed_deals_game_new_with_that_seed() -> None:
    environment = raw_env(rules="ohne-neunen", dealer=2)
    environment.reset(seed=77)
    expected = Game.new(get_preset("ohne-neunen"), seed=77, dealer=2)
    assert environment.game is not None and environment.game.hands == expected.hands
    assert environment.agent_selection == "player_3"
    first = [list(h) for h in environment.game.hands]
    environment.reset()  # the next seed of the generator seeded with 77
    again = raw_env(rules="ohne-neunen", dealer=2)
    again.reset(seed=77)
    again.reset()
    assert environment.game.hands == again.game.hands != first  # type: ignore[union-attr]


def test_a_deal_thrown_in_ends_with_zero_for_everyone() -> None:
    # doppelbock allows Schmeissen (five nines, or no trump above the Fuchs): find a deal where the first
    # seat asked may throw it in
    rules = get_preset("doppelbock")
    seed = next(s for s in range(5000) if Action.SCHMEISSEN in Game.new(rules, seed=s).legal_actions())
    environment = raw_env(rules="doppelbock")
    environment.reset(seed=seed)
    environment.step(Action.SCHMEISSEN)
    for _ in range(3):  # the Vorbehalte are settled when all four have answered (TSR 4.1)
        assert not any(environment.terminations.values())
        environment.step(Action.GESUND)
    assert all(environment.terminations.values())
    assert environment.rewards == {a: 0.0 for a in AGENTS}
    finished = []
    for agent in environment.agent_iter():
        _, reward, terminated, _, _ = environment.last()
        assert terminated and reward == 0.0
        finished.append(agent)
        environment.step(None)
    assert sorted(finished) == list(AGENTS)


def test_an_illegal_action_raises_in_the_raw_env_and_ends_the_game_in_the_wrapped_one() -> None:
    raw = raw_env(rules="ddv")
    raw.reset(seed=3)
    with pytest.raises(ValueError, match=r"action KrA is not legal for player_1 now \(phase VORBEHALT\); legal: "):
        raw.step(0)  # a card in the Vorbehaltsabfrage
    assert raw.agent_selection == "player_1" and raw.game is not None and not raw.game.history
    wrapped = env(rules="ddv", illegal_reward=-5.0)
    wrapped.reset(seed=3)
    wrapped.step(0)
    assert wrapped.terminations["player_1"]
    assert wrapped.rewards["player_1"] == -5.0 and wrapped.rewards["player_2"] == 0.0


def test_registered_with_pettingzoo() -> None:
    environment = pettingzoo.make("aec", ENV_ID, rules="vier-schritte")
    environment.reset(seed=1)
    assert environment.unwrapped.rules.name == "vier-schritte"
    history, rewards = play_random(environment.unwrapped, 1, random.Random(1))
    game = Game.replay(get_preset("vier-schritte"), Game.new("vier-schritte", seed=1).hands, 0, history)
    assert game.is_terminal and rewards == [float(p) for p in game.score().points]


def deal_by_hand(environment: raw_env, hands: list[list[int]]) -> None:
    """Replace the dealt game by one with ``hands`` (dealer 0), as a reset would deal it."""
    environment.reset(seed=0)
    environment.game = Game(environment.rules, hands, 0)
    environment.turns = Turns(environment.game)
    environment.agent_selection = AGENTS[environment.game.current_player]


def named(cards: str) -> list[int]:
    return [int(Card.parse(c)) for c in cards.split()]


def rest_of_deck(*hands: list[int]) -> list[int]:
    """The cards of a deck with the nines not in ``hands`` (two copies of each kind), in card order."""
    rest = [c for c in range(24) for _ in range(2)]
    for hand in hands:
        for card in hand:
            rest.remove(card)
    return rest


def test_an_armut_exchange_stays_hidden_from_the_outsiders() -> None:
    # doppelbock has the Armut: seat 1 holds three trumps (KaA KaK Ka9), the rest are Kreuz and Pik
    poor = named("KrA KrA Kr10 Kr10 KrK KrK PiA PiA Pi10 KaA KaK Ka9")
    rest = rest_of_deck(poor)
    hands = [rest[0:12], poor, rest[12:24], rest[24:36]]
    environment = raw_env(rules="doppelbock")
    deal_by_hand(environment, hands)
    before = {a: environment.observe(a)["observation"].copy() for a in AGENTS}
    laid_slot, returned_slot, hand_slot = slot("armut_laid"), slot("armut_returned"), slot("hand")
    environment.step(Action.vorbehalt(GameType.ARMUT))  # seat 1 answers first
    taker = None
    while environment.game is not None and environment.game.phase is not Phase.PLAY:
        agent = environment.agent_selection
        seat = AGENTS.index(agent)
        mask = environment.observe(agent)["action_mask"]
        legal = [int(a) for a in np.flatnonzero(mask)]
        action = (
            Action.GESUND if Action.GESUND in legal else Action.ARMUT_TAKE if Action.ARMUT_TAKE in legal else legal[0]
        )
        if action == Action.ARMUT_TAKE:
            taker = seat
        environment.step(action)
        for other in AGENTS:
            other_seat = AGENTS.index(other)
            if other_seat in (1, taker):
                continue
            obs = environment.observe(other)["observation"]
            # an outsider never sees a card laid or returned, and its own hand does not change
            assert not obs[laid_slot.start : laid_slot.stop].any()
            assert not obs[returned_slot.start : returned_slot.stop].any()
            assert np.array_equal(
                obs[hand_slot.start : hand_slot.stop], before[other][hand_slot.start : hand_slot.stop]
            )
    assert taker is not None and environment.game is not None and environment.game.game_type is GameType.ARMUT
    # the poor player laid its three trumps (all it had), the taker saw them: 1/2 per copy
    taker_obs = environment.observe(AGENTS[taker])["observation"]
    laid = taker_obs[laid_slot.start : laid_slot.stop]
    assert sorted(np.flatnonzero(laid)) == sorted(named("KaA KaK Ka9")) and laid.sum() == 1.5
    poor_obs = environment.observe("player_1")["observation"]
    assert np.array_equal(poor_obs[laid_slot.start : laid_slot.stop], laid)
    # play it out: the rewards are the engine's Punkte of the same game
    history = [(s, a) for s, a in environment.game.history]
    rest_history, rewards = play_table(environment, random.Random(3))
    game = engine_replay(get_preset("doppelbock"), hands, history + rest_history)
    assert game.is_terminal and rewards == [float(p) for p in game.score().points]


def test_a_hochzeit_finds_its_partner_and_every_agent_sees_it() -> None:
    # ddv, seat 1 holds both Kreuz-Damen: the first trick another seat wins finds the partner (TSR 4.4.3)
    hochzeiter = named("KrD KrD PiD PiD HeD HeD KrB KrB PiB PiB HeB HeB")
    rest = rest_of_deck(hochzeiter)
    hands = [rest[0:12], hochzeiter, rest[12:24], rest[24:36]]
    environment = raw_env(rules="ddv")
    deal_by_hand(environment, hands)
    environment.step(Action.vorbehalt(GameType.HOCHZEIT))
    for _ in range(3):
        environment.step(Action.GESUND)
    game = environment.game
    assert game is not None and game.phase is Phase.PLAY
    type_slot, parties = slot("game_type"), slot("known_parties")
    for agent in AGENTS:
        assert environment.observe(agent)["observation"][type_slot.start + int(GameType.HOCHZEIT)] == 1.0
    rng = random.Random(5)
    while game.partner_open and not game.is_terminal:
        agent = environment.agent_selection
        environment.step(table_policy(environment.observe(agent)["action_mask"], rng))
    # the first trick not won by the Hochzeiter (within the three of TSR 4.4.3) made its winner the partner
    foreign = next(t.winner for t in game.tricks if t.winner != 1)  # this deal finds a partner
    assert game.party[foreign] is Party.RE
    for seat, agent in enumerate(AGENTS):
        obs = environment.observe(agent)["observation"]
        rel = (foreign - seat) % 4
        assert obs[parties.start + 2 * rel] == 1.0  # the partner is Re, seen by every agent
        assert obs[parties.start + 2 * ((1 - seat) % 4)] == 1.0  # and the Hochzeiter too


def test_every_announcement_the_engine_allows_out_of_turn_is_offered_under_every_preset() -> None:
    """The RL turn protocol reaches every announcement: with deadlines counted in cards in hand a
    seat that may announce out of turn may still announce in its next own turn (no window ever
    opens); with deadlines counted in tricks (doppelbock) all three other seats are asked in a window
    before each decision of the seat to move at which one of them may announce."""
    for preset, rules in PRESETS.items():
        assert own_turn_announcements_complete(rules) is (rules.announcement_timing == "cards_in_hand"), preset
    assert own_turn_announcements_complete(DDV.replace(name="t", announcement_timing="tricks")) is False

    def play(rules_name: str, seeds: range) -> tuple[list[tuple[int, int]], int]:
        """Games where everyone says gesund, passes every window and plays its first legal card:
        the (seed, seat) where a seat could announce out of turn but its next own turn offered no
        announcement and no window did either, and the number of windows opened."""
        out, windows = [], 0
        for seed in seeds:
            environment = raw_env(rules=rules_name)
            environment.reset(seed=seed)
            game = environment.game
            assert game is not None
            pending: set[int] = set()  # could announce out of turn since it was last offered one
            offered = [-1] * 4  # the engine's step at which each seat was last offered an announcement
            asked: set[int] = set()  # seats asked in a window since the last decision of the mover
            while not game.is_terminal and len(game.tricks) < 4:
                seat = AGENTS.index(environment.agent_selection)
                in_window = seat != game.current_player
                for other in range(4):
                    if other == game.current_player or offered[other] == len(game.history):
                        continue
                    if any(Action.is_announcement(a) for a in game.legal_actions(other)):
                        pending.add(other)
                obs = environment.observe(AGENTS[seat])
                legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
                assert obs["observation"][slot("window").start] == (1.0 if in_window else 0.0)
                if any(Action.is_announcement(a) for a in legal):
                    offered[seat] = len(game.history)
                    pending.discard(seat)
                elif seat in pending and not in_window:
                    out.append((seed, seat))
                    pending.discard(seat)
                if in_window:
                    windows += 1
                    asked.add(seat)
                    assert Action.PASS in legal and not any(Action.is_card(a) for a in legal)
                    environment.step(Action.PASS)
                    continue
                if game.phase is Phase.PLAY and not own_turn_announcements_complete(game.rules):
                    # before the mover decides: when another seat may announce, all three others
                    # were asked; and a round asks all three others or none (who is asked is public)
                    others = {o for o in range(4) if o != seat}
                    may = {o for o in others if any(Action.is_announcement(a) for a in game.legal_actions(o))}
                    assert asked in (set(), others), (seed, seat, asked)
                    assert not may or asked == others, (seed, seat, may, asked)
                asked = set()
                environment.step(Action.GESUND if Action.GESUND in legal else min(legal))
        return out, windows

    assert play("ddv", range(6)) == ([], 0)
    assert play("vier-schritte", range(3)) == ([], 0)
    missed, windows = play("doppelbock", range(6))
    assert missed == [] and windows > 0


def test_under_doppelbock_the_seat_playing_third_announces_in_a_window_in_time() -> None:
    """Worked out by hand: doppelbock (announcement_timing "tricks": Re/Kontra in time until one
    trick and one more card, never while the trick holds two cards; no skipping of levels; Schweine,
    claim and concession out of reach here). Dealer 0: seat 1 leads, seat 3 plays third. Seats 1
    and 3 hold a Kreuz-Dame each (Re), seats 0 and 2 are Kontra; no hand holds both Karo-Asse."""
    seat1 = named("KrD PiD HeD KrB PiB HeB KaA KrA Kr10 PiA HeA Ka10")
    seat3 = named("KrD PiD HeD KrB PiB HeB KaB KaK KrK PiK HeK Ka9")
    rest = rest_of_deck(seat1, seat3)
    hands = [rest[0::2], seat1, rest[1::2], seat3]
    assert all(h.count(int(Card.KARO_ASS)) < 2 for h in hands)
    environment = raw_env(rules="doppelbock")
    deal_by_hand(environment, hands)
    game = environment.game
    assert game is not None
    for agent in ("player_1", "player_2", "player_3", "player_0"):
        assert environment.agent_selection == agent
        environment.step(Action.GESUND)
    assert game.phase is Phase.PLAY and game.current_player == 1
    window, re_kontra, keine_90 = slot("window").start, Action.ANNOUNCE_BASE, Action.ANNOUNCE_BASE + 1

    def expect(agent: str, legal: set[int]) -> None:
        assert environment.agent_selection == agent
        obs = environment.observe(agent)
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        assert obs["observation"][window] == 1.0
        # the mover, waiting, has no actions offered now
        assert not environment.observe(AGENTS[game.current_player])["action_mask"].any()

    # before the first card: a window for seats 2, 3, 0 (in seat order after the mover), Re/Kontra or nothing
    expect("player_2", {re_kontra, Action.PASS})
    environment.step(Action.PASS)
    expect("player_3", {re_kontra, Action.PASS})
    environment.step(re_kontra)  # seat 3 says Re, in time
    assert [(a.seat, a.party, a.level) for a in game.announcements] == [(3, Party.RE, 1)]
    expect("player_0", {re_kontra, Action.PASS})  # Kontra may answer
    # the protocol's state follows from the deal and the actions alone (window passes included)
    assert environment.turns is not None
    rebuilt = Turns.replay(Game(get_preset("doppelbock"), hands, 0), environment.turns.history)
    assert (rebuilt.seat, rebuilt.in_window, rebuilt.legal_actions()) == (0, True, [re_kontra, Action.PASS])
    with pytest.raises(IllegalAction, match="seat 2 took"):
        Turns.replay(Game(get_preset("doppelbock"), hands, 0), [*environment.turns.history, (2, Action.PASS)])
    environment.step(Action.PASS)
    # someone acted: the round is asked again; the Re party may now say keine 90 (in time until 3 tricks)
    expect("player_2", {re_kontra, Action.PASS})
    environment.step(Action.PASS)
    expect("player_3", {keine_90, Action.PASS})
    environment.step(Action.PASS)
    expect("player_0", {re_kontra, Action.PASS})
    environment.step(Action.PASS)
    # a round without an action: the mover's own turn, its cards and keine 90 (it is Re)
    assert environment.agent_selection == "player_1"
    obs = environment.observe("player_1")
    assert set(np.flatnonzero(obs["action_mask"])) == set(seat1) | {keine_90}
    assert obs["observation"][window] == 0.0
    environment.step(int(Card.KREUZ_ASS))
    # one card on the table: still in time, so windows before seat 2's decision: seats 3, 0, 1
    for agent, legal in (("player_3", keine_90), ("player_0", re_kontra), ("player_1", keine_90)):
        expect(agent, {legal, Action.PASS})
        environment.step(Action.PASS)
    assert environment.agent_selection == "player_2"
    mask = environment.observe("player_2")["action_mask"]
    assert mask[re_kontra] == 1
    environment.step(min(int(a) for a in np.flatnonzero(mask)))  # a card
    # two cards on the table: nothing is in time for anyone, no window; seat 3's own turn offers no
    # announcement (without the window it could never have announced in this trick)
    assert environment.agent_selection == "player_3"
    mask = environment.observe("player_3")["action_mask"]
    assert mask.any() and not mask[Action.ANNOUNCE_BASE : Action.ANNOUNCE_BASE + 5].any()
    assert environment.turns is not None and not environment.turns.in_window
    # passing goes on to the end of the game: the Punkte are the engine's for the same actions
    history = list(environment.turns.history)
    rest_history, rewards = play_table(environment, random.Random(2))
    replayed = engine_replay(get_preset("doppelbock"), hands, history + rest_history)
    assert replayed.is_terminal and rewards == [float(p) for p in replayed.score().points]
    assert replayed.announcements[0].seat == 3


def test_bad_calls_get_clear_errors() -> None:
    environment = raw_env(rules="ddv")
    with pytest.raises(RuntimeError, match=r"reset\(\) the environment"):
        environment.step(0)
    environment.reset(seed=3)
    with pytest.raises(ValueError, match="agent: 'nobody' is not one of player_0"):
        environment.observe("nobody")
    for bad in (0.9, 32.7, True, "x"):
        with pytest.raises(ValueError, match="is not an integer action id 0..119"):
            environment.step(bad)
    assert environment.game is not None and environment.game.history == []
    environment.step(np.int64(Action.GESUND))
    with pytest.raises(ValueError, match="dealer: "):
        raw_env(dealer=True)
    environment.reset(seed=3, options={"dealer": 1})
    assert environment.game.dealer == 1 and environment.agent_selection == "player_2"
    play_random(environment, 4, random.Random(4))
    assert environment.agents == []
    with pytest.raises(RuntimeError, match="every agent is done"):
        environment.step(None)
    with pytest.raises(RuntimeError, match="every agent is done"):
        environment.last()


def test_render_shows_the_table_as_text() -> None:
    environment = raw_env(rules="ddv", render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert isinstance(text, str)
    assert text.startswith("phase VORBEHALT") and "seat 1" in text and "<- to move" in text


def test_who_acts_is_the_same_for_two_deals_that_differ_only_in_hidden_cards() -> None:
    """Who is asked in a window is public (every agent sees ``agent_selection``), so it must not
    depend on a private fact. Worked out by hand under doppelbock (dealer 0, seat 1 leads; Re/Kontra
    in time until 1 trick and one more card, keine 90 until 3 tricks and one more card, never while
    the trick holds two cards; no skipping). Deal A: seats 1 and 3 hold a Kreuz-Dame (Re); deal B
    is A with seat 3's Kreuz-Dame and seat 2's Karo-Dame swapped (seats 1 and 2 are Re), no card
    played below is swapped. The same public actions: gesund four times, seat 1 says Re in its own
    turn, every window passes, each seat plays its lowest card legal in both deals, for five tricks
    (the swapped cards come later). From the third
    trick on Kontra is too late and only Re may say keine 90: a window for the Re seats only would
    ask seat 3 in A and seat 2 in B. Here both deals ask every other seat, in the same order: a
    round before the lead and before the second card of the first four tricks (two rounds before
    the first lead, around seat 1's Re), three windows each: 3 x (3 + 2 + 2 + 2) = 27 windows."""
    seat1 = named("KrD PiD HeD KrB PiB HeB KaA KrA Kr10 PiA HeA Ka10")
    seat3 = named("KrD PiD HeD KrB PiB HeB KaB KaK KrK PiK HeK Ka9")
    rest = rest_of_deck(seat1, seat3)
    hands_a = [rest[0::2], seat1, rest[1::2], seat3]
    hands_b = [list(h) for h in hands_a]
    hands_b[3].remove(int(Card.KREUZ_DAME))
    hands_b[3].append(int(Card.KARO_DAME))
    hands_b[2].remove(int(Card.KARO_DAME))
    hands_b[2].append(int(Card.KREUZ_DAME))
    assert all(h.count(int(Card.KARO_ASS)) < 2 and h.count(int(Card.KREUZ_DAME)) < 2 for h in hands_b)
    tables = [raw_env(rules="doppelbock"), raw_env(rules="doppelbock")]
    for table, hands in zip(tables, (hands_a, hands_b), strict=True):
        deal_by_hand(table, hands)
    games = [t.game for t in tables]
    assert games[0] is not None and games[1] is not None
    windows = 0
    re_only = []  # windows where one deal offers keine 90 and the other only the pass
    while len(games[0].tricks) < 5:
        agent = tables[0].agent_selection
        assert tables[1].agent_selection == agent  # the same seat acts in both deals
        masks = [{int(a) for a in np.flatnonzero(t.observe(agent)["action_mask"])} for t in tables]
        if tables[0].turns is not None and tables[0].turns.in_window:
            assert tables[1].turns is not None and tables[1].turns.in_window
            windows += 1
            assert all(Action.PASS in m for m in masks)
            if masks[0] != masks[1]:
                re_only.append((agent, sorted(masks[0]), sorted(masks[1])))
            action = int(Action.PASS)
        elif Action.GESUND in masks[0]:
            action = int(Action.GESUND)
        elif agent == "player_1" and not games[0].announcements:
            action = int(Action.ANNOUNCE_BASE)  # Re, in seat 1's own turn
        else:
            action = min(a for a in masks[0] & masks[1] if Action.is_card(a))
        for table in tables:
            table.step(action)
    assert games[0].history == games[1].history and games[0].party != games[1].party
    assert (
        [(a.seat, a.level) for a in games[0].announcements]
        == [(1, 1)]
        == [(a.seat, a.level) for a in games[1].announcements]
    )
    assert windows == 27
    keine_90 = int(Action.ANNOUNCE_BASE) + 1
    assert ("player_2", [Action.PASS], [keine_90, Action.PASS]) in re_only
    assert ("player_3", [keine_90, Action.PASS], [Action.PASS]) in re_only
