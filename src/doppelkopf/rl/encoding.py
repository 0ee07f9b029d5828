"""The observation of one seat as a flat vector, and its action mask, for learning programs.

Pure numpy: no RL library is imported here, so the PettingZoo environment, the Gymnasium wrapper,
the OpenSpiel game and the numpy policy all share this one encoding.

* :func:`observation` turns an :class:`~doppelkopf.game.InformationState` (what one seat may know,
  never another hand) into a ``float32`` vector of :data:`OBS_SIZE` values in ``[0, 1]``;
* :func:`action_mask` gives the ``int8`` mask over the :data:`NUM_ACTIONS` engine actions (an action
  id *is* the engine's :class:`~doppelkopf.moves.Action` int: cards 0..23, announcements 24..28,
  Vorbehalte 32..51, bidding 52/53, Schweine 54, claim 55, Armut 56/57, concede 58, Armut lay
  64..87 and return 96..119; the ids between are never legal);
* :data:`SLOTS` names every part of the vector (:class:`Slot`: name, start, size, meaning); the
  table is also in ``docs/rl.md``.

Seats in the vector are **relative to the observer**: index 0 is the observer, 1 the seat to its
left (who plays after it, TSR 5.1: play goes clockwise), 2 the seat opposite, 3 the seat to its
right. Card slots are indexed by the :class:`~doppelkopf.cards.Card` value (0 Kreuz-Ass .. 23
Karo-Neun), each card counted out of its two copies (0, 0.5, 1).

>>> from doppelkopf.game import Game
>>> game = Game.new("ddv", seed=1, dealer=3)
>>> obs = observation(game.information_state(0))
>>> obs.shape == (OBS_SIZE,), obs.dtype.name, float(obs.min()) >= 0.0, float(obs.max()) <= 1.0
(True, 'float32', True, True)
>>> float(obs[slot("hand").start : slot("hand").stop].sum()) * 2  # 12 cards in hand, out of two copies each
12.0
>>> int(action_mask(game.information_state(0)).sum()) == len(game.legal_actions(0))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np

from ..game import InformationState, Phase
from ..moves import HOCHZEIT_KINDS, Action
from ..rules import SCHWARZ, GameType, Party, RuleSet

__all__ = [
    "MAX_TRICKS",
    "NUM_ACTIONS",
    "OBS_SIZE",
    "SLOTS",
    "Slot",
    "action_mask",
    "observation",
    "own_turn_announcements_complete",
    "slot",
]

#: Number of action ids: every engine action (:class:`~doppelkopf.moves.Action`) is below it.
NUM_ACTIONS: Final = 120
#: The most tricks of a game (12 with the nines, 10 without): the trick slots hold this many.
MAX_TRICKS: Final = 12
_CARDS: Final = 24
_SEATS: Final = 4
_GAME_TYPES: Final = len(GameType)
_HOCHZEIT_KINDS: Final = HOCHZEIT_KINDS
_VORBEHALT_ANSWERS: Final = (None, "gesund", "vorbehalt")
_TOTAL_AUGEN: Final = 240
_PASS: Final = int(Action.PASS)  # the window's "nothing out of turn"


@dataclass(frozen=True)
class Slot:
    """One part of the observation vector: ``vector[start:start + size]``, with what it means."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        """The index after the slot (``start + size``)."""
        return self.start + self.size


_LAYOUT: Final[tuple[tuple[str, int, str], ...]] = (
    ("phase", len(Phase), "one-hot Phase: VORBEHALT, PLAY, FINISHED, ARMUT, BIDDING, CONCESSION (by value 0..5)"),
    ("current_player", _SEATS, "one-hot relative seat of the player to move (the engine's, also during a window)"),
    (
        "window",
        1,
        "1 when the observer acts in an announcement window (out of turn, before the decision of the player to "
        "move; only under deadlines counted in tricks, see doppelkopf.rl.turns), 0 in its own turn and otherwise",
    ),
    ("dealer", _SEATS, "one-hot relative seat of the dealer"),
    ("with_nines", 1, "1 when the deck has the nines (12 cards a hand), 0 without (10 cards)"),
    ("hand", _CARDS, "own hand: copies of each card held / 2"),
    (
        "hand_sizes",
        _SEATS,
        "cards in each hand (relative seats) / 12, at most 1 (the taker's hand during an Armut exchange, "
        "12 and the cards laid, also reads 1)",
    ),
    (
        "vorbehalte",
        _SEATS * 3,
        "per relative seat one-hot of its Vorbehalt answer: not asked yet, gesund, vorbehalt (public answers)",
    ),
    ("own_vorbehalt", _GAME_TYPES, "one-hot GameType (by value 0..11) of the observer's own Vorbehalt answer"),
    (
        "game_type",
        _GAME_TYPES,
        "one-hot GameType (by value) as the observer knows it (a Stille Hochzeit looks normal to the others); "
        "all 0 while not settled",
    ),
    ("declarer", _SEATS, "one-hot relative seat of the public soloist, Hochzeit player or poor player of an Armut"),
    (
        "hochzeit_rule",
        len(_HOCHZEIT_KINDS),
        "one-hot trick kind that finds the Hochzeit partner: foreign, fehl, trump, kreuz, pik, herz",
    ),
    ("own_party", 2, "one-hot own party (Re, Kontra) when the observer knows it"),
    ("known_parties", _SEATS * 2, "per relative seat one-hot (Re, Kontra) of the party made public, else 0"),
    (
        "announcements",
        _SEATS * SCHWARZ,
        "per relative seat the levels it announced: 1 for each level 1..5 (Re/Kontra, keine 90, 60, 30, schwarz) "
        "up to the highest it reached",
    ),
    ("party_levels", 2 * SCHWARZ, "per party (Re, Kontra) 1 for each announcement level 1..5 reached"),
    ("must_announce", _SEATS, "one-hot relative seat that must announce before it plays (Pflichtansage)"),
    ("schweine", _SEATS, "one-hot relative seat that announced the Schweine"),
    ("superschweine", _SEATS, "one-hot relative seat of the Superschweine, once known to the observer"),
    ("armut_answers", _SEATS * 2, "per relative seat (take, refuse) of its answer to an Armut"),
    ("armut_count", 1, "cards the poor player laid face down / 12 (public)"),
    (
        "armut_laid",
        _CARDS,
        "the cards laid for the Armut / 2 (only the poor player and the taker see them; everyone the open "
        "Füchse of armut_fuchs_open)",
    ),
    ("armut_returned", _CARDS, "the cards returned to the poor player / 2 (only the poor player and the taker)"),
    ("bids", _SEATS * 2, "per relative seat (raised, passed) in the bidding for a solo"),
    ("bid_level", 1, "the level bid so far / 5"),
    ("thrown_in", 1, "1 when the deal was thrown in (Schmeissen, an Armut nobody took)"),
    ("claim", _SEATS + 1, "one-hot relative seat that claimed the rest, then 1 if the claim held"),
    ("played", _SEATS * _CARDS, "per relative seat the copies of each card it played / 2 (all tricks)"),
    (
        "tricks",
        MAX_TRICKS * _SEATS * _CARDS,
        "per finished trick 0..11 and relative seat: one-hot card that seat played in that trick (the tricks of "
        "a claimed rest, filled in at the end, look the same: the claim slot tells them apart)",
    ),
    ("trick_leaders", MAX_TRICKS * _SEATS, "per finished trick one-hot relative seat that led it"),
    ("trick_winners", MAX_TRICKS * _SEATS, "per finished trick one-hot relative seat that won it"),
    ("current_trick", _SEATS * _CARDS, "per relative seat one-hot card it played to the trick in progress"),
    ("current_leader", _SEATS, "one-hot relative seat that leads the trick in progress"),
    ("tricks_done", 1, "finished tricks / 12"),
    ("augen", _SEATS, "Augen of the tricks each relative seat won / 240"),
    ("tricks_won", _SEATS, "tricks each relative seat won / 12"),
)


def _build_slots() -> tuple[Slot, ...]:
    slots = []
    start = 0
    for name, size, meaning in _LAYOUT:
        slots.append(Slot(name, start, size, meaning))
        start += size
    return tuple(slots)


#: Every part of the observation vector, in order; they tile ``0..OBS_SIZE`` without gaps.
SLOTS: Final[tuple[Slot, ...]] = _build_slots()
#: The length of the observation vector.
OBS_SIZE: Final = SLOTS[-1].stop
_BY_NAME: Final = {s.name: s for s in SLOTS}


def slot(name: str) -> Slot:
    """The :class:`Slot` called ``name``; raises :class:`KeyError` naming the known slots."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise KeyError(f"no observation slot {name!r}; slots: {', '.join(_BY_NAME)}") from None


