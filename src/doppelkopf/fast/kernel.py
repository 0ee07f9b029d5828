"""Rollout kernel: random (or policy-guided) Doppelkopf games compiled with numba.

The kernel plays on a compact representation: each hand is two 24-bit masks over the 24 cards
(``has1``: holds at least one, ``has2``: holds both), and every rule number comes from the core
through :mod:`doppelkopf.fast.tables` (card order, Augen, deck, Dulle option, Sonderpunkte that
count, Punkte of each result computed by :func:`doppelkopf.scoring.score`). What the kernel mirrors
itself, and ``tests/test_kernel.py`` proves against the engine game by game, is the play:

* the deal: a uniform shuffle (Fisher-Yates on a splitmix64 stream, unbiased range reduction) of the
  rule set's deck, the first ``hand_size`` cards to seat 0 and so on (packets do not change a uniform
  deal); the dealer of game ``i`` is seat ``i % 4``, the seat to its left leads (TSR 5.1);
* the Vorbehalt: every seat says gesund, so Re are the holders of a Kreuz-Dame, or the holder of
  both plays the Stille Hochzeit (TSR 4.4.5), scored per the rule set;
* the cards: uniformly random among the distinct cards the Bedienpflicht allows (TSR 5.2), like
  ``rng.choice`` over the engine's card actions; the trick winner with the rule set's Dulle option,
  table-driven (:attr:`~doppelkopf.fast.tables.GameTables.beats`, from the core's
  :func:`~doppelkopf.order.trick_winner_index`);
  the Schweine (rule ``schweine``): the holder of both Karo-Asse announces them with the first Karo-Ass
  he plays (with ``schweine_announce = "before_first_play"`` the engine sees the action ``SCHWEINE``
  just before that card; at ``vorbehalt`` they are announced at the start), the Superschweine go to
  the holder of both Karo-Neunen at that moment;
* the Augen per party and the Sonderpunkte Doppelkopf, Fuchs gefangen, Karlchen, Karlchen gefangen
  and Fuchs am End, each only where the rule set counts it.

No announcement is made during play, no claim (both are optional for a player), except the
Pflichtansage of seed 002 (rule ``pflichtansage``): the obliged winner of the first trick makes the
Ansage (level 1) before leading the second, as the engine requires; announcements given as input
count as made before the first card. Options the kernel does not mirror make
:func:`doppelkopf.fast.tables.game_tables` raise :class:`~doppelkopf.fast.tables.KernelUnsupported`
naming the option.

Entry points: :func:`random_games` (``n`` full games, optionally recorded for a replay);
:func:`rollouts` of a :class:`Position` and :func:`rollout_values` of a
:class:`~doppelkopf.game.Game` in play (``k`` continuations, mean Punkte and Augen per seat) for a
search player; :func:`check_against_engine` replays a recorded game through the engine. Same seed,
same games, on every machine (the BMI2 ``pdep`` path, where the CPU has it, selects the same card as
the portable loop). Speed: ``python3 bench/bench_speed.py``.

Units: Punkte are score points of a game (:mod:`doppelkopf.scoring`), Augen card points in tricks
(0..240 per game).

>>> from doppelkopf.rules import get_preset
>>> result = random_games(get_preset("ddv"), 1000, seed=1)
>>> result.points.shape, bool((result.points.sum(axis=1) == 0).all())
((1000, 4), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from llvmlite import binding as llvm_binding
from llvmlite import ir
from numba import njit
from numba.core import cgutils, types
from numba.core import config as numba_config
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros
from numba.extending import intrinsic

from ..cards import Card
from ..game import Game, Phase
from ..rules import GameType, Party, RuleError, RuleSet
from .tables import (
    FLAG_BOTH,
    FLAG_KONTRA_SCHWARZ,
    FLAG_RE_SCHWARZ,
    SCHWEINE_NONE,
    SCHWEINE_VORBEHALT,
    TRUMP_GROUP,
    GameTables,
    KernelUnsupported,
    game_tables,
)

KREUZ_DAME = int(Card.KREUZ_DAME)
KREUZ_BUBE = int(Card.KREUZ_BUBE)
KARO_ASS = int(Card.KARO_ASS)
KARO_NEUN = int(Card.KARO_NEUN)
TRUMP = TRUMP_GROUP

#: Policies of the rollouts: uniform random legal cards; the simple greedy policy of
#: :func:`_greedy_card` (leads at random; otherwise puts Augen on a trick its party holds, takes the
#: trick with its cheapest winning card, or throws its cheapest card); or the informed policy of
#: :func:`_informed_card`, which also looks at the hands of the seats still to play in the trick
#: (a rollout is a game of perfect information: every hand is known there).
POLICY_RANDOM, POLICY_GREEDY, POLICY_INFORMED = 0, 1, 2
_POLICIES = {"random": POLICY_RANDOM, "greedy": POLICY_GREEDY, "informed": POLICY_INFORMED}

#: Index of the lowest set bit (LLVM ``cttz``), callable from compiled code.
trailing_zeros: Any = _trailing_zeros

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S27 = np.uint64(27)
_S30 = np.uint64(30)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


# -- random numbers ---------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _next32(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """The next state of a splitmix64 stream and 32 random bits from it."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    z = z ^ (z >> _S31)
    return state, z >> _S32


