"""Exact solver of the remaining tricks with all hands known (the double-dummy problem of Doppelkopf).

Given a :class:`~doppelkopf.game.Game` in the PLAY phase, with every hand known and the parties as
they stand in ``game.party``, the party of a seat tries to maximize the **Augen** (card points,
0..240) it takes in its tricks and the other party tries to minimize them. Every question is answered
exactly, under the rules of the core:

* Bedienpflicht (TSR 5.2): a card of the group led if the hand holds one, as
  :func:`doppelkopf.game.follow_options` says (group from :class:`~doppelkopf.order.CardOrder`).
* The trick winner as :func:`doppelkopf.order.trick_winner_index` finds it (TSR 2.3, 5.3.3), with
  the rule set's Dulle option from :func:`doppelkopf.order.second_dulle_wins` (which depends on
  whether the trick is the last one).
* The card order is the game's (``game.order``, with the Schweine once announced). Schweine not
  announced yet, held by a seat that may still announce them (``Game.search_order`` differs from
  ``game.order``), are taken as announced when their holder plays the first Karo-Ass (seed 002
  "Sonderkarten"; under seed 000's "before the first Karo-Ass" the holder announces then at the
  latest, and the solver assumes exactly then): the trick with that card and every later one use
  ``card_order(game_type, schweine=True, superschweine=...)``, with Superschweine if the seat that
  holds both Karo-Neunen now still holds both at that moment (seed 002), as the engine decides.
* Augen per card from :data:`doppelkopf.cards.AUGEN` (TSR 2.2).

The compiled mirror of the follow and trick-winner rules is checked against the core by
``tests/test_solver.py`` (a brute-force minimax on the core's functions) on random endgames of
several game types and Dulle options.

Announcements, Sonderpunkte and Punkte play no part: Punkte only depend on thresholds of the Augen
(121/120, 90, 60, 30, schwarz; TSR 7.1, 7.2), which :func:`reaches` and :func:`wins_all` answer
with null-window searches that are much cheaper than exact values.

While a Hochzeit has not found its partner, the parties are taken as they stand (the Hochzeiter
alone against the three others); the solver does not model the Klärungsstich.

How it is fast (numba, compiled on first use and cached on disk):

* hands are 48-bit masks, two bits per distinct card (one per copy), the cards renumbered so that
  each group (Fehl suit, trump) is a contiguous run in ascending power;
* fail-soft alpha-beta over single card plays on an explicit stack, with move ordering (the
  transposition table's best lead first, then leads nobody of the other party can beat, winning
  cheaply, schmieren on a partner's trick nobody after can take, throwing the fewest Augen);
* equivalent cards: cards of the seat to move that are adjacent in power within a group, with no
  card of another seat (in hand or in the current trick) between or equal to them, and that carry
  the same Augen, are interchangeable: only one of them is tried (cards of different Augen are
  not: which of them goes now and which later changes who gets the Augen);
* a transposition table at trick boundaries storing lower and upper bounds, with a canonical key
  (the remaining cards in power order with their holders and Augen, and the leader), so positions
  that differ only in which of equally useful cards are gone share an entry; it is kept between
  calls under the same rules, parties and card order (:func:`clear_cache` forgets it);
* a sure-Augen bound at trick boundaries: trumps of one party above every trump of the other win
  their tricks;
* exact values by bisection over null-window tests (each test's fail-soft bound narrows the range).

Public functions (all take a game in the PLAY phase, mid-trick allowed, and raise ``ValueError``
otherwise; ``seat`` is 0..3):

* :func:`max_augen` (int, Augen 0..240), :func:`reaches` (bool), :func:`card_values`
  (dict card -> Augen), :func:`wins_all` (bool), :func:`bench_figures` (timings in ms).
"""

from __future__ import annotations

import itertools
import random
import statistics
import time
from typing import Any

import numpy as np
from numba import njit

from ..cards import AUGEN, Card
from ..game import Action, Game, Phase
from ..order import TRUMP, CardOrder, card_order, second_dulle_wins
from ..rules import Party, get_preset

__all__ = ["bench_figures", "card_values", "clear_cache", "max_augen", "reaches", "wins_all"]

# -- layout of the parameter array handed to the compiled search ----------------------------------
_GRP = 0  # 24: group of each renumbered card (0..3 Fehl, 4 trump)
_AUG = 24  # 24: Augen of each renumbered card
_PWC = 48  # 24: power in the current order
_PWA = 72  # 24: power once pending Schweine are announced with Superschweine (if any are possible)
_PWN = 96  # 24: power once pending Schweine are announced without Superschweine
_GMASK = 120  # 5: hand-mask bits of each group
_MAXP = 125  # 4: 1 for the seats of the maximizing party
_DULLE = 129  # renumbered Dulle, or -1
_SD_NORMAL = 130  # second Dulle wins in a trick that is not the last
_SD_LAST = 131  # second Dulle wins in the last trick
_PENDING = 132  # seat with Schweine still to announce, or -1
_KA = 133  # renumbered Karo-Ass
_SS = 134  # seat holding both Karo-Neunen (Superschweine if it still does when the Schweine come), or -1
_K9 = 135  # renumbered Karo-Neun
_MODE = 136  # 0: count Augen, 1: count tricks
_CTX = 137  # context id of the transposition table entries
_AUGC = 138  # 24: code 0..5 of each renumbered card's Augen (for canonical keys)
_OWN = 162  # 81: code 0..13 of who holds the copies of a card (counts c0 + 3 c1 + 9 c2 + 27 c3)
_NPARAM = 243

