"""Invariants over thousands of random games of every game type (hypothesis).

Each example deals a seeded hand, forces the game type through the Vorbehalt answers (a solo by a
chosen seat, a Hochzeit or a Stille Hochzeit when one hand holds both Kreuz-Damen, or a normal
game) and plays uniformly random legal cards; between the cards a random seat makes one of its
legal announcements, at a rate drawn per game (none to often), so mostly out of turn. At every
step the cards offered are checked against the Bedienpflicht (TSR 5.2), worked out here from the
card groups of :func:`doppelkopf.order.card_order`; at the end the Augen, tricks, parties, score and
a replay of the history are checked.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doppelkopf.cards import Card
from doppelkopf.game import Action, Game, IllegalAction, Phase
from doppelkopf.order import TRUMP, card_order
from doppelkopf.rules import DDV, GameType, Party

SOLI = list(DDV.allowed_soli)  # the TSR soli; every rule set below allows them
KINDS = [GameType.NORMAL, GameType.HOCHZEIT, GameType.STILLE_HOCHZEIT, *SOLI]

RULE_SETS = {
    "ddv": DDV,
    "dulle_second": DDV.replace(dulle="second_except_last", solo_lead="soloist"),
    "ohne_neunen": DDV.replace(
        with_nines=False, deal_packets=(3, 4, 3), announcement_deadlines=(9, 8, 7, 6, 5), solo_lead="dealer_left"
    ),
}

# Hypothesis runs without a database and with derandomized examples, so a run is repeatable.
FAST = settings(deadline=None, database=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Setup:
    rules_name: str
    seed: int
    dealer: int
    kind: GameType
    soloist_offset: int
    pflichtsolo_done: tuple[bool, bool, bool, bool]
    announce_rate: float


setups = st.builds(
    Setup,
    rules_name=st.sampled_from(sorted(RULE_SETS)),
    seed=st.integers(0, 2**31),
    dealer=st.integers(0, 3),
    kind=st.sampled_from(KINDS),
    soloist_offset=st.integers(0, 3),
    pflichtsolo_done=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
    announce_rate=st.sampled_from([0.0, 0.02, 0.1, 0.4]),
)


def both_kreuz_damen(game: Game) -> int | None:
    """The seat dealt both Kreuz-Damen, if any."""
    return next((s for s in range(4) if list(game.initial_hands[s]).count(Card.KREUZ_DAME) == 2), None)


def deal_for(setup: Setup) -> Game:
    """A seeded deal; a Hochzeit or Stille Hochzeit takes the first seed from ``setup.seed`` on whose
    deal one hand holds both Kreuz-Damen, a normal game the first on which none does."""
    rules = RULE_SETS[setup.rules_name]
    seed = setup.seed
    while True:
        game = Game.new(rules, seed=seed, dealer=setup.dealer, pflichtsolo_done=setup.pflichtsolo_done)
        lonely = both_kreuz_damen(game)
        if setup.kind in (GameType.HOCHZEIT, GameType.STILLE_HOCHZEIT) and lonely is not None:
            return game
        if setup.kind not in (GameType.HOCHZEIT, GameType.STILLE_HOCHZEIT, GameType.NORMAL):
            return game
        if setup.kind is GameType.NORMAL and lonely is None:
            return game
        seed += 1


def expected_cards(game: Game, seat: int) -> set[int]:
    """The Bedienpflicht (TSR 5.2) worked out independently: follow the group led (a Fehl suit,
    or trump) if the hand holds any card of it, otherwise any card."""
    group = card_order(game.game_type).group
    hand = set(game.hands[seat])
    if not game.trick_cards:
        return hand
    led = group[game.trick_cards[0]]
    same = {c for c in hand if group[c] == led}
    return same or hand


def answer_vorbehalte(game: Game, setup: Setup) -> None:
    soloist = (game.dealer + 1 + setup.soloist_offset) % 4
    while game.phase is Phase.VORBEHALT:
        seat = game.current_player
        action = Action.GESUND
        if setup.kind in SOLI and seat == soloist:
            action = Action.vorbehalt(setup.kind)
        elif setup.kind is GameType.HOCHZEIT and seat == both_kreuz_damen(game):
            action = Action.vorbehalt(GameType.HOCHZEIT)
        assert action in game.legal_actions()
        game.apply(action)


def check_step(game: Game, rng: random.Random) -> None:
    """Everything offered is legal; one card that is not offered is refused without a trace."""
    seat = game.current_player
    actions = game.legal_actions()
    assert actions, f"seat {seat} is to move in {game.phase.name} but has no legal action"
    offered = {a for a in actions if Action.is_card(a)}
    assert offered == expected_cards(game, seat)
    assert offered <= set(game.hands[seat])
    calls = (Action.CLAIM, Action.CONCEDE)
    assert all(Action.is_card(a) or Action.is_announcement(a) or a in calls for a in actions)
    for other in range(4):
        legal = game.legal_actions(other)
        if other != seat:
            assert all(Action.is_announcement(a) or a in calls for a in legal)
        if Action.CLAIM in legal or Action.CONCEDE in legal:
            # TSR 5.4.3, 5.4.6: only the soloist claims or gives up the rest, at any time
            assert game.rules.claim == "soloist" and game.party.count(game.party[other]) == 1
    refused = sorted(set(game.hands[seat]) - offered)
    if refused:
        wrong = rng.choice(refused)

        def state() -> tuple[object, ...]:
            return (list(game.history), [list(h) for h in game.hands], list(game.trick_cards), game.current_player)

        before = state()
        try:
            game.apply(wrong)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{Card(wrong)} was accepted but not offered")
        assert state() == before


def check_information(game: Game) -> None:
    for seat in range(4):
        view = game.information_state(seat)
        assert Counter(view.hand) == Counter(game.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in game.hands)
        assert view.legal_actions == tuple(game.legal_actions(seat))


def play_out(setup: Setup) -> Game:
    game = deal_for(setup)
    rng = random.Random(setup.seed)
    answer_vorbehalte(game, setup)
    step = 0
    while not game.is_terminal:
        if step % 7 == 0:
            check_information(game)
        step += 1
        if rng.random() < setup.announce_rate:
            seat = rng.randrange(4)
            calls = [a for a in game.legal_actions(seat) if Action.is_announcement(a)]
            if calls:
                game.apply(rng.choice(calls), seat=seat)
                continue
        check_step(game, rng)
        game.apply(rng.choice([a for a in game.legal_actions() if Action.is_card(a)]))
    return game


def check_tricks(game: Game) -> None:
    rules = game.rules
    order = card_order(game.game_type)
    assert len(game.tricks) == rules.hand_size
    assert sum(t.augen for t in game.tricks) == 240
    played = Counter(c for t in game.tricks for c in t.cards)
    assert played == Counter(c for h in game.initial_hands for c in h)
    for before, trick in zip(game.tricks, game.tricks[1:], strict=False):
        assert trick.seats[0] == before.winner  # TSR 5.1.2: the winner leads the next trick
    for trick in game.tricks:
        assert sorted(trick.seats) == [0, 1, 2, 3]
        assert [(trick.seats[0] + k) % 4 for k in range(4)] == list(trick.seats)  # clockwise
        best = trick.cards[trick.seats.index(trick.winner)]
        led = order.group[trick.cards[0]]
        trumps = [c for c in trick.cards if order.group[c] == TRUMP]
        # TSR 5.3.3: a trump wins if one was played, else the highest card of the suit led
        assert order.group[best] == (TRUMP if trumps else led)
        same = [c for c in trick.cards if order.group[c] == order.group[best]]
        assert order.power[best] == max(order.power[c] for c in same)
        if rules.dulle == "first":
            assert trick.cards.index(best) == trick.seats.index(trick.winner)  # the first of equal cards


def check_parties(game: Game, setup: Setup) -> None:
    re_seats = {s for s in range(4) if game.party[s] is Party.RE}
    holders = {s for s in range(4) if Card.KREUZ_DAME in game.initial_hands[s]}
    lonely = both_kreuz_damen(game)
    if setup.kind in SOLI:
        assert game.game_type is setup.kind
        assert re_seats == {game.declarer} == {(game.dealer + 1 + setup.soloist_offset) % 4}
    elif setup.kind is GameType.HOCHZEIT:
        assert game.game_type is GameType.HOCHZEIT and game.declarer == lonely
        # TSR 4.4.3: the first trick of the first three won by another player finds the partner
        partner = next((t.winner for t in game.tricks[: game.rules.hochzeit_tricks] if t.winner != lonely), None)
        assert re_seats == {lonely} | ({partner} if partner is not None else set())
    elif setup.kind is GameType.STILLE_HOCHZEIT:
        assert game.game_type is GameType.STILLE_HOCHZEIT
        assert re_seats == {lonely}
    else:
        assert game.game_type is GameType.NORMAL
        assert re_seats == holders and len(re_seats) == 2  # TSR 2.4: the two Kreuz-Dame holders


def check_result(game: Game) -> None:
    summary = game.summary()
    result = game.score()
    assert sum(result.points) == 0
    assert summary.augen_re == sum(t.augen for t in game.tricks if game.party[t.winner] is Party.RE)
    assert summary.tricks_re == sum(1 for t in game.tricks if game.party[t.winner] is Party.RE)
    assert summary.announcements == tuple(game.levels)
    if len(summary.re_seats) == 2:
        assert len(set(result.points)) <= 2  # partners get the same Punkte
    if result.winner is not None and result.value > 0:
        for seat in range(4):
            assert (result.points[seat] > 0) == (game.party[seat] is result.winner)


def check_announcements(game: Game) -> None:
    """Each announcement kept its deadline (TSR 6.2.2, 6.3.4) counted in the announcer's own cards:
    a first Ansage in time allows every level in time (6.4.3), a later Absage needs each skipped
    level in time, a late Erwiderung (6.4.4) is Re/Kontra only and closes the party's Absagen; in
    a Hochzeit nothing before the Klärungsstich and every deadline lowered by its index (6.4.2)."""
    rules = game.rules
    deadlines = rules.announcement_deadlines
    klaerung: int | None = None
    shift = 0
    if game.game_type is GameType.HOCHZEIT:
        first_three = game.tricks[: rules.hochzeit_tricks]
        found = [i for i, t in enumerate(first_three) if t.winner != game.declarer]
        klaerung = found[0] if found else rules.hochzeit_tricks - 1
        shift = klaerung if rules.hochzeit_shift else 0
    played = Counter[int]()
    levels = {Party.RE: 0, Party.KONTRA: 0}
    closed = {Party.RE: False, Party.KONTRA: False}
    made = iter(game.announcements)
    for seat, action in game.history:
        if Action.is_card(action):
            played[seat] += 1
            continue
        if not Action.is_announcement(action):
            continue
        a = next(made)
        in_hand = rules.hand_size - played[seat]
        assert (a.seat, a.cards_in_hand, a.party) == (seat, in_hand, game.party[seat])
        if klaerung is not None:
            assert played.total() >= 4 * (klaerung + 1)
        before, other = levels[a.party], levels[a.party.other]
        assert a.level > before and not closed[a.party]
        if before:
            assert in_hand >= deadlines[before] - shift
        elif in_hand < deadlines[0] - shift:
            assert a.level == 1 and other and in_hand >= deadlines[other - 1] - shift - rules.reply_extra_cards
            closed[a.party] = True
        levels[a.party] = a.level
    assert next(made, None) is None
    assert [levels[Party.RE], levels[Party.KONTRA]] == game.levels


def check_replay(game: Game) -> None:
    copy = Game.replay(
        game.rules, game.initial_hands, game.dealer, game.history, game.seed, pflichtsolo_done=game.pflichtsolo_done
    )
    assert copy.tricks == game.tricks
    assert copy.party == game.party
    assert copy.announcements == game.announcements
    assert copy.score() == game.score()


@settings(FAST, max_examples=3000)
@given(setups)
def test_random_games(setup: Setup) -> None:
    """Every game type, every dealer, three rule sets: only legal actions are offered, 240 Augen,
    one trick per card in hand, parties as the TSR says, zero-sum score, identical replay."""
    game = play_out(setup)
    check_tricks(game)
    check_parties(game, setup)
    check_result(game)
    check_announcements(game)
    check_replay(game)


@settings(FAST, max_examples=300)
@given(setups, st.integers(0, 47))
def test_clone_is_independent(setup: Setup, steps: int) -> None:
    """A clone (for search) plays on without changing the original."""
    game = deal_for(setup)
    answer_vorbehalte(game, setup)
    rng = random.Random(setup.seed)
    for _ in range(steps):
        if game.is_terminal:
            break
        game.apply(rng.choice(game.legal_actions()))
    history = list(game.history)
    views = [game.information_state(s) for s in range(4)]
    copy = game.clone()
    while not copy.is_terminal:
        copy.apply(rng.choice(copy.legal_actions()))
    assert game.history == history
    assert [game.information_state(s) for s in range(4)] == views