@njit(cache=True, inline="always")
def _below(state: np.uint64, n: int) -> tuple[np.uint64, np.int64]:
    """The next state and a uniform integer in ``0..n-1`` (1 <= n < 2**32; Lemire's multiply-shift
    with rejection, so exactly uniform)."""
    un = np.uint64(n)
    state, x = _next32(state)
    m = x * un
    low = m & _LOW32
    if low < un:
        threshold = (_TWO32 - un) % un
        while low < threshold:
            state, x = _next32(state)
            m = x * un
            low = m & _LOW32
    return state, np.int64(m >> _S32)


def _popcount_intrinsic(typingctx: object, x: Any) -> object:
    """Number of set bits of an integer (LLVM ``ctpop``: one instruction where the CPU has it)."""

    def codegen(context: object, builder: ir.IRBuilder, signature: object, args: list[ir.Value]) -> ir.Value:
        (value,) = args
        fnty = ir.FunctionType(value.type, [value.type])
        fn = cgutils.get_or_insert_function(builder.module, fnty, f"llvm.ctpop.i{value.type.width}")
        return builder.call(fn, [value])

    return x(x), codegen


#: Number of set bits of an integer (LLVM ``ctpop``), callable from compiled code.
_popcount: Any = intrinsic(_popcount_intrinsic)


def _pdep_intrinsic(typingctx: object, src: object, mask: object) -> object:
    i64 = ir.IntType(64)

    def codegen(context: object, builder: ir.IRBuilder, signature: object, args: list[ir.Value]) -> ir.Value:
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, i64]), "llvm.x86.bmi.pdep.64")
        return builder.call(fn, args)

    return types.int64(types.int64, types.int64), codegen


#: Parallel bit deposit (BMI2 ``pdep``), callable from compiled code: ``_pdep(1 << r, mask)`` is the
#: ``r``-th set bit of ``mask``. Only called where the CPU has BMI2 (:data:`_HAS_BMI2`).
_pdep: Any = intrinsic(_pdep_intrinsic)


#: CPUs (LLVM names) that have BMI2 but run ``pdep`` in microcode, tens to hundreds of cycles
#: depending on the mask (AMD before Zen 3): there the portable loop is faster.
_SLOW_PDEP = frozenset({"bdver4", "znver1", "znver2"})


def _host_has_bmi2() -> bool:
    if getattr(numba_config, "CPU_NAME", None) or getattr(numba_config, "CPU_FEATURES", None):
        return False  # code built for another CPU: no assumption
    try:
        if llvm_binding.get_host_cpu_name() in _SLOW_PDEP:
            return False
        return bool(llvm_binding.get_host_cpu_features().get("bmi2", False))
    except Exception:  # pragma: no cover - a platform without the query
        return False


#: Whether the compiled code may use BMI2 ``pdep`` to select a random card (x86-64 with a fast
#: BMI2 ``pdep``, not :data:`_SLOW_PDEP`); the result is the same either way, only faster.
_HAS_BMI2 = _host_has_bmi2()


@njit(cache=True, inline="always")
def _pick(state: np.uint64, mask: int) -> tuple[np.uint64, int]:
    """The next state and a uniformly random card of the non-empty bit ``mask``."""
    n = _popcount(mask)
    if n > 1:
        state, r = _below(state, n)
        if _HAS_BMI2:
            mask = _pdep(np.int64(1) << r, mask)
        else:
            for _ in range(r):
                mask &= mask - 1
    return state, trailing_zeros(mask)


# -- one trick --------------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _trick_best(tc: np.ndarray, n_in: int, beats: np.ndarray, kind: int, variant: int, li: int) -> tuple[int, int]:
    """The card that holds the trick of ``n_in`` >= 1 cards ``tc`` so far, and its index (the
    table-driven trick winner: ``beats[..., best]`` holds the cards that take the lead from best)."""
    best = tc[0]
    w = 0
    for i in range(1, n_in):
        if (beats[kind, variant, li, best] >> tc[i]) & 1:
            best = tc[i]
            w = i
    return best, w


@njit(cache=True, inline="always")
def _by_augen(mask: int, augen: np.ndarray, power: np.ndarray, kind: int, variant: int, most: bool) -> int:
    """The card of the non-empty ``mask`` with the most (``most``) or the fewest Augen; of equal
    Augen the weakest."""
    choice = -1
    m = mask
    while m:
        c = trailing_zeros(m)
        m &= m - 1
        if choice < 0:
            choice = c
        elif augen[c] != augen[choice]:
            if (augen[c] > augen[choice]) == most:
                choice = c
        elif power[kind, variant, c] < power[kind, variant, choice]:
            choice = c
    return choice


@njit(cache=True, inline="always")
def _weakest(mask: int, augen: np.ndarray, power: np.ndarray, kind: int, variant: int) -> int:
    """The weakest card of the non-empty ``mask``; of equal power the one with the fewest Augen."""
    choice = -1
    m = mask
    while m:
        c = trailing_zeros(m)
        m &= m - 1
        if choice < 0 or power[kind, variant, c] < power[kind, variant, choice]:
            choice = c
        elif power[kind, variant, c] == power[kind, variant, choice] and augen[c] < augen[choice]:
            choice = c
    return choice