_LOW = 0x555555555555  # the first-copy bit of each of the 24 cards
_TT_BITS = 20
_TT_SIZE = 1 << _TT_BITS
_INF = 10_000


# ---------------------------------------------------------------------------------------------------
# compiled search
# ---------------------------------------------------------------------------------------------------
@njit(cache=True)
def _remove(hand: int, i: int) -> int:
    two = 2 << (2 * i)
    if hand & two:
        return hand & ~two
    return hand & ~(1 << (2 * i))


@njit(cache=True)
def _add(hand: int, i: int) -> int:
    one = 1 << (2 * i)
    if hand & one:
        return hand | (2 << (2 * i))
    return hand | one


@njit(cache=True)
def _winner(tc: Any, d: int, n: int, P: Any, pw: int, sd: int) -> int:
    """Index in the trick (0..n-1) of the best of the first ``n`` cards of trick row ``d``."""
    best = 0
    bc = tc[d, 0]
    bg = P[_GRP + bc]
    bp = P[pw + bc]
    dulle = P[_DULLE]
    for k in range(1, n):
        c = tc[d, k]
        g = P[_GRP + c]
        if g == bg:
            p = P[pw + c]
            if p > bp or (sd == 1 and c == bc and c == dulle):
                best = k
                bc = c
                bp = p
        elif g == 4:
            best = k
            bc = c
            bg = g
            bp = P[pw + c]
    return best


@njit(cache=True)
def _key(hands: Any, leader: int, flag: int, P: Any, W: Any, k: int, KW: int) -> int:
    """Transposition key of a trick boundary into rows ``KW``..``KW+3`` of ply ``k`` of ``W``; returns
    its hash. The key is canonical: the cards still in the hands in power order, each as a 10-bit
    token (who holds its copies, its Augen, whether it opens a Fehl suit or the trump group, whether
    it is the Dulle), so positions that differ only in which of equally useful cards are gone share
    an entry. With pending Schweine the order changes on the way, and the raw hands are the key."""
    if P[_PENDING] >= 0:
        W[KW, k] = hands[0] | (leader << 60) | (flag << 62)
        W[KW + 1, k] = hands[1]
        W[KW + 2, k] = hands[2]
        W[KW + 3, k] = hands[3]
    else:
        w0 = 0
        w1 = 0
        w2 = 0
        w3 = 0
        t = 0
        prev_group = -1
        dulle = P[_DULLE]
        h0 = hands[0]
        h1 = hands[1]
        h2 = hands[2]
        h3 = hands[3]
        rest = (h0 | h1 | h2 | h3) & _LOW
        while rest != 0:
            low = rest & -rest
            rest ^= low
            sh = _msb(low)
            i = sh >> 1
            c0 = (h0 >> sh) & 3
            c1 = (h1 >> sh) & 3
            c2 = (h2 >> sh) & 3
            c3 = (h3 >> sh) & 3
            # the two bits of a card hold 1 (one copy) or 3 (two copies)
            n0 = (c0 + 1) >> 1
            n1 = (c1 + 1) >> 1
            n2 = (c2 + 1) >> 1
            n3 = (c3 + 1) >> 1
            g = P[_GRP + i]
            kind = 0
            if g != prev_group:
                kind = 2 if g == 4 else 1
                prev_group = g
            tok = P[_OWN + n0 + 3 * n1 + 9 * n2 + 27 * n3] | (P[_AUGC + i] << 4) | (kind << 7)
            if i == dulle:
                tok |= 512
            slot = t // 6
            off = 10 * (t - 6 * slot)
            if slot == 0:
                w0 |= tok << off
            elif slot == 1:
                w1 |= tok << off
            elif slot == 2:
                w2 |= tok << off
            else:
                w3 |= tok << off
            t += 1
        W[KW, k] = w0 | (leader << 60) | (flag << 62)
        W[KW + 1, k] = w1
        W[KW + 2, k] = w2
        W[KW + 3, k] = w3
    # odd multipliers below 2**63 keep numba in int64 arithmetic (wrapping)
    x = W[KW, k] * 0x1E3779B97F4A7C15 + W[KW + 1, k] * 0x42B2AE3D27D4EB4F
    x = x + W[KW + 2, k] * 0x165667B19E3779F9 + W[KW + 3, k] * 0x27D4EB2F165667C5
    x = x ^ (x >> 31)
    x = x * 0x14D049BB133111EB
    return x ^ (x >> 29)


