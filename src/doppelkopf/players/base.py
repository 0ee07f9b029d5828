"""The player interface and what a player may derive from its information state.

A :class:`Player` sees the game only through :class:`~doppelkopf.game.InformationState` objects:
its own hand, the Vorbehalt answers ("gesund"/"vorbehalt"), the public game type, the tricks
played, the announcements and the hand sizes. It never gets the :class:`~doppelkopf.game.Game`.

A search player (a later issue) works by *determinization*: it samples the hidden hands of the
other three seats consistent with what it has seen, rebuilds a full game from that sample and
searches in it. This module holds the pieces it needs, all read from the information state:

* :func:`unseen_cards`: the cards that are in the other hands (deck minus own hand minus played);
* :func:`voids`: per seat the groups (Fehl suits or trump, see :mod:`doppelkopf.order`) the seat
  has shown void by not following;
* :func:`inferred_parties`: the parties the observer can deduce (public parties plus its own);
* :func:`sample_hands`: one random assignment of the unseen cards to the other seats with the
  right hand sizes, no card in a group a seat has shown void, and the Kreuz-Damen where the
  game type and the parties put them;
* :func:`rebuild_game`: a :class:`~doppelkopf.game.Game` built from a sample that replays the
  public history through the core, so the rules apply in the search exactly as in the game.

>>> from doppelkopf.rules import DDV
>>> from doppelkopf.game import Game
>>> game = Game.new(DDV, seed=3, dealer=0)
>>> info = game.information_state(2)
>>> len(unseen_cards(info)), voids(info)
(36, (frozenset(), frozenset(), frozenset(), frozenset()))
"""

from __future__ import annotations

import abc
import random
from collections import Counter
from collections.abc import Sequence

from ..cards import Card, deck
from ..game import Action, Game, IllegalAction, InformationState, Phase
from ..order import card_order
from ..rules import GameType, Party, RuleSet