@njit(cache=True, inline="always")
def _greedy_card(
    mask: int,
    tc: np.ndarray,
    ts: np.ndarray,
    n_in: int,
    re_mask: int,
    seat: int,
    augen: np.ndarray,
    power: np.ndarray,
    beats: np.ndarray,
    kind: int,
    variant: int,
    li: int,
) -> int:
    """The greedy policy's card of the legal ``mask`` when following (``n_in`` >= 1 cards in the trick):
    if the seat's party holds the trick, the card with the most Augen (the weakest of them); else the
    weakest card that takes the trick; else the card with the fewest Augen (the weakest of them).

    Reads the kernel's full tables (``power`` ``(K, 3, 24)``, ``beats`` ``(K, 3, 2, 24)`` of
    :class:`~doppelkopf.fast.tables.GameTables`) at ``kind``, ``variant`` and ``li`` (1 in the last
    trick): no array views (each costs a reference count), the table-driven trick winner."""
    best, w = _trick_best(tc, n_in, beats, kind, variant, li)
    take = beats[kind, variant, li, best]  # the cards that take the trick from its best card
    if ((re_mask >> ts[w]) & 1) == ((re_mask >> seat) & 1):
        return _by_augen(mask, augen, power, kind, variant, True)
    if mask & take:
        return _weakest(mask & take, augen, power, kind, variant)
    return _by_augen(mask, augen, power, kind, variant, False)


@njit(cache=True, inline="always")
def _answer_mask(hand: int, led_mask: int) -> int:
    """The cards of ``hand`` a seat may play to a trick led in the group ``led_mask``
    (Bedienpflicht, TSR 5.2.1: the led group if it holds any, else every card)."""
    follow = hand & led_mask
    return follow if follow else hand


@njit(cache=True, inline="always")
def _informed_card(
    state: np.uint64,
    mask: int,
    has1: np.ndarray,
    tc: np.ndarray,
    ts: np.ndarray,
    n_in: int,
    led_mask: int,
    re_mask: int,
    seat: int,
    augen: np.ndarray,
    power: np.ndarray,
    beats: np.ndarray,
    group: np.ndarray,
    group_mask: np.ndarray,
    kind: int,
    variant: int,
    li: int,
) -> tuple[np.uint64, int]:
    """The informed policy's card of the legal ``mask`` (and the next random ``state``).

    A rollout knows every hand, so a card is *safe* when no seat of the other party still to play
    in this trick can take the trick from it with a card it may play (``has1`` (4,) hand masks,
    the Bedienpflicht of :func:`_answer_mask`). Following (``n_in`` >= 1): if the seat's party
    holds the trick and it is safe, the card with the most Augen (schmieren); else the weakest
    card that takes the trick and is safe; else the card with the fewest Augen. Leading: the safe
    card with the most Augen (of equal Augen the weakest); else a random card of fewer than 10
    Augen (a random card if none).
    Tables as in :func:`_greedy_card`."""
    mine = (re_mask >> seat) & 1
    if n_in == 0:
        sure = 0  # the cards no seat of the other party can take
        m = mask
        while m:
            c = trailing_zeros(m)
            m &= m - 1
            led = group_mask[kind, variant, group[kind, variant, c]]
            take = beats[kind, variant, li, c]
            ok = True
            for k in range(1, 4):
                s = (seat + k) & 3
                if ((re_mask >> s) & 1) != mine and take & _answer_mask(has1[s], led):
                    ok = False
            if ok:
                sure |= 1 << c
        if sure:
            return state, _by_augen(sure, augen, power, kind, variant, True)
        low = 0
        m = mask
        while m:
            c = trailing_zeros(m)
            m &= m - 1
            if augen[c] < 10:
                low |= 1 << c
        return _pick(state, low if low else mask)
    best, w = _trick_best(tc, n_in, beats, kind, variant, li)
    take = beats[kind, variant, li, best]
    threat = 0  # the cards the other party may still play to this trick
    for k in range(1, 4 - n_in):
        s = (seat + k) & 3
        if ((re_mask >> s) & 1) != mine:
            threat |= _answer_mask(has1[s], led_mask)
    ours = ((re_mask >> ts[w]) & 1) == mine
    if ours and not (take & threat):
        return state, _by_augen(mask, augen, power, kind, variant, True)
    safe = 0  # the cards that take the trick and keep it
    m = mask & take
    while m:
        c = trailing_zeros(m)
        m &= m - 1
        if not (beats[kind, variant, li, c] & threat):
            safe |= 1 << c
    if safe:
        return state, _weakest(safe, augen, power, kind, variant)
    return state, _by_augen(mask, augen, power, kind, variant, False)


# -- playing games ----------------------------------------------------------------------------------------------


