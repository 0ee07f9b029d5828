"""One game of Doppelkopf as a state machine: Vorbehalte, tricks, announcements, result.

The model follows OpenSpiel's game API: a :class:`Game` knows whose turn it is
(:attr:`Game.current_player`), lists the legal actions of any seat (:meth:`Game.legal_actions`),
applies an action (:meth:`Game.apply`) and tells each seat what it may see
(:meth:`Game.information_state`).

Actions are small ints (see :class:`Action`):

* ``0..23``: play that :class:`~doppelkopf.cards.Card` (the action *is* the card value);
* ``24..28``: announce level 1..5 for one's party: Re/Kontra, keine 90, keine 60, keine 30, schwarz
  (TSR 6). Announcements are legal for any seat whenever the deadlines allow, also out of turn:
  pass ``seat=`` to :meth:`Game.apply`;
* ``32..41``: the Vorbehalt answer for a :class:`~doppelkopf.rules.GameType` (``NORMAL`` is "gesund").

>>> from doppelkopf.rules import DDV
>>> game = Game.new(DDV, seed=1, dealer=3)
>>> game.phase.name, game.current_player
('VORBEHALT', 0)
>>> for _ in range(4):
...     game.apply(Action.GESUND)
>>> game.phase.name, game.game_type.name in ("NORMAL", "STILLE_HOCHZEIT")
('PLAY', True)
>>> while not game.is_terminal:
...     game.apply(min(a for a in game.legal_actions() if a < 24))
>>> s = game.score()
>>> sum(s.points)
0
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import AUGEN, Card, CardError, cut, deal, deck
from .order import CardOrder, card_order, second_dulle_wins, trick_winner_index
from .rules import (
    ANSAGE,
    KEINE_90,
    LEVEL_KEYS,
    SCHWARZ,
    GameType,
    Party,
    RuleSet,
    level_label,
)
from .scoring import GameSummary, Score, score, sonderpunkte_of_tricks


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message names the rule."""


class Phase(enum.IntEnum):
    VORBEHALT = 0
    PLAY = 1
    FINISHED = 2


class Action:
    """Constructors and names of the int actions."""

    ANNOUNCE_BASE = 24
    VORBEHALT_BASE = 32
    GESUND = VORBEHALT_BASE + GameType.NORMAL

    @staticmethod
    def play(card: int) -> int:
        return int(card)

    @staticmethod
    def announce(level: int) -> int:
        """Announcement of ``level`` 1..5 (1 = Re or Kontra, 2..5 = keine 90 .. schwarz)."""
        return Action.ANNOUNCE_BASE + level - 1

    @staticmethod
    def vorbehalt(game_type: GameType) -> int:
        return Action.VORBEHALT_BASE + int(game_type)

    @staticmethod
    def is_card(action: int) -> bool:
        return 0 <= action < 24

    @staticmethod
    def is_announcement(action: int) -> bool:
        return Action.ANNOUNCE_BASE <= action <= Action.ANNOUNCE_BASE + SCHWARZ - 1

    @staticmethod
    def is_vorbehalt(action: int) -> bool:
        return Action.VORBEHALT_BASE <= action < Action.VORBEHALT_BASE + len(GameType)

    @staticmethod
    def level(action: int) -> int:
        return action - Action.ANNOUNCE_BASE + 1

    @staticmethod
    def game_type(action: int) -> GameType:
        return GameType(action - Action.VORBEHALT_BASE)

    @staticmethod
    def key(action: int) -> str:
        """Stable text key used in records: ``KrD``, ``announce:keine_90``, ``vorbehalt:kreuz``."""
        if Action.is_card(action):
            return Card(action).short
        if Action.is_announcement(action):
            level = Action.level(action)
            return "announce:" + ("ansage" if level == ANSAGE else LEVEL_KEYS[level])
        if Action.is_vorbehalt(action):
            return "vorbehalt:" + Action.game_type(action).key
        raise IllegalAction(f"no such action: {action}")

    @staticmethod
    def from_key(key: str) -> int:
        """Inverse of :meth:`key`; raises IllegalAction naming the text."""
        text = key.strip()
        if text.startswith("announce:"):
            name = text.split(":", 1)[1]
            if name == "ansage":
                return Action.announce(ANSAGE)
            for level, lk in LEVEL_KEYS.items():
                if lk == name:
                    return Action.announce(level)
            raise IllegalAction(f"unknown announcement {name!r}")
        if text.startswith("vorbehalt:"):
            try:
                return Action.vorbehalt(GameType.parse(text.split(":", 1)[1]))
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
        try:
            return int(Card.parse(text))
        except CardError as exc:
            raise IllegalAction(str(exc)) from None