@njit(cache=True)
def _msb(x: int) -> int:
    """Index of the highest set bit of ``x`` > 0 (x < 2**62)."""
    n = 0
    if x >= 1 << 32:
        x >>= 32
        n += 32
    if x >= 1 << 16:
        x >>= 16
        n += 16
    if x >= 1 << 8:
        x >>= 8
        n += 8
    if x >= 1 << 4:
        x >>= 4
        n += 4
    if x >= 1 << 2:
        x >>= 2
        n += 2
    if x >= 2:
        n += 1
    return n


@njit(cache=True)
def _top(mask: int) -> int:
    """The highest card (renumbered) of a first-copy-bit mask, or -1."""
    if mask == 0:
        return -1
    return _msb(mask) >> 1


@njit(cache=True)
def _threat(hands: Any, tc: Any, d: int, leader: int, pos: int, c: int, P: Any) -> bool:
    """Whether a seat after position ``pos`` of the trick, of the other party than the seat at ``pos``,
    could beat card ``c`` (renumbered) with a card it may play (move ordering only, current order)."""
    me = P[_MAXP + ((leader + pos) & 3)]
    led = P[_GRP + tc[d, 0]] if pos > 0 else P[_GRP + c]
    gc = P[_GRP + c]
    for j in range(pos + 1, 4):
        s = (leader + j) & 3
        if P[_MAXP + s] == me:
            continue
        h = hands[s] & _LOW
        f = h & P[_GMASK + led]
        if f != 0:
            if gc == led and _top(f) > c:
                return True
        else:
            t = _top(h & P[_GMASK + 4])
            if t >= 0 and (gc != 4 or t > c):
                return True
    return False


@njit(cache=True)
def _rank_in(present: int, i: int) -> int:
    """How many cards of the mask ``present`` (first-copy bits) lie below card ``i``."""
    r = 0
    below = present & ((1 << (2 * i)) - 1)
    while below != 0:
        below &= below - 1
        r += 1
    return r


@njit(cache=True)
def _nth_in(present: int, r: int) -> int:
    """The card of rank ``r`` in the mask ``present`` (first-copy bits), or -1."""
    for i in range(24):
        if (present >> (2 * i)) & 1:
            if r == 0:
                return i
            r -= 1
    return -1


