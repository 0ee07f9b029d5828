"""Inference over hidden hands: deals weighted by the likelihood of the observed play."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from doppelkopf.game import Action, Game, InformationState, Phase
from doppelkopf.players.base import HandSampler, unseen_cards
from doppelkopf.players.inference import (
    RulePolicyModel,
    WeightedSampler,
    card_placement_probabilities,
    effective_sample_size,
    normalized_weights,
    play_log_likelihood,
    true_placement_scores,
)
from doppelkopf.players.rules_player import RuleBasedPlayer
from doppelkopf.rules import DDV


def _self_play_until(seed: int, cards: int) -> Game:
    """A game of four rule players under DDV stopped after ``cards`` cards."""
    game = Game.new(DDV, seed=seed, dealer=seed % 4)
    players = [RuleBasedPlayer(s) for s in range(4)]
    for s, p in enumerate(players):
        p.reset(s, DDV, seed)
    played = 0
    while played < cards and game.phase is not Phase.FINISHED:
        s = game.current_player
        action = players[s].choose(game.information_state(s))
        game.apply(action, s)
        played += Action.is_card(action)
    return game


def _positions(seeds: range, cards: int) -> list[tuple[InformationState, list[list[int]]]]:
    out = []
    for seed in seeds:
        game = _self_play_until(seed, cards)
        if game.phase is not Phase.PLAY:
            continue
        for seat in range(4):
            out.append((game.information_state(seat), [list(h) for h in game.hands]))
    return out


def test_epsilon_outside_range_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="epsilon"):
        RulePolicyModel(epsilon=0.0)
    with pytest.raises(ValueError, match="epsilon"):
        RulePolicyModel(epsilon=1.5)


def test_the_model_gives_the_rule_players_choice_most_and_sums_to_one() -> None:
    game = _self_play_until(4, 5)
    info = game.information_state(game.current_player)
    model = RulePolicyModel(epsilon=0.2)
    probs = {a: model.probability(info, a) for a in info.legal_actions}
    assert math.isclose(sum(probs.values()), 1.0)
    chosen = RuleBasedPlayer(0)
    chosen.reset(info.seat, DDV, None)
    assert max(probs, key=lambda a: probs[a]) == chosen.choose(info)
    assert min(probs.values()) > 0  # a deviation stays possible


def test_nothing_observed_gives_every_deal_the_same_weight() -> None:
    game = Game.new(DDV, seed=9, dealer=0)
    info = game.information_state(1)  # the first seat to answer: no other seat has acted
    sampler = WeightedSampler(info, RulePolicyModel(), random.Random(0), candidates=8)
    assert all(w == 0.0 for w in sampler.log_weights)
    assert sampler.effective_size == pytest.approx(8)


def test_weighted_deals_keep_the_hard_constraints() -> None:
    game = _self_play_until(2, 14)
    info = game.information_state(3)
    sampler = WeightedSampler(info, RulePolicyModel(), random.Random(1), candidates=10)
    assert math.isclose(sum(sampler.weights), 1.0)
    deal = sampler.sample(random.Random(2))
    assert deal[3] == sorted(info.hand)
    assert [len(h) for h in deal] == list(info.hand_sizes)
    others = Counter(c for s in range(4) if s != 3 for c in deal[s])
    assert others == Counter(unseen_cards(info))


def test_true_deal_explains_the_play_better_than_uniform_deals() -> None:
    # self-play of rule players: the model is the players' own policy, so the true deal should
    # be far more likely than deals drawn only under the hard constraints
    rng = random.Random(5)
    model = RulePolicyModel(epsilon=0.1)
    true_ll: list[float] = []
    drawn_ll: list[float] = []
    for info, true in _positions(range(2), 16):
        true_ll.append(play_log_likelihood(info, true, model))
        sampler = HandSampler(info)
        drawn_ll.extend(play_log_likelihood(info, sampler.sample(rng), model) for _ in range(5))
    assert sum(true_ll) / len(true_ll) > sum(drawn_ll) / len(drawn_ll) + 1.0


def test_weighting_places_more_hidden_cards_right_in_self_play() -> None:
    rng = random.Random(7)
    uniform = weighted = 0.0
    positions = _positions(range(3), 16)
    for info, true in positions:
        sampler = WeightedSampler(info, RulePolicyModel(epsilon=0.3), rng, candidates=30, power=0.3)
        flat = [1.0 / len(sampler.deals)] * len(sampler.deals)
        uniform += true_placement_scores(info, true, card_placement_probabilities(info, sampler.deals, flat))[1]
        weighted += true_placement_scores(
            info, true, card_placement_probabilities(info, sampler.deals, sampler.weights)
        )[1]
    assert weighted > uniform


def test_weights_from_log_weights() -> None:
    assert normalized_weights([0.0, math.log(3.0)]) == pytest.approx([0.25, 0.75])
    assert normalized_weights([-math.inf, -math.inf]) == [0.5, 0.5]
    assert effective_sample_size([0.5, 0.5]) == pytest.approx(2.0)
    assert effective_sample_size([1.0, 0.0]) == pytest.approx(1.0)


def test_card_epsilon_one_makes_the_card_play_tell_nothing() -> None:
    game = _self_play_until(4, 4)  # a new trick: the leader may lead any card
    info = game.information_state(game.current_player)
    cards = [a for a in info.legal_actions if Action.is_card(a)]
    assert len(cards) > 1
    model = RulePolicyModel(epsilon=0.1, epsilon_cards=1.0)
    for card in cards:
        assert model.probability(info, card) == pytest.approx(1.0 / len(info.legal_actions))
    with pytest.raises(ValueError, match="epsilon_cards"):
        RulePolicyModel(epsilon_cards=0.0)


def test_particle_filter_keeps_particles_and_scores_them_as_from_scratch() -> None:
    from doppelkopf.players.inference import ParticleFilter

    rng = random.Random(3)
    model = RulePolicyModel(epsilon=0.2)
    pf = ParticleFilter(model, particles=6, power=0.5)
    seat = 1
    calls = []
    for cards in (12, 16):
        info = _self_play_until(6, cards).information_state(seat)
        before = pf.stats["model_calls"]
        pf.update(info, rng)
        calls.append(pf.stats["model_calls"] - before)
        assert len(pf.deals) == 6
        for deal, log_weight in zip(pf.deals, pf.log_weights, strict=True):
            assert deal[seat] == sorted(info.hand)
            assert Counter(c for s in range(4) if s != seat for c in deal[s]) == Counter(unseen_cards(info))
            assert log_weight == pytest.approx(play_log_likelihood(info, deal, model))
        assert math.isclose(sum(pf.weights), 1.0)
    # the second update scores only the steps since the first for the particles kept
    assert calls[1] < calls[0]