@njit(cache=True)
def _simulate(
    seed: int,
    n: int,
    deal: bool,
    policy: int,
    has1_0: np.ndarray,
    has2_0: np.ndarray,
    tc0: np.ndarray,
    ts0: np.ndarray,
    n_in0: int,
    leader0: int,
    tricks_done: int,
    re_mask0: int,
    variant0: int,
    sch_elig0: int,
    prefix: np.ndarray,
    deck: np.ndarray,
    hand_size: int,
    augen: np.ndarray,
    group: np.ndarray,
    power: np.ndarray,
    group_mask: np.ndarray,
    beats: np.ndarray,
    dulle: np.ndarray,
    second_dulle: np.ndarray,
    schweine_mode: int,
    schweine_in: np.ndarray,
    superschweine: bool,
    sonder: np.ndarray,
    dk_augen: int,
    pflicht: np.ndarray,
    pflicht_augen: int,
    score: np.ndarray,
    net_offset: int,
    points: np.ndarray,
    augen_out: np.ndarray,
    re_out: np.ndarray,
    kind_out: np.ndarray,
    sum_points: np.ndarray,
    sum_augen: np.ndarray,
    record: bool,
    rec_deal: np.ndarray,
    rec_plays: np.ndarray,
    rec_seats: np.ndarray,
    rec_winners: np.ndarray,
    rec_schweine: np.ndarray,
    rec_pflicht: np.ndarray,
) -> None:
    """Play ``n`` games to the end, all in one loop (one compiled function: no calls, no reference
    counting in the hot path).

    With ``deal``: each game is a new uniform deal (the dealer of game ``i`` is seat ``i % 4``),
    every seat says gesund (kind 0 of the tables: normal game, kind 1: Stille Hochzeit); results per
    game go to ``points`` (n, 4), ``augen_out``, ``re_out``, ``kind_out`` (n,), and with ``record``
    the deal and the play to ``rec_*``. Without ``deal``: each game continues the position given by
    ``has1_0``/``has2_0`` (4,) hand bit masks, ``tc0``/``ts0`` (4,) cards and seats of the trick in
    progress (``n_in0`` of them, led by ``leader0``), ``tricks_done`` finished tricks whose result is
    ``prefix`` = (Augen of Re, tricks of Re, tricks of Kontra, net Sonderpunkte), Re seats
    ``re_mask0``, order ``variant0``, seats that may still announce Schweine ``sch_elig0`` (kind 0 of
    the tables); the Punkte and party Augen of each seat are added to ``sum_points``/``sum_augen``.

    The order ``variant`` is 0 without Schweine, 1 with Schweine, 2 with Superschweine too.
    """
    state = np.uint64(seed)
    n_cards = deck.shape[0]
    perm = deck.copy()
    has1 = np.zeros(4, dtype=np.int64)
    has2 = np.zeros(4, dtype=np.int64)
    tc = np.zeros(4, dtype=np.int64)
    ts = np.zeros(4, dtype=np.int64)
    kd = 1 << KREUZ_DAME
    ka = 1 << KARO_ASS
    kn = 1 << KARO_NEUN
    for i in range(n):
        if deal:
            # a uniform deal: Fisher-Yates (uniform from any starting order)
            for j in range(n_cards - 1, 0, -1):
                state, k = _below(state, j + 1)
                tmp = perm[j]
                perm[j] = perm[k]
                perm[k] = tmp
            j = 0
            for s in range(4):
                h1 = 0
                h2 = 0
                for _ in range(hand_size):
                    bit = 1 << perm[j]
                    j += 1
                    h2 |= h1 & bit  # branch-free: a card already held is the second copy
                    h1 |= bit
                has1[s] = h1
                has2[s] = h2
            if record:
                for j in range(n_cards):
                    rec_deal[i, j] = perm[j]
                rec_schweine[i] = -1
                rec_pflicht[i] = -1
            leader = ((i & 3) + 1) & 3
            n_in = 0
            t0 = 0
            # everyone says gesund: the Kreuz-Damen make Re, both in one hand a Stille Hochzeit
            kind = 0
            re_mask = 0
            for s in range(4):
                if has2[s] & kd:
                    kind = 1
                    re_mask = 1 << s
            if kind == 0:
                for s in range(4):
                    if has1[s] & kd:
                        re_mask |= 1 << s
            variant = 0
            sch_elig = 0
            if schweine_mode != SCHWEINE_NONE and schweine_in[kind]:
                for s in range(4):
                    if has2[s] & ka:
                        if schweine_mode == SCHWEINE_VORBEHALT:
                            variant = 1
                            if superschweine:
                                for s2 in range(4):
                                    if has2[s2] & kn:
                                        variant = 2
                        else:
                            sch_elig = 1 << s
            augen_re = 0
            tricks_re = 0
            tricks_kontra = 0
            net = 0
        else:
            for s in range(4):
                has1[s] = has1_0[s]
                has2[s] = has2_0[s]
                tc[s] = tc0[s]
                ts[s] = ts0[s]
            leader = leader0
            n_in = n_in0
            t0 = tricks_done
            kind = 0
            re_mask = re_mask0
            variant = variant0
            sch_elig = sch_elig0
            augen_re = prefix[0]
            tricks_re = prefix[1]
            tricks_kontra = prefix[2]
            net = prefix[3]
        ls = 0  # announcement state: 0 as given, 1/2 Re/Kontra made the Pflichtansage
        # -- play out ------------------------------------------------------------------------------------------
        # no array views in the loop: a view costs a reference count (an atomic call) each time
        sonder_dk = sonder[kind, 0]
        sonder_fuchs = sonder[kind, 1]
        sonder_karlchen = sonder[kind, 2]
        sonder_karlchen_gefangen = sonder[kind, 3]
        sonder_fuchs_am_end = sonder[kind, 4]
        seat = (leader + n_in) & 3
        pos = t0 * 4 + n_in
        for t in range(t0, hand_size):
            last = t == hand_size - 1
            li = 1 if last else 0  # the beats table of the last trick (the Dulle option) or not
            led_mask = 0
            if n_in > 0:
                led_mask = group_mask[kind, variant, group[kind, variant, tc[0]]]
            while n_in < 4:
                mask = has1[seat]
                follow = mask & led_mask
                if follow:
                    mask = follow
                if policy == POLICY_GREEDY and n_in > 0:
                    c = _greedy_card(mask, tc, ts, n_in, re_mask, seat, augen, power, beats, kind, variant, li)
                elif policy == POLICY_INFORMED:
                    state, c = _informed_card(
                        state,
                        mask,
                        has1,
                        tc,
                        ts,
                        n_in,
                        led_mask,
                        re_mask,
                        seat,
                        augen,
                        power,
                        beats,
                        group,
                        group_mask,
                        kind,
                        variant,
                        li,
                    )
                else:
                    state, c = _pick(state, mask)
                bit = 1 << c
                if sch_elig and c == KARO_ASS and (sch_elig >> seat) & 1 and has2[seat] & bit:
                    # the holder of both Karo-Asse announces the Schweine with the first of them
                    variant = 1
                    if superschweine:
                        for s in range(4):
                            if has2[s] & kn:
                                variant = 2
                    sch_elig = 0
                    if record:
                        rec_schweine[i] = pos
                both = has2[seat] & bit  # branch-free: take the second copy first
                has2[seat] ^= both
                has1[seat] ^= bit ^ both
                tc[n_in] = c
                ts[n_in] = seat
                if n_in == 0:
                    led_mask = group_mask[kind, variant, group[kind, variant, c]]
                if record:
                    rec_plays[i, pos] = c
                    rec_seats[i, pos] = seat
                pos += 1
                n_in += 1
                seat = (seat + 1) & 3
            # the table-driven trick winner: beats[..., best] holds the cards that take the lead from best
            c0, c1, c2, c3 = tc[0], tc[1], tc[2], tc[3]
            wc = c0
            w = 0
            if (beats[kind, variant, li, wc] >> c1) & 1:
                wc = c1
                w = 1
            if (beats[kind, variant, li, wc] >> c2) & 1:
                wc = c2
                w = 2
            if (beats[kind, variant, li, wc] >> c3) & 1:
                wc = c3
                w = 3
            winner = ts[w]
            a = augen[c0] + augen[c1] + augen[c2] + augen[c3]
            wp = (re_mask >> winner) & 1
            sign = 2 * wp - 1
            augen_re += a * wp
            tricks_re += wp
            tricks_kontra += 1 - wp
            if sonder_dk and a >= dk_augen:
                net += sign
            if sonder_fuchs:
                for j in range(4):
                    if tc[j] == KARO_ASS and ((re_mask >> ts[j]) & 1) != wp:
                        net += sign
            if last:
                if sonder_karlchen and wc == KREUZ_BUBE:
                    net += sign
                if sonder_karlchen_gefangen:
                    for j in range(4):
                        if tc[j] == KREUZ_BUBE and ((re_mask >> ts[j]) & 1) != wp:
                            net += sign
                if sonder_fuchs_am_end and wc == KARO_ASS:
                    net += sign
            if t == 0 and a >= pflicht_augen and pflicht[kind, 1 - wp]:
                # Pflichtansage (seed 002): the winner makes the Ansage before leading the second trick
                ls = 2 - wp
                if record:
                    rec_pflicht[i] = winner
            if record:
                rec_winners[i, t] = winner
            n_in = 0
            seat = winner
        # -- score: the core's Punkte of this result --------------------------------------------------------------
        if tricks_kontra == 0:
            flag = FLAG_KONTRA_SCHWARZ
        elif tricks_re == 0:
            flag = FLAG_RE_SCHWARZ
        else:
            flag = FLAG_BOTH
        p_re = score[kind, ls, flag, augen_re, net + net_offset, 0]
        p_k = score[kind, ls, flag, augen_re, net + net_offset, 1]
        if deal:
            for s in range(4):
                points[i, s] = p_re if (re_mask >> s) & 1 else p_k
            augen_out[i] = augen_re
            re_out[i] = re_mask
            kind_out[i] = kind
        else:
            for s in range(4):
                if (re_mask >> s) & 1:
                    sum_points[s] += p_re
                    sum_augen[s] += augen_re
                else:
                    sum_points[s] += p_k
                    sum_augen[s] += 240 - augen_re


