"""The exact solver (``doppelkopf.fast.solver``) against brute force built on the core.

The reference is a plain minimax over every legal card, written here on the core's own rules:
:func:`doppelkopf.game.follow_options` for the Bedienpflicht, :func:`doppelkopf.order.trick_winner_index`
with :func:`doppelkopf.order.second_dulle_wins` for the trick, the game's ``order`` and
:data:`doppelkopf.cards.AUGEN`. Where the card order changes during the rest of the game (Schweine not yet
announced) the reference is the engine itself: every line of play applied with ``Game.apply`` on clones.

Positions are random endgames (2 to 4 tricks left, 0 to 3 cards of the current trick down) of random games
under several game types, presets and Dulle options.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from doppelkopf.cards import AUGEN, Card
from doppelkopf.game import Action, Game, Phase, follow_options
from doppelkopf.order import second_dulle_wins, trick_winner_index
from doppelkopf.rules import GameType, RuleSet, get_preset

solver = pytest.importorskip("doppelkopf.fast.solver")

DDV = get_preset("ddv")
#: (label, rules, game type): the Dulle options of the DDV, seed 002 (second wins, Schweine, Superschweine)
#: and the ``second_except_last`` reading; seed 000's 40 cards with Schweine in a Karo-Solo.
CASES: list[tuple[str, RuleSet, GameType]] = [
    ("ddv-normal", DDV, GameType.NORMAL),
    ("ddv-damen", DDV, GameType.DAMEN),
    ("ddv-fleischlos", DDV, GameType.FLEISCHLOS),
    ("second-dulle-normal", get_preset("doppelbock"), GameType.NORMAL),
    ("second-except-last-karo", DDV.replace(dulle="second_except_last"), GameType.KARO),
    ("second-except-last-normal", DDV.replace(dulle="second_except_last"), GameType.NORMAL),
    ("ohne-neunen-karo", get_preset("ohne-neunen"), GameType.KARO),
    ("ohne-neunen-normal", get_preset("ohne-neunen"), GameType.NORMAL),
    ("doppelbock-buben-damen", get_preset("doppelbock"), GameType.BUBEN_DAMEN),
]
POSITIONS_PER_CASE = 10


def start_play(rules: RuleSet, seed: int, game_type: GameType) -> Game | None:
    """A new game where the first seat that may declares ``game_type`` and the others say gesund;
    None if the deal does not lead to a game of that type."""
    game = Game.new(rules, seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    want = Action.vorbehalt(game_type)
    while game.phase is not Phase.PLAY:
        if game.is_terminal:
            return None
        legal = game.legal_actions()
        if game_type is not GameType.NORMAL and want in legal:
            game.apply(want)
        elif Action.GESUND in legal:
            game.apply(Action.GESUND)
        else:
            game.apply(rng.choice(legal))
    return game if game.game_type is game_type else None


def play_on(
    game: Game, rng: random.Random, tricks_left: int, cards_down: int, keep: frozenset[int] = frozenset()
) -> bool:
    """Play random legal cards (and the Schweine when they may be announced) until ``tricks_left``
    tricks remain with ``cards_down`` cards of the current trick down; cards in ``keep`` are held
    back while the seat has another legal card. False if the game ends first."""
    size = game.rules.hand_size
    while not game.is_terminal:
        if len(game.tricks) == size - tricks_left and len(game.trick_cards) == cards_down:
            return True
        legal = game.legal_actions()
        moves = [a for a in legal if Action.is_card(a) or a == Action.SCHWEINE]
        if not moves:  # Pflichtansage (seed 002): an announcement first
            game.apply(min(legal))
            continue
        preferred = [a for a in moves if a not in keep] or moves
        game.apply(rng.choice(preferred))
    return False


def positions(rules: RuleSet, game_type: GameType, count: int, seed: int) -> Iterator[Game]:
    rng = random.Random(seed)
    made = 0
    deal = seed * 1000
    while made < count:
        deal += 1
        game = start_play(rules, deal, game_type)
        if game is None:
            continue
        if play_on(game, rng, rng.choice((2, 3, 4)), rng.randrange(4)) and game.phase is Phase.PLAY:
            made += 1
            yield game


def party_side(game: Game, seat: int) -> list[bool]:
    return [game.party[s] is game.party[seat] for s in range(4)]


def taken(game: Game, seat: int) -> int:
    side = party_side(game, seat)
    return sum(t.augen for t in game.tricks if side[t.winner])


def brute_force(game: Game, seat: int) -> int:
    """Augen the party of ``seat`` ends with under best play on both sides: minimax over every legal
    card, trick winners and Bedienpflicht from the core, with the game's current card order."""
    order, rules = game.order, game.rules
    side = party_side(game, seat)

    def play(hands: tuple[tuple[int, ...], ...], trick: tuple[int, ...], leader: int) -> int:
        if len(trick) == 4:
            last = not any(hands)
            winner = (leader + trick_winner_index(order, trick, second_dulle_wins(rules, last))) % 4
            gain = sum(AUGEN[c] for c in trick) if side[winner] else 0
            return gain if last else gain + play(hands, (), winner)
        mover = (leader + len(trick)) % 4
        values = []
        for card in follow_options(hands[mover], order, trick):
            rest = list(hands[mover])
            rest.remove(card)
            after = hands[:mover] + (tuple(rest),) + hands[mover + 1 :]
            values.append(play(after, (*trick, card), leader))
        return max(values) if side[mover] else min(values)

    hands = tuple(tuple(h) for h in game.hands)
    leader = game.trick_seats[0] if game.trick_cards else game.current_player
    return taken(game, seat) + play(hands, tuple(game.trick_cards), leader)


