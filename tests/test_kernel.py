"""The compiled kernel (doppelkopf.fast) agrees with the reference engine (doppelkopf.game).

Every kernel game is replayed through the engine from the kernel's deal: all four seats say gesund,
the recorded cards are applied in order (the engine checks each is legal, Bedienpflicht TSR 5.2,
and that it is the seat's turn), and every trick (cards, seats, winner), the Augen and the Punkte of
every seat must be the engine's. The large sample runs with ``python3 bench/bench_speed.py --agree N``.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

pytest.importorskip("numba")

from doppelkopf.cards import Card  # noqa: E402
from doppelkopf.fast.kernel import (  # noqa: E402
    KernelGames,
    KernelMismatch,
    Position,
    check_against_engine,
    random_games,
    rollout_values,
    rollouts,
)
from doppelkopf.fast.tables import KernelUnsupported, game_tables  # noqa: E402
from doppelkopf.game import Action, Game  # noqa: E402
from doppelkopf.rules import DDV, GameType, Party, RuleError, RuleSet, get_preset  # noqa: E402


def replay_kernel_game(rules: RuleSet, games: KernelGames, i: int, announcements: tuple[int, int] = (0, 0)) -> Game:
    """Replay kernel game ``i`` through the engine (check_against_engine) and check the tricks
    card by card here too."""
    game = check_against_engine(rules, games, i, announcements)
    assert games.plays is not None and games.winners is not None
    for t, trick in enumerate(game.tricks):
        assert list(trick.cards) == [int(c) for c in games.plays[i, 4 * t : 4 * t + 4]]
        assert trick.winner == int(games.winners[i, t])
    assert game.score().points == tuple(int(p) for p in games.points[i])
    return game


@pytest.mark.parametrize(
    ("preset", "n"),
    [("ddv", 300), ("ohne-neunen", 300), ("vier-schritte", 150)],
)
def test_kernel_games_replay_through_the_engine(preset: str, n: int) -> None:
    rules = get_preset(preset)
    games = random_games(rules, n, seed=11, record=True)
    stille = 0
    for i in range(n):
        game = replay_kernel_game(rules, games, i)
        stille += game.game_type is GameType.STILLE_HOCHZEIT
    assert (games.points.sum(axis=1) == 0).all()
    assert 0 < stille < n / 2  # about 11/47 of the deals hold a Stille Hochzeit


def test_house_options_agree() -> None:
    """Dulle options, Schweine announced at the Vorbehalt or with the first Karo-Ass, Superschweine,
    Feigheit, Karlchen gefangen, Fuchs am End and the whole seed 002 preset with its Pflichtansage:
    house options replayed game by game."""
    variants = [
        DDV.replace(dulle="second", schweine="on", schweine_announce="first_play", superschweine=True),
        DDV.replace(
            dulle="second_except_last",
            schweine="on",
            schweine_announce="vorbehalt",
            superschweine=True,
            feigheit=True,
            superfeigheit=True,
            sonderpunkte=("doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen", "fuchs_am_end"),
            stille_hochzeit_as="normal",
        ),
        get_preset("doppelbock"),
    ]
    for rules in variants:
        games = random_games(rules, 120, seed=5, record=True)
        for i in range(120):
            replay_kernel_game(rules, games, i)


def test_announcements_given_as_input_are_scored() -> None:
    """Re announced keine 90 and Kontra announced Kontra before the first card: every game scored
    as the engine scores it with those announcements."""
    rules = get_preset("ddv")
    games = random_games(rules, 120, seed=3, record=True, announcements=(2, 1))
    for i in range(120):
        replay_kernel_game(rules, games, i, announcements=(2, 1))


def test_same_seed_same_games_and_a_uniform_deal() -> None:
    rules = get_preset("ddv")
    a = random_games(rules, 2000, seed=9, record=True)
    b = random_games(rules, 2000, seed=9, record=True)
    assert a.deal is not None and b.deal is not None
    assert (a.deal == b.deal).all() and (a.points == b.points).all()
    # uniform deal: each seat holds each of the 24 cards with probability 1/4 per copy, so on average
    # 0.5 copies of each card; 2000 deals give a standard error of about 0.011 per mean
    for seat in range(4):
        hand = a.deal[:, seat * 12 : (seat + 1) * 12]
        for card in range(24):
            mean = (hand == card).sum() / 2000
            assert abs(mean - 0.5) < 0.06
    # a Stille Hochzeit: one hand holds both Kreuz-Damen: 4 * (11/47) / 4 = 11/47 of the deals
    share = (a.game_type == GameType.STILLE_HOCHZEIT).mean()
    assert abs(share - 11 / 47) < 0.03


def test_a_wrong_kernel_result_is_caught() -> None:
    """The replay check is no rubber stamp: a changed trick winner or Punkte value is reported."""
    rules = get_preset("ddv")
    games = random_games(rules, 3, seed=4, record=True)
    assert games.winners is not None
    games.winners[1, 5] = (games.winners[1, 5] + 1) % 4
    with pytest.raises(KernelMismatch, match="kernel game 1: trick 6"):
        check_against_engine(rules, games, 1)
    games.points[2] = -games.points[2] + 1
    with pytest.raises(KernelMismatch, match="Punkte"):
        check_against_engine(rules, games, 2)


def test_pflichtansage_is_made_and_scored() -> None:
    """Seed 002: the winner of a first trick with 30 or more Augen must announce; the kernel makes the
    Ansage, the engine asks for it, and the Punkte count it (Re angesagt: 2 more Punkte)."""
    rules = get_preset("doppelbock")
    games = random_games(rules, 200, seed=8, record=True)
    assert games.pflicht is not None
    assert (games.pflicht >= 0).sum() > 20
    for i in range(200):
        game = check_against_engine(rules, games, i)
        made = games.pflicht[i] >= 0
        assert made == any(not a.by_bid for a in game.announcements)


def test_options_the_kernel_does_not_know_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """An option the kernel does not mirror, away from its DDV default, is refused by name."""
    import doppelkopf.fast.tables as tables

    monkeypatch.setitem(tables._REFUSED, "solo_bonus", "a test refusal")
    with pytest.raises(KernelUnsupported, match="solo_bonus"):
        random_games(DDV.replace(solo_bonus=1), 10, seed=1)
    random_games(DDV, 10, seed=1)  # the default value is fine
    with pytest.raises(RuleError, match="announcement levels"):
        game_tables(DDV, ((GameType.NORMAL, 2),), levels=(6, 0))


# -- rollouts ----------------------------------------------------------------------------------------------------


def _play_to(rules: RuleSet, seed: int, cards_left: int) -> Game:
    """An engine game played with random cards (no announcements but a Pflichtansage) until
    ``cards_left`` cards are left to play in all."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed, dealer=seed % 4)
    for _ in range(4):
        game.apply(Action.GESUND)
    played = 0
    while played < rules.hand_size * 4 - cards_left:
        options = [a for a in game.legal_actions() if a < 24 or a == Action.SCHWEINE]
        action = rng.choice(options) if options else Action.announce(1)  # a Pflichtansage (seed 002)
        game.apply(action)
        played += action < 24
    return game