@njit(cache=True)
def _prefix(
    done_cards: np.ndarray,
    done_seats: np.ndarray,
    done_winners: np.ndarray,
    tricks_done: int,
    re_mask: int,
    augen: np.ndarray,
    sonder: np.ndarray,
    dk_augen: int,
    out: np.ndarray,
) -> None:
    """The result of the finished tricks (none of them the last): ``out`` = (Augen of Re, tricks of
    Re, tricks of Kontra, net Sonderpunkte Doppelkopf and Fuchs gefangen), kind 0 of the tables."""
    for t in range(tricks_done):
        winner = done_winners[t]
        a = 0
        for j in range(4):
            a += augen[done_cards[t, j]]
        wp = (re_mask >> winner) & 1
        sign = 1 if wp else -1
        if wp:
            out[0] += a
            out[1] += 1
        else:
            out[2] += 1
        if sonder[0, 0] and a >= dk_augen:
            out[3] += sign
        if sonder[0, 1]:
            for j in range(4):
                if done_cards[t, j] == KARO_ASS and ((re_mask >> done_seats[t, j]) & 1) != wp:
                    out[3] += sign


def _call(
    t: GameTables,
    seed: int,
    n: int,
    deal: bool,
    policy: int,
    position: tuple[Any, ...],
    outputs: tuple[np.ndarray, ...],
    records: tuple[Any, ...],
) -> None:
    """Run :func:`_simulate` with the tables ``t`` (see its doc for the arguments)."""
    simulate: Any = _simulate
    simulate(
        seed & 0x7FFFFFFFFFFFFFFF,
        n,
        deal,
        policy,
        *position,
        t.deck,
        t.hand_size,
        t.augen,
        t.group,
        t.power,
        t.group_mask,
        t.beats,
        t.dulle,
        t.second_dulle,
        t.schweine_mode,
        t.schweine_in,
        t.superschweine,
        t.sonder,
        t.doppelkopf_augen,
        t.pflicht,
        t.pflicht_augen,
        t.score,
        t.net_offset,
        *outputs,
        *records,
    )


