"""The Gymnasium single-agent wrapper (``doppelkopf.rl.gym_env``) and the numpy policy with its
registered player ``"policy"`` (``doppelkopf.rl.policy``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from click.testing import CliRunner
from gymnasium.utils.env_checker import check_env

from doppelkopf.cards import Card
from doppelkopf.cli import main
from doppelkopf.game import Action, Game, InformationState, Phase
from doppelkopf.players import IllegalPlayerAction, Player, make_player, play_game
from doppelkopf.record import from_json
from doppelkopf.rl.encoding import NUM_ACTIONS, OBS_SIZE, observation, slot
from doppelkopf.rl.gym_env import ENV_ID, DoppelkopfEnv
from doppelkopf.rl.policy import LinearPolicy, PolicyPlayer
from doppelkopf.rules import PRESETS, GameType, Party, get_preset

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # check_env's advice (no spec, no render mode)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_gymnasium_check_env_passes(preset: str) -> None:
    # check_env steps with unmasked random actions: the environment ends the episode on an illegal one
    check_env(DoppelkopfEnv(rules=preset, illegal_action="end"))


def test_check_env_passes_for_the_registered_id_with_its_render_modes() -> None:
    environment = gymnasium.make(f"doppelkopf.rl.gym_env:{ENV_ID}", illegal_action="end", render_mode="ansi")
    check_env(environment.unwrapped)
    check_env(environment)


class Scripted(Player):
    """Plays the learner's actions given, in order, as ``(action, window)``: ``window`` is ``None``
    for an action in its own turn, else the length of ``game.history`` when the wrapper asked the
    learner in an announcement window. :func:`play_game` asks :meth:`react` wherever the seat has
    an out-of-turn action; the next action answers it when the wrapper asked the learner at that
    point (53, nothing out of turn, as ``None``), else the learner was not asked there: ``None``."""

    def __init__(self, game: Game, actions: list[tuple[int, int | None]]) -> None:
        super().__init__("scripted")
        self.game = game
        self.actions = list(actions)

    def choose(self, info: InformationState) -> int:
        action, window = self.actions.pop(0)
        assert window is None, "the wrapper asked the learner in a window here"
        return action

    def react(self, info: InformationState) -> int | None:
        if not self.actions or self.actions[0][1] != len(self.game.history):
            return None
        action, _ = self.actions.pop(0)
        return None if action == Action.PASS else action


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_an_episode_is_the_game_play_game_plays_with_the_same_players(preset: str) -> None:
    """The learner's actions replayed by a scripted player in :func:`play_game`, against the same
    players seeded as the wrapper seeds them, give the same game and the learner's Punkte as reward.
    A window where the learner had only 53 (a forced pass) is left out: ``play_game`` does not ask a
    seat without an out-of-turn action."""
    seat, opponents = 2, ("rules", "random", "rules")
    environment = DoppelkopfEnv(rules=preset, seat=seat, opponents=opponents)
    window = slot("window").start
    rng = np.random.default_rng(0)
    for seed in (21, 22):
        obs, info = environment.reset(seed=seed)
        assert info == {} and environment.deal_seed == seed  # the seed names every hand: not in info
        actions: list[tuple[int, int | None]] = []
        total, done = 0.0, False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(rng.choice(legal))
            assert environment.game is not None
            if obs["observation"][window] == 0.0:
                actions.append((action, None))
            elif list(legal) != [Action.PASS]:
                actions.append((action, len(environment.game.history)))
            obs, reward, done, truncated, _ = environment.step(action)
            total += float(reward)
            assert not truncated
        game = Game.new(get_preset(preset), seed=seed, dealer=0)
        scripted = Scripted(game, actions)
        players: list[Player] = [scripted] * 4
        for k, name in enumerate(opponents, start=1):
            players[(seat + k) % 4] = make_player(name, seed * 4 + (seat + k) % 4)
        play_game(game, players)
        assert environment.game is not None and environment.game.history == game.history
        assert scripted.actions == []  # every action replayed
        assert total == game.score().points[seat]


def test_the_observation_is_the_learners_information_state() -> None:
    environment = DoppelkopfEnv(rules="ddv", seat=3)
    obs, _ = environment.reset(seed=9)
    assert obs["observation"].shape == (OBS_SIZE,) and obs["action_mask"].shape == (NUM_ACTIONS,)
    assert environment.game is not None and environment.game.current_player == 3
    assert np.array_equal(obs["observation"], observation(environment.game.information_state(3)))
    assert sorted(np.flatnonzero(obs["action_mask"])) == environment.game.legal_actions()


def test_an_illegal_action_raises_naming_it_and_the_legal_ones() -> None:
    environment = DoppelkopfEnv(rules="ddv", seat=1)
    environment.reset(seed=4)  # dealer 0: seat 1 answers first
    expected = r"action KrA is not legal for the learner \(seat 1\) now.*legal: vorbehalt:normal"
    with pytest.raises(ValueError, match=expected):
        environment.step(int(Card.KREUZ_ASS))
    assert environment.game is not None and environment.game.history == []  # nothing applied


def test_reset_info_does_not_carry_the_deal() -> None:
    environment = DoppelkopfEnv(rules="ddv", seat=0, opponents=("random", "random", "random"))
    _, info = environment.reset()
    # the seed drawn from np_random rebuilds all four hands: it stays on the env, never in info
    assert info == {}
    assert environment.deal_seed is not None and environment.game is not None
    rebuilt = Game.new(get_preset("ddv"), seed=environment.deal_seed, dealer=0)
    assert rebuilt.initial_hands == environment.game.initial_hands


def test_an_illegal_action_with_end_ends_the_episode_for_good() -> None:
    environment = DoppelkopfEnv(rules="ddv", seat=1, illegal_action="end", illegal_reward=-5.0)
    obs, _ = environment.reset(seed=1)  # dealer 0: seat 1 answers first, a card is not legal
    final, reward, terminated, truncated, info = environment.step(int(Card.KREUZ_ASS))
    assert terminated and not truncated and reward == -5.0 and info == {"illegal_action": int(Card.KREUZ_ASS)}
    assert not final["action_mask"].any()  # nothing is offered in a finished episode
    with pytest.raises(RuntimeError, match="episode is over"):
        environment.step(Action.GESUND)  # legal in the game, but the episode ended
    assert environment.game is not None and environment.game.history == []
    obs, _ = environment.reset(seed=1)
    assert obs["action_mask"][Action.GESUND] == 1
    environment.step(Action.GESUND)  # a new episode plays again


def test_actions_that_are_no_integers_are_refused_not_rounded() -> None:
    environment = DoppelkopfEnv(rules="ddv", seat=1)
    environment.reset(seed=4)
    for bad in (0.9, 32.7, True, None, "x"):
        with pytest.raises(ValueError, match="is not an integer action id 0..119"):
            environment.step(bad)
    assert environment.game is not None and environment.game.history == []
    environment.step(np.int64(Action.GESUND))  # numpy integers are integers
    assert environment.game.history[0] == (1, Action.GESUND)


def test_a_misbehaving_opponent_is_named_without_its_cards() -> None:
    class Cheat(Player):
        def choose(self, info: InformationState) -> int:
            return int(Card.KREUZ_ASS)  # a card in the Vorbehaltsabfrage: never legal

    environment = DoppelkopfEnv(rules="ddv", seat=0, opponents=("random", "random", "random"))
    environment.reset(seed=3)
    game = Game.new(get_preset("ddv"), seed=5, dealer=0)
    environment.game = game
    environment.players = [None, Cheat("Schummler"), None, None]
    with pytest.raises(IllegalPlayerAction, match=r"player 'Schummler' \(seat 1\) chose KrA, which is not legal") as e:
        environment._advance()
    assert "legal:" not in str(e.value)  # seat 1's legal actions would show the learner its cards later on


def test_reset_options_choose_the_dealer_and_opponent_options_go_per_seat(tmp_path: Path) -> None:
    environment = DoppelkopfEnv(rules="ddv", seat=0, opponents=("random", "random", "random"))
    environment.reset(seed=3, options={"dealer": 2})
    assert environment.dealer == 2 and environment.game is not None and environment.game.dealer == 2
    environment.reset(seed=4)  # the dealer stays until changed
    assert environment.game is not None and environment.game.dealer == 2
    with pytest.raises(ValueError, match="dealer: 7"):
        environment.reset(options={"dealer": 7})
    path = tmp_path / "zero.npz"
    LinearPolicy.zeros().save(path)
    per_seat = DoppelkopfEnv(opponents=("policy", "rules", "rules"), opponent_options=({"weights": str(path)}, {}, {}))
    per_seat.reset(seed=1)
    assert isinstance(per_seat.players[1], PolicyPlayer)
    with pytest.raises(ValueError, match="bad option|unexpected|weights"):
        DoppelkopfEnv(opponents=("policy", "rules", "rules"), opponent_options={"weights": str(path)})
    with pytest.raises(ValueError, match="opponent_options: one mapping"):
        DoppelkopfEnv(opponent_options=({}, {}))


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="seat: 4"):
        DoppelkopfEnv(seat=4)
    for bad in (1.0, True):
        with pytest.raises(ValueError, match="seat: "):
            DoppelkopfEnv(seat=bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="dealer: "):
            DoppelkopfEnv(dealer=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="opponents: need three"):
        DoppelkopfEnv(opponents=("rules", "rules"))
    with pytest.raises(ValueError, match="unknown name 'nobody'"):
        DoppelkopfEnv(opponents=("rules", "nobody", "rules"))


# -- the policy and the player "policy" -------------------------------------------------------------


def test_a_policy_saved_and_loaded_plays_the_same(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    policy = LinearPolicy(rng.normal(size=(NUM_ACTIONS, OBS_SIZE)), rng.normal(size=NUM_ACTIONS))
    path = tmp_path / "p.npz"
    policy.save(path)
    loaded = LinearPolicy.load(path)
    assert np.array_equal(loaded.weights, policy.weights) and np.array_equal(loaded.bias, policy.bias)
    obs = observation(Game.new("ddv", seed=1).information_state(1))
    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[[Action.GESUND, Action.vorbehalt(GameType.KREUZ), Action.vorbehalt(GameType.DAMEN)]] = 1
    probs = loaded.probabilities(obs, mask)
    assert probs.sum() == pytest.approx(1.0) and probs[mask == 0].sum() == 0.0
    assert np.allclose(probs, policy.probabilities(obs, mask))
    draws = [loaded.act(obs, mask, np.random.default_rng(7)) for _ in range(3)]
    assert draws == [policy.act(obs, mask, np.random.default_rng(7)) for _ in range(3)]
    assert set(draws) <= {Action.GESUND, Action.vorbehalt(GameType.KREUZ), Action.vorbehalt(GameType.DAMEN)}


def test_the_softmax_of_hand_made_logits() -> None:
    # bias only: logits 0 and ln 3 for two legal actions give probabilities 1/4 and 3/4
    bias = np.zeros(NUM_ACTIONS, np.float32)
    bias[Action.BID] = np.log(3.0)
    policy = LinearPolicy(np.zeros((NUM_ACTIONS, OBS_SIZE), np.float32), bias)
    mask = np.zeros(NUM_ACTIONS, np.int8)
    mask[[Action.BID, Action.PASS]] = 1
    probs = policy.probabilities(np.zeros(OBS_SIZE, np.float32), mask)
    assert probs[Action.BID] == pytest.approx(0.75) and probs[Action.PASS] == pytest.approx(0.25)
    assert policy.act(np.zeros(OBS_SIZE, np.float32), mask, np.random.default_rng(0), greedy=True) == Action.BID
    with pytest.raises(ValueError, match="mask: no legal action"):
        policy.probabilities(np.zeros(OBS_SIZE, np.float32), np.zeros(NUM_ACTIONS, np.int8))


def test_the_player_policy_follows_its_weights_in_a_whole_game(tmp_path: Path) -> None:
    # weights that prefer "gesund" above all, then the card held in the own hand with the highest value
    # (by the hand slot): the player says gesund and always plays a legal card
    weights = np.zeros((NUM_ACTIONS, OBS_SIZE), np.float32)
    hand = slot("hand")
    for card in range(24):
        weights[card, hand.start + card] = 1.0 + card / 100  # Karo-Neun (23) preferred when legal
    bias = np.zeros(NUM_ACTIONS, np.float32)
    bias[Action.GESUND] = 10.0
    path = tmp_path / "w.npz"
    LinearPolicy(weights, bias).save(path)
    player = make_player("policy", 5, weights=str(path))
    assert isinstance(player, PolicyPlayer)
    seen: list[tuple[InformationState, int]] = []

    class Watching(Player):
        def choose(self, info: InformationState) -> int:
            action = player.choose(info)
            seen.append((info, action))
            return action

    others = [make_player("rules", s) for s in (1, 2, 3)]
    game = play_game(Game.new("ddv", seed=8), [Watching(), *others])
    assert game.is_terminal
    assert seen[0][1] == Action.GESUND
    for info, action in seen[1:]:
        cards = [a for a in info.legal_actions if Action.is_card(a)]
        # the largest legal card value held once or twice: its logit is (copies / 2) * (1 + card / 100)
        best = max(cards, key=lambda c: (info.hand.count(c) / 2) * (1 + c / 100))
        assert action == best


def test_the_player_policy_without_weights_plays_and_a_bad_file_is_named(tmp_path: Path) -> None:
    game = play_game(Game.new("ddv", seed=2), [make_player("policy", s) for s in range(4)])
    assert game.is_terminal
    with pytest.raises(ValueError, match="weights: cannot read"):
        make_player("policy", 0, weights=str(tmp_path / "missing.npz"))
    wrong = tmp_path / "wrong.npz"
    np.savez(wrong, weights=np.zeros((3, 3)))
    with pytest.raises(ValueError, match="weights: .*wrong.npz is no doppelkopf-linear-policy-1 file"):
        make_player("policy", 0, weights=str(wrong))
    single = tmp_path / "single.npy"
    np.save(single, np.zeros(3))
    with pytest.raises(ValueError, match="weights: .*single.npy is no .npz file"):
        make_player("policy", 0, weights=str(single))
    text = tmp_path / "notes.txt"
    text.write_text("not weights")
    with pytest.raises(ValueError, match="weights: cannot read .*notes.txt: not a doppelkopf-linear-policy-1 .npz"):
        make_player("policy", 0, weights=str(text))
    zeros = LinearPolicy.zeros()
    header: dict[str, Any] = {
        "format": np.array("doppelkopf-linear-policy-1"),
        "obs_size": np.array(OBS_SIZE),
        "num_actions": np.array(NUM_ACTIONS),
    }
    short_bias = tmp_path / "short_bias.npz"
    np.savez(short_bias, weights=zeros.weights, bias=np.zeros(7), **header)
    with pytest.raises(ValueError, match=r"weights: .*short_bias.npz: bias: shape \(7,\)"):
        make_player("policy", 0, weights=str(short_bias))
    nan = tmp_path / "nan.npz"
    broken = zeros.weights.copy()
    broken[0, 0] = np.nan
    np.savez(nan, weights=broken, bias=zeros.bias, **header)
    with pytest.raises(ValueError, match="weights: .*nan.npz: weights: holds values that are not finite"):
        make_player("policy", 0, weights=str(nan))
    for bad in ("no", "maybe", 1):
        with pytest.raises(ValueError, match="greedy: expected true or false"):
            make_player("policy", 0, greedy=bad)


def test_doko_arena_plays_the_policy_from_its_weights_file(tmp_path: Path) -> None:
    # bias for "gesund" only: the policy never declares a solo, and says so in the arena's table
    bias = np.zeros(NUM_ACTIONS, np.float32)
    bias[Action.GESUND] = 10.0
    path = tmp_path / "gesund.npz"
    LinearPolicy(np.zeros((NUM_ACTIONS, OBS_SIZE), np.float32), bias).save(path)
    args = ["arena", "--candidate", "policy", "--candidate-option", f"weights={path}", "--reference", "rules"]
    result = CliRunner().invoke(main, [*args, "--deals", "2", "--jobs", "1", "--no-records", "--json", "-"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["candidate"] == {"name": "policy", "options": {"weights": str(path)}}
    assert report["players"]["candidate"]["seat_games"] == 8
    assert report["players"]["candidate"]["solos"]["played"] == 0
    bad = CliRunner().invoke(main, ["arena", "--candidate", "policy", "--candidate-option", "weights=nowhere.npz"])
    assert bad.exit_code != 0 and "weights: cannot read nowhere.npz" in bad.output


def announcing_policy(path: Path, bias_on: dict[int, float]) -> Path:
    """Save a policy with zero weights and the given biases (gesund always first): the greedy
    player takes the legal action with the largest bias."""
    bias = np.zeros(NUM_ACTIONS, np.float32)
    bias[Action.GESUND] = 10.0
    for action, value in bias_on.items():
        bias[action] = value
    LinearPolicy(np.zeros((NUM_ACTIONS, OBS_SIZE), np.float32), bias).save(path)
    return path


def test_the_player_policy_announces_out_of_turn_as_in_a_window_under_doppelbock(tmp_path: Path) -> None:
    """Worked out by hand: doppelbock, dealer 0, seat 1 leads; seats 1 and 3 hold a Kreuz-Dame each
    (Re). The policy at seat 3 prefers Re/Kontra (bias 5) to 53 (0) and every card (0): asked by
    play_game's ``react`` before seat 1's first card (after seat 2, a "rules" player, said nothing
    or Kontra), its window's actions are Re and 53, so it says Re out of turn, 12 cards in hand.
    With 53 preferred instead (bias 5) it never acts out of turn: ``react`` maps 53 to ``None``."""
    seat1 = [int(Card.parse(c)) for c in "KrD PiD HeD KrB PiB HeB KaA KrA Kr10 PiA HeA Ka10".split()]
    seat3 = [int(Card.parse(c)) for c in "KrD PiD HeD KrB PiB HeB KaB KaK KrK PiK HeK Ka9".split()]
    rest = [c for c in range(24) for _ in range(2)]
    for card in seat1 + seat3:
        rest.remove(card)
    hands = [rest[0::2], seat1, rest[1::2], seat3]
    rules = get_preset("doppelbock")
    calls: list[tuple[int, int | None]] = []  # (current player, answer) of each react call

    class Watching(Player):
        def __init__(self, inner: PolicyPlayer) -> None:
            super().__init__("watching")
            self.inner = inner

        def choose(self, info: InformationState) -> int:
            return self.inner.choose(info)

        def react(self, info: InformationState) -> int | None:
            answer = self.inner.react(info)
            calls.append((info.current_player, answer))
            return answer

    eager = make_player("policy", 3, weights=str(announcing_policy(tmp_path / "re.npz", {Action.ANNOUNCE_BASE: 5.0})))
    assert isinstance(eager, PolicyPlayer)
    game = play_game(Game(rules, hands, 0), [*(make_player("rules", s) for s in range(3)), Watching(eager)])
    assert game.is_terminal and calls
    assert calls[0] == (1, Action.ANNOUNCE_BASE)  # the first window, before any card: Re out of turn
    ours = [a for a in game.announcements if a.seat == 3]
    assert [(a.party, a.level, a.cards_in_hand) for a in ours[:1]] == [(Party.RE, 1, 12)]

    calls.clear()
    waiting = make_player("policy", 3, weights=str(announcing_policy(tmp_path / "pass.npz", {Action.PASS: 5.0})))
    assert isinstance(waiting, PolicyPlayer)
    game = play_game(Game(rules, hands, 0), [*(make_player("rules", s) for s in range(3)), Watching(waiting)])
    assert game.is_terminal and calls and all(answer is None for _, answer in calls)


def test_the_player_policy_announces_only_in_its_own_turn_under_ddv(tmp_path: Path) -> None:
    """Under deadlines counted in cards in hand the RL interfaces open no windows: the policy's
    ``react`` is ``None`` even where the engine would take its announcement out of turn."""
    path = announcing_policy(tmp_path / "re.npz", {Action.ANNOUNCE_BASE + k: 5.0 for k in range(5)})
    player = make_player("policy", 1, weights=str(path))
    asked: list[int | None] = []

    class Watching(Player):
        def choose(self, info: InformationState) -> int:
            return player.choose(info)

        def react(self, info: InformationState) -> int | None:
            asked.append(player.react(info))
            return asked[-1]

    for seed in range(3):
        game = play_game(Game.new("ddv", seed=seed), [Watching("w"), *(make_player("rules", s) for s in (1, 2, 3))])
        assert game.is_terminal
    assert asked and set(asked) == {None}


def test_doko_arena_under_doppelbock_lets_the_policy_announce_out_of_turn(tmp_path: Path) -> None:
    """The arena's records, replayed: the policy (preferring every announcement to 53 and to any
    card) announces while another seat is to move, which only ``react`` can do."""
    path = announcing_policy(tmp_path / "eager.npz", {Action.ANNOUNCE_BASE + k: 5.0 for k in range(5)})
    records = tmp_path / "r.jsonl"
    args = ["arena", "--candidate", "policy", "--candidate-option", f"weights={path}", "--reference", "rules"]
    args += ["--rules", "doppelbock", "--deals", "1", "--jobs", "1", "--records", str(records), "--json", "-"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    out_of_turn = 0
    for line in records.read_text().splitlines():
        record = from_json(line)
        candidate = record.meta["candidate_seat"]
        game = Game(record.rules, record.hands, record.dealer, record.seed, record.pflichtsolo_done)
        for seat, action in record.actions:
            if seat == candidate and Action.is_announcement(action) and seat != game.current_player:
                out_of_turn += 1
            game.apply(action, seat)
    assert out_of_turn > 0


def test_a_deal_thrown_in_by_the_learner_ends_the_episode_with_zero() -> None:
    # doppelbock: Schmeissen with five nines or no trump above the Fuchs. With dealer 0 the learner at
    # seat 0 answers last, so its Schmeissen settles the Vorbehalte at once (unless a solo came first).
    environment = DoppelkopfEnv(rules="doppelbock", seat=0)
    for seed in range(3000):
        obs, _ = environment.reset(seed=seed)
        if not obs["action_mask"][Action.SCHMEISSEN]:
            continue
        obs, reward, terminated, truncated, info = environment.step(Action.SCHMEISSEN)
        assert environment.game is not None
        if environment.game.thrown_in:
            assert terminated and not truncated and reward == 0.0 and info["points"] == (0, 0, 0, 0)
            assert not obs["action_mask"].any() and obs["observation"][slot("thrown_in").start] == 1.0
            return
    pytest.fail("no deal among 3000 where the learner could throw in")


def test_under_doppelbock_the_learner_playing_third_gets_a_window_to_announce_in_time() -> None:
    """doppelbock (deadlines counted in tricks: Re/Kontra in time while the first trick holds at most
    one card), dealer 0: seat 1 leads, the learner at seat 3 plays third. Before the first card it
    is asked in a window (after seat 2's react), with its party's announcement and 53; it says it,
    and the game plays on to the learner's Punkte."""
    window = slot("window").start
    checked = 0
    for seed in range(8):
        environment = DoppelkopfEnv(rules="doppelbock", seat=3, opponents=("rules", "rules", "rules"))
        obs, _ = environment.reset(seed=seed)
        game = environment.game
        assert game is not None and obs["observation"][window] == 0.0
        obs, *_ = environment.step(Action.GESUND)
        if game.phase is not Phase.PLAY or game.game_type is not GameType.NORMAL or game.announcements:
            continue  # a Vorbehalt of another seat, or seat 2 announced first: not this case
        checked += 1
        assert game.current_player == 1 and game.trick_cards == []  # nobody has played yet
        assert obs["observation"][window] == 1.0
        assert set(np.flatnonzero(obs["action_mask"])) == {Action.ANNOUNCE_BASE, Action.PASS}
        obs, *_ = environment.step(Action.ANNOUNCE_BASE)
        assert [(a.seat, a.level) for a in game.announcements][:1] == [(3, 1)]
        total, done = 0.0, False
        rng = np.random.default_rng(seed)
        while not done:
            in_window = obs["observation"][window] == 1.0
            legal = np.flatnonzero(obs["action_mask"])
            assert (Action.PASS in legal) == in_window  # 53 only in a window (no bidding here)
            action = Action.PASS if in_window else int(rng.choice([a for a in legal if a < Action.ANNOUNCE_BASE]))
            obs, reward, done, _, _ = environment.step(action)
            total += float(reward)
        assert total == game.score().points[3]
    assert checked >= 2


def test_under_ddv_the_learner_never_gets_a_window() -> None:
    window = slot("window").start
    environment = DoppelkopfEnv(rules="ddv", seat=2, opponents=("random", "random", "random"))
    rng = np.random.default_rng(1)
    for seed in range(3):
        obs, _ = environment.reset(seed=seed)
        done = False
        while not done:
            assert obs["observation"][window] == 0.0
            game = environment.game
            assert game is not None and game.current_player == 2
            assert sorted(np.flatnonzero(obs["action_mask"])) == game.legal_actions()
            obs, _, done, _, _ = environment.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