def _exact_expectation(game: Game) -> tuple[float, ...]:
    """Expected Punkte per seat when every remaining card is uniform among the distinct legal
    cards (a Karo-Ass behind the Schweine action counts as one of them), by the engine."""
    if game.is_terminal:
        return tuple(float(p) for p in game.score().points)
    legal = game.legal_actions()
    cards = sorted({a for a in legal if a < 24} | ({18} if Action.SCHWEINE in legal else set()))
    total = [0.0] * 4
    for card in cards:
        nxt = game.clone()
        if card not in nxt.legal_actions():
            nxt.apply(Action.SCHWEINE)
        nxt.apply(card)
        for s, v in enumerate(_exact_expectation(nxt)):
            total[s] += v / len(cards)
    return tuple(total)


@pytest.mark.parametrize("preset", ["ddv", "ohne-neunen", "doppelbock"])
def test_rollouts_with_one_continuation_give_the_engine_score(preset: str) -> None:
    """In the last trick every card is forced: the rollout is the engine's game exactly."""
    rules = get_preset(preset)
    for seed, left in itertools.product(range(12), (4, 3, 2, 1)):
        game = _play_to(rules, seed, left)
        end = game.clone()
        while not end.is_terminal:
            end.apply(next(a for a in end.legal_actions() if a < 24))
        values, augen = rollouts(Position.of_game(game), 3, seed=seed)
        assert tuple(values) == tuple(float(p) for p in end.score().points)
        re = end.summary().augen_re
        assert tuple(augen) == tuple(float(re if end.party[s] is Party.RE else 240 - re) for s in range(4))