@dataclass(frozen=True)
class KernelGames:
    """The result of :func:`random_games` for ``n`` games.

    Attributes:
        points: ``(n, 4)`` int64, Punkte of each seat (they sum to zero per game).
        augen_re: ``(n,)`` int64, Augen of the Re party (Kontra has ``240 - augen_re``).
        re_mask: ``(n,)`` int64, bit ``s`` set when seat ``s`` is Re.
        game_type: ``(n,)`` int64, the :class:`~doppelkopf.rules.GameType` value played (normal or
            Stille Hochzeit).
        dealer: ``(n,)`` int64, the dealer's seat (``i % 4``).
        deal: with ``record``: ``(n, n_cards)`` int8, the shuffled deck; seat ``s`` holds
            ``deal[i, s * hand_size:(s + 1) * hand_size]``. Else ``None``.
        plays: with ``record``: ``(n, n_cards)`` int8, the cards in play order; ``seats`` the seat
            that played each; ``winners``: ``(n, hand_size)`` int8, the winner of each trick.
        schweine: with ``record``: ``(n,)`` int64, index in ``plays`` of the Karo-Ass with which the
            Schweine were announced (-1: none, or announced at the Vorbehalt).
        pflicht: with ``record``: ``(n,)`` int64, the seat that made the Pflichtansage (the Ansage,
            level 1, before leading the second trick; seed 002), or -1.
    """

    points: np.ndarray
    augen_re: np.ndarray
    re_mask: np.ndarray
    game_type: np.ndarray
    dealer: np.ndarray
    deal: np.ndarray | None = None
    plays: np.ndarray | None = None
    seats: np.ndarray | None = None
    winners: np.ndarray | None = None
    schweine: np.ndarray | None = None
    pflicht: np.ndarray | None = None

    def hands(self, i: int) -> list[list[int]]:
        """The four hands of game ``i`` (needs ``record``), as lists of card values."""
        if self.deal is None:
            raise ValueError("hands: the games were played without record=True")
        size = self.deal.shape[1] // 4
        return [[int(c) for c in self.deal[i, s * size : (s + 1) * size]] for s in range(4)]


#: The game kinds of :func:`random_games`: kind 0 the normal game, kind 1 the Stille Hochzeit.
RANDOM_KINDS = ((GameType.NORMAL, 2), (GameType.STILLE_HOCHZEIT, 1))


def random_games(
    rules: RuleSet,
    n: int,
    seed: int,
    record: bool = False,
    announcements: tuple[int, int] = (0, 0),
    policy: str = "random",
) -> KernelGames:
    """Play ``n`` full random games under ``rules`` in the compiled kernel (see the module doc).

    ``announcements``: the levels (Re, Kontra), 0..5, taken as announced before the first card
    (0 none, 1 Re/Kontra, 2 keine 90 .. 5 schwarz); the caller keeps them within the rule set's
    deadlines. ``record``: also return each game's deal and card sequence, for a replay through
    the engine. ``policy``: ``"random"`` (uniform among the legal cards), ``"greedy"`` (see
    :data:`POLICY_GREEDY`) or ``"informed"`` (see :data:`POLICY_INFORMED`). Same ``seed``, same games. Raises
    :class:`~doppelkopf.fast.tables.KernelUnsupported` naming an option the kernel does not mirror,
    :class:`~doppelkopf.rules.RuleError` for bad ``n`` or levels.
    """
    if n < 0:
        raise RuleError(f"n: the number of games must be >= 0, got {n}")
    if policy not in _POLICIES:
        raise RuleError(f"policy: unknown policy {policy!r}; expected one of: {', '.join(_POLICIES)}")
    t = game_tables(rules, RANDOM_KINDS, announcements)
    n_cards = t.deck.shape[0]
    points = np.zeros((n, 4), dtype=np.int64)
    augen_re = np.zeros(n, dtype=np.int64)
    re_mask = np.zeros(n, dtype=np.int64)
    kind = np.zeros(n, dtype=np.int64)
    rows = n if record else 0
    rec_deal = np.zeros((rows, n_cards), dtype=np.int8)
    rec_plays = np.zeros((rows, n_cards), dtype=np.int8)
    rec_seats = np.zeros((rows, n_cards), dtype=np.int8)
    rec_winners = np.zeros((rows, t.hand_size), dtype=np.int8)
    rec_schweine = np.full(rows, -1, dtype=np.int64)
    rec_pflicht = np.full(rows, -1, dtype=np.int64)
    no_position = np.zeros(4, dtype=np.int64)
    _call(
        t,
        seed,
        n,
        True,
        _POLICIES[policy],
        (no_position, no_position, no_position, no_position, 0, 0, 0, 0, 0, 0, no_position),
        (points, augen_re, re_mask, kind, np.zeros(4), np.zeros(4)),
        (record, rec_deal, rec_plays, rec_seats, rec_winners, rec_schweine, rec_pflicht),
    )
    game_type = np.array([int(g) for g, _ in RANDOM_KINDS], dtype=np.int64)[kind]
    dealer = np.arange(n, dtype=np.int64) % 4
    if not record:
        return KernelGames(points, augen_re, re_mask, game_type, dealer)
    return KernelGames(
        points,
        augen_re,
        re_mask,
        game_type,
        dealer,
        rec_deal,
        rec_plays,
        rec_seats,
        rec_winners,
        rec_schweine,
        rec_pflicht,
    )


class KernelMismatch(AssertionError):
    """A kernel game the reference engine plays differently; the message names the game and trick."""