@dataclass(frozen=True)
class Trick:
    """A finished trick: ``cards`` in play order, the ``seats`` that played them, the ``winner`` seat."""

    cards: tuple[int, ...]
    seats: tuple[int, ...]
    winner: int

    @property
    def augen(self) -> int:
        return sum(AUGEN[c] for c in self.cards)


@dataclass(frozen=True)
class Announcement:
    """An announcement made: ``seat``, its ``party`` and the ``level`` reached (1..5), with the
    number of cards the seat held then."""

    seat: int
    party: Party
    level: int
    cards_in_hand: int

    @property
    def label(self) -> str:
        return level_label(self.level, self.party)


@dataclass(frozen=True)
class InformationState:
    """What one seat may know at a moment of the game; never another seat's hand.

    Attributes:
        seat: the observer.
        hand: the observer's cards, sorted by rank in the game as the observer knows it.
        phase, current_player, dealer, rules: as in the game.
        vorbehalte: per seat ``None`` (not asked yet), ``"gesund"`` or ``"vorbehalt"``.
        own_vorbehalt: the observer's own Vorbehalt answer, if given.
        game_type: the game as this seat knows it (a Stille Hochzeit looks normal to the others).
        declarer: the soloist or Hochzeit player, when public.
        own_party: the observer's party, or ``None`` while it is still open (Hochzeit).
        known_parties: per seat the party that play and announcements have made public, or ``None``.
        tricks: finished tricks; ``trick``: the cards of the trick in progress as (seat, card).
        leader: the seat that leads the current trick.
        announcements: all announcements in order.
        hand_sizes: cards in each hand.
        legal_actions: the observer's legal actions now.
    """

    seat: int
    hand: tuple[int, ...]
    phase: Phase
    current_player: int
    dealer: int
    rules: RuleSet
    vorbehalte: tuple[str | None, ...]
    own_vorbehalt: GameType | None
    game_type: GameType | None
    declarer: int | None
    own_party: Party | None
    known_parties: tuple[Party | None, ...]
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[int, int], ...]
    leader: int
    announcements: tuple[Announcement, ...]
    hand_sizes: tuple[int, ...]
    legal_actions: tuple[int, ...]