@njit(cache=True)
def _run(
    hands: Any,
    tc: Any,
    leader0: int,
    pos0: int,
    ntr0: int,
    rem0: int,
    flag0: int,
    force: int,
    alpha0: int,
    beta0: int,
    P: Any,
    TK: Any,
    TB: Any,
    TM: Any,
    TC: Any,
    W: Any,
    cand: Any,
    ST: Any,
) -> int:
    """Fail-soft alpha-beta within (``alpha0``, ``beta0``) from the position with ``pos0`` cards of
    trick row 0 down (led by ``leader0``), ``ntr0`` tricks left including it and ``rem0`` Augen (or
    tricks, in mode 1) in the hands and that trick: the value the maximizing party takes from here.
    ``flag0``: 0 while pending Schweine are not announced, then 1 with and 2 without Superschweine.
    ``force``: a card (renumbered) the first move must be, or -1.

    An explicit stack (one ply per card; ``W`` holds the per-ply state, ``cand`` the ordered
    moves) instead of recursion: numba's on-disk cache does not handle recursive functions well.
    Trick rows ``d`` of ``tc`` hold the cards of each trick in play order."""
    mode = P[_MODE]
    ctx = P[_CTX]
    # per-ply state (rows of W)
    D, POS, AL, BE, A0, B0, BEST, BM, N, M, TTI, HAND, SEAT, GAIN, FL = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
    KW, PR = 18, 22  # rows 18..21: the transposition key of a trick boundary; 22: the cards present
    # per-trick-row state
    LD, NTR, REM = 15, 16, 17
    pending = P[_PENDING]
    W[FL, 0] = flag0
    W[D, 0] = 0
    W[POS, 0] = pos0
    W[AL, 0] = alpha0
    W[BE, 0] = beta0
    W[LD, 0] = leader0
    W[NTR, 0] = ntr0
    W[REM, 0] = rem0
    k = 0
    act = 0  # 0: enter node k, 1: return val to the parent, 2: try the next move of node k
    val = 0
    while True:
        if act == 0:
            ST[0] += 1
            d = W[D, k]
            ST[2 + W[NTR, d]] += 1
            pos = W[POS, k]
            leader = W[LD, d]
            ntr = W[NTR, d]
            rem = W[REM, d]
            alpha = W[AL, k]
            beta = W[BE, k]
            W[TTI, k] = -1
            ttmove = -1
            flag = W[FL, k]
            if pos == 0 and (k > 0 or force < 0):
                if ntr == 0:
                    val = 0
                    act = 1
                    continue
                if rem <= alpha:
                    val = rem
                    act = 1
                    continue
                if beta <= 0:
                    val = 0
                    act = 1
                    continue
                if ntr == 1:
                    # the last trick: every card is forced
                    for j in range(4):
                        h = hands[(leader + j) & 3]
                        for i in range(24):
                            if (h >> (2 * i)) & 1:
                                tc[d, j] = i
                                break
                    # the holder of pending Schweine has played a Karo-Ass by now (flag 1 or 2)
                    pw = _PWC if pending < 0 or flag == 0 else (_PWA if flag == 1 else _PWN)
                    w = _winner(tc, d, 4, P, pw, P[_SD_LAST])
                    val = rem if P[_MAXP + ((leader + w) & 3)] == 1 else 0
                    act = 1
                    continue
                if mode == 0 and pending < 0:
                    # sure Augen: the trumps above every trump of the other party win their tricks
                    mx = 0
                    mn = 0
                    for s in range(4):
                        if P[_MAXP + s] == 1:
                            mx |= hands[s]
                        else:
                            mn |= hands[s]
                    owner = -1
                    sure = 0
                    for i in range(23, -1, -1):
                        if P[_GRP + i] != 4:
                            break
                        in_max = (mx >> (2 * i)) & 3
                        in_min = (mn >> (2 * i)) & 3
                        if in_max == 0 and in_min == 0:
                            continue
                        if in_max != 0 and in_min != 0:
                            break
                        this = 1 if in_max != 0 else 0
                        if owner < 0:
                            owner = this
                        elif owner != this:
                            break
                        sure += P[_AUG + i] * ((in_max | in_min) + 1 >> 1)
                    if owner == 1 and sure >= beta:
                        val = sure
                        act = 1
                        continue
                    if owner == 0 and rem - sure <= alpha:
                        val = rem - sure
                        act = 1
                        continue
                present = (hands[0] | hands[1] | hands[2] | hands[3]) & _LOW
                W[PR, k] = present
                ti = _key(hands, leader, flag, P, W, k, KW) & (_TT_SIZE - 1)
                W[TTI, k] = ti
                if TC[ti] == ctx and TK[ti, 0] == W[KW, k] and TK[ti, 1] == W[KW + 1, k]:
                    if TK[ti, 2] == W[KW + 2, k] and TK[ti, 3] == W[KW + 3, k]:
                        lb = TB[ti, 0]
                        ub = TB[ti, 1]
                        if lb >= beta:
                            val = lb
                            act = 1
                            continue
                        if ub <= alpha:
                            val = ub
                            act = 1
                            continue
                        if lb > alpha:
                            alpha = lb
                        if ub < beta:
                            beta = ub
                        if alpha >= beta:
                            val = lb
                            act = 1
                            continue
                        ttmove = _nth_in(present, TM[ti]) if P[_PENDING] < 0 else TM[ti]
            W[AL, k] = alpha
            W[BE, k] = beta
            W[A0, k] = alpha
            W[B0, k] = beta
            seat = (leader + pos) & 3
            hand = hands[seat]
            W[SEAT, k] = seat
            W[HAND, k] = hand
            legal = hand & _LOW
            if pos > 0:
                f = legal & P[_GMASK + P[_GRP + tc[d, 0]]]
                if f != 0:
                    legal = f
            others = 0
            for s in range(4):
                if s != seat:
                    others |= hands[s]
            for j in range(pos):
                others |= 1 << (2 * tc[d, j])
            others &= _LOW
            # current best of the trick (for move ordering, in the current order)
            bc = 0
            partner_wins = False
            if pos > 0:
                wb = _winner(tc, d, pos, P, _PWC, P[_SD_NORMAL])
                bc = tc[d, wb]
                partner_wins = P[_MAXP + ((leader + wb) & 3)] == P[_MAXP + seat]
            n = 0
            prev = -1
            used = 0
            if k == 0 and force >= 0:
                legal = 1 << (2 * force)
            rest = legal & _LOW
            while rest != 0:
                low = rest & -rest
                rest ^= low
                i = _msb(low) >> 1
                a = P[_AUG + i] if mode == 0 else 0
                g = P[_GRP + i]
                if prev >= 0 and P[_GRP + prev] == g:
                    span = ((1 << (2 * i + 2)) - 1) ^ ((1 << (2 * prev)) - 1)
                    if others & span == 0:
                        # same run as the previous card: equivalent if it carries the same Augen
                        prev = i
                        if (used >> a) & 1:
                            continue
                        used |= 1 << a
                    else:
                        used = 1 << a
                else:
                    used = 1 << a
                prev = i
                aug = P[_AUG + i]
                if i == ttmove:
                    sc = 10_000
                elif pos == 0:
                    hands[seat] = _remove(hand, i)
                    safe = not _threat(hands, tc, d, leader, 0, i, P)
                    hands[seat] = hand
                    sc = 50 + aug if safe else 20 - aug - i
                else:
                    bg = P[_GRP + bc]
                    beats = (g == bg and P[_PWC + i] > P[_PWC + bc]) or (g == 4 and bg != 4)
                    if pos == 3:
                        if partner_wins:
                            sc = (40 + aug) if not beats else (20 + aug)
                        elif beats:
                            sc = 60 + aug
                        else:
                            sc = -aug
                    elif partner_wins and not beats:
                        # schmieren when nobody after can take the partner's trick
                        sc = (40 + aug) if not _threat(hands, tc, d, leader, pos, bc, P) else (10 - aug)
                    elif beats:
                        sc = (60 + aug) if not _threat(hands, tc, d, leader, pos, i, P) else (30 - aug - i)
                    else:
                        sc = -aug
                # insertion into the ordered move list (scores in the upper half of the row)
                j = n
                while j > 0 and cand[k, 16 + j - 1] < sc:
                    cand[k, j] = cand[k, j - 1]
                    cand[k, 16 + j] = cand[k, 16 + j - 1]
                    j -= 1
                cand[k, j] = i
                cand[k, 16 + j] = sc
                n += 1
            W[N, k] = n
            W[M, k] = 0
            W[BEST, k] = -_INF if P[_MAXP + seat] == 1 else _INF
            W[BM, k] = cand[k, 0]
            act = 2
            continue
        if act == 1:
            if k == 0:
                return val
            k -= 1
            v = W[GAIN, k] + val
            seat = W[SEAT, k]
            hands[seat] = W[HAND, k]
            if P[_MAXP + seat] == 1:
                if v > W[BEST, k]:
                    W[BEST, k] = v
                    W[BM, k] = cand[k, W[M, k] - 1]
                    if v > W[AL, k]:
                        W[AL, k] = v
            else:
                if v < W[BEST, k]:
                    W[BEST, k] = v
                    W[BM, k] = cand[k, W[M, k] - 1]
                    if v < W[BE, k]:
                        W[BE, k] = v
            act = 2
            continue
        # act == 2: the next move of node k, or its result
        if W[AL, k] >= W[BE, k] or W[M, k] == W[N, k]:
            best = W[BEST, k]
            ti = W[TTI, k]
            if ti >= 0:
                d = W[D, k]
                same = TC[ti] == ctx and TK[ti, 0] == W[KW, k] and TK[ti, 1] == W[KW + 1, k]
                same = same and TK[ti, 2] == W[KW + 2, k] and TK[ti, 3] == W[KW + 3, k]
                if not same:
                    TC[ti] = ctx
                    TK[ti, 0] = W[KW, k]
                    TK[ti, 1] = W[KW + 1, k]
                    TK[ti, 2] = W[KW + 2, k]
                    TK[ti, 3] = W[KW + 3, k]
                    TB[ti, 0] = 0
                    TB[ti, 1] = W[REM, d]
                if best <= W[A0, k]:
                    if best < TB[ti, 1]:
                        TB[ti, 1] = best
                elif best >= W[B0, k]:
                    if best > TB[ti, 0]:
                        TB[ti, 0] = best
                else:
                    TB[ti, 0] = best
                    TB[ti, 1] = best
                TM[ti] = _rank_in(W[PR, k], W[BM, k]) if P[_PENDING] < 0 else W[BM, k]
            val = best
            act = 1
            continue
        i = cand[k, W[M, k]]
        W[M, k] += 1
        seat = W[SEAT, k]
        hands[seat] = _remove(W[HAND, k], i)
        d = W[D, k]
        pos = W[POS, k]
        tc[d, pos] = i
        c = k + 1
        flag = W[FL, k]
        if flag == 0 and seat == pending and i == P[_KA]:
            # the Schweine are announced with this card; Superschweine if their holder has both now
            ss = P[_SS]
            flag = 1 if ss >= 0 and (hands[ss] >> (2 * P[_K9] + 1)) & 1 == 1 else 2
        W[FL, c] = flag
        if pos < 3:
            W[D, c] = d
            W[POS, c] = pos + 1
            W[GAIN, k] = 0
            W[AL, c] = W[AL, k]
            W[BE, c] = W[BE, k]
        else:
            ntr = W[NTR, d]
            leader = W[LD, d]
            pw = _PWC if pending < 0 or flag == 0 else (_PWA if flag == 1 else _PWN)
            sd = P[_SD_LAST] if ntr == 1 else P[_SD_NORMAL]
            ws = (leader + _winner(tc, d, 4, P, pw, sd)) & 3
            if mode == 0:
                t = P[_AUG + tc[d, 0]] + P[_AUG + tc[d, 1]] + P[_AUG + tc[d, 2]] + P[_AUG + tc[d, 3]]
            else:
                t = 1
            gain = t if P[_MAXP + ws] == 1 else 0
            W[D, c] = d + 1
            W[POS, c] = 0
            W[LD, d + 1] = ws
            W[NTR, d + 1] = ntr - 1
            W[REM, d + 1] = W[REM, d] - t
            W[GAIN, k] = gain
            W[AL, c] = W[AL, k] - gain
            W[BE, c] = W[BE, k] - gain
        k = c
        act = 0