def check_against_engine(rules: RuleSet, games: KernelGames, i: int, announcements: tuple[int, int] = (0, 0)) -> Game:
    """Replay kernel game ``i`` (played with ``record=True`` under ``rules`` and ``announcements``)
    through the reference engine and return the finished engine :class:`~doppelkopf.game.Game`.

    The engine gets the kernel's deal and dealer; all seats say gesund (``Action.GESUND``); the
    announcements are made by a seat of each party before the first card, level by level; then the
    recorded cards are applied in order (the engine checks the turn and the Bedienpflicht; a
    ``SCHWEINE`` action goes before the Karo-Ass where the engine asks for it, the recorded
    Pflichtansage before the first card of the second trick, and before a ``SCHWEINE`` there). Raises
    :class:`KernelMismatch` naming the first difference in the game type, the seat to play, a trick
    (cards or winner), the Re party, the Augen or the Punkte of a seat; the engine raises
    :class:`~doppelkopf.game.IllegalAction` for a card it does not allow.
    """
    from ..game import Action

    if games.plays is None or games.seats is None or games.winners is None or games.schweine is None:
        raise ValueError("check_against_engine: the games were played without record=True")

    def expect(ok: bool, what: str) -> None:
        if not ok:
            raise KernelMismatch(f"kernel game {i}: {what}")

    game = Game(rules, games.hands(i), int(games.dealer[i]))
    for _ in range(4):
        game.apply(Action.GESUND)
    expect(game.phase is Phase.PLAY and int(game.game_type) == int(games.game_type[i]), "game type differs")
    for party, level in zip(Party, announcements, strict=True):
        seat = next(s for s in range(4) if game.party[s] is party)
        for lv in range(1, level + 1):
            game.apply(Action.announce(lv), seat)
    for pos in range(games.plays.shape[1]):
        card, seat = int(games.plays[i, pos]), int(games.seats[i, pos])
        expect(game.current_player == seat, f"card {pos + 1}: the engine has seat {game.current_player} to play")
        if pos == 4 and games.pflicht is not None and games.pflicht[i] >= 0:
            # the Pflichtansage first: the engine allows nothing else (not even the Schweine) before it
            expect(game.must_announce == seat, "the engine asks no Pflichtansage")
            game.apply(Action.announce(1), seat)
        if pos == games.schweine[i] and Action.SCHWEINE in game.legal_actions():
            game.apply(Action.SCHWEINE)
        expect(
            pos != 4 or game.must_announce != seat or game.levels[game.party[seat]] > 0,
            "the engine asks a Pflichtansage the kernel did not make",
        )
        game.apply(card)
    expect(game.is_terminal and len(game.tricks) == rules.hand_size, "the game does not end with the last card")
    for t, trick in enumerate(game.tricks):
        expect(trick.winner == int(games.winners[i, t]), f"trick {t + 1}: the engine's winner is seat {trick.winner}")
    re_mask = sum(1 << s for s in range(4) if game.party[s] is Party.RE)
    expect(re_mask == int(games.re_mask[i]), "the Re party differs")
    expect(game.summary().augen_re == int(games.augen_re[i]), f"Augen of Re: engine {game.summary().augen_re}")
    points = game.score().points
    expect(points == tuple(int(p) for p in games.points[i]), f"Punkte: engine {points}, kernel {games.points[i]}")
    return game


