"""The OpenSpiel game ``python_doppelkopf``: OpenSpiel's own checks, its tools, and the engine's result."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.observation import make_observation

from doppelkopf.cards import Card
from doppelkopf.game import Game, Phase
from doppelkopf.moves import Action
from doppelkopf.rl import encoding
from doppelkopf.rl.openspiel_game import (
    DoppelkopfState,
    load_game,
    max_game_length,
    max_punkte,
    resample_from_infostate,
)
from doppelkopf.rules import DDV, PRESETS, GameType, RuleSet

INFO_STATE = pyspiel.IIGObservationType(perfect_recall=True)


def deal(state: pyspiel.State, cards: list[int]) -> None:
    """Deal ``cards`` in order (card k to seat dealer + 1 + k)."""
    for card in cards:
        assert state.is_chance_node()
        state.apply_action(card)
    assert not state.is_chance_node()


def deck(with_nines: bool = True) -> list[int]:
    """The deck in card order, two copies of each kind, written out independently of the engine."""
    return [c for c in range(24) for _ in range(2) if with_nines or c % 6 != 5]


def hands_from_history(state: pyspiel.State, dealer: int) -> list[list[int]]:
    """The hands as OpenSpiel's chance history dealt them (the documented order: round the table
    from the dealer's left)."""
    hands: list[list[int]] = [[], [], [], []]
    chance = [h.action for h in state.full_history() if h.player == pyspiel.PlayerId.CHANCE]
    for k, card in enumerate(chance):
        hands[(dealer + 1 + k) % 4].append(card)
    return hands


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_sim_test_with_serialization_passes_for_every_preset(preset: str) -> None:
    game = load_game(preset)
    pyspiel.random_sim_test(game, num_sims=8, serialize=True, verbose=False)


def test_game_string_names_the_parameters_and_loads_back() -> None:
    game = load_game("ohne-neunen", dealer=2)
    assert str(game) == "python_doppelkopf(dealer=2,rules=ohne-neunen)"
    again = pyspiel.load_game(str(game))
    assert again.rules.hand_size == 10
    assert again.dealer == 2
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 120
    assert game.max_chance_outcomes() == 24
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


