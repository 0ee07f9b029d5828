"""What a player may derive from its information state, and the deals a search draws from it.

A search player works by *determinization*: it samples the hidden hands of the other three seats
consistent with what it has seen, rebuilds a full game from that sample and searches in it. This
module holds the pieces it needs, all read from the information state (every one is also importable
from :mod:`doppelkopf.players.base`, where they lived first):

* :func:`played_cards`: the cards played so far, by seat, in play order;
* :func:`unseen_cards`: the cards that are in the other hands (deck minus own hand minus played);
* :func:`voids`: per seat the groups (Fehl suits or trump, see :mod:`doppelkopf.order`) the seat
  has shown void by not following;
* :func:`inferred_parties`: the parties the observer can deduce (public parties plus its own);
* :class:`HandSampler` and :func:`sample_hands`: random assignments of the unseen cards to the
  other seats with the right hand sizes, no card in a group a seat has shown void, the Kreuz-Damen
  where the game type and the parties put them, the Schweine and the Armut exchange;
* :func:`armut_seats` and :func:`armut_exchange`: the poor player and the taker of an Armut in
  play, and the cards laid and returned (seen, or made up to fit a sample; seed 002);
* :func:`rebuild_game`: a :class:`~doppelkopf.game.Game` built from a sample that replays the
  public history through the core, so the rules apply in the search exactly as in the game.

>>> from doppelkopf.rules import DDV
>>> from doppelkopf.game import Game
>>> game = Game.new(DDV, seed=3, dealer=0)
>>> info = game.information_state(2)
>>> len(unseen_cards(info)), voids(info)
(36, (frozenset(), frozenset(), frozenset(), frozenset()))
>>> [len(hand) for hand in sample_hands(info, random.Random(1))]
[12, 12, 12, 12]
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from ..cards import AUGEN, Card, deck
from ..game import Action, Announcement, Game, IllegalAction, InformationState, Phase
from ..order import TRUMP, card_order
from ..rules import GameType, Party

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
    group = card_order(game_order_type(info), dullen=info.rules.dullen).group
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
    if info.genscher is not None:
        return [], set()  # a Genscher (rule genscher) made its two players Re, wherever the Kreuz-Damen are
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


def armut_seats(info: InformationState) -> tuple[int, int] | None:
    """``(poor, taker)`` of the Armut game (seed 002) that ``info`` shows in play, else ``None``.

    Public facts only: the game type is ``ARMUT`` with its declarer (the poor player) and the play
    has begun; the taker is the other seat known as Re (the poor player and the taker play as Re).
    ``None`` also during the exchange (``info.phase`` ``ARMUT``) and when no taker is known."""
    if info.game_type is not GameType.ARMUT or info.declarer is None or info.phase is not Phase.PLAY:
        return None
    taker = next((s for s in range(4) if s != info.declarer and info.known_parties[s] is Party.RE), None)
    return None if taker is None else (info.declarer, taker)


def _played_by(info: InformationState) -> list[Counter[int]]:
    out: list[Counter[int]] = [Counter(), Counter(), Counter(), Counter()]
    for seat, card in played_cards(info):
        out[seat][card] += 1
    return out


class HandSampler:
    """Draws deals of the unseen cards consistent with one information state.

    The constraints are derived once (so that a search player can draw many samples cheaply):

    * **hand sizes** and the **unseen cards** (:func:`unseen_cards`);
    * **voids shown** (:func:`voids`): no card of a group a seat did not follow;
    * **parties** (:func:`inferred_parties`: a played Kreuz-Dame, Re or Kontra announced, the
      game type): a seat known as Re in a game that looks normal and that has not played a
      Kreuz-Dame holds one; a seat known as Kontra holds none; an angemeldete Hochzeit's
      Hochzeiter holds the unplayed Kreuz-Damen (TSR 4.4);
    * **Schweine** (seeds 000, 002): the announcer holds the unplayed Karo-Asse (in an Armut: the
      poor player or the taker does); without Schweine announced in a game where they count, a seat
      that played a Karo-Ass does not hold the other (it would have had to announce them), and with
      ``schweine_announce = "vorbehalt"`` no seat holds both; public Superschweine put the
      unplayed Karo-Neunen with their holder;
    * **Armut** (seed 002): the cards the observer gave or received in the exchange are known to
      be where they went (the taker holds the laid cards it kept, the poor player the returned
      ones); the poor player laid all its trumps (at most ``armut_max_trumps <= armut_cards``),
      so after the exchange it holds no trumps but those returned to it: none beyond the known
      returned cards for the taker, at most ``armut_cards`` for anyone else.

    Cards pinned to a seat are placed first. A seat limited to a few trumps is split into two
    slots, one that may take trumps (as many as it may still hold) and one for Fehl cards only.
    The other cards are dealt one by one, each to a slot with
    probability proportional to the room left among the slots where the rest still fits (Hall's
    condition over the hidden slots), which is exact when no constraint binds and close to
    uniform otherwise. Constraints that tie two cards together (no seat with both Karo-Asse, the
    Schweine kept together in an Armut) are checked on the finished deal and the deal is drawn again
    (rejection sampling, unbiased for those constraints).

    Raises :class:`ValueError` when no deal fits (the information state is inconsistent).
    """

    #: How many deals :meth:`sample` draws before it reports that no deal fits the checks.
    ATTEMPTS = 300

    def __init__(self, info: InformationState) -> None:
        self.info = info
        self.others = [s for s in range(4) if s != info.seat]
        pool = Counter(unseen_cards(info))
        self.caps = [info.hand_sizes[s] for s in self.others]
        pinned: dict[int, list[int]] = {s: [] for s in self.others}
        forbidden: dict[int, set[int]] = {s: set() for s in self.others}
        self.checks: list[tuple[str, Callable[[list[list[int]]], bool]]] = []
        self.fehl_only: tuple[int, int] | None = None  # (seat, most trumps it may hold, the pinned included)
        played_by = _played_by(info)
        # Kreuz-Damen (parties, Hochzeit)
        must, no_krd = _kreuz_damen_constraints(info, pool[Card.KREUZ_DAME])
        if len(must) > pool[Card.KREUZ_DAME]:
            raise ValueError(f"no deal fits: seats {must} must hold a Kreuz-Dame, {pool[Card.KREUZ_DAME]} unseen")
        for s in must:
            pinned[s].append(int(Card.KREUZ_DAME))
        for s in no_krd:
            forbidden[s].add(int(Card.KREUZ_DAME))
        self._schweine(pool, pinned, forbidden, played_by)
        self._armut(pinned, played_by)
        group = card_order(game_order_type(info), dullen=info.rules.dullen).group
        shown = voids(info)
        for s, cards in pinned.items():
            for card in cards:
                if pool[card] <= 0:
                    raise ValueError(f"no deal fits: seat {s} must hold {Card(card).short}, which is not unseen")
                if group[card] in shown[s] or card in forbidden[s]:
                    raise ValueError(f"no deal fits: seat {s} must hold {Card(card).short} but may not")
                pool[card] -= 1
            self.caps[self.others.index(s)] -= len(cards)
        if any(c < 0 for c in self.caps):
            raise ValueError("no deal fits: more cards are known in a hand than it holds")
        self.pinned = pinned
        self.pool = sorted(pool.elements())
        # slots: the hidden seats; a seat restricted to few trumps is split into a slot that may take
        # trumps (as many as it may still hold) and one that takes only Fehl cards
        self.slots = list(self.others)
        fehl_slot = -1
        if self.fehl_only is not None:
            seat, extra = self.fehl_only
            i = self.others.index(seat)
            extra -= sum(1 for c in pinned[seat] if group[c] == TRUMP)
            if extra < 0:
                raise ValueError(f"no deal fits: seat {seat} holds more trumps than the Armut leaves it")
            free = min(extra, self.caps[i])
            self.slots.append(seat)
            self.caps.append(self.caps[i] - free)
            self.caps[i] = free
            fehl_slot = len(self.slots) - 1

        def mask(card: int) -> int:
            m = 0
            for i, s in enumerate(self.slots):
                if group[card] not in shown[s] and card not in forbidden[s]:
                    if i != fehl_slot or group[card] != TRUMP:
                        m |= 1 << i
            return m

        self.mask_of = {card: mask(card) for card in set(self.pool)}
        counts = [0] * (1 << len(self.slots))
        for card in self.pool:
            counts[self.mask_of[card]] += 1
        if not _hall_ok(counts, self.caps):
            raise ValueError("no deal fits the hand sizes, the voids shown and the known parties")

    def _schweine(
        self,
        pool: Counter[int],
        pinned: dict[int, list[int]],
        forbidden: dict[int, set[int]],
        played_by: list[Counter[int]],
    ) -> None:
        info, rules = self.info, self.info.rules
        gt = info.game_type
        if info.phase is not Phase.PLAY or gt is None:
            return
        ass, neun = int(Card.KARO_ASS), int(Card.KARO_NEUN)
        armut = armut_seats(info)
        at_exchange = armut is not None and rules.schweine_armut == "at_exchange"
        if info.schweine is not None:
            if at_exchange and info.schweine in armut:  # type: ignore[operator]
                # announced in the exchange (seed 002): with the poor player or the taker, together
                for s in self.others:
                    if s not in armut:  # type: ignore[operator]
                        forbidden[s].add(ass)
                poor = armut[0]  # type: ignore[index]
                if info.seat != poor:
                    self.checks.append(
                        (
                            "the Schweine stay together in the Armut exchange",
                            lambda hands: (hands[poor].count(ass) + played_by[poor][ass]) % 2 == 0,
                        )
                    )
            elif info.schweine != info.seat:
                pinned[info.schweine].extend([ass] * pool[ass])
            holder = info.superschweine
            if holder is not None and holder != info.seat:
                pinned[holder].extend([neun] * pool[neun])
            elif holder is None and rules.superschweine and rules.with_nines and gt.key in rules.superschweine_games:
                for s in self.others:
                    if played_by[s][neun] and (rules.schweine_with_superschweine or s != info.schweine):
                        forbidden[s].add(neun)  # its Superschweine would have become public
            return
        if rules.schweine != "on" or gt.key not in rules.schweine_games or rules.schweine_only_second:
            return  # (schweine_only_second: announced Schweine stay unknown until the first Fuchs is home)
        blocked = set(armut) if at_exchange and armut is not None else set()
        free = [s for s in self.others if s not in blocked]
        for s in free:
            if played_by[s][ass] and not rules.schweine_optional:
                forbidden[s].add(ass)  # it held only one when it played it, or it had to announce
        if rules.schweine_announce == "vorbehalt" and armut is None:

            def no_schweine(hands: list[list[int]]) -> bool:
                return all(hands[s].count(ass) + played_by[s][ass] < 2 for s in free)

            self.checks.append(("nobody holds both Karo-Asse (Schweine not announced)", no_schweine))
        if at_exchange and armut is not None and info.seat == armut[0]:
            taker = armut[1]
            moved = info.armut_returned.count(ass) - info.armut_laid.count(ass)

            def taker_had_one(hands: list[list[int]]) -> bool:
                return hands[taker].count(ass) + played_by[taker][ass] + moved < 2

            self.checks.append(("the taker held no Schweine before the exchange", taker_had_one))

    def _armut(self, pinned: dict[int, list[int]], played_by: list[Counter[int]]) -> None:
        info = self.info
        seats = armut_seats(info)
        if seats is None:
            return
        poor, taker = seats
        normal = card_order(GameType.NORMAL, dullen=info.rules.dullen)
        if info.seat == poor:
            kept = Counter(info.armut_laid) - Counter(info.armut_returned) - played_by[taker]
            pinned[taker].extend(sorted(kept.elements()))
            return
        # the poor player laid all its trumps (at most armut_max_trumps <= armut_cards), so its
        # trumps after the exchange are among the cards returned to it
        if info.seat == taker:
            given = Counter(info.armut_returned) - played_by[poor]
            pinned[poor].extend(sorted(given.elements()))
            # its trumps are the trumps returned to it (pinned): every other card is a Fehl card
            self.fehl_only = (poor, sum(n for c, n in given.items() if normal.is_trump(c)))
            return
        trumps_played = sum(n for c, n in played_by[poor].items() if normal.is_trump(c))
        # it got back as many cards as it laid (armut_count: armut_cards, or per armut_only_trumps /
        # armut_fuchs_extra)
        self.fehl_only = (poor, info.armut_count - trumps_played)
        if not info.rules.armut_return_trumps:
            # the taker returned Fehl cards while it held any: a trump went back only if it kept none
            fehl_played = sum(n for c, n in played_by[taker].items() if not normal.is_trump(c))

            def fehl_first(hands: list[list[int]]) -> bool:
                poor_trumps = trumps_played + sum(1 for c in hands[poor] if normal.is_trump(c))
                taker_fehl = fehl_played + sum(1 for c in hands[taker] if not normal.is_trump(c))
                return poor_trumps == 0 or taker_fehl == 0

            self.checks.append(("the taker returned Fehl cards first (rule armut_return_trumps)", fehl_first))

    def _deal(self, rng: random.Random) -> list[list[int]]:
        pool = list(self.pool)
        rng.shuffle(pool)
        caps = list(self.caps)
        n = len(self.slots)
        hands: list[list[int]] = [[] for _ in self.slots]
        masks = [self.mask_of[c] for c in pool]
        counts = [0] * (1 << n)
        for m in masks:
            counts[m] += 1
        for card, m in zip(pool, masks, strict=True):
            counts[m] -= 1
            choices = [i for i in range(n) if m >> i & 1 and caps[i] > 0]
            while True:
                i = rng.choices(choices, weights=[caps[j] for j in choices])[0] if len(choices) > 1 else choices[0]
                caps[i] -= 1
                if len(choices) == 1 or _hall_ok(counts, caps):
                    break
                caps[i] += 1
                choices.remove(i)  # Hall's condition guarantees one choice remains that fits
            hands[i].append(card)
        out: list[list[int]] = [[] for _ in range(4)]
        for s in self.others:
            out[s].extend(self.pinned[s])
        for i, s in enumerate(self.slots):
            out[s].extend(hands[i])
        out[self.info.seat] = list(self.info.hand)
        return [sorted(h) for h in out]

    def sample(self, rng: random.Random) -> list[list[int]]:
        """One deal: four sorted hands (seat 0..3, the observer's own hand unchanged) with the sizes
        of ``info.hand_sizes``; raises :class:`ValueError` naming the check when
        :attr:`ATTEMPTS` deals in a row fail a check."""
        for _ in range(self.ATTEMPTS):
            hands = self._deal(rng)
            failed = next((name for name, check in self.checks if not check(hands)), None)
            if failed is None:
                return hands
        raise ValueError(f"no deal fits: {failed}")


def sample_hands(info: InformationState, rng: random.Random) -> list[list[int]]:
    """One random deal of the unseen cards that is consistent with ``info`` (see
    :class:`HandSampler` for the constraints and how the draw is made; build one sampler to draw
    many deals of the same state).

    Returns four sorted hands (seat 0..3, the observer's own hand unchanged) with the sizes of
    ``info.hand_sizes``. Raises :class:`ValueError` when no deal fits (the information state is
    inconsistent).
    """
    return HandSampler(info).sample(rng)


# -- rebuilding a game from a sample --------------------------------------------------------------


def _forced_seat(info: InformationState) -> int | None:
    """The seat of a Vorführung (TSR 4.2.3: only that seat was asked), read from the answers:
    the seats asked are not the first ones in asking order, or play began before all answered."""
    answered = [s for s in range(4) if info.vorbehalte[s] is not None]
    if len(answered) != 1:
        return None
    seat = answered[0]
    if info.phase is Phase.VORBEHALT:
        return None if seat == (info.dealer + 1) % 4 else seat
    return seat


def armut_exchange(
    info: InformationState, hands: list[list[int]], poor: int, taker: int
) -> tuple[list[int], list[int]]:
    """``(laid, returned)``: the cards the poor player ``poor`` laid and the taker ``taker``
    returned in the Armut exchange (seed 002: the poor player lays ``armut_cards`` cards, all its
    trumps among them, the taker returns as many), for ``hands``, the four hands after the exchange
    with their played cards included (e.g. a sample plus :func:`played_cards`).

    The poor player and the taker saw the exchange: ``info.armut_laid`` / ``info.armut_returned``
    are returned as they are. For anyone else a plausible exchange is made up: the taker returned
    the poor player's trumps (the poor player laid all of its own) and its Fehl cards of fewest
    Augen; the poor player laid the taker's lowest trumps (the Karo-Asse only when the poor player
    announced Schweine with them, seed 002), then Fehl cards of fewest Augen; without Schweine
    announced, the taker cannot have held both Karo-Asse, so one of them was laid. The made-up
    lists hold ``info.armut_count`` cards each (when ``hands`` fit an exchange), trumps first by the
    normal game's order, then Fehl cards by Augen (the returned Fehl cards first under
    ``armut_return_trumps = false``); the laid ones hold the Füchse shown under ``armut_fuchs_open``."""
    if info.armut_laid and len(info.armut_returned) == len(info.armut_laid):
        return list(info.armut_laid), list(info.armut_returned)
    k = info.armut_count or info.rules.armut_cards  # armut_cards, or per armut_only_trumps / armut_fuchs_extra
    normal = card_order(GameType.NORMAL, dullen=info.rules.dullen)

    def key(card: int) -> tuple[int, int]:
        return (0, normal.power[card]) if normal.is_trump(card) else (1, AUGEN[card])

    returned = sorted(hands[poor], key=key)[:k]
    source = hands[taker] + returned
    ass = int(Card.KARO_ASS)
    laid: list[int] = []
    if info.schweine == poor and source.count(ass) >= 2:
        laid = [ass, ass]
    elif info.armut_laid and source.count(ass) >= len(info.armut_laid):
        laid = list(info.armut_laid)  # the open Füchse (armut_fuchs_open)
    rest = list(source)
    for card in laid:
        rest.remove(card)
    rest = [c for c in rest if c != ass or info.schweine == poor]
    laid += sorted(rest, key=key)[: k - len(laid)]
    if info.schweine is None and source.count(ass) - laid.count(ass) >= 2:
        laid[-1] = ass  # the taker cannot have held both Karo-Asse: one came from the poor player
    if not info.rules.armut_return_trumps:
        returned.sort(key=normal.is_trump)  # Fehl cards first (rule armut_return_trumps = false)
    return sorted(laid, key=key), returned


def rebuild_game(info: InformationState, hands: Sequence[Sequence[int]], rng: random.Random | None = None) -> Game:
    """A :class:`~doppelkopf.game.Game` at the moment of ``info`` with the current ``hands``
    (e.g. from :func:`sample_hands`), for search.

    The initial hands are ``hands`` plus each seat's played cards (and, in an Armut, minus the
    returned plus the laid cards); the Vorbehalt answers, the bidding, the Armut exchange, the
    Schweine, the announcements and the cards are replayed through :meth:`Game.apply`, so every
    rule comes from the core. What is not public is chosen to reproduce the public facts:

    * the winning Vorbehalt is the declarer's game type, the bidders of a solo bidding declared a
      solo (the winner's type for the others' unknown ones), the other Vorbehalt answers become
      "gesund" after the Vorbehaltsabfrage (during it, a hidden Vorbehalt is drawn with ``rng``
      from those the sampled hand allows); a Vorführung asks only the forced seat; the
      Pflichtsolo flags are the public ones (``info.pflichtsolo_done``), the declarer's set so that
      the first trick has the leader it had; the games left in the round are the info's;
    * a Hochzeit names the trick kind it was announced with (``info.hochzeit_rule``), the
      observer's own Schmeissen is replayed as such;
    * the Armut exchange: the cards the observer saw, else a made-up exchange that fits the hands
      (see :func:`armut_exchange`); the answers "take"/"refuse" as public;
    * a Schweine announcement made as an action (``schweine_announce = "before_first_play"``) is
      placed at the holder's first turn (before it played a card; the order of the cards changes
      only for the Karo-Asse, which nobody played before); Schweine the engine announces by itself
      come back with the cards;
    * each announcement is placed at the earliest moment in its window (between the announcer's
      plays around the hand size it was made with) at which the core allows it, keeping the order
      of the announcements.

    The rebuilt game is then checked against the public facts of ``info`` (game type, tricks and
    their winners, Schweine, parties, announcements, hand sizes, the player to move).
    Not supported: the Armut exchange and the solo bidding while they are going on
    (``info.phase`` ARMUT or BIDDING), and a game after a claim or a concession.

    Raises :class:`~doppelkopf.game.IllegalAction` (naming the step) if the history cannot be
    replayed with these hands or the result differs from ``info``.
    """
    if info.phase not in (Phase.VORBEHALT, Phase.PLAY):
        raise IllegalAction(
            "rebuild: a game in phase {phase_name} cannot be rebuilt (an Armut exchange or a bidding going "
            "on, a claimed or finished game)",
            phase_name=info.phase.name,
        )
    rules = info.rules
    plays = played_cards(info)
    initial = [list(h) for h in hands]
    for seat, card in plays:
        initial[seat].append(card)
    gt = info.game_type
    laid: list[int] = []
    returned: list[int] = []
    armut = armut_seats(info)
    if armut is not None:
        poor, taker = armut
        laid, returned = armut_exchange(info, initial, poor, taker)
        initial[poor] = _minus(initial[poor] + laid, returned, "poor")
        initial[taker] = _minus(initial[taker] + returned, laid, "taker")
    first_leader = plays[0][0] if plays else info.leader
    done = [bool(d) for d in info.pflichtsolo_done]  # public (TSR 4.2.3); all False outside a session
    if len(done) != 4:
        done = [False] * 4
    if gt is not None and gt.is_declared_solo and info.declarer is not None:
        done[info.declarer] = first_leader != info.declarer
    forced = _forced_seat(info)
    if forced is not None:
        done[forced] = False
    try:
        game = Game(rules, initial, info.dealer, None, done, forced, info.games_left_in_round)
    except IllegalAction as exc:
        raise IllegalAction("rebuild: the deal: {exc}", exc=exc) from None
    _replay_vorbehalte(game, info, forced, rng)
    if info.phase is Phase.VORBEHALT:
        return game
    for seat, answer in [(s, a) for s, a in info.bids]:
        _apply_step(game, Action.BID if answer == "raise" else Action.PASS, seat, "bid")
    if armut is not None:
        poor, taker = armut
        for card in laid:
            _apply_step(game, Action.armut_lay(card), poor, "Armut lay")
        for k in range(1, 4):
            seat = (poor + k) % 4
            take = seat == taker
            _apply_step(game, Action.ARMUT_TAKE if take else Action.ARMUT_REFUSE, seat, "Armut answer")
            if take:
                break
        for card in returned:
            _apply_step(game, Action.armut_return(card), taker, "Armut return")
    _replay_play(game, info, plays)
    _verify(game, info)
    return game


def _minus(cards: list[int], gone: list[int], who: str) -> list[int]:
    out = list(cards)
    for card in gone:
        if card not in out:
            raise IllegalAction("rebuild: the Armut exchange does not fit the {who} player's hand", who=who)
        out.remove(card)
    return out


def _replay_vorbehalte(game: Game, info: InformationState, forced: int | None, rng: random.Random | None) -> None:
    gt = info.game_type
    bidders = {s for s, _ in info.bids}
    if info.bids and info.declarer is not None:
        bidders.add(info.declarer)
    first = (info.dealer + 1) % 4
    order = [forced] if forced is not None else [(first + k) % 4 for k in range(4)]
    for seat in order:
        answer = info.vorbehalte[seat]
        if answer is None:
            break
        if seat == info.seat and info.own_vorbehalt is not None and (gt is None or seat == info.declarer or bidders):
            action = _vorbehalt_action(game, seat, info.own_vorbehalt, info.hochzeit_rule)
        elif seat == info.seat and answer == "vorbehalt" and info.own_vorbehalt is None:
            action = Action.SCHMEISSEN
        elif gt is not None and seat == info.declarer and gt is not GameType.STILLE_HOCHZEIT:
            action = _vorbehalt_action(game, seat, gt, info.hochzeit_rule)
        elif seat in bidders and gt is not None:
            action = Action.vorbehalt(gt)  # a bidder's own solo is hidden; any solo of its rank fits
        elif answer == "vorbehalt" and gt is None:
            options = [a for a in game.legal_actions(seat) if a != Action.GESUND]
            action = (rng or random.Random(0)).choice(options)
        else:
            action = Action.GESUND
        _apply_step(game, action, seat, "Vorbehalt")


def _replay_play(game: Game, info: InformationState, plays: list[tuple[int, int]]) -> None:
    """Replay the announcements, a Schweine action and the cards (see :func:`rebuild_game`)."""
    size = info.rules.hand_size
    made = [0, 0, 0, 0]
    nth_play: dict[tuple[int, int], int] = {}
    for index, (seat, _) in enumerate(plays):
        made[seat] += 1
        nth_play[(seat, made[seat])] = index
    # window of each announcement: after the announcer's (size - n)-th play, before its next one
    pending: list[tuple[int, int, Announcement]] = []
    for ann in info.announcements:
        if ann.by_bid:
            continue  # taken on in the bidding, replayed with it
        before = size - ann.cards_in_hand
        lo = nth_play[(ann.seat, before)] + 1 if before > 0 else 0
        hi = nth_play.get((ann.seat, before + 1), len(plays))
        pending.append((lo, hi, ann))
    schweine_at: int | None = None
    if info.schweine is not None and info.rules.schweine_announce == "before_first_play":
        schweine_at = next((i for i, (s, _) in enumerate(plays) if s == info.schweine), len(plays))
    elif info.schweine is not None and info.rules.schweine_optional:
        # optional Schweine (seed 002) are announced in turn, just before the first of them
        ass = int(Card.KARO_ASS)
        schweine_at = next((i for i, (s, c) in enumerate(plays) if s == info.schweine and c == ass), len(plays))
    for index in range(len(plays) + 1):
        while pending and pending[0][0] <= index:
            lo, hi, ann = pending[0]
            action = Action.announce(ann.level)
            if action in game.legal_actions(ann.seat):
                game.apply(action, ann.seat)
                pending.pop(0)
            elif index >= hi:
                _apply_step(game, action, ann.seat, f"announcement {ann.label}")  # raises, naming the rule
            else:
                break
        if schweine_at == index and game.schweine is None:
            _apply_step(game, Action.SCHWEINE, info.schweine, "Schweine")  # type: ignore[arg-type]
        if index < len(plays):
            seat, card = plays[index]
            _apply_step(game, card, seat, f"card {index + 1}")


def _verify(game: Game, info: InformationState) -> None:
    """Raise IllegalAction unless the rebuilt ``game`` shows the public facts of ``info``."""
    seen = game.information_state(info.seat)
    for name in (
        "game_type",
        "declarer",
        "tricks",
        "trick",
        "schweine",
        "superschweine",
        "known_parties",
        "announcements",
        "hand_sizes",
        "current_player",
        "hand",
    ):
        if getattr(seen, name) != getattr(info, name):
            raise IllegalAction("rebuild: the sample gives other {name} than the game", name=name)


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
        raise IllegalAction(
            "rebuild: {what} (seat {seat}, {key}): {exc}", what=what, seat=seat, key=Action.key(action), exc=exc
        ) from None