# -- rollouts from a position -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A position in the play of a game with all four hands known (a determinized sample), as the
    kernel's rollouts take it.

    Attributes:
        rules: the rule set.
        game_type: the game played (any type whose parties are settled).
        hands: the four hands (cards 0..23), seat 0..3.
        trick: the cards of the trick in progress as ``(seat, card)`` in play order (0..3 of them).
        leader: the seat that led (leads) the trick in progress.
        re_seats: the seats of the Re party (1 or 2).
        levels: the announcement levels made so far, (Re, Kontra), 0..5 each; with a Pflichtansage
            due (seed 002) the obliged party's Ansage counts as made (the rollouts' choice).
        tricks: the finished tricks as ``(cards, seats, winner seat)``, cards and seats in play order.
        schweine: the seat that announced the Schweine, or ``None``.
        superschweine: the Superschweine are in the card order (their holder was found at the Schweine).
        schweine_blocked: seats that may not announce Schweine (an Armut under ``schweine_armut``).
    """

    rules: RuleSet
    game_type: GameType
    hands: tuple[tuple[int, ...], ...]
    trick: tuple[tuple[int, int], ...]
    leader: int
    re_seats: frozenset[int]
    levels: tuple[int, int] = (0, 0)
    tricks: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...] = ()
    schweine: int | None = None
    superschweine: bool = False
    schweine_blocked: frozenset[int] = frozenset()

    @classmethod
    def of_game(cls, game: Game) -> Position:
        """The position of ``game``, which must be in the PLAY phase with the Hochzeit partner found
        (raises ``ValueError`` otherwise)."""
        if game.phase is not Phase.PLAY:
            raise ValueError(f"rollouts: the game must be in the PLAY phase, not {game.phase.name}")
        if game.partner_open:
            raise ValueError("rollouts: the Hochzeit partner is still open (not mirrored by the kernel)")
        levels = [game.levels[Party.RE], game.levels[Party.KONTRA]]
        seat = game.current_player
        if game.must_announce == seat and not any(a < 24 for a in game.legal_actions(seat)):
            levels[game.party[seat]] = max(levels[game.party[seat]], 1)  # the Pflichtansage: the Ansage
        return cls(
            rules=game.rules,
            game_type=game.game_type,
            hands=tuple(tuple(h) for h in game.hands),
            trick=tuple(zip(game.trick_seats, game.trick_cards, strict=True)),
            leader=game.leader,
            re_seats=frozenset(s for s in range(4) if game.party[s] is Party.RE),
            levels=(levels[0], levels[1]),
            tricks=tuple((t.cards, t.seats, t.winner) for t in game.tricks),
            schweine=game.schweine,
            superschweine=game.superschweine is not None,
            schweine_blocked=frozenset(game.schweine_blocked),
        )


def rollouts(position: Position, k: int, seed: int, policy: str = "random") -> tuple[np.ndarray, np.ndarray]:
    """Mean Punkte and mean Augen per seat over ``k`` continuations of ``position`` in the kernel.

    Each continuation plays the remaining cards by ``policy`` (``"random"``: uniform among the legal
    cards; ``"greedy"``: the simple policy of :data:`POLICY_GREEDY`; ``"informed"``: the policy of
    :data:`POLICY_INFORMED`, which sees the hands of the seats still to play), without further announcements or
    claims; the announcements made so far count; the Schweine, if not yet announced, come with the
    holder's first Karo-Ass. Same ``seed``, same continuations.

    Returns two ``(4,)`` float64 arrays: the mean Punkte of each seat (zero-sum) and the mean Augen of
    each seat's party (a Re seat's and a Kontra seat's sum to 240). Raises ``ValueError`` for ``k < 1``,
    an unknown policy or hands that do not fit the tricks played, and
    :class:`~doppelkopf.fast.tables.KernelUnsupported` naming an option the kernel does not mirror.
    """
    if k < 1:
        raise ValueError(f"rollouts: k must be at least 1, got {k}")
    if policy not in _POLICIES:
        raise ValueError(f"rollouts: unknown policy {policy!r}; expected one of: {', '.join(_POLICIES)}")
    p = position
    done = len(p.tricks)
    t: GameTables = game_tables(p.rules, ((p.game_type, len(p.re_seats)),), p.levels, done == 0)
    if done == 0 and t.pflicht_unknown[0]:
        raise KernelUnsupported(
            f"pflichtansage: rollouts in the first trick of a {p.game_type.german} are not mirrored by the kernel"
        )
    in_trick = {seat for seat, _ in p.trick}
    for s in range(4):
        if len(p.hands[s]) != t.hand_size - done - (s in in_trick) or len(p.trick) > 3:
            raise ValueError(f"rollouts: seat {s} holds {len(p.hands[s])} cards, which does not fit the tricks played")
    has1 = []
    has2 = []
    for hand in p.hands:
        h1 = h2 = 0
        for c in hand:
            bit = 1 << c
            h2 |= h1 & bit  # a card already held is the second copy
            h1 |= bit
        has1.append(h1)
        has2.append(h2)
    tc = [c for _, c in p.trick] + [0] * (4 - len(p.trick))
    ts = [seat for seat, _ in p.trick] + [0] * (4 - len(p.trick))
    rows = p.tricks or (((0, 0, 0, 0), (0, 1, 2, 3), 0),)
    done_cards = np.array([r[0] for r in rows], dtype=np.int64)
    done_seats = np.array([r[1] for r in rows], dtype=np.int64)
    done_winners = np.array([r[2] for r in rows], dtype=np.int64)
    re_mask = sum(1 << s for s in p.re_seats)
    variant = 0 if p.schweine is None else (2 if p.superschweine else 1)
    sch_elig = 0
    if p.schweine is None and t.schweine_mode not in (SCHWEINE_NONE, SCHWEINE_VORBEHALT) and t.schweine_in[0]:
        sch_elig = sum(1 << s for s in range(4) if s not in p.schweine_blocked)
    prefix = np.zeros(4, dtype=np.int64)
    _prefix(done_cards, done_seats, done_winners, done, re_mask, t.augen, t.sonder, t.doppelkopf_augen, prefix)
    sums = np.zeros((2, 4), dtype=np.float64)
    none2 = np.zeros((0, 0), dtype=np.int8)
    none1 = np.zeros(0, dtype=np.int64)
    i64 = np.int64
    state = (
        np.array(has1, dtype=i64),
        np.array(has2, dtype=i64),
        np.array(tc, dtype=i64),
        np.array(ts, dtype=i64),
        len(p.trick),
        p.leader,
        done,
        re_mask,
        variant,
        sch_elig,
        prefix,
    )
    _call(
        t,
        seed,
        k,
        False,
        _POLICIES[policy],
        state,
        (np.zeros((0, 4), dtype=i64), none1, none1, none1, sums[0], sums[1]),
        (False, none2, none2, none2, none2, none1, none1),
    )
    return sums[0] / k, sums[1] / k


def rollout_values(game: Game, k: int, seed: int, policy: str = "random") -> np.ndarray:
    """Mean Punkte per seat, ``(4,)`` float64, over ``k`` kernel continuations of ``game``.

    ``game``: a :class:`~doppelkopf.game.Game` in the PLAY phase with all hands known (as in a
    determinized sample), the Hochzeit partner found. See :func:`rollouts` (which also gives the mean
    Augen) for ``policy`` and the errors raised.

    >>> from doppelkopf.rules import DDV
    >>> from doppelkopf.game import Action
    >>> game = Game.new(DDV, seed=2, dealer=0)
    >>> for _ in range(4):
    ...     game.apply(Action.GESUND)
    >>> values = rollout_values(game, 1000, seed=1)
    >>> values.shape, abs(float(values.sum())) < 1e-9
    ((4,), True)
    """
    return rollouts(Position.of_game(game), k, seed, policy)[0]