@njit(cache=True)
def _search(
    hands: Any,
    tc: Any,
    leader: int,
    pos: int,
    ntr: int,
    rem: int,
    flag: int,
    force: int,
    exact: int,
    target: int,
    P: Any,
    TK: Any,
    TB: Any,
    TM: Any,
    TC: Any,
    ST: Any,
) -> int:
    """With ``exact`` 0: a fail-soft bound that is >= ``target`` exactly when the value is. With
    ``exact`` 1: the value, by null-window tests: first at ``target`` and just above it when it is a
    guess in 1..rem (two tests when the guess is right), else by bisection, each test's fail-soft
    bound narrowing the range further. ``rem``: Augen (or tricks) in the hands and the current
    trick, the largest value possible."""
    plies = 4 * ntr + 4
    W = np.zeros((23, plies), dtype=np.int64)
    cand = np.zeros((plies, 32), dtype=np.int64)
    if exact == 0:
        return _run(hands, tc, leader, pos, ntr, rem, flag, force, target - 1, target, P, TK, TB, TM, TC, W, cand, ST)
    lo = 0
    hi = rem
    probe = target if 0 < target <= rem else -1
    while lo < hi:
        b = probe if lo < probe <= hi else (lo + hi + 1) // 2
        ST[1] += 1
        g = _run(hands, tc, leader, pos, ntr, rem, flag, force, b - 1, b, P, TK, TB, TM, TC, W, cand, ST)
        if g < b:
            hi = g
            probe = -1
        else:
            lo = g
            probe = g + 1 if probe >= 0 else -1
    return lo


