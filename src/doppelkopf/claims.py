"""Ending the play early (Spielabkürzung, TSR 5.4; seed 000): claiming the rest, and a soloist giving it up.

A claim holds when the claimer's party wins every remaining trick, the one in progress included,
however the other party plays (all hands known). :func:`search_all_tricks` decides it by a search
over the remaining plays with sound shortcuts, bounded by :data:`CLAIM_SEARCH_LIMIT` positions so that
every claim is answered at once; a claim the search cannot prove within that bound fails (TSR 5.4.5:
a claimer must be able to show his cards win; the other party then gets the rest, as seed 000 says).
The answer depends only on the position, never on the machine's speed, so a record replays alike.

The functions take the :class:`~doppelkopf.state.GameState` being played; :class:`~doppelkopf.game.Game`
calls them from :meth:`~doppelkopf.game.Game.legal_actions` and :meth:`~doppelkopf.game.Game.apply`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .cards import Card
from .moves import Action, IllegalAction, Phase, Trick, follow_options
from .order import TRUMP, CardOrder, card_order, second_dulle_wins, trick_winner_index
from .rules import RuleSet
from .schweine import eligible
from .state import GameState

_PLAY: Final = Phase.PLAY
_FINISHED: Final = Phase.FINISHED
_CONCESSION: Final = Phase.CONCESSION


#: Positions the claim search may visit; a claim whose winning line is not found within them fails.
CLAIM_SEARCH_LIMIT = 10_000


class _SearchLimit(Exception):
    pass


def _canonical(hands: Sequence[Sequence[int]], order: CardOrder) -> tuple[tuple[int, ...], ...]:
    """The hands with each card replaced by the best card of its run: cards of one hand and one
    group (a Fehl suit or trump) whose powers no card of another hand lies between or ties with.
    Such cards win and lose the same tricks, so the search tries one of them."""
    by_group: dict[int, list[tuple[int, int, int]]] = {}
    for seat, hand in enumerate(hands):
        for card in set(hand):
            by_group.setdefault(order.group[card], []).append((order.power[card], seat, card))
    rep: dict[tuple[int, int], int] = {}
    for items in by_group.values():
        items.sort(reverse=True)
        run_seat, run_card = -1, -1
        i = 0
        while i < len(items):
            j = i
            while j < len(items) and items[j][0] == items[i][0]:
                j += 1
            holders = {seat for _, seat, _ in items[i:j]}
            single = len(holders) == 1
            if not (single and run_seat in holders):
                run_seat, run_card = (items[i][1], items[i][2]) if single else (-1, -1)
            for _, seat, card in items[i:j]:
                rep[(seat, card)] = run_card if single else card
            i = j
    return tuple(tuple(sorted(rep[(seat, c)] for c in hand)) for seat, hand in enumerate(hands))


def _wins_from_the_top(
    hands: Sequence[Sequence[int]],
    leader: int,
    side: Sequence[bool],
    order: CardOrder,
    rules: RuleSet,
    schweine: bool = False,
) -> bool:
    """A sufficient test for :func:`wins_all_tricks` when the leader plays alone (his side is only
    he): he plays his trumps from the top, then his Fehl cards (TSR 5.4.5: the claimer is taken to
    play from the top), and each lead wins even if the others keep their best cards as long as they
    can: every trump led beats the best trump of each opponent who still holds one, no opponent
    holds more trumps than the leader, and every Fehl card led is at least as high as any card of
    its suit in an opponent's hand (the first of equal cards wins; of two Dullen only where the
    second never wins, ``second_dulle_wins``). With a partner the test says nothing: the partner
    may have to take a trick over (Bedienpflicht) and then lead a losing card."""
    group, power = order.group, order.power
    if sum(1 for s in range(4) if side[s]) != 1:
        return False
    second_dulle_may_win = second_dulle_wins(rules, False, schweine) or second_dulle_wins(rules, True, schweine)

    def beats(mine: int, theirs: int) -> bool:
        return power[mine] > power[theirs] or (mine == theirs and (mine != order.dulle or not second_dulle_may_win))

    mine = sorted(hands[leader], key=lambda c: power[c], reverse=True)
    my_trumps = [c for c in mine if group[c] == TRUMP]
    others = [hands[s] for s in range(4) if not side[s]]
    for hand in others:
        theirs = [c for c in hand if group[c] == TRUMP]
        if len(theirs) > len(my_trumps):
            return False
        if theirs:
            best = max(theirs, key=lambda c: power[c])
            if not all(beats(card, best) for card in my_trumps[: len(theirs)]):
                return False
        for card in mine:
            if group[card] != TRUMP and any(group[c] == group[card] and not beats(card, c) for c in hand):
                return False
    return True


def wins_all_tricks(
    hands: Sequence[Sequence[int]],
    leader: int,
    side: Sequence[bool],
    order: CardOrder,
    rules: RuleSet,
    trick_cards: Sequence[int] = (),
) -> bool:
    """Whether the seats marked in ``side`` can win every remaining trick, whatever the others
    play, when ``leader`` has led ``trick_cards`` (the trick in progress, in play order; empty at
    the start of a trick) and the seats hold ``hands`` (the claim of the rest, Spielabkürzung).
    A search over all plays that keep the Bedienpflicht (TSR 5.2) and the trick rules of
    ``rules`` (equal cards, Dulle), with two shortcuts that are sound:

    * the other side holds a trump higher than every trump of ``side``: it wins a trick, because
      that trump wins the trick it is played in and must be played at the latest in the last trick;
    * the leader is the whole of ``side`` (a soloist) and wins every trick playing from the top
      (:func:`_wins_from_the_top`).

    A position the search cannot settle within ``CLAIM_SEARCH_LIMIT`` positions counts as not won
    (as in :func:`claim_holds`).
    """
    result = search_all_tricks(hands, leader, side, order, rules, trick_cards)
    return bool(result)


def search_all_tricks(
    hands: Sequence[Sequence[int]],
    leader: int,
    side: Sequence[bool],
    order: CardOrder,
    rules: RuleSet,
    trick_cards: Sequence[int] = (),
    limit: int = CLAIM_SEARCH_LIMIT,
    schweine: bool = False,
) -> bool | None:
    """:func:`wins_all_tricks`, or ``None`` when the search does not settle the position within
    ``limit`` positions. ``schweine``: the Schweine count as announced (for the rule
    ``dulle_first_with_schweine``, :func:`doppelkopf.order.second_dulle_wins`)."""
    memo: dict[tuple[tuple[tuple[int, ...], ...], int], bool] = {}
    trump_power = [order.power[c] if order.is_trump(c) else -1 for c in range(24)]
    budget = [limit]

    def best_trump(seats_hands: Iterable[Sequence[int]]) -> int:
        return max((trump_power[c] for hand in seats_hands for c in hand), default=-1)

    def tricks_from(state: tuple[tuple[int, ...], ...], lead: int) -> bool:
        if not state[lead]:
            return True
        state = _canonical(state, order)
        key = (state, lead)
        if key in memo:
            return memo[key]
        ours = best_trump(h for s, h in enumerate(state) if side[s])
        theirs = best_trump(h for s, h in enumerate(state) if not side[s])
        if theirs > ours:
            result = False
        elif side[lead] and _wins_from_the_top(state, lead, side, order, rules, schweine):
            result = True
        else:
            result = play(state, lead, (), second_dulle_wins(rules, len(state[lead]) == 1, schweine))
        memo[key] = result
        return result

    def play(state: tuple[tuple[int, ...], ...], lead: int, cards: tuple[int, ...], second: bool) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            raise _SearchLimit
        if len(cards) == 4:
            winner = (lead + trick_winner_index(order, cards, second)) % 4
            return side[winner] and tricks_from(state, winner)
        seat = (lead + len(cards)) % 4
        ours = side[seat]
        options = follow_options(state[seat], order, cards)
        options.sort(key=lambda c: (order.group[c] == TRUMP, order.power[c]), reverse=True)
        if ours and cards:
            # a follower of the claiming side: first the cheapest card that wins the trick for the
            # side, then the low cards, the strong ones last (finds a winning line sooner)
            best = (lead + trick_winner_index(order, cards, second)) % 4
            if side[best]:
                options.reverse()
            else:
                winning = [c for c in options if trick_winner_index(order, (*cards, c), second) == len(cards)]
                options = winning[::-1] + [c for c in reversed(options) if c not in winning]
        for card in options:
            hand = list(state[seat])
            hand.remove(card)
            rest = state[:seat] + (tuple(hand),) + state[seat + 1 :]
            if play(rest, lead, (*cards, card), second) == ours:
                return ours
        return not ours

    start = tuple(tuple(sorted(h)) for h in hands)
    try:
        if trick_cards:
            # the trick in progress is the last one when its leader has no card left
            return play(start, leader, tuple(trick_cards), second_dulle_wins(rules, not start[leader], schweine))
        return tricks_from(start, leader)
    except _SearchLimit:
        return None


def claim_legal(game: GameState, seat: int, alone: bool) -> bool:
    """Whether ``seat`` may claim the rest now (rule ``claim``: TSR 5.4.3, seed 000
    Spielabkürzung); ``alone`` is :func:`alone` of the seat."""
    how = game.options.claim_mode  # rules.claim; the party test first: it fails for most seats and moves
    if how == "none" or (how != "anyone" and not alone):
        return False
    return game.phase is _PLAY and not game.partner_open and bool(game.hands[seat])


def concede_legal(game: GameState, seat: int, alone: bool) -> bool:
    """Whether ``seat`` may give up the rest now (rule ``concede``: TSR 5.4.6); ``alone`` is
    :func:`alone` of the seat."""
    return (
        game.options.concede_mode == "soloist"  # rules.concede
        and alone  # first: it fails for most seats and moves
        and game.phase is _PLAY
        and not game.partner_open
        and bool(game.hands[seat])
    )


def alone(game: GameState, seat: int) -> bool:
    """Whether ``seat`` is the only player of its party (a soloist, TSR 5.4.3)."""
    party = game.party
    mine = party[seat]
    return (party[0] is mine) + (party[1] is mine) + (party[2] is mine) + (party[3] is mine) == 1


def search_order(game: GameState) -> CardOrder:
    """The order the rest would be played in: Schweine not yet announced count as announced
    (their holder announces them before or with the first Karo-Ass), with the Superschweine of
    whoever holds both Karo-Neunen now."""
    if game.schweine is None and any(eligible(game, s) for s in range(4)):
        nines = game.options.rules.superschweine and game.options.rules.with_nines
        superschweine = nines and any(h.count(Card.KARO_NEUN) == 2 for h in game.hands)
        return card_order(game.game_type, True, superschweine, game.options.dullen)
    return game.order


def claim_holds(game: GameState, seat: int) -> bool:
    """Whether ``seat``'s party wins every remaining trick, the one in progress included,
    however the other party plays, if its party plays well (all hands known: a search over the
    remaining tricks, see :func:`search_all_tricks`). TSR 5.4.4: a claimer who is not on lead
    takes the trick over.

    A position the search cannot settle within :data:`CLAIM_SEARCH_LIMIT` positions counts as not
    won (TSR 5.4.5: a claim must show that the cards win; one whose proof needs more than that is
    not evident at the table). So every claim is answered in a bounded time (well under a second),
    and the same position always gives the same answer, on any machine and in both builds."""
    order = search_order(game)
    side = tuple(game.party[s] is game.party[seat] for s in range(4))
    schweine = game.schweine is not None or order is not game.order  # announced, or counted as announced
    held = search_all_tricks(
        game.hands, game.leader, side, order, game.options.rules, game.trick_cards, schweine=schweine
    )
    return held is True


def claim(game: GameState, seat: int) -> None:
    """The claimer shows his cards and claims the rest (TSR 5.4.4; seed 000, Spielabkürzung).
    If his party wins every remaining trick whatever the others play (:meth:`claim_holds`),
    the remaining cards go to him; otherwise, seed 000: "Sollte die Gegenpartei doch noch einen
    Stich erzielen, so erhält diese die gesamten letzten Karten": they go to the first player
    of the other party after the claimer. Sonderpunkte the rest might have held are lost
    ("das persönliche Pech des Spielers"). The game ends at once."""
    held = claim_holds(game, seat)
    game.claim = (seat, held)
    give_rest(game, seat if held else first_opponent(game, seat))


def first_opponent(game: GameState, seat: int) -> int:
    """The first seat after ``seat`` clockwise that plays for the other party."""
    side = game.party[seat]
    return next(s for s in ((seat + k) % 4 for k in range(1, 4)) if game.party[s] is not side)


def give_rest(game: GameState, winner: int) -> None:
    """The cards not yet played, the trick in progress completed from the hands, become
    tricks of ``winner`` (marked claimed: not played) and the game ends."""
    rest = [sorted(game.hands[s]) for s in range(4)]
    if game.trick_cards:
        cards, seats = list(game.trick_cards), list(game.trick_seats)
        while len(seats) < 4:
            s = (seats[-1] + 1) % 4
            seats.append(s)
            cards.append(rest[s].pop(0))
        game.tricks.append(Trick(tuple(cards), tuple(seats), winner, claimed=True))
        game.trick_cards, game.trick_seats = [], []
    order = tuple((winner + k) % 4 for k in range(4))
    for k in range(len(rest[winner])):
        game.tricks.append(Trick(tuple(rest[s][k] for s in order), order, winner, claimed=True))
    game.hands = [[] for _ in range(4)]
    game.partner_open = False
    game.leader = game.current_player = winner
    game.phase = _FINISHED


def concede(game: GameState, seat: int) -> None:
    """The soloist gives up the rest (TSR 5.4.6): the other party gets every remaining trick.
    First, each of its players in turn from the soloist's left may still make the
    announcements in time for him (TSR 5.4.7), then passes."""
    game.conceded_by = seat
    game.phase = _CONCESSION
    game.current_player = (seat + 1) % 4


def concession_pass(game: GameState, seat: int, action: int) -> None:
    """After a concession, ``seat`` passes (TSR 5.4.7); after the last pass the other party gets the
    rest. Raises IllegalAction for any action but a pass."""
    if action != Action.PASS:
        raise IllegalAction(
            "after a concession the other party may only announce or pass; the cards are not played (TSR 5.4.7)"
        )
    nxt = (seat + 1) % 4
    if nxt == game.conceded_by:
        give_rest(game, first_opponent(game, nxt))
    else:
        game.current_player = nxt