@pytest.mark.parametrize(
    ("params", "message"),
    [({"rules": "skat"}, "parameter rules"), ({"dealer": 4}, "parameter dealer")],
)
def test_bad_parameters_are_refused_naming_the_parameter(params: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game("python_doppelkopf", params)


def test_the_deal_is_chance_nodes_with_probabilities_by_copies_left() -> None:
    state = load_game("ddv").new_initial_state()
    outcomes = dict(state.chance_outcomes())
    assert sorted(outcomes) == list(range(24))
    assert all(p == pytest.approx(2 / 48) for p in outcomes.values())
    state.apply_action(int(Card.KREUZ_DAME))
    outcomes = dict(state.chance_outcomes())
    assert outcomes[int(Card.KREUZ_DAME)] == pytest.approx(1 / 47)
    assert outcomes[int(Card.HERZ_ZEHN)] == pytest.approx(2 / 47)
    state.apply_action(int(Card.KREUZ_DAME))
    assert int(Card.KREUZ_DAME) not in dict(state.chance_outcomes())
    with pytest.raises(ValueError, match="no ♣D left"):
        state.apply_action(int(Card.KREUZ_DAME))


def test_without_nines_the_deck_has_forty_cards_and_no_nine() -> None:
    state = load_game("ohne-neunen").new_initial_state()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 20
    assert not any(card % 6 == 5 for card in outcomes)  # Card value suit * 6 + rank, Neun = rank 5
    assert all(p == pytest.approx(1 / 20) for p in outcomes.values())
    deal(state, deck(with_nines=False))
    assert state.current_player() == 1
    assert [len(h) for h in state.hands_dealt] == [10, 10, 10, 10]


def test_cards_go_round_the_table_from_the_dealers_left() -> None:
    state = load_game("ddv", dealer=2).new_initial_state()
    cards = deck()
    deal(state, cards)
    # card k to seat (2 + 1 + k) % 4: seat 3 gets cards 0, 4, 8, ...
    assert state.hands_dealt[3] == cards[0::4]
    assert state.hands_dealt[0] == cards[1::4]
    assert state.game is not None and state.game.dealer == 2
    assert state.current_player() == 3  # the dealer's left answers first (TSR 4.1)


def play_out(state: pyspiel.State, rng: random.Random) -> None:
    """Sample the deal, then play: every seat gesund, random cards, an announcement now and then
    (one in ten turns, one in a hundred windows), never a claim or giving up the rest (so the game runs
    to its last trick)."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        legal = state.legal_actions()
        if Action.GESUND in legal:
            state.apply_action(Action.GESUND)
            continue
        cards = [a for a in legal if a < Action.ANNOUNCE_BASE]
        announcements = [a for a in legal if Action.ANNOUNCE_BASE <= a < Action.ANNOUNCE_BASE + 5]
        # a window is asked before nearly every card while an announcement is in time: announce
        # there rarely, or both parties reach schwarz and every game is a draw
        if announcements and rng.random() < (0.01 if state.in_window else 0.1):
            state.apply_action(min(announcements))
        elif cards:
            state.apply_action(rng.choice(cards))
        else:  # a window: 53 or another action out of turn, never a claim or giving up the rest
            state.apply_action(rng.choice([a for a in legal if a not in (Action.CLAIM, Action.CONCEDE)]))


def engine_replay(rules: RuleSet, hands: list[list[int]], dealer: int, actions: list[tuple[int, int]]) -> Game:
    """The engine on its own: each (seat, action) of OpenSpiel's history applied for its seat, in
    turn or out of turn, except 53 in play, which the engine has no use for there: the pass of an
    announcement window ("nothing out of turn")."""
    game = Game(rules, hands, dealer)
    for seat, action in actions:
        if action == Action.PASS and game.phase is Phase.PLAY:
            continue
        game.apply(action, seat)
    return game


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_returns_equal_the_engines_score_of_the_same_deal_replayed(preset: str) -> None:
    rules = PRESETS[preset]
    rng = random.Random(7)
    nonzero = 0
    for dealer in range(4):
        state = load_game(preset, dealer=dealer).new_initial_state()
        play_out(state, rng)
        hands = hands_from_history(state, dealer)
        assert sorted(c for h in hands for c in h) == deck(rules.with_nines)
        actions = [(h.player, h.action) for h in state.full_history() if h.player >= 0]
        replayed = engine_replay(rules, hands, dealer, actions)
        assert replayed.is_terminal
        cards_played = sum(1 for _, a in actions if a < Action.ANNOUNCE_BASE)
        assert cards_played == 4 * rules.hand_size
        points = replayed.score().points
        assert state.returns() == [float(p) for p in points]
        assert sum(state.returns()) == 0
        nonzero += any(points)
        # the bounds OpenSpiel gets hold for these whole games
        assert len(actions) < max_game_length(rules)
        assert max(abs(p) for p in points) <= max_punkte(rules)
    assert nonzero >= 3  # real games with a winner, not four draws


def test_the_utility_bound_under_ddv_counted_by_hand() -> None:
    # ddv, Kontra wins schwarz against everything announced (TSR 7.2): Gewonnen 1, unter 90/60/30/schwarz 4,
    # Re and Kontra angesagt 2 + 2, the Absagen keine 90..schwarz of both parties 4 + 4, reached against
    # Re's four Absagen 4, gegen die Alten 1: 22; plus two of each of the three Sonderpunkte (Doppelkopf,
    # Fuchs gefangen, Karlchen) in each of 12 tricks: 72. Two against two: each winner gets 94.
    assert max_punkte(DDV) == 22 + 72
    assert load_game("ddv").max_utility() == 94.0 and load_game("ddv").min_utility() == -94.0


def test_a_deal_thrown_in_returns_zero_for_every_seat() -> None:
    """Under "doppelbock" a hand with five nines may throw the deal in (Schmeissen): nobody scores."""
    # dealer 0: card k goes to seat (1 + k) % 4; seat 1 (to answer first) gets all eight nines
    nines = [c for c in deck() if c % 6 == 5]
    rest = [c for c in deck() if c % 6 != 5]
    cards: list[int] = []
    for k in range(48):
        cards.append(nines.pop() if k % 4 == 0 and nines else rest.pop())
    state = load_game("doppelbock").new_initial_state()
    deal(state, cards)
    assert state.current_player() == 1
    assert Action.SCHMEISSEN in state.legal_actions()
    state.apply_action(Action.SCHMEISSEN)
    while not state.is_terminal():
        state.apply_action(Action.GESUND if Action.GESUND in state.legal_actions() else state.legal_actions()[0])
    assert state.game is not None and state.game.thrown_in
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_a_seat_sees_only_its_own_hand() -> None:
    """Two deals that differ only in the hands of seats 2 and 3 look the same to seat 1 (to move
    first), in every observation OpenSpiel offers, and different to seat 2."""
    cards = deck()
    # dealer 0: card k goes to seat (1 + k) % 4; swap a card of seat 2 (k = 1) with one of seat 3 (k = 2)
    other = cards[:]
    other[1], other[2] = cards[2], cards[1]
    assert cards[1] != cards[2]
    game = load_game("ddv")
    a, b = game.new_initial_state(), game.new_initial_state()
    deal(a, cards)
    deal(b, other)
    assert a.current_player() == b.current_player() == 1
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.observation_string(1) == b.observation_string(1)
    assert a.information_state_tensor(1) == b.information_state_tensor(1)
    assert a.observation_tensor(1) == b.observation_tensor(1)
    assert a.information_state_string(2) != b.information_state_string(2)
    assert a.observation_tensor(2) != b.observation_tensor(2)
    # and no card of another seat in seat 1's strings
    own = {Card(c).symbol for c in a.hands_dealt[1]}
    hidden = {Card(c).symbol for c in range(24)} - own
    text = a.observation_string(1)
    hand_part = text.split("hand=")[1].split(" phase=")[0]
    assert set(hand_part.split()) == own
    assert hidden.isdisjoint(hand_part.split())
    # the same public actions in both: the Vorbehaltsabfrage and a whole trick, without the swapped cards
    swapped = {cards[1], cards[2]}
    tricks_played = 0
    while a.game is not None and len(a.game.tricks) < 2:
        both = sorted((set(a.legal_actions()) & set(b.legal_actions())) - swapped)
        if not both:
            break
        action = Action.GESUND if Action.GESUND in both else both[0]
        a.apply_action(action)
        b.apply_action(action)
        tricks_played = len(a.game.tricks)
        assert a.information_state_string(1) == b.information_state_string(1)
        assert a.observation_string(1) == b.observation_string(1)
        assert a.information_state_tensor(1) == b.information_state_tensor(1)
        assert a.observation_tensor(1) == b.observation_tensor(1)
    assert tricks_played >= 1


def test_observation_tensor_is_the_documented_encoding_of_the_information_state() -> None:
    state = load_game("ddv").new_initial_state()
    play_out_steps = random.Random(5)
    deal(state, random.Random(5).sample(deck(), 48))
    for _ in range(20):
        legal = state.legal_actions()
        state.apply_action(Action.GESUND if Action.GESUND in legal else play_out_steps.choice(legal))
    assert isinstance(state, DoppelkopfState) and state.game is not None
    for seat in range(4):
        expected = encoding.observation(state.game.information_state(seat))
        assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32), expected)
        info_tensor = np.asarray(state.information_state_tensor(seat), np.float32)
        assert np.array_equal(info_tensor[: encoding.OBS_SIZE], expected)
    observation = make_observation(state.get_game(), INFO_STATE)
    observation.set_from(state, 0)
    assert observation.dict["observation"].shape == (encoding.OBS_SIZE,)
    assert observation.dict["announcement_timing"].shape == (4, 5)


def test_announcement_timing_says_how_many_cards_the_announcer_held() -> None:
    state = load_game("ddv").new_initial_state()
    deal(state, deck())
    while state.current_player() != state.game.leader or state.game.phase.name != "PLAY":
        state.apply_action(Action.GESUND)
    seat = state.current_player()
    legal = state.legal_actions()
    assert Action.announce(1) in legal
    state.apply_action(Action.announce(1))  # Re or Kontra with a full hand of 12 cards
    for observer in range(4):
        timing = np.asarray(state.information_state_tensor(observer))[encoding.OBS_SIZE :].reshape(4, 5)
        relative = (seat - observer) % 4
        assert timing[relative, 0] == pytest.approx(12 / 12)
        assert timing.sum() == pytest.approx(1.0)


def test_information_state_string_has_perfect_recall() -> None:
    """Each player's information state string only grows: what it saw stays in it."""
    state = load_game("ddv").new_initial_state()
    deal(state, random.Random(11).sample(deck(), 48))
    rng = random.Random(11)
    before = [state.information_state_string(p) for p in range(4)]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        now = [state.information_state_string(p) for p in range(4)]
        for p in range(4):
            assert now[p].startswith(before[p])
            assert len(now[p]) > len(before[p])  # every action is seen by every seat
        before = now
    # a clone keeps the strings, and so does a state rebuilt from its serialization
    clone = state.clone()
    assert [clone.information_state_string(p) for p in range(4)] == before
    game = state.get_game()
    rebuilt = game.deserialize_state(state.serialize())
    assert [rebuilt.information_state_string(p) for p in range(4)] == before
    assert rebuilt.returns() == state.returns()


def test_mcts_bots_play_a_whole_game_in_evaluate_bots() -> None:
    """OpenSpiel's MCTS (random rollouts) in every seat, run by OpenSpiel's evaluate_bots."""
    game = load_game("ddv")
    bots = [
        mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=20,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seat)),
            solve=False,
            random_state=np.random.RandomState(10 + seat),
        )
        for seat in range(4)
    ]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(3))
    assert state.is_terminal()
    assert sum(returns) == 0
    # the engine on its own, from the deal and the actions of OpenSpiel's history
    actions = [(h.player, h.action) for h in state.full_history() if h.player >= 0]
    replayed = Game.replay(DDV, hands_from_history(state, 0), 0, actions)
    assert returns == [float(p) for p in replayed.score().points]
    assert {h.player for h in state.full_history() if h.player >= 0} == {0, 1, 2, 3}