@pytest.mark.parametrize("preset", ["ddv", "ohne-neunen"])
def test_rollout_mean_matches_the_exact_expectation(preset: str) -> None:
    """With two or three tricks left the expectation of uniform random play is enumerated through the
    engine; 20,000 kernel rollouts must come within five standard errors of it."""
    rules = get_preset(preset)
    k = 20_000
    for seed in range(4):
        game = _play_to(rules, 100 + seed, 8 + seed % 2 * 3)
        exact = _exact_expectation(game)
        values = rollout_values(game, k, seed=seed)
        assert abs(sum(values)) < 1e-9
        # Punkte of one game lie within -30..30 Punkte here, so the standard error is below 30 / sqrt(k)
        for s in range(4):
            assert abs(values[s] - exact[s]) <= 5 * 30 / math.sqrt(k) or values[s] == pytest.approx(exact[s])


def test_rollouts_count_a_pflichtansage_that_is_due() -> None:
    """Seed 002: after a first trick of 30 or more Augen its winner must announce before leading;
    a position taken then counts that party's Ansage as made, and its rollouts score it (a lone
    continuation, the last trick, gives exactly the engine's Punkte with the Ansage)."""
    rules = get_preset("doppelbock")
    seen = 0
    for seed in range(40):
        game = _play_to(rules, seed, rules.hand_size * 4 - 4)
        seat = game.current_player
        if game.must_announce != seat or any(a < 24 for a in game.legal_actions(seat)):
            continue
        seen += 1
        position = Position.of_game(game)
        assert position.levels[game.party[seat]] == 1
        values = rollout_values(game, 2000, seed=seed)
        assert abs(values.sum()) < 1e-9
        # Augen can only add Punkte for Re's Ansage: 2 Punkte "Re angesagt" or "Kontra angesagt"
        game.apply(Action.announce(1), seat)
        assert (rollout_values(game, 2000, seed=seed) == values).all()
    assert seen >= 3


def test_greedy_policy_plays_legal_games() -> None:
    """The greedy policy's continuations are zero-sum; from a position with one continuation they
    give the engine's score like the random ones."""
    rules = get_preset("ddv")
    game = _play_to(rules, 7, 20)
    values = rollout_values(game, 500, seed=1, policy="greedy")
    assert abs(values.sum()) < 1e-9
    last = _play_to(rules, 8, 3)
    assert (rollout_values(last, 5, seed=2, policy="greedy") == rollout_values(last, 5, seed=3)).all()
    with pytest.raises(ValueError, match="policy"):
        rollout_values(game, 5, seed=1, policy="clever")


@pytest.mark.parametrize(
    ("preset", "n"), [("ddv", 150), ("doppelbock", 150), ("ohne-neunen", 150), ("vier-schritte", 80)]
)
def test_informed_policy_games_replay_through_the_engine(preset: str, n: int) -> None:
    """The informed policy (an option of the search's card rollouts) plays only cards the engine allows, and its
    tricks, Augen and Punkte are the engine's, under every preset (Schweine, Pflichtansage, Dulle)."""
    rules = get_preset(preset)
    games = random_games(rules, n, seed=15, record=True, policy="informed")
    for i in range(n):
        replay_kernel_game(rules, games, i)
    assert (games.points.sum(axis=1) == 0).all()