# ---------------------------------------------------------------------------------------------------
# Python side: positions and contexts
# ---------------------------------------------------------------------------------------------------
_tt: tuple[Any, Any, Any, Any] | None = None
#: search statistics since the last clear_cache(): [0] positions entered, [1] null-window tests of the
#: exact searches, [2 + n] positions entered with n tricks left
_STATS = np.zeros(20, dtype=np.int64)
_contexts: dict[bytes, int] = {}
_next_ctx = [1]


def _table() -> tuple[Any, Any, Any, Any]:
    global _tt
    if _tt is None:
        # np.full writes every page now, not at the first touch during a timed search
        _tt = (
            np.full((_TT_SIZE, 4), 0, dtype=np.int64),
            np.full((_TT_SIZE, 2), 0, dtype=np.int64),
            np.full(_TT_SIZE, 0, dtype=np.int64),
            np.full(_TT_SIZE, 0, dtype=np.int64),
        )
    return _tt


def clear_cache() -> None:
    """Forget every stored search result (the next question is searched from scratch); for timing."""
    _contexts.clear()
    _STATS[:] = 0


def _context_id(params: np.ndarray) -> int:
    key = params.tobytes()
    ctx = _contexts.get(key)
    if ctx is None:
        if len(_contexts) > 4096:
            _contexts.clear()
        ctx = _next_ctx[0]
        _next_ctx[0] += 1
        _contexts[key] = ctx
    return ctx