def test_rl_environment_runs_an_episode_on_information_state_tensors() -> None:
    env = rl_environment.Environment(load_game("ddv"), chance_event_sampler=rl_environment.ChanceEventSampler(4))
    assert env.observation_spec()["info_state"] == (encoding.OBS_SIZE + 20,)
    assert env.action_spec()["num_actions"] == 120
    rng = random.Random(4)
    step = env.reset()
    steps = 0
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        step = env.step([rng.choice(legal)])
        steps += 1
    assert steps >= 4  # at least the Vorbehaltsabfrage
    assert sum(step.rewards) == 0


def test_a_resampled_world_looks_the_same_to_the_seat_and_deals_the_other_hands_anew() -> None:
    state = load_game("ddv").new_initial_state()
    deal(state, random.Random(21).sample(deck(), 48))
    rng = random.Random(21)
    while state.game is not None and len(state.game.tricks) < 4:  # four tricks into a normal game
        legal = state.legal_actions()
        state.apply_action(Action.GESUND if Action.GESUND in legal else rng.choice([a for a in legal if a < 24]))
    assert isinstance(state, DoppelkopfState) and state.game is not None
    truth = [sorted(h) for h in state.game.hands]
    for seat in range(4):
        others_differ = False
        for _ in range(5):
            world = resample_from_infostate(state, seat, rng)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert world.game is not None
            assert sorted(world.game.hands[seat]) == truth[seat]
            # the cards on the table are the same, the hidden ones form the same multiset
            assert world.game.tricks == state.game.tricks
            hidden = sorted(c for s in range(4) if s != seat for c in world.game.hands[s])
            assert hidden == sorted(c for s in range(4) if s != seat for c in truth[s])
            others_differ |= any(sorted(world.game.hands[s]) != truth[s] for s in range(4) if s != seat)
        assert others_differ