def engine_brute_force(game: Game, seat: int) -> int:
    """The same minimax, every move applied by the engine itself (``Game.apply`` on clones), so the
    card order may change on the way (Schweine announced with the first Karo-Ass)."""
    side = party_side(game, seat)

    def value(g: Game) -> int:
        if g.is_terminal:
            return sum(t.augen for t in g.tricks if side[t.winner])
        legal = g.legal_actions()
        moves = [a for a in legal if Action.is_card(a) or a == Action.SCHWEINE]
        if not moves:
            moves = [min(legal)]
        values = []
        for action in moves:
            child = g.clone()
            child.apply(action)
            values.append(value(child))
        return max(values) if side[g.current_player] else min(values)

    return value(game)


def schweine_pending(game: Game) -> bool:
    return game.search_order() is not game.order


@pytest.mark.parametrize(("label", "rules", "game_type"), CASES, ids=[c[0] for c in CASES])
def test_max_augen_and_thresholds_agree_with_brute_force(label: str, rules: RuleSet, game_type: GameType) -> None:
    checked = 0
    for game in positions(rules, game_type, POSITIONS_PER_CASE, seed=len(label)):
        seat = random.Random(checked).randrange(4)
        reference = engine_brute_force(game, seat) if schweine_pending(game) else brute_force(game, seat)
        value = solver.max_augen(game, seat)
        assert value == reference, (label, game.history)
        # the other party gets the rest of the 240 Augen
        other = next(s for s in range(4) if game.party[s] is not game.party[seat])
        assert solver.max_augen(game, other) == 240 - value
        # null-window tests at the value and around it, and at the Punkte thresholds
        for augen in (value - 1, value, value + 1, 30, 60, 90, 120, 121, 151, 180, 210, 240):
            assert solver.reaches(game, seat, augen) is (value >= augen), (label, augen, value)
        checked += 1
    assert checked == POSITIONS_PER_CASE


@pytest.mark.parametrize(("label", "rules", "game_type"), CASES[:5], ids=[c[0] for c in CASES[:5]])
def test_card_values_agree_with_brute_force_after_each_card(label: str, rules: RuleSet, game_type: GameType) -> None:
    for game in positions(rules, game_type, 6, seed=100 + len(label)):
        mover = game.current_player
        values = solver.card_values(game)
        legal_cards = [a for a in game.legal_actions() if Action.is_card(a)]
        assert sorted(values) == legal_cards
        for card in legal_cards:
            after = game.clone()
            after.apply(card)
            expected = engine_brute_force(after, mover) if after.is_terminal else brute_force(after, mover)
            assert values[card] == expected, (label, Card(card).symbol, game.history)
        # the best card is worth what the position is worth
        assert max(values.values()) == solver.max_augen(game, mover)


def tricks_brute_force(game: Game, seat: int) -> bool:
    """Whether the party of ``seat`` can win every remaining trick (minimax on the core's rules)."""
    order, rules = game.order, game.rules
    side = party_side(game, seat)

    def all_won(hands: tuple[tuple[int, ...], ...], trick: tuple[int, ...], leader: int) -> bool:
        if len(trick) == 4:
            last = not any(hands)
            winner = (leader + trick_winner_index(order, trick, second_dulle_wins(rules, last))) % 4
            return side[winner] and (last or all_won(hands, (), winner))
        mover = (leader + len(trick)) % 4
        results = []
        for card in follow_options(hands[mover], order, trick):
            rest = list(hands[mover])
            rest.remove(card)
            results.append(all_won(hands[:mover] + (tuple(rest),) + hands[mover + 1 :], (*trick, card), leader))
        return any(results) if side[mover] else all(results)

    leader = game.trick_seats[0] if game.trick_cards else game.current_player
    return all_won(tuple(tuple(h) for h in game.hands), tuple(game.trick_cards), leader)