def test_informed_policy_schmiert_only_onto_a_safe_trick() -> None:
    """Replayed in the engine (DDV: no Schweine, no Pflichtansage): whenever an informed rollout
    puts a card of 10 or more Augen on a trick its party holds though it had a cheaper card, no
    seat of the other party still to play could take the trick with a card it may play; and a seat
    that follows last takes a trick of the other party whenever it can (the weakest card that takes
    it), and a seat that leads a card no seat of the other party can take leads such a sure card
    with the most Augen. The informed policy sees all hands, as a rollout does."""
    from doppelkopf.order import dulle_rule_says_second, winner_index

    rules = DDV
    games = random_games(rules, 60, seed=3, record=True, policy="informed")
    assert games.plays is not None and games.seats is not None
    schmiert = took_last = led_sure = 0
    for i in range(60):
        game = Game(rules, games.hands(i), int(games.dealer[i]))
        for _ in range(4):
            game.apply(Action.GESUND)
        for pos in range(games.plays.shape[1]):
            card, seat = int(games.plays[i, pos]), int(games.seats[i, pos])
            trick = list(game.trick_cards)
            legal = [a for a in game.legal_actions(seat) if a < 24]
            second = dulle_rule_says_second(rules.dulle, len(game.tricks) == rules.hand_size - 1)
            if trick:
                holder = (seat - len(trick) + winner_index(game.order, trick, second)) % 4
                ours = game.party[holder] is game.party[seat]
                augen = {c: Card(c).augen for c in legal}
                if ours and augen[card] >= 10 and min(augen.values()) < augen[card]:
                    schmiert += 1
                    after = game.clone()
                    after.apply(card)
                    for k in range(1, 4 - len(trick)):
                        other = (seat + k) % 4
                        answers = [a for a in after.legal_actions(other) if a < 24]
                        if game.party[other] is not game.party[seat]:
                            for x in answers:
                                assert winner_index(game.order, [*trick, card, x], second) != len(trick) + 1, (i, x)
                        after.apply(answers[0])  # any card: the next seat's Bedienpflicht depends on the led card only
                if not ours and len(trick) == 3:
                    takers = [c for c in legal if winner_index(game.order, [*trick, c], second) == 3]
                    if takers:
                        took_last += 1
                        assert card == min(takers, key=lambda c: (game.order.power[c], Card(c).augen)), (i, pos)
            else:
                sure = [c for c in legal if not _can_take(game, seat, c, second)]
                if sure:
                    led_sure += 1
                    assert Card(card).augen == max(Card(c).augen for c in sure), (i, pos)
            game.apply(card)
        assert game.is_terminal
    assert schmiert > 20 and took_last > 20 and led_sure > 20


def _can_take(game: Game, leader: int, card: int, second: bool) -> bool:
    """Whether a seat of the other party than ``leader`` could take a trick led with ``card`` by
    answering with a card it may play (Bedienpflicht: the led group if it holds one)."""
    from doppelkopf.order import winner_index

    group = game.order.group
    for k in (1, 2, 3):
        other = (leader + k) % 4
        if game.party[other] is game.party[leader]:
            continue
        hand = game.hands[other]
        answers = [c for c in hand if group[c] == group[card]] or list(hand)
        if any(winner_index(game.order, [card, x], second) == 1 for x in answers):
            return True
    return False


@pytest.mark.parametrize("preset", ["ddv", "doppelbock"])
def test_table_driven_trick_winner_is_the_core_winner(preset: str) -> None:
    """The kernel finds a trick's winner by folding the ``beats`` table (card after card: does it take
    the lead from the best card so far); for every order variant and both Dulle cases (last trick or
    not) that fold names the same card as the core's ``trick_winner_index`` of the four cards,
    including tricks with both Dullen, both copies of a card and Fehl cards that cannot follow."""
    from doppelkopf.order import card_order, second_dulle_wins, trick_winner_index

    rules = get_preset(preset)
    t = game_tables(rules, ((GameType.NORMAL, 2),))
    rng = random.Random(4)
    herz_zehn = t.dulle[0]
    for variant, (schweine, superschweine) in enumerate(((False, False), (True, False), (True, True))):
        order = card_order(GameType.NORMAL, schweine, superschweine)
        for last in (0, 1):
            second = second_dulle_wins(rules, bool(last))
            for n in range(3000):
                cards = [rng.randrange(24) for _ in range(4)]
                if n % 5 == 0:
                    cards[rng.randrange(4)] = cards[0] = int(herz_zehn)  # both Dullen in the trick
                best, w = cards[0], 0
                for i in range(1, 4):
                    if (int(t.beats[0, variant, last, best]) >> cards[i]) & 1:
                        best, w = cards[i], i
                assert w == trick_winner_index(order, cards, second), (cards, variant, last)


def test_schweine_leading_the_second_trick_after_a_pflichtansage() -> None:
    """Seed 002 (doppelbock): the winner of the first trick must make the Ansage before leading the
    second, and may lead it with a Karo-Ass of his Schweine. The engine takes the Ansage first and
    then the Schweine. Such kernel games replay through the engine with the same tricks and Punkte."""
    rules = get_preset("doppelbock")
    games = random_games(rules, 5000, seed=20261130, record=True)
    assert games.pflicht is not None and games.schweine is not None
    both = [i for i in range(5000) if games.pflicht[i] >= 0 and games.schweine[i] == 4]
    assert both  # games 3566 and 4877 of this seed, among others
    for i in both:
        game = replay_kernel_game(rules, games, i)
        assert game.schweine == int(games.pflicht[i])  # the same seat: announced, then led the Karo-Ass