class _Position:
    """A game's remaining play in the compiled representation, seen from the party of ``seat``.

    Attributes:
        P: int64 parameter array (layout ``_GRP`` .. ``_CTX``); index/card: card <-> renumbered card.
        hands: int64[4] hand masks; tc: int64[ntr+1, 4] trick rows, row 0 the current trick.
        leader, pos (cards in the current trick), ntr (tricks left including the current one),
        flag (0 while pending Schweine wait, else 1), total (Augen, or tricks in mode 1, in the hands
        and the current trick), taken (Augen the party already has in its tricks).
    """

    def __init__(self, game: Game, seat: int, mode: int = 0) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"expected a Game, got {type(game).__name__}")
        if game.phase is not Phase.PLAY:
            raise ValueError(f"the solver needs a game in the PLAY phase, not {game.phase.name}")
        if seat not in range(4):
            raise ValueError(f"no seat {seat}: seats are 0..3")
        order: CardOrder = game.order
        # the order the core expects for the rest of the game (pending Schweine counted as announced)
        later: CardOrder = game.search_order()
        no_super = card_order(game.game_type, True, False, game.rules.dullen) if later is not order else later
        if any(later.group[c] != order.group[c] for c in range(24)):
            raise ValueError("pending Schweine change the card groups; the solver cannot take that order")
        schweine = game.schweine is not None
        if game.rules.dulle_first_with_schweine and later is not order and not schweine:
            raise ValueError(
                "pending Schweine change which Dulle wins (rule dulle_first_with_schweine); the solver cannot take that"
            )
        by_power = sorted(range(24), key=lambda c: (order.group[c] if order.group[c] != TRUMP else 4, order.power[c]))
        self.index = [0] * 24
        for i, c in enumerate(by_power):
            self.index[c] = i
        P = np.zeros(_NPARAM, dtype=np.int64)
        for c in range(24):
            i = self.index[c]
            group = order.group[c]
            P[_GRP + i] = 4 if group == TRUMP else group
            P[_AUG + i] = AUGEN[c]
            P[_PWC + i] = order.power[c]
            P[_PWA + i] = later.power[c]
            P[_PWN + i] = no_super.power[c]
            P[_GMASK + P[_GRP + i]] |= 3 << (2 * i)
        side = game.party[seat]
        for s in range(4):
            P[_MAXP + s] = 1 if game.party[s] is side else 0
        P[_DULLE] = self.index[order.dulle] if order.dulle >= 0 else -1
        P[_SD_NORMAL] = int(second_dulle_wins(game.rules, False, schweine))
        P[_SD_LAST] = int(second_dulle_wins(game.rules, True, schweine))
        P[_KA] = self.index[int(Card.KARO_ASS)]
        P[_K9] = self.index[int(Card.KARO_NEUN)]
        P[_PENDING] = -1
        P[_SS] = -1
        if later is not order:
            P[_PENDING] = next(s for s in range(4) if game.hands[s].count(Card.KARO_ASS) == 2)
            if later is not no_super:
                P[_SS] = next(s for s in range(4) if game.hands[s].count(Card.KARO_NEUN) == 2)
        P[_MODE] = mode
        codes = sorted(set(AUGEN))
        for c in range(24):
            P[_AUGC + self.index[c]] = codes.index(AUGEN[c])
        owners = [held for held in itertools.product(range(3), repeat=4) if sum(held) <= 2]
        for n, (a, b, c, d) in enumerate(owners):
            P[_OWN + a + 3 * b + 9 * c + 27 * d] = n
        P[_CTX] = _context_id(P)
        self.P = P
        self.flag = 0 if later is not order else 1
        hands = np.zeros(4, dtype=np.int64)
        for s in range(4):
            h = 0
            for c in game.hands[s]:
                h = _add.py_func(h, self.index[c])
            hands[s] = h
        self.hands = hands
        self.pos = len(game.trick_cards)
        self.leader = game.trick_seats[0] if game.trick_cards else game.current_player
        self.ntr = len(game.hands[game.current_player])  # the seat to move still holds its card of this trick
        self.tc = np.zeros((self.ntr + 1, 4), dtype=np.int64)
        for k, c in enumerate(game.trick_cards):
            self.tc[0, k] = self.index[c]
        if mode == 0:
            self.total = sum(AUGEN[c] for h in game.hands for c in h) + sum(AUGEN[c] for c in game.trick_cards)
            self.taken = sum(t.augen for t in game.tricks if game.party[t.winner] is side)
        else:
            self.total = self.ntr
            self.taken = 0

    def solve(self, target: int | None = None, card: int | None = None, guess: int = -1) -> int:
        """The exact value (``target`` None; ``guess`` a likely value, or -1) or a fail-soft bound
        around ``target`` (>= target exactly when the value is), in Augen (or tricks) from the
        remaining play only (``taken`` excluded). ``card``: the value after the seat to move plays it."""
        TK, TB, TM, TC = _table()
        if self.ntr == 0:
            return 0
        exact, goal = (1, guess) if target is None else (0, target)
        force = -1 if card is None else self.index[card]
        args = (self.hands, self.tc, self.leader, self.pos, self.ntr, self.total, self.flag, force, exact, goal)
        return int(_search(*args, self.P, TK, TB, TM, TC, _STATS))


def max_augen(game: Game, seat: int) -> int:
    """Augen (0..240) the party of ``seat`` ends the game with when both parties play the remaining
    tricks perfectly (all hands known), counting the Augen already in its tricks.

    Raises ValueError when the game is not in the PLAY phase or ``seat`` is not 0..3."""
    pos = _Position(game, seat)
    return pos.taken + pos.solve()


def reaches(game: Game, seat: int, augen: int) -> bool:
    """Whether the party of ``seat`` can end the game with at least ``augen`` Augen (its tricks so
    far included) against every defence: a null-window test, cheaper than :func:`max_augen`.

    For the Punkte thresholds (TSR 7.1, 7.2): Re wins with ``reaches(game, re_seat, 121)``,
    Kontra with 120; "keine 90" is beaten with 90 (``reaches(..., 90)``), and so on.
    Raises ValueError as :func:`max_augen`."""
    pos = _Position(game, seat)
    need = augen - pos.taken
    if need <= 0:
        return True
    if need > pos.total:
        return False
    return pos.solve(need) >= need


def wins_all(game: Game, seat: int) -> bool:
    """Whether the party of ``seat`` wins every remaining trick (the current one included) against
    every defence: the claim check of TSR 5.4.3 from any position, and the "schwarz" threshold
    (TSR 7.2.2) when the party has won every trick so far. A game with no trick left gives True.
    Raises ValueError as :func:`max_augen`."""
    pos = _Position(game, seat, mode=1)
    if pos.ntr == 0:
        return True
    return pos.solve(pos.ntr) >= pos.ntr