_S: Final = {s.name: s.start for s in SLOTS}
_PARTY_INDEX: Final = {Party.RE: 0, Party.KONTRA: 1}


def observation(info: InformationState, window: bool = False) -> np.ndarray:
    """The observation vector of ``info.seat``: ``float32``, shape ``(OBS_SIZE,)``, values in
    ``[0, 1]``, laid out as :data:`SLOTS` says. It reads only ``info``, so it holds nothing the seat
    may not know (no other hand; of an Armut exchange only what the seat gave, took or saw).
    ``window`` sets the slot ``window``: true when the seat is asked in an announcement window
    (:class:`doppelkopf.rl.turns.Turns`), so an agent can tell it from its own turn."""
    s = _S
    me = info.seat
    rel = [(seat - me) % 4 for seat in range(4)]
    ones: list[int] = []  # positions set to 1
    halves: list[int] = []  # positions that count a card copy (+0.5 each)
    values: list[tuple[int, float]] = []  # positions with a fraction

    ones.append(s["phase"] + int(info.phase))
    if info.phase is not Phase.FINISHED:
        ones.append(s["current_player"] + rel[info.current_player])
    if window:
        ones.append(s["window"])
    ones.append(s["dealer"] + rel[info.dealer])
    if info.rules.with_nines:
        ones.append(s["with_nines"])
    hand = s["hand"]
    halves.extend(hand + card for card in info.hand)
    base = s["hand_sizes"]
    values.extend((base + rel[seat], min(size, MAX_TRICKS) / MAX_TRICKS) for seat, size in enumerate(info.hand_sizes))
    base = s["vorbehalte"]
    ones.extend(base + 3 * rel[seat] + _VORBEHALT_ANSWERS.index(a) for seat, a in enumerate(info.vorbehalte))
    if info.own_vorbehalt is not None:
        ones.append(s["own_vorbehalt"] + int(info.own_vorbehalt))
    if info.game_type is not None:
        ones.append(s["game_type"] + int(info.game_type))
    if info.declarer is not None:
        ones.append(s["declarer"] + rel[info.declarer])
    if info.hochzeit_rule in _HOCHZEIT_KINDS:
        ones.append(s["hochzeit_rule"] + _HOCHZEIT_KINDS.index(info.hochzeit_rule))
    if info.own_party is not None:
        ones.append(s["own_party"] + _PARTY_INDEX[info.own_party])
    base = s["known_parties"]
    ones.extend(base + 2 * rel[seat] + _PARTY_INDEX[p] for seat, p in enumerate(info.known_parties) if p is not None)
    seat_level = [0, 0, 0, 0]
    party_level = [0, 0]
    for a in info.announcements:
        seat_level[a.seat] = max(seat_level[a.seat], a.level)
        p = _PARTY_INDEX[a.party]
        party_level[p] = max(party_level[p], a.level)
    for seat, level in enumerate(seat_level):
        base = s["announcements"] + SCHWARZ * rel[seat]
        ones.extend(range(base, base + level))
    for p, level in enumerate(party_level):
        base = s["party_levels"] + SCHWARZ * p
        ones.extend(range(base, base + level))
    if info.must_announce is not None:
        ones.append(s["must_announce"] + rel[info.must_announce])
    if info.schweine is not None:
        ones.append(s["schweine"] + rel[info.schweine])
    if info.superschweine is not None:
        ones.append(s["superschweine"] + rel[info.superschweine])
    base = s["armut_answers"]
    for seat, answer in enumerate(info.armut_answers):
        if answer == "take":
            ones.append(base + 2 * rel[seat])
        elif answer == "refuse":
            ones.append(base + 2 * rel[seat] + 1)
    if info.armut_count:
        values.append((s["armut_count"], min(info.armut_count, MAX_TRICKS) / MAX_TRICKS))
    halves.extend(s["armut_laid"] + card for card in info.armut_laid)
    halves.extend(s["armut_returned"] + card for card in info.armut_returned)
    base = s["bids"]
    ones.extend(base + 2 * rel[seat] + (0 if what == "raise" else 1) for seat, what in info.bids)
    if info.bid_level:
        values.append((s["bid_level"], min(info.bid_level, SCHWARZ) / SCHWARZ))
    if info.thrown_in:
        ones.append(s["thrown_in"])
    if info.claim is not None:
        claimer, held = info.claim
        ones.append(s["claim"] + rel[claimer])
        if held:
            ones.append(s["claim"] + _SEATS)
    played, tricks = s["played"], s["tricks"]
    leaders, winners = s["trick_leaders"], s["trick_winners"]
    augen = [0, 0, 0, 0]
    won = [0, 0, 0, 0]
    for index, trick in enumerate(info.tricks[:MAX_TRICKS]):
        base = tricks + index * _SEATS * _CARDS
        for card, seat in zip(trick.cards, trick.seats, strict=True):
            offset = rel[seat] * _CARDS + card
            halves.append(played + offset)
            ones.append(base + offset)
        ones.append(leaders + index * _SEATS + rel[trick.seats[0]])
        w = rel[trick.winner]
        ones.append(winners + index * _SEATS + w)
        augen[w] += trick.augen
        won[w] += 1
    current = s["current_trick"]
    for seat, card in info.trick:
        offset = rel[seat] * _CARDS + card
        halves.append(played + offset)
        ones.append(current + offset)
    if info.phase in (Phase.PLAY, Phase.CONCESSION):
        ones.append(s["current_leader"] + rel[info.leader])
    if info.tricks:
        values.append((s["tricks_done"], min(len(info.tricks), MAX_TRICKS) / MAX_TRICKS))
    for r in range(_SEATS):  # augen and won are by relative seat
        if won[r]:
            values.append((s["augen"] + r, min(augen[r], _TOTAL_AUGEN) / _TOTAL_AUGEN))
            values.append((s["tricks_won"] + r, won[r] / MAX_TRICKS))
    # the card copies counted, then the one-hot positions and the fractions (disjoint from both)
    obs = np.bincount(np.array(halves, dtype=np.intp), minlength=OBS_SIZE).astype(np.float32)
    obs *= 0.5
    obs[ones] = 1.0
    if values:
        positions, fractions = zip(*values, strict=True)
        obs[list(positions)] = fractions
    # a seat holds at most two copies of a card: never above 1 (a guard, not a rule)
    np.minimum(obs, 1.0, out=obs)
    return obs