class Game:
    """The state of one game; mutate it with :meth:`apply`.

    Create with :meth:`new` (seeded deal) or directly from ``hands`` (four lists of cards,
    seat 0..3 clockwise). ``dealer`` is the dealer's seat; the seat to its left answers first in
    the Vorbehaltsabfrage and leads the first trick (TSR 4.1, 5.1).
    """

    def __init__(
        self,
        rules: RuleSet,
        hands: Sequence[Iterable[int]],
        dealer: int = 0,
        seed: int | None = None,
        pflichtsolo_done: Sequence[bool] = (False, False, False, False),
    ) -> None:
        self.rules = rules
        self.dealer = dealer % 4
        self.seed = seed
        self.pflichtsolo_done = tuple(bool(x) for x in pflichtsolo_done)
        if len(self.pflichtsolo_done) != 4:
            raise IllegalAction("pflichtsolo_done: needs one entry per seat (4)")
        self.pflichtsolo = False  # the declared solo is the soloist's Pflichtsolo
        self.hands: list[list[int]] = [sorted(int(c) for c in h) for h in hands]
        self.initial_hands: tuple[tuple[int, ...], ...] = tuple(tuple(h) for h in self.hands)
        self._check_deal()
        self.phase = Phase.VORBEHALT
        self.current_player = (self.dealer + 1) % 4
        self.declarations: list[GameType | None] = [None] * 4
        self.game_type: GameType = GameType.NORMAL
        self.declarer: int | None = None
        self.order: CardOrder = card_order(GameType.NORMAL)
        self.party: list[Party] = [Party.KONTRA] * 4
        self.partner_open = False  # Hochzeit partner not yet found
        self.clarified_at: int | None = None  # index of the Hochzeit's Klärungsstich
        self.tricks: list[Trick] = []
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.leader = self.current_player
        self.levels = [0, 0]
        self.timely_ansage = [False, False]  # Ansage made in time for a first Ansage (TSR 6.4.4)
        self.announcements: list[Announcement] = []
        self.history: list[tuple[int, int]] = []

    # -- construction --------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        rules: RuleSet,
        seed: int | None = None,
        dealer: int = 0,
        cut_at: int | None = None,
        pflichtsolo_done: Sequence[bool] = (False, False, False, False),
    ) -> Game:
        """Shuffle with ``seed`` (same seed, same hands), cut (at ``cut_at``, or where the seeded
        generator says, at least ``rules.cut_minimum`` from either end) and deal in the rule set's
        packets clockwise from the dealer's left (TSR 3.3.3-3.3.7)."""
        rng = random.Random(seed)
        cards = deck(rules.with_nines)
        rng.shuffle(cards)
        if cut_at is None:
            cut_at = rng.randint(rules.cut_minimum, len(cards) - rules.cut_minimum)
        cards = cut(cards, cut_at, rules.cut_minimum)
        return cls(rules, deal(cards, dealer, rules.deal_packets), dealer, seed, pflichtsolo_done)

    def _check_deal(self) -> None:
        size = self.rules.hand_size
        if len(self.hands) != 4 or any(len(h) != size for h in self.hands):
            raise IllegalAction(f"deal: each of the 4 hands needs {size} cards")
        counts = [0] * 24
        for hand in self.hands:
            for c in hand:
                if not 0 <= c < 24:
                    raise IllegalAction(f"deal: {c} is no card")
                counts[c] += 1
        for c in range(24):
            expected = 0 if (not self.rules.with_nines and c % 6 == 5) else 2
            if counts[c] != expected:
                raise IllegalAction(f"deal: {Card(c).symbol} appears {counts[c]} times, expected {expected}")

    def clone(self) -> Game:
        """An independent copy (for search)."""
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.declarations = list(self.declarations)
        other.party = list(self.party)
        other.tricks = list(self.tricks)
        other.trick_cards = list(self.trick_cards)
        other.trick_seats = list(self.trick_seats)
        other.levels = list(self.levels)
        other.timely_ansage = list(self.timely_ansage)
        other.announcements = list(self.announcements)
        other.history = list(self.history)
        return other

    # -- queries -------------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.phase is Phase.FINISHED

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Legal actions of ``seat`` (default: the current player), ascending.

        For the current player in play: the cards that may be played (Bedienpflicht, TSR 5.2)
        and the announcements the deadlines allow; for any other seat only announcements.
        Raises IllegalAction for a seat outside 0..3.
        """
        if self.phase is Phase.FINISHED:
            return []
        if seat is None:
            seat = self.current_player
        if seat not in range(4):
            raise IllegalAction(f"no seat {seat}: seats are 0..3")
        if self.phase is Phase.VORBEHALT:
            return self._legal_vorbehalte(seat) if seat == self.current_player else []
        actions = self._legal_cards(seat) if seat == self.current_player else []
        level = self._max_announcement(seat)
        if level:
            base = Action.ANNOUNCE_BASE - 1
            actions.extend(base + lv for lv in range(self.levels[self.party[seat]] + 1, level + 1))
        return actions

    def _legal_vorbehalte(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        options = [Action.GESUND]
        if hand.count(Card.KREUZ_DAME) == 2:
            options.append(Action.vorbehalt(GameType.HOCHZEIT))
        options.extend(Action.vorbehalt(g) for g in self.rules.allowed_soli)
        return sorted(options)

    def _legal_cards(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if self.trick_cards:
            group = self.order.group
            led = group[self.trick_cards[0]]
            follow = {c for c in hand if group[c] == led}
            if follow:
                return sorted(follow)
        return sorted(set(hand))

    def _deadline_shift(self) -> int:
        if self.game_type is GameType.HOCHZEIT and self.rules.hochzeit_shift and self.clarified_at:
            return self.clarified_at
        return 0

    def _max_announcement(self, seat: int) -> int:
        """Highest level ``seat`` may announce now (0 if none), TSR 6.2-6.4.

        Each level needs a least number of cards in the announcer's hand (moved back in a
        Hochzeit by the tricks before the Klärungsstich). A higher level implies the lower ones not
        yet made, and each of them must still be in time. The Ansage may come as an Erwiderung
        with ``reply_extra_cards`` fewer cards than the other side's announcement needed; a party
        whose Ansage was too late for a first Ansage may not make Absagen.
        """
        if self.phase is not Phase.PLAY or self.partner_open:
            return 0
        party = self.party[seat]
        current = self.levels[party]
        if current >= SCHWARZ or (current and not self.timely_ansage[party]):
            return 0
        cards = len(self.hands[seat])
        shift = self._deadline_shift()
        deadlines = self.rules.announcement_deadlines
        if current == 0:
            if cards >= deadlines[0] - shift:
                pass  # in time for a first Ansage: Absagen may follow in the same breath
            else:
                other = self.levels[party.other]
                if other and cards >= deadlines[other - 1] - shift - self.rules.reply_extra_cards:
                    return ANSAGE  # Erwiderung only
                return 0
        best = current
        for level in range(max(current + 1, KEINE_90), SCHWARZ + 1):
            if cards < deadlines[level - 1] - shift:
                break
            best = level
        return max(best, ANSAGE) if current == 0 else (best if best > current else 0)

    def announcement_label(self, action: int, seat: int) -> str:
        """Spoken name of an announcement action for ``seat``: Re, Kontra, keine 90, ..."""
        return level_label(Action.level(action), self.party[seat])

    def describe(self, action: int, seat: int | None = None) -> str:
        """Human-readable name of ``action`` (German terms)."""
        if Action.is_card(action):
            return Card(action).symbol
        if Action.is_announcement(action):
            return self.announcement_label(action, self.current_player if seat is None else seat)
        gt = Action.game_type(action)
        return "gesund" if gt is GameType.NORMAL else gt.german

    # -- transitions ---------------------------------------------------------------------------
    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply ``action`` for ``seat`` (default: the current player).

        Raises :class:`IllegalAction` naming the rule when the action is not legal now; the state
        is unchanged then.
        """
        if seat is None:
            seat = self.current_player
        if seat not in range(4):
            raise IllegalAction(f"no seat {seat}: seats are 0..3")
        action = int(action)
        if self.phase is Phase.FINISHED:
            raise IllegalAction("the game is over")
        if Action.is_announcement(action):
            self._announce(seat, action)
        elif seat != self.current_player:
            raise IllegalAction(f"it is seat {self.current_player}'s turn, not seat {seat}'s")
        elif self.phase is Phase.VORBEHALT:
            self._declare(seat, action)
        else:
            self._play(seat, action)
        self.history.append((seat, action))

    def _declare(self, seat: int, action: int) -> None:
        if action not in self._legal_vorbehalte(seat):
            if Action.is_vorbehalt(action) and Action.game_type(action) is GameType.HOCHZEIT:
                raise IllegalAction("Hochzeit needs both Kreuz-Damen (TSR 4.4)")
            if Action.is_vorbehalt(action) and Action.game_type(action) is GameType.STILLE_HOCHZEIT:
                raise IllegalAction("a Stille Hochzeit is no Vorbehalt: with both Kreuz-Damen say gesund (TSR 4.4.5)")
            if Action.is_vorbehalt(action):
                raise IllegalAction(f"{Action.game_type(action).german} is not allowed by the rule set")
            raise IllegalAction("the Vorbehaltsabfrage is on: answer gesund or a Vorbehalt (TSR 4.1)")
        self.declarations[seat] = Action.game_type(action)
        self.current_player = (seat + 1) % 4
        if self.current_player == (self.dealer + 1) % 4:
            self._resolve_vorbehalte()

    def _resolve_vorbehalte(self) -> None:
        """Pflichtsolo before Lustsolo before Hochzeit; among equals the seat first asked wins
        (TSR 4.1.5-4.1.7). A solo is a Pflichtsolo while the soloist has not played one."""
        seats = [(self.dealer + 1 + i) % 4 for i in range(4)]
        soli = [s for s in seats if (d := self.declarations[s]) is not None and d.is_declared_solo]
        pflicht = [s for s in soli if not self.pflichtsolo_done[s]]
        hochzeit = [s for s in seats if self.declarations[s] is GameType.HOCHZEIT]
        if soli:
            self.declarer = (pflicht or soli)[0]
            self.pflichtsolo = bool(pflicht)
            self.game_type = self.declarations[self.declarer]  # type: ignore[assignment]
        elif hochzeit:
            self.game_type, self.declarer = GameType.HOCHZEIT, hochzeit[0]
            self.partner_open = True
        else:
            both = next((s for s in seats if self.hands[s].count(Card.KREUZ_DAME) == 2), None)
            if both is not None:
                self.game_type, self.declarer = GameType.STILLE_HOCHZEIT, both
        self.order = card_order(self.game_type)
        if self.declarer is None:
            self.party = [Party.RE if Card.KREUZ_DAME in h else Party.KONTRA for h in self.hands]
        else:
            self.party = [Party.RE if s == self.declarer else Party.KONTRA for s in range(4)]
        self.phase = Phase.PLAY
        lead = (self.dealer + 1) % 4
        if self.game_type.is_declared_solo and self.declarer is not None:
            how = self.rules.solo_lead
            if how == "soloist" or (how == "pflichtsolo" and self.pflichtsolo):
                lead = self.declarer
        self.leader = self.current_player = lead

    def _announce(self, seat: int, action: int) -> None:
        level = Action.level(action)
        party = self.party[seat]
        if self.phase is not Phase.PLAY:
            raise IllegalAction("announcements are made after the Vorbehaltsabfrage (TSR 6.3)")
        if self.partner_open:
            raise IllegalAction("in a Hochzeit announcements wait for the Klärungsstich (TSR 6.5)")
        current = self.levels[party]
        if level <= current:
            raise IllegalAction(f"{party.label} has already announced {level_label(current, party)}")
        if level > self._max_announcement(seat):
            raise IllegalAction(
                f"too late for {level_label(level, party)} with {len(self.hands[seat])} cards in hand "
                f"(deadlines {self.rules.announcement_deadlines}, TSR 6.3-6.5)"
            )
        if current == 0:
            self.timely_ansage[party] = len(self.hands[seat]) >= self.rules.announcement_deadlines[0] - (
                self._deadline_shift()
            )
        self.levels[party] = level
        self.announcements.append(Announcement(seat, party, level, len(self.hands[seat])))

    def _play(self, seat: int, card: int) -> None:
        if not Action.is_card(card):
            raise IllegalAction(f"{Action.key(card)} is not a card play; play a card now")
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalAction(f"{Card(card).symbol} is not in your hand")
        if card not in self._legal_cards(seat):
            raise IllegalAction(f"{Card(card).symbol}: you must follow the suit led (Bedienpflicht, TSR 5.2)")
        hand.remove(card)
        self.trick_cards.append(card)
        self.trick_seats.append(seat)
        if len(self.trick_cards) < 4:
            self.current_player = (seat + 1) % 4
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        last = not self.hands[self.current_player]
        second = second_dulle_wins(self.rules, last)
        win = trick_winner_index(self.order, self.trick_cards, second)
        winner = self.trick_seats[win]
        trick = Trick(tuple(self.trick_cards), tuple(self.trick_seats), winner)
        self.tricks.append(trick)
        self.trick_cards = []
        self.trick_seats = []
        if self.partner_open:
            self._hochzeit_check(trick)
        self.leader = self.current_player = winner
        if last:
            self.phase = Phase.FINISHED

    def _hochzeit_check(self, trick: Trick) -> None:
        """The first trick within ``hochzeit_tricks`` won by another player finds the partner
        (TSR 4.4); after that many tricks without one, the Hochzeit plays alone."""
        index = len(self.tricks) - 1
        if trick.winner != self.declarer:
            self.party[trick.winner] = Party.RE
            self.partner_open = False
            self.clarified_at = index
        elif index + 1 >= self.rules.hochzeit_tricks:
            self.partner_open = False
            self.clarified_at = index

    # -- results -------------------------------------------------------------------------------
    def summary(self) -> GameSummary:
        """The finished game as a :class:`GameSummary` for scoring; raises IllegalAction if it
        is not over."""
        if not self.is_terminal:
            raise IllegalAction("the game is not finished")
        re_seats = frozenset(s for s in range(4) if self.party[s] is Party.RE)
        augen_re = sum(t.augen for t in self.tricks if self.party[t.winner] is Party.RE)
        tricks_re = sum(1 for t in self.tricks if self.party[t.winner] is Party.RE)
        extras = sonderpunkte_of_tricks(
            [(t.cards, t.seats, t.seats.index(t.winner)) for t in self.tricks], self.party, self.rules
        )
        return GameSummary(
            self.game_type,
            re_seats,
            augen_re,
            tricks_re,
            len(self.tricks) - tricks_re,
            (self.levels[0], self.levels[1]),
            extras,
        )

    def score(self) -> Score:
        """Score the finished game (see :func:`doppelkopf.scoring.score`)."""
        return score(self.summary(), self.rules)

    # -- information ---------------------------------------------------------------------------
    def public_game_type(self, seat: int) -> GameType | None:
        if self.phase is Phase.VORBEHALT:
            return None
        if self.game_type is GameType.STILLE_HOCHZEIT and seat != self.declarer:
            if self._played_count(Card.KREUZ_DAME, self.declarer) < 2:  # type: ignore[arg-type]
                return GameType.NORMAL
        return self.game_type

    def _played_count(self, card: int, seat: int) -> int:
        n = 0
        for t in self.tricks:
            n += sum(1 for c, s in zip(t.cards, t.seats, strict=True) if c == card and s == seat)
        n += sum(1 for c, s in zip(self.trick_cards, self.trick_seats, strict=True) if c == card and s == seat)
        return n

    def known_parties(self) -> tuple[Party | None, ...]:
        """Parties made public by the game type, announcements and played Kreuz-Damen."""
        if self.phase is Phase.VORBEHALT:
            return (None,) * 4
        known: list[Party | None] = [None] * 4
        public = self.public_game_type((self.declarer + 1) % 4 if self.declarer is not None else 0)
        if public is not None and (public.is_declared_solo or public is GameType.STILLE_HOCHZEIT):
            return tuple(self.party)
        if self.game_type is GameType.HOCHZEIT:
            if self.partner_open:
                known[self.declarer] = Party.RE  # type: ignore[index]
                return tuple(known)
            return tuple(self.party)
        for a in self.announcements:
            known[a.seat] = a.party
        for s in range(4):
            if self._played_count(Card.KREUZ_DAME, s):
                known[s] = Party.RE
        # Two known Re players settle the rest as Kontra. Two known Kontra players do not settle
        # the rest as Re: the game may be a Stille Hochzeit that looks normal (TSR 5.5.1).
        if known.count(Party.RE) == 2:
            known = [k if k is not None else Party.KONTRA for k in known]
        return tuple(known)

    def information_state(self, seat: int) -> InformationState:
        """What ``seat`` may see now (own hand, public play and announcements; no other hand)."""
        game_type = self.public_game_type(seat)
        order = self.order if game_type is not None else card_order(GameType.NORMAL)
        own_party: Party | None = None
        if self.phase is not Phase.VORBEHALT:
            own_party = None if (self.partner_open and seat != self.declarer) else self.party[seat]
        elif Card.KREUZ_DAME in self.hands[seat]:
            own_party = Party.RE
        vorbehalte = tuple(
            None if d is None else ("gesund" if d is GameType.NORMAL else "vorbehalt") for d in self.declarations
        )
        declarer = self.declarer if game_type is not None and game_type is not GameType.NORMAL else None
        return InformationState(
            seat=seat,
            hand=tuple(order.sorted_hand(self.hands[seat])),
            phase=self.phase,
            current_player=self.current_player,
            dealer=self.dealer,
            rules=self.rules,
            vorbehalte=vorbehalte,
            own_vorbehalt=self.declarations[seat],
            game_type=game_type,
            declarer=declarer,
            own_party=own_party,
            known_parties=self.known_parties(),
            tricks=tuple(self.tricks),
            trick=tuple(zip(self.trick_seats, self.trick_cards, strict=True)),
            leader=self.leader,
            announcements=tuple(self.announcements),
            hand_sizes=tuple(len(h) for h in self.hands),
            legal_actions=tuple(self.legal_actions(seat)),
        )

    # -- replay --------------------------------------------------------------------------------
    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        hands: Sequence[Iterable[int]],
        dealer: int,
        actions: Iterable[tuple[int, int]],
        seed: int | None = None,
        pflichtsolo_done: Sequence[bool] = (False, False, False, False),
    ) -> Game:
        """Rebuild a game from its deal and ``(seat, action)`` history; ``pflichtsolo_done`` must be
        the one of the original game (it decides Pflicht- or Lustsolo and who leads). Raises
        IllegalAction naming the position of the first illegal step."""
        game = cls(rules, hands, dealer, seed, pflichtsolo_done)
        for index, (seat, action) in enumerate(actions):
            try:
                game.apply(action, seat)
            except IllegalAction as exc:
                try:
                    name = Action.key(action)
                except IllegalAction:
                    name = str(action)
                raise IllegalAction(f"action {index + 1} (seat {seat}, {name}): {exc}") from None
        return game


def random_game(rules: RuleSet, seed: int, dealer: int = 0) -> Game:
    """Play one game with uniformly random legal actions of the player to move (for tests and
    benchmarks). Announcements come only in turn."""
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed, dealer=dealer)
    while not game.is_terminal:
        game.apply(rng.choice(game.legal_actions()))
    return game