@pytest.mark.parametrize(("label", "rules", "game_type"), CASES, ids=[c[0] for c in CASES])
def test_wins_all_agrees_with_brute_force_and_max_augen(label: str, rules: RuleSet, game_type: GameType) -> None:
    found = {True: 0, False: 0}
    for game in positions(rules, game_type, 8, seed=200 + len(label)):
        if schweine_pending(game):
            continue
        for seat in range(4):
            claim = solver.wins_all(game, seat)
            assert claim is tricks_brute_force(game, seat), (label, seat, game.history)
            found[claim] += 1
            rest = sum(AUGEN[c] for h in game.hands for c in h) + sum(AUGEN[c] for c in game.trick_cards)
            if claim:
                # every trick won: every Augen left goes to the party, and the other party wins none
                assert solver.max_augen(game, seat) == taken(game, seat) + rest
                other = next(s for s in range(4) if game.party[s] is not game.party[seat])
                assert not solver.wins_all(game, other)
            else:
                # the other party can take a trick: with at least 1 Augen in each trick it keeps some
                assert solver.max_augen(game, seat) <= taken(game, seat) + rest
    assert found[True] > 0 and found[False] > 0


def pending_schweine_positions(count: int) -> Iterator[Game]:
    """Seed 002 games (Schweine announced with the first Karo-Ass, Superschweine) where one seat holds
    both Karo-Asse and keeps them back, so that 2 or 3 tricks before the end they are still to come."""
    rules = get_preset("doppelbock")
    rng = random.Random(5)
    made = 0
    deal = 0
    while made < count:
        deal += 1
        game = start_play(rules, deal, GameType.NORMAL)
        if game is None or not any(h.count(Card.KARO_ASS) == 2 for h in game.hands):
            continue
        keep = frozenset({int(Card.KARO_ASS)} | ({int(Card.KARO_NEUN)} if made % 2 else set()))
        if play_on(game, rng, rng.choice((2, 3)), rng.randrange(4), keep) and schweine_pending(game):
            made += 1
            yield game


def test_pending_schweine_change_the_order_when_the_first_karo_ass_is_played() -> None:
    for game in pending_schweine_positions(8):
        for seat in (0, 1):
            assert solver.max_augen(game, seat) == engine_brute_force(game, seat), game.history
        values = solver.card_values(game)
        for card, value in values.items():
            after = game.clone()
            after.apply(card)
            assert value == engine_brute_force(after, game.current_player)


def test_last_trick_with_two_dullen_follows_the_dulle_option() -> None:
    """The last trick: the leader plays ♥10 and the next seat, of the other party, the other ♥10. The TSR gives
    the trick to the first Dulle (5.3.3), seed 002's rule to the second; ``second_except_last`` to the first
    again, as it is the last trick. The winner's party takes all the Augen of the four cards."""
    for dulle, first_wins in (("first", True), ("second", False), ("second_except_last", True)):
        game = last_trick_with_two_dullen(DDV.replace(dulle=dulle))
        leader, second = game.current_player, (game.current_player + 1) % 4
        rest = sum(AUGEN[h[0]] for h in game.hands)
        assert rest >= 20  # two Dullen at 10 Augen each
        assert solver.max_augen(game, leader) - taken(game, leader) == (rest if first_wins else 0)
        assert solver.max_augen(game, second) - taken(game, second) == (0 if first_wins else rest)
        assert solver.wins_all(game, leader) is first_wins
        assert solver.wins_all(game, second) is not first_wins


def last_trick_with_two_dullen(rules: RuleSet) -> Game:
    """A normal game played by the engine up to the last trick, in which the leader and the seat after
    it hold one Herz-10 each and belong to different parties (deals found by trying seeds; the Herz-10
    is held back while the seat has another legal card)."""
    dulle = int(Card.HERZ_ZEHN)
    for seed in range(500):
        game = start_play(rules, seed, GameType.NORMAL)
        if game is None:
            continue
        if play_on(game, random.Random(seed), 1, 0, keep=frozenset({dulle})):
            leader = game.current_player
            second = (leader + 1) % 4
            if game.hands[leader] == [dulle] and game.hands[second] == [dulle]:
                if game.party[leader] is not game.party[second]:
                    return game
    raise AssertionError("no deal found")


def test_questions_outside_the_play_phase_or_for_no_seat_are_refused() -> None:
    game = Game.new(DDV, seed=3)
    with pytest.raises(ValueError, match="PLAY phase, not VORBEHALT"):
        solver.max_augen(game, 0)
    game = next(positions(DDV, GameType.NORMAL, 1, seed=9))
    with pytest.raises(ValueError, match="no seat 4"):
        solver.reaches(game, 4, 121)