def action_mask(info: InformationState, window: bool = False) -> np.ndarray:
    """The actions offered to ``info.seat`` now: ``int8``, shape ``(NUM_ACTIONS,)``, 1 = legal.

    The RL turn protocol (:class:`doppelkopf.rl.turns.Turns`): in its own turn (``info.seat ==
    info.current_player``) the seat has its ``info.legal_actions``; in an announcement window
    (``window`` true; only under deadlines counted in tricks) it has its out-of-turn actions
    (``info.legal_actions``: announcements, Schweine, claim, giving up the rest, TSR 6.4.1) and
    ``Action.PASS`` (53, "nothing out of turn"). Any other seat gets all zeros, also where the
    engine would take an announcement out of turn: under deadlines counted in cards in hand a seat
    announces in its own turn, before its card (see :func:`own_turn_announcements_complete`). A
    finished game offers nothing."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    if info.phase is Phase.FINISHED:
        return mask
    if window:
        mask[_PASS] = 1
    elif info.seat != info.current_player:
        return mask
    for action in info.legal_actions:
        mask[action] = 1
    return mask


def own_turn_announcements_complete(rules: RuleSet) -> bool:
    """Whether announcing only in one's own turn reaches every announcement that ``rules`` allow
    (if not, the RL turn protocol, :class:`doppelkopf.rl.turns.Turns`, opens announcement
    windows). True when the deadlines count the cards in the announcer's hand
    (``announcement_timing = "cards_in_hand"``, TSR 6.2.2, 6.3.4): the hand shrinks only when the
    seat plays, so whatever it could announce out of turn it can still announce in its next turn.
    False for deadlines counted in tricks (``"tricks"``, seed 002, the ``doppelbock`` preset): an
    announcement is in time only while the trick holds at most one card, so a seat that plays
    third or fourth in every trick up to a deadline never has a turn in which it may make it (at a
    table it could, out of turn, at the start of the trick: the windows give it that chance)."""
    return rules.announcement_timing != "tricks"