class Player(abc.ABC):
    """A seat's decision maker; it sees only :class:`~doppelkopf.game.InformationState` objects.

    The runner (:func:`doppelkopf.players.runner.play_game`) calls, for each game:

    * :meth:`reset` once before the Vorbehaltsabfrage, with the seat, rule set and game seed;
    * :meth:`choose` whenever the seat is to move: its Vorbehalt answer; where the rule set has
      them, its part in an Armut (lay a card, take or refuse, give a card back) and in the bidding
      for a solo (raise or pass); then in play a card, an announcement, the Schweine or the claim
      of the rest. After an announcement or the Schweine the runner asks again, so a player may
      announce and then play (or raise further) in one turn. ``info.phase`` and
      ``info.legal_actions`` tell which decision it is;
    * :meth:`react` before each card play of another seat while the seat has legal announcements
      (announcements out of turn, TSR 6.4.1); return ``None`` to stay silent;
    * :meth:`observe` after every action, only if the subclass overrides it.

    Every returned action must be one of ``info.legal_actions``; the runner raises otherwise.
    Attributes ``seat`` and ``rules`` hold the values of the last :meth:`reset`.
    """

    name: str = "player"

    def __init__(self, name: str | None = None) -> None:
        if name is not None:
            self.name = name
        self.seat = 0
        self.rules: RuleSet | None = None
        self.game_seed: int | None = None

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        """Start of a game: the player sits at ``seat`` (0..3) under ``rules``; ``seed`` is the
        game's seed (``None`` for a hand-made deal), for players that derive randomness from it."""
        self.seat = seat
        self.rules = rules
        self.game_seed = seed

    @abc.abstractmethod
    def choose(self, info: InformationState) -> int:
        """The action of the seat to move: one of ``info.legal_actions``."""

    def react(self, info: InformationState) -> int | None:
        """An announcement out of turn (one of ``info.legal_actions``) or ``None`` (default)."""
        return None

    def observe(self, info: InformationState) -> None:  # noqa: B027 - optional hook, empty by design
        """Called with the seat's information state after every action (optional hook)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


# -- what an information state tells ---------------------------------------------------------------


def played_cards(info: InformationState) -> list[tuple[int, int]]:
    """All cards played so far as ``(seat, card)`` in play order (finished tricks, then the
    current trick)."""
    out = [(s, c) for t in info.tricks for s, c in zip(t.seats, t.cards, strict=True)]
    out.extend(info.trick)
    return out


def unseen_cards(info: InformationState) -> list[int]:
    """The cards the observer has not seen: the deck of ``info.rules`` minus its own hand minus
    every card played. They are exactly the cards in the other three hands, ascending (a card
    held twice appears twice); ``len`` equals the sum of the other hand sizes."""
    left = Counter(int(c) for c in deck(info.rules.with_nines))
    left.subtract(info.hand)
    left.subtract(c for _, c in played_cards(info))
    return sorted(left.elements())


def game_order_type(info: InformationState) -> GameType:
    """The game type whose card order the observer applies (``NORMAL`` during the Vorbehalte)."""
    return info.game_type if info.game_type is not None else GameType.NORMAL


def voids(info: InformationState) -> tuple[frozenset[int], ...]:
    """Per seat 0..3 the groups it has shown void: a Fehl suit 0..3 or ``TRUMP`` (4) that was
    led while the seat played a card of another group (Bedienpflicht, TSR 5.2). Groups are those
    of :func:`~doppelkopf.order.card_order` for the game type the observer knows."""
    group = card_order(game_order_type(info)).group
    shown: list[set[int]] = [set(), set(), set(), set()]
    tricks = [list(zip(t.seats, t.cards, strict=True)) for t in info.tricks]
    if info.trick:
        tricks.append(list(info.trick))
    for trick in tricks:
        led = group[trick[0][1]]
        for seat, card in trick[1:]:
            if group[card] != led:
                shown[seat].add(led)
    return tuple(frozenset(s) for s in shown)


def inferred_parties(info: InformationState) -> tuple[Party | None, ...]:
    """Per seat the party the observer can be sure of, or ``None``.

    The public ``info.known_parties`` plus what the observer knows of itself: in a solo (declared,
    or its own Stille Hochzeit) the declarer is Re and the rest Kontra; otherwise its own party
    counts, two Re players make the others Kontra, and two Kontra players make the others Re only
    for an observer that is Re itself: anyone else must allow for a Stille Hochzeit, in which three
    players are Kontra (TSR 4.4.5, 5.5.1).
    """
    gt = info.game_type
    if info.phase is Phase.VORBEHALT or gt is None:
        return (None,) * 4
    if info.declarer is not None and (gt.is_declared_solo or gt is GameType.STILLE_HOCHZEIT):
        return tuple(Party.RE if s == info.declarer else Party.KONTRA for s in range(4))
    known = list(info.known_parties)
    if info.own_party is not None:
        known[info.seat] = info.own_party
    if known.count(Party.RE) == 2:
        known = [k if k is not None else Party.KONTRA for k in known]
    elif known.count(Party.KONTRA) == 2 and info.own_party is Party.RE and gt is not GameType.HOCHZEIT:
        known = [k if k is not None else Party.RE for k in known]
    return tuple(known)


# -- sampling hidden hands --------------------------------------------------------------------------


def _kreuz_damen_constraints(info: InformationState, krd_left: int) -> tuple[list[int], set[int]]:
    """Seats that must receive one of the ``krd_left`` unseen Kreuz-Damen each (a seat may appear
    twice), and seats that may hold none."""
    others = [s for s in range(4) if s != info.seat]
    gt = info.game_type
    if info.phase is Phase.VORBEHALT or gt is None or gt.is_declared_solo or gt is GameType.STILLE_HOCHZEIT:
        return [], set()
    if gt is GameType.ARMUT:
        return [], set()  # the Armut makes its two players Re, wherever the Kreuz-Damen are
    if gt is GameType.HOCHZEIT:
        if info.declarer is None or info.declarer == info.seat:
            return [], set()
        # the Hochzeiter holds both Kreuz-Damen (TSR 4.4)
        return [info.declarer] * krd_left, {s for s in others if s != info.declarer}
    parties = inferred_parties(info)
    played_krd = {s for s, c in played_cards(info) if c == Card.KREUZ_DAME}
    must = [s for s in others if parties[s] is Party.RE and s not in played_krd]
    return must, {s for s in others if parties[s] is Party.KONTRA}


def _hall_ok(counts: list[int], caps: list[int]) -> bool:
    """Whether cards whose allowed-seat masks are counted in ``counts`` (index = mask over the
    hidden seats) fit into capacities ``caps``: for every set S of seats, the cards that may go
    only into S must not exceed the room in S (Hall's condition)."""
    n = len(caps)
    for subset in range(1, 1 << n):
        room = sum(caps[i] for i in range(n) if subset >> i & 1)
        need = sum(counts[m] for m in range(1, 1 << n) if m & ~subset == 0)
        if need > room:
            return False
    return counts[0] == 0


def sample_hands(info: InformationState, rng: random.Random) -> list[list[int]]:
    """One random deal of the unseen cards that is consistent with ``info``.

    Returns four sorted hands (seat 0..3, the observer's own hand unchanged) with the sizes of
    ``info.hand_sizes``. Constraints honoured: no seat gets a card of a group it has shown void
    (:func:`voids`); in an angemeldete Hochzeit the Hochzeiter holds the unplayed Kreuz-Damen; in a
    game that looks normal a seat known as Kontra holds no Kreuz-Dame and a seat known as Re that
    has not played one holds at least one. Without constraints every deal is equally likely; with
    them the draw is sequential (each card to a seat with probability proportional to the room
    left, among the seats where the rest still fits), so not exactly uniform.

    Raises :class:`ValueError` when no deal fits (the information state is inconsistent).
    """
    pool = unseen_cards(info)
    others = [s for s in range(4) if s != info.seat]
    caps = [info.hand_sizes[s] for s in others]
    hands: dict[int, list[int]] = {s: [] for s in others}
    krd_left = pool.count(Card.KREUZ_DAME)
    must, forbidden = _kreuz_damen_constraints(info, krd_left)
    if len(must) > krd_left:
        raise ValueError(f"no deal fits: seats {must} must hold a Kreuz-Dame, {krd_left} unseen")
    group = card_order(game_order_type(info)).group
    shown = voids(info)
    for s in must:
        i = others.index(s)
        if caps[i] == 0 or group[Card.KREUZ_DAME] in shown[s]:
            raise ValueError(f"no deal fits: seat {s} must hold a Kreuz-Dame but has no card or showed no trump")
        hands[s].append(int(Card.KREUZ_DAME))
        pool.remove(Card.KREUZ_DAME)
        caps[i] -= 1

    def mask(card: int) -> int:
        m = 0
        for i, s in enumerate(others):
            if group[card] in shown[s] or (card == Card.KREUZ_DAME and s in forbidden):
                continue
            m |= 1 << i
        return m

    rng.shuffle(pool)
    masks = [mask(c) for c in pool]
    counts = [0] * 8
    for m in masks:
        counts[m] += 1
    if not _hall_ok(counts, caps):
        raise ValueError("no deal fits the hand sizes, the voids shown and the known parties")
    for card, m in zip(pool, masks, strict=True):
        counts[m] -= 1
        choices = [i for i in range(len(others)) if m >> i & 1 and caps[i] > 0]
        while True:
            i = rng.choices(choices, weights=[caps[j] for j in choices])[0]
            caps[i] -= 1
            if _hall_ok(counts, caps):
                break
            caps[i] += 1
            choices.remove(i)  # Hall's condition guarantees one choice remains that fits
        hands[others[i]].append(card)
    out = [sorted(hands[s]) if s != info.seat else sorted(info.hand) for s in range(4)]
    return out


def rebuild_game(info: InformationState, hands: Sequence[Sequence[int]], rng: random.Random | None = None) -> Game:
    """A :class:`~doppelkopf.game.Game` at the moment of ``info`` with the current ``hands``
    (e.g. from :func:`sample_hands`), for search.

    The initial hands are ``hands`` plus each seat's played cards; the Vorbehalt answers, cards and
    announcements are replayed through :meth:`Game.apply`, so every rule comes from the core.
    Announcements are placed at the latest moment their announcer still held the cards recorded
    in :class:`~doppelkopf.game.Announcement`, keeping their order. What is not public is chosen
    to reproduce the public facts: the winning Vorbehalt is the declarer's game type, the other
    Vorbehalt answers become "gesund" after the Vorbehaltsabfrage (during it, a hidden Vorbehalt
    is drawn with ``rng`` from those the sampled hand allows), and the Pflichtsolo flag is set so
    that the first trick has the leader it had.

    House rules: a Hochzeit names the trick kind it was announced with (``info.hochzeit_rule``),
    the observer's own Schmeissen is replayed as such, and Schweine the engine announces by itself
    come back with the cards. What the information state does not keep in order cannot be rebuilt:
    an Armut exchange, a bidding for a solo and a Schweine announcement made as an action
    (``schweine_announce = "before_first_play"``) raise :class:`~doppelkopf.game.IllegalAction`.

    Raises :class:`~doppelkopf.game.IllegalAction` (naming the step) if the history cannot be
    replayed with these hands.
    """
    if info.phase in (Phase.ARMUT, Phase.BIDDING) or info.game_type is GameType.ARMUT or info.bids:
        raise IllegalAction("rebuild: an Armut exchange or a bidding for a solo cannot be rebuilt")
    if info.schweine is not None and info.rules.schweine_announce == "before_first_play":
        raise IllegalAction("rebuild: a Schweine announcement made as an action cannot be rebuilt")
    rules = info.rules
    plays = played_cards(info)
    initial = [list(h) for h in hands]
    for seat, card in plays:
        initial[seat].append(card)
    first_leader = plays[0][0] if plays else info.leader
    done = [False] * 4
    gt = info.game_type
    if gt is not None and gt.is_declared_solo and info.declarer is not None:
        done[info.declarer] = first_leader != info.declarer
    game = Game(rules, initial, info.dealer, None, done)
    first = (info.dealer + 1) % 4
    for k in range(4):
        seat = (first + k) % 4
        answer = info.vorbehalte[seat]
        if answer is None:
            break
        if seat == info.seat and info.own_vorbehalt is not None and (gt is None or seat == info.declarer):
            action = _vorbehalt_action(game, seat, info.own_vorbehalt, info.hochzeit_rule)
        elif seat == info.seat and answer == "vorbehalt" and info.own_vorbehalt is None:
            action = Action.SCHMEISSEN
        elif gt is not None and seat == info.declarer and gt is not GameType.STILLE_HOCHZEIT:
            action = _vorbehalt_action(game, seat, gt, info.hochzeit_rule)
        elif answer == "vorbehalt" and gt is None:
            options = [a for a in game.legal_actions(seat) if a != Action.GESUND]
            action = (rng or random.Random(0)).choice(options)
        else:
            action = Action.GESUND
        _apply_step(game, action, seat, "Vorbehalt")
    if info.phase is Phase.VORBEHALT:
        return game
    # latest card index before which each announcement can stand, then keep the order
    size = rules.hand_size
    nth_play: dict[tuple[int, int], int] = {}
    made = [0, 0, 0, 0]
    for index, (seat, _) in enumerate(plays):
        made[seat] += 1
        nth_play[(seat, made[seat])] = index
    slots = [nth_play.get((a.seat, size - a.cards_in_hand + 1), len(plays)) for a in info.announcements]
    for i in range(len(slots) - 2, -1, -1):
        slots[i] = min(slots[i], slots[i + 1])
    pending = list(zip(slots, info.announcements, strict=True))
    for index in range(len(plays) + 1):
        while pending and pending[0][0] == index:
            ann = pending.pop(0)[1]
            _apply_step(game, Action.announce(ann.level), ann.seat, f"announcement {ann.label}")
        if index < len(plays):
            seat, card = plays[index]
            _apply_step(game, card, seat, f"card {index + 1}")
    return game


def _vorbehalt_action(game: Game, seat: int, game_type: GameType, hochzeit_rule: str | None) -> int:
    """The Vorbehalt answer for ``game_type``; a Hochzeit names ``hochzeit_rule`` when the rule set
    lets the Hochzeiter choose (else the first kind the game offers)."""
    if game_type is not GameType.HOCHZEIT:
        return Action.vorbehalt(game_type)
    offered = [a for a in game.legal_actions(seat) if Action.is_vorbehalt(a) and Action.game_type(a) is game_type]
    for action in offered:
        if Action.hochzeit_kind(action) in (None, hochzeit_rule):
            return action
    return offered[0] if offered else Action.vorbehalt(game_type)


def _apply_step(game: Game, action: int, seat: int, what: str) -> None:
    try:
        game.apply(action, seat)
    except IllegalAction as exc:
        raise IllegalAction(f"rebuild: {what} (seat {seat}, {Action.key(action)}): {exc}") from None