def card_values(game: Game) -> dict[int, int]:
    """For each legal card of the seat to move (``game.current_player``): the Augen (0..240) its
    party ends the game with, with perfect play on both sides after that card (:func:`max_augen`
    of the position after it). Keys are card numbers (:class:`~doppelkopf.cards.Card` values).

    Works mid-trick. A card that is not legal now (such as a Karo-Ass before announcing the
    Schweine under ``schweine_announce = "before_first_play"``) has no entry; a seat that must
    announce first (seed 002's Pflichtansage) gets an empty dict.
    Raises ValueError as :func:`max_augen`."""
    seat = game.current_player
    pos = _Position(game, seat)
    cards = [a for a in game.legal_actions(seat) if Action.is_card(a)]
    values: dict[int, int] = {}
    best = -1
    for c in cards:
        # the best value so far is the likeliest value of the next card too (two null-window tests)
        value = pos.solve(card=c, guess=best)
        best = max(best, value)
        values[c] = pos.taken + value
    return values


# ---------------------------------------------------------------------------------------------------
# timing figures
# ---------------------------------------------------------------------------------------------------
def _random_position(rng: random.Random, tricks_left: int) -> Game:
    """A random ddv game played through the public API (each seat "gesund" with probability 0.85,
    else a random Vorbehalt; then uniformly random legal cards) until ``tricks_left`` tricks remain
    and 0..3 cards of the current trick are down (0 for a full deal)."""
    rules = get_preset("ddv")
    while True:
        game = Game.new(rules, seed=rng.randrange(1 << 30), dealer=rng.randrange(4))
        while game.phase is not Phase.PLAY and not game.is_terminal:
            legal = game.legal_actions()
            # mostly "gesund", as at a real table; otherwise a random Vorbehalt (a solo or a Hochzeit)
            gesund = Action.GESUND in legal and rng.random() < 0.85
            game.apply(Action.GESUND if gesund else rng.choice(legal))
        if game.is_terminal:
            continue
        cards_down = rng.randrange(4) if tricks_left < len(game.hands[0]) else 0
        hand_size = len(game.hands[0])
        while not game.is_terminal:
            done = hand_size - tricks_left
            if len(game.tricks) == done and len(game.trick_cards) == cards_down:
                return game
            cards = [a for a in game.legal_actions() if Action.is_card(a)]
            game.apply(rng.choice(cards))


def _quantiles(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return statistics.median(ordered), p95


def bench_figures(
    seed: int = 1, positions: int = 30, depths: tuple[int, ...] = (4, 6, 8), exact_up_to: int = 8
) -> dict[str, Any]:
    """Timing of the solver on random positions of random ddv games (played through the public API
    up to the position, see ``_random_position``; 0..3 cards of the current trick down).

    For each number of tricks left in ``depths``, ``positions`` positions are solved, each question
    from a cold transposition table (:func:`clear_cache`), timing in wall-clock milliseconds:

    * ``threshold``: ``reaches(game, seat, 121 if Re else 120)`` for the party of the seat to move
      (does it win the game?);
    * ``threshold_hard``: ``reaches`` at the exact value itself (the hardest threshold: the search
      must prove the value is reached and, in the exact search, that one more Augen is not);
    * ``exact``: ``max_augen(game, seat)``.

    The last two only up to ``exact_up_to`` tricks left (an exact value of a full deal can take
    minutes). Returns ``{"positions": n, "seed": s, "compile_s": seconds, "depths": {tricks_left:
    {question: {"median_ms": .., "p95_ms": ..}}}}``; ``compile_s`` is the compilation (or the load
    from numba's cache) before the timings, which it excludes.
    """
    rng = random.Random(seed)
    start = time.perf_counter()
    warm = _random_position(rng, 3)
    max_augen(warm, 0)
    card_values(warm)
    wins_all(warm, 0)
    compile_s = time.perf_counter() - start
    out: dict[str, Any] = {"positions": positions, "seed": seed, "compile_s": round(compile_s, 2), "depths": {}}

    def timed(question: Any, *args: Any) -> tuple[Any, float]:
        clear_cache()
        t0 = time.perf_counter()
        result = question(*args)
        return result, (time.perf_counter() - t0) * 1000

    for depth in depths:
        timings: dict[str, list[float]] = {"threshold": []}
        if depth <= exact_up_to:
            timings.update(threshold_hard=[], exact=[])
        for _ in range(positions):
            game = _random_position(rng, depth)
            seat = game.current_player
            win = 121 if game.party[seat] is Party.RE else 120
            timings["threshold"].append(timed(reaches, game, seat, win)[1])
            if depth <= exact_up_to:
                value, ms = timed(max_augen, game, seat)
                timings["exact"].append(ms)
                timings["threshold_hard"].append(timed(reaches, game, seat, value)[1])
        out["depths"][depth] = {
            kind: dict(zip(("median_ms", "p95_ms"), (round(x, 3) for x in _quantiles(ts)), strict=True))
            for kind, ts in timings.items()
        }
    return out