def test_is_mcts_bots_play_a_whole_game_with_the_resampler() -> None:
    """OpenSpiel's IS-MCTS searches worlds drawn by resample_from_infostate: it never sees another hand."""
    game = load_game("ddv")
    bots = []
    for seat in range(4):
        sampler = random.Random(seat)
        bot = ismcts.ISMCTSBot(
            game,
            mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seat)),
            uct_c=2.0,
            max_simulations=12,
            random_state=np.random.RandomState(20 + seat),
        )
        bot.set_resampler(lambda s, p, sampler=sampler: resample_from_infostate(s, p, sampler))
        bots.append(bot)
    state = game.new_initial_state()
    chance = random.Random(8)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chance.choices(outcomes, probs)[0])
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert sum(state.returns()) == 0
    assert {h.player for h in state.full_history() if h.player >= 0} == {0, 1, 2, 3}


def test_resampling_refuses_the_deal_and_serves_every_seat_of_an_armut() -> None:
    state = load_game("ddv").new_initial_state()
    with pytest.raises(ValueError, match="still being dealt"):
        resample_from_infostate(state, 0, random.Random(1))
    # doppelbock has the Armut: seat 1 (dealt first by dealer 0) holds three trumps, the Karo cards
    kinds = "KrA KrA Kr10 Kr10 KrK KrK PiA PiA Pi10 KaA KaK Ka9".split()
    poor = [int(Card.parse(k)) for k in kinds]
    rest = deck()
    for card in poor:
        rest.remove(card)
    cards = [poor[k // 4] if k % 4 == 0 else rest.pop() for k in range(48)]
    state = load_game("doppelbock").new_initial_state()
    deal(state, cards)
    state.apply_action(Action.vorbehalt(GameType.ARMUT))
    rng = random.Random(2)
    during = 0
    while state.game is not None and state.game.phase.name != "PLAY":
        if state.game.phase.name == "ARMUT":  # while the exchange goes on, every seat can be resampled
            for seat in range(4):
                world = resample_from_infostate(state, seat, rng)
                assert world.information_state_string(seat) == state.information_state_string(seat)
            during += 1
        legal = state.legal_actions()
        state.apply_action(
            Action.GESUND if Action.GESUND in legal else Action.ARMUT_TAKE if Action.ARMUT_TAKE in legal else legal[0]
        )
    assert during >= 3  # laying, answering, returning
    assert state.game is not None
    poor_seat, taker = state.game.armut_poor, state.game.armut_taker
    assert poor_seat == 1 and taker is not None
    play = random.Random(4)
    while state.game.cards_played < 6:  # a trick and a half into the game, every window passed
        state.apply_action(play.choice([a for a in state.legal_actions() if a < Action.ANNOUNCE_BASE] or [Action.PASS]))
    outsiders = [s for s in range(4) if s not in (poor_seat, taker)]
    for seat in (poor_seat, taker, *outsiders):
        for _ in range(3):
            world = resample_from_infostate(state, seat, rng)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.game is not None and world.game.game_type is GameType.ARMUT
            assert sorted(world.game.hands[seat]) == sorted(state.game.hands[seat])


def test_the_observer_refuses_kinds_that_would_show_other_hands() -> None:
    game = load_game("ddv")
    everything = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="SINGLE_PLAYER"):
        make_observation(game, everything)
    with pytest.raises(ValueError, match="not supported"):
        make_observation(game, INFO_STATE, {"verbose": True})


def test_an_illegal_action_names_the_rule_the_seat_and_its_legal_actions() -> None:
    state = load_game("ddv").new_initial_state()
    deal(state, deck())
    assert state.current_player() == 1
    with pytest.raises(Exception, match=r"Vorbehaltsabfrage.*\(seat 1; legal: vorbehalt:normal"):
        state.apply_action(int(Card.KREUZ_ASS))  # a card while the Vorbehalte are asked
    with pytest.raises(Exception, match=r"\(seat 1; legal: vorbehalt:normal"):
        state.apply_action(500)
    state.apply_action(Action.GESUND)  # the state is unchanged and plays on
    assert state.current_player() == 2


def test_the_resampler_does_not_copy_a_hidden_vorbehalt() -> None:
    """Seat 1's Kreuzsolo outranks seat 2's Damensolo (asked first, as the engine has it): seat 2's kind
    stays hidden from seat 3, so the worlds drawn for seat 3 give seat 2 any solo, not mostly the real one."""
    state = load_game("ddv").new_initial_state()
    deal(state, random.Random(3).sample(deck(), 48))
    damen = Action.vorbehalt(GameType.DAMEN)
    for action in (Action.vorbehalt(GameType.KREUZ), damen, Action.GESUND, Action.GESUND):
        state.apply_action(action)
    assert state.game is not None and state.game.declarer == 1 and state.game.game_type is GameType.KREUZ
    rng = random.Random(1)
    drawn = []
    for _ in range(20):
        world = resample_from_infostate(state, 3, rng)
        assert world.information_state_string(3) == state.information_state_string(3)
        assert world.game is not None
        seat, action = world.game.history[1]
        assert seat == 2
        drawn.append(action)
    assert len(set(drawn)) >= 3 and drawn.count(damen) <= 10


def named(cards: str) -> list[int]:
    return [int(Card.parse(c)) for c in cards.split()]


def window_deal() -> list[int]:
    """Under doppelbock, dealer 0: seats 1 and 3 hold a Kreuz-Dame each (Re), seats 0 and 2 are
    Kontra, no hand holds both Karo-Asse (no Schweine) or both Karo-Neunen; card k goes to seat
    (1 + k) % 4."""
    seat1 = named("KrD PiD HeD KrB PiB HeB KaA KrA Kr10 PiA HeA Ka10")
    seat3 = named("KrD PiD HeD KrB PiB HeB KaB KaK KrK PiK HeK Ka9")
    rest = deck()
    for card in seat1 + seat3:
        rest.remove(card)
    hands = [rest[0::2], seat1, rest[1::2], seat3]
    return [hands[(1 + k) % 4][k // 4] for k in range(48)]


def test_under_doppelbock_a_seat_playing_third_is_the_player_of_its_window() -> None:
    """Worked out by hand (the same deal as the PettingZoo test): after four times gesund, seat 1
    leads; before its first card seats 2, 3 and 0 get a window with Re/Kontra (24) or nothing (53);
    seat 3, who plays third, says Re in time; the round is asked again (seat 3 now keine 90)."""
    state = load_game("doppelbock").new_initial_state()
    deal(state, window_deal())
    for seat in (1, 2, 3, 0):
        assert state.current_player() == seat
        state.apply_action(Action.GESUND)
    assert state.game is not None and state.game.current_player == 1
    window = encoding.slot("window").start
    steps = [(2, [24, 53], 53), (3, [24, 53], 24), (0, [24, 53], 53), (2, [24, 53], 53), (3, [25, 53], 53)]
    for seat, legal, action in steps:
        assert state.current_player() == seat and state.in_window
        assert state.legal_actions() == legal
        assert state.observation_tensor(seat)[window] == 1.0
        assert state.observation_tensor(1)[window] == 0.0  # the mover waits; it sees no window
        state.apply_action(action)
    assert [(a.seat, a.level) for a in state.game.announcements] == [(3, 1)]
    # the string of the seat in its window shows what it may do there; the others' do not change
    assert state.current_player() == 0
    assert state.observation_string(0).endswith(f"window={Action.key(24)} pass")
    assert state.observation_string(2).endswith("window=-")


def test_a_state_in_a_window_survives_serialization_and_plays_on_alike() -> None:
    state = load_game("doppelbock").new_initial_state()
    deal(state, window_deal())
    for _ in range(4):
        state.apply_action(Action.GESUND)
    state.apply_action(53)  # seat 2 passes: seat 3 is in its window
    assert state.current_player() == 3 and state.in_window
    game = state.get_game()
    rebuilt = game.deserialize_state(state.serialize())
    assert rebuilt.current_player() == 3 and rebuilt.in_window
    assert rebuilt.legal_actions() == state.legal_actions() == [24, 53]
    for p in range(4):
        assert rebuilt.information_state_string(p) == state.information_state_string(p)
        assert rebuilt.observation_tensor(p) == state.observation_tensor(p)
    assert str(rebuilt) == str(state)
    # the same actions from here give the same game on both
    rng = random.Random(5)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        assert rebuilt.legal_actions() == state.legal_actions() and rebuilt.current_player() == state.current_player()
        state.apply_action(action)
        rebuilt.apply_action(action)
    assert rebuilt.is_terminal() and rebuilt.returns() == state.returns()
    assert 53 in [h.action for h in state.full_history()[52:]]  # window passes were part of it


def test_under_ddv_no_window_ever_opens() -> None:
    rng = random.Random(3)
    for dealer in range(2):
        state = load_game("ddv", dealer=dealer).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            assert not state.in_window and state.game is not None
            assert state.current_player() == state.game.current_player
            assert state.legal_actions() == state.game.legal_actions()
            state.apply_action(rng.choice(state.legal_actions()))
