"""A rule-based player: conventional Doppelkopf play without search.

The player reads the game only through its information state and the core: the card order
(:func:`~doppelkopf.order.card_order`), the trick winner (:func:`~doppelkopf.order.trick_winner_index`),
``info.legal_actions`` and ``info.rules``. Its habits:

* **Vorbehalt**: "gesund" normally. A solo (Farb-, Damen-, Buben-, Buben-Damen-Solo, Fleischloser)
  only with a clearly dominant hand counted in that solo's card order (:func:`solo_margin`: the
  bars were raised where duplicate self-play showed the solo losing against the normal game the
  hand would have played); when it must play its Pflichtsolo, vorgeführt, the solo whose bar the
  hand misses least. With both Kreuz-Damen a Hochzeit when the hand is weak, else the Stille
  Hochzeit (answer "gesund"). Where the rule set
  lets the Hochzeiter name the trick that finds the partner, it names any foreign trick if it may,
  else a Fehl trick when it holds Fehl cards to lose one with, else a trump trick.
* **House rules** (seeds 000 and 002, only where the rule set has them): it always throws in
  (Schmeissen) when the hand allows it and no solo is worth playing, because such a hand rarely
  wins and a new deal costs nothing. It declares an Armut whenever the rules allow one and the
  hand holds fewer than two of the three highest trumps, lays its trumps first and then its
  Fehl cards of fewest Augen; it takes an Armut with a strong trump hand (:func:`takes_armut`)
  and gives back its Fehl cards of fewest Augen, low trumps only if it must. In the bidding for
  a solo it raises while the solo clears its bar by more than the bid (one level per point of
  margin, as for a soloist's announcements). It announces the Schweine as soon as that is legal.
  It claims the rest only when its own hand obviously takes every remaining trick: only trumps,
  each beating every card still unseen, whatever Schweine may still be announced. When only
  announcements are legal (the Pflichtansage) it makes the lowest.
* **Announcements**: Re or Kontra at the first chance (out of turn if that comes first) when the
  estimated chance to win (:func:`win_chance`, a logistic model of the hand fitted on self-play)
  reaches :data:`ANNOUNCE_CHANCE`, or with many high trumps, see :func:`announcement_level`, also
  as an Erwiderung; keine 90 only with a very strong hand; a soloist announces when the hand
  clears the solo bar by a margin (:data:`SOLO_ANSAGE`, :data:`SOLO_KEINE_90`).
* **Play**: it tracks the cards played, the voids shown and the parties known (a Kreuz-Dame shown,
  an announcement; :mod:`doppelkopf.players.sampling`). When the partner wins the trick and no
  opponent behind is likely to beat it, *schmieren* (give Augen: a Fehl Ass or 10, the Fuchs, which
  thus comes home); when an opponent wins, take the trick with the cheapest card that wins and is
  likely to hold if the trick is worth it (counting what the card it would give instead costs: the
  Fuchs is kept back from the opponents' tricks, :data:`FUCHS_BONUS`), else give the card that
  costs least; lead a Fehl Ass that is likely to go through, else a Fehl suit the known partner
  has shown void in (it trumps), trumps as Re with many trumps; the Dulle and the Damen are not
  given away cheaply. The Hochzeiter lets others win until the partner is found, leading low
  cards of the kind of trick that finds the partner.

How likely an opponent still to play can beat a trick is estimated from the unseen cards,
the hand sizes and the voids shown (:mod:`doppelkopf.players.sampling`). The player is deterministic:
equal choices are broken with a generator seeded by the player's seed, seat and game seed.

>>> from doppelkopf.rules import DDV
>>> from doppelkopf.game import Game
>>> from doppelkopf.players.runner import play_game
>>> game = play_game(Game.new(DDV, seed=11), [RuleBasedPlayer(seed=s) for s in range(4)])
>>> sum(game.score().points)
0
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..cards import ASS, AUGEN, ZEHN, Card
from ..game import Action, InformationState, Phase
from ..order import TRUMP, CardOrder, card_order, second_dulle_wins, trick_winner_index
from ..rules import ANSAGE, KEINE_90, GameType, Party, RuleSet
from ..scoring import GameSummary, counting_sonderpunkte, scored_as_solo
from .base import Player
from .sampling import game_order_type, inferred_parties, unseen_cards, voids

#: Margins over the solo bar (:func:`_solo_ok`) from which a soloist says Re, and keine 90. A solo
#: with keine 90 said at margin 2 lost often with 130 Augen or so (self-play), so they are high.
SOLO_ANSAGE = 2.0
SOLO_KEINE_90 = 5.0
#: Augen a Fuchs counts beyond its own 11 when catching it scores a Punkt (keep it from the
#: opponents' tricks, bring it home on the partner's).
FUCHS_BONUS = 12.0
#: Risk (probability that an opponent behind beats the trick) below which a trick counts as safe.
#: The estimate counts every card that could beat the trick as if the seat would play it, so it
#: is pessimistic: in duplicate self-play under ``ddv`` (400 deals against the previous version
#: with 0.3) the player gained +0.2 Punkte per game from 0.3 to 0.5 and nothing more up to 0.75.
SAFE_RISK = 0.55
#: Trumps from which a Re player without a safe Fehl lead leads trumps.
RE_TRUMP_LEAD = 5
#: Risk accepted when trying to win a trick rich in Augen.
BOLD_RISK = 0.7


def _p_none(total: int, hand: int, wanted: int) -> float:
    """Probability that a hand of ``hand`` cards drawn from ``total`` unseen cards holds none of
    ``wanted`` particular ones (hypergeometric)."""
    p = 1.0
    for i in range(wanted):
        if total - i <= 0:
            return 0.0
        p *= max(0, total - hand - i) / (total - i)
    return p


@dataclass
class HandStrength:
    """Counts of a hand in one game type's card order.

    Attributes:
        trumps: trump cards held.
        high: cards among the three highest distinct trumps (e.g. Dulle, Kreuz-Dame, Pik-Dame).
        top: cards among the four highest distinct trumps.
        aces: Fehl Asse in suits of at most three cards held (likely to win their first round).
        losers: Fehl cards that are neither an Ass nor a 10 held with its Ass.
        voids: Fehl suits not held at all.
    """

    trumps: int
    high: int
    top: int
    aces: int
    losers: int
    voids: int


def hand_strength(hand: tuple[int, ...] | list[int], order: CardOrder) -> HandStrength:
    """:class:`HandStrength` of ``hand`` under ``order`` (only ranks and groups are read)."""
    trumps = [c for c in hand if order.group[c] == TRUMP]
    high_set = set(order.trumps_high_to_low[:3])
    top_set = set(order.trumps_high_to_low[:4])
    suits: dict[int, list[int]] = {}
    for c in hand:
        if order.group[c] != TRUMP:
            suits.setdefault(order.group[c], []).append(c)
    fehl_groups = {order.group[c] for c in range(24) if order.group[c] != TRUMP}
    aces = losers = 0
    for cards in suits.values():
        ranks = [c % 6 for c in cards]
        has_ass = ASS in ranks
        if has_ass and len(cards) <= 3:
            aces += ranks.count(ASS)
        for r in ranks:
            if r == ASS or (r == ZEHN and has_ass):
                continue
            losers += 1
    return HandStrength(
        trumps=len(trumps),
        high=sum(1 for c in trumps if c in high_set),
        top=sum(1 for c in trumps if c in top_set),
        aces=aces,
        losers=losers,
        voids=len(fehl_groups - set(suits)),
    )


def _solo_ok(game_type: GameType, s: HandStrength) -> float:
    """How far a hand exceeds the bar for the solo ``game_type`` (< 0: do not play it).

    The bars were set from self-play of this player: the solo should win about two games in
    three. A Farbsolo counts trumps plus one and a half for each of the three highest trumps,
    less one and a half per Fehl loser; Damen- and Buben-Solo weigh the Fehl losers double. FreeDoko's picture
    soli take the bar of the solo with as many trumps: the Königsolo (eight) a Damensolo's, König-Buben and
    König-Damen (sixteen) the Buben-Damen-Solo's, the Köhler (24) a Farbsolo's (26)."""
    if game_type is GameType.FLEISCHLOS:
        return 3.0 - s.losers  # no trumps: Asse and Zehnen must take the tricks
    if game_type in (GameType.DAMEN, GameType.BUBEN, GameType.KOENIGE):
        return min(s.trumps - 4.0, s.trumps + s.high - 2.0 * s.losers - 2.0)
    if game_type in (GameType.BUBEN_DAMEN, GameType.KOENIG_BUBEN, GameType.KOENIG_DAMEN):
        # sixteen trumps in the deck (eight with 40 cards), between a Damen- and a Farbsolo
        return min(s.trumps - 6.0, s.trumps + 1.5 * s.high - 2.0 * s.losers - 8.0)
    return min(s.trumps - 8.0, s.trumps + 1.5 * s.high - 1.5 * s.losers - 13.0)


#: How much further than :func:`_solo_ok` a hand must go to be played as a Lustsolo. Measured in
#: duplicate self-play against rule-based opponents (the same deal played with and without the
#: solo, 5,000 deals under ``ddv``): a Farbsolo gained only from margin 2 on (+4.5 Punkte per solo;
#: margin 0 lost 3.9, margin 1 lost 2.2, against the normal game the hand would have played), a
#: Damensolo lost at every margin seen, a Bubensolo gained from margin 1, a Fleischloser already
#: from margin -1. Random opponents are beaten by the solos below these bars too; good ones not.
SOLO_SHIFT: dict[GameType, float] = {
    GameType.DAMEN: 2.5,
    GameType.BUBEN: 1.0,
    GameType.BUBEN_DAMEN: 2.0,
    GameType.FLEISCHLOS: -1.0,
    # FreeDoko's picture soli: not measured; each takes the shift of the solo whose bar it shares (_solo_ok)
    GameType.KOENIGE: 2.5,
    GameType.KOENIG_BUBEN: 2.0,
    GameType.KOENIG_DAMEN: 2.0,
}
#: The shift of every Farbsolo (Kreuz, Pik, Herz, Karo).
FARBSOLO_SHIFT = 2.0


def solo_margin(game_type: GameType, s: HandStrength) -> float:
    """How far a hand exceeds the bar for playing the solo ``game_type`` (< 0: do not play it):
    :func:`_solo_ok` less :data:`SOLO_SHIFT`."""
    return _solo_ok(game_type, s) - SOLO_SHIFT.get(game_type, FARBSOLO_SHIFT)


def takes_armut(hand_size: int, s: HandStrength) -> bool:
    """Whether a hand of strength ``s`` (counted in the normal game's order) takes an Armut: at
    least seven trumps in twelve cards (six in ten), two of them among the four highest. The taker
    plays the game for two with the poor player's few trumps added, so it needs the trumps."""
    return s.trumps >= round(7 * hand_size / 12) and s.top >= 2


#: Logistic model of a normal game's win chance from the hand at the start, per party: intercept,
#: then the weights of trumps, high, top, aces, losers and voids (:class:`HandStrength`). Fitted
#: on 8,000 seat-games of four rule-based players under ``ddv`` (the play of this module's
#: previous version, scripts not kept); Re wins 62 % of those games, Kontra 38 %.
WIN_MODEL: dict[Party, tuple[float, ...]] = {
    Party.RE: (-1.988, 0.214, 0.420, 0.208, 0.084, -0.124, 0.382),
    Party.KONTRA: (-2.437, 0.218, 0.306, 0.193, 0.094, -0.089, 0.330),
}
#: Win chance from which a hand says Re, or Kontra, at its first chance. An announcement adds 2
#: Punkte to the game value for whoever wins (TSR 7.2.2), so it pays from a chance above one half;
#: the margin covers the answer it may provoke.
ANNOUNCE_CHANCE = {Party.RE: 0.64, Party.KONTRA: 0.58}


def win_chance(party: Party, s: HandStrength) -> float:
    """Estimated probability that ``party`` wins a normal game with a partner, from the hand
    ``s`` of one of its players at the start (:data:`WIN_MODEL`)."""
    b, *w = WIN_MODEL[party]
    x = b + sum(wi * xi for wi, xi in zip(w, (s.trumps, s.high, s.top, s.aces, s.losers, s.voids), strict=True))
    return 1.0 / (1.0 + math.exp(-x))


def announcement_level(party: Party, s: HandStrength) -> int:
    """The announcement level a hand of a normal game is worth at its first chance: 0 none,
    ``ANSAGE`` (Re/Kontra) when :func:`win_chance` reaches :data:`ANNOUNCE_CHANCE` or with six trumps
    (seven for Kontra) of which three are among the three highest, or eight (nine) with two;
    ``KEINE_90`` with nine trumps (ten for Kontra) of which four are among the three highest."""
    extra = 0 if party is Party.RE else 1
    t = s.trumps - extra
    if t >= 9 and s.high >= 4:
        return KEINE_90
    if win_chance(party, s) >= ANNOUNCE_CHANCE[party]:
        return ANSAGE
    if (t >= 6 and s.high >= 3) or (t >= 8 and s.high >= 2) or (t >= 9 and s.high >= 1 and s.aces >= 1):
        return ANSAGE  # many high trumps: the partner gets a strong lead
    return 0


class _View:
    """What one decision needs, computed once from the information state."""

    def __init__(self, info: InformationState) -> None:
        self.info = info
        self.game_type = game_order_type(info)
        self.order = info.order  # with the Schweine and Superschweine the seat knows of
        self.parties = inferred_parties(info)
        self.unseen = unseen_cards(info)
        self.unseen_counts = Counter(self.unseen)
        self.voids = voids(info)
        me = info.seat
        self.open_hochzeit = info.game_type is GameType.HOCHZEIT and None in self.parties
        self.p_foe = [self._p_foe(s) for s in range(4)]
        self.p_foe[me] = 0.0
        self.trumps = self.order.trumps_high_to_low
        self.fuchs_counts = self._fuchs_counts()
        last = len(info.tricks) == info.rules.hand_size - 1
        self.second_dulle = second_dulle_wins(info.rules, last)

    def _p_foe(self, seat: int) -> float:
        mine = self.parties[self.info.seat]
        theirs = self.parties[seat]
        if mine is None:
            return 1.0  # own party open (Hochzeit): every trick won is welcome
        if theirs is not None:
            return 0.0 if theirs is mine else 1.0
        friends_left = 2 - self.parties.count(mine)
        foes_left = 2 - self.parties.count(mine.other)
        if friends_left + foes_left <= 0:
            return 1.0
        return max(0, foes_left) / (max(0, friends_left) + max(0, foes_left))

    def _fuchs_counts(self) -> bool:
        """Whether catching a Fuchs counts in this game, as the scoring core says for a game that
        is one against three (a declared solo, a Stille Hochzeit) or not."""
        info, gt = self.info, self.game_type
        solo = False
        if info.declarer is not None and (gt.is_declared_solo or gt is GameType.STILLE_HOCHZEIT):
            solo = scored_as_solo(GameSummary(gt, frozenset({info.declarer}), 0), info.rules)
        return "fuchs_gefangen" in counting_sonderpunkte(info.rules, gt, solo)

    # -- cards -------------------------------------------------------------------------------
    def is_trump(self, card: int) -> bool:
        return self.order.group[card] == TRUMP

    def keep_cost(self, card: int) -> float:
        """What giving away ``card`` costs in strength (0 for low Fehl, up to 22 for the best
        trump); a Fehl card that is the best left of its suit costs 3."""
        if self.is_trump(card):
            n = len(self.trumps)
            f = (n - 1 - self.trumps.index(card)) / (n - 1) if n > 1 else 1.0
            return 2.0 + 20.0 * max(0.0, f - 0.2) / 0.8
        if self.is_boss(card):
            return 3.0
        return 0.0

    def is_boss(self, card: int) -> bool:
        """No unseen card of its group is higher (a Fehl card that wins its suit if not trumped)."""
        g, p = self.order.group[card], self.order.power[card]
        return not any(self.order.group[x] == g and self.order.power[x] > p for x in self.unseen_counts)

    def augen_value(self, card: int) -> float:
        """Augen of ``card``, plus a bonus for the Fuchs when catching it scores."""
        bonus = FUCHS_BONUS if self.fuchs_counts and card == Card.KARO_ASS else 0.0
        return AUGEN[card] + bonus

    # -- tricks ------------------------------------------------------------------------------
    def winner(self, cards: list[int]) -> int:
        """Index of the card that wins ``cards`` (the current trick, in play order)."""
        return trick_winner_index(self.order, cards, self.second_dulle)

    def risk(self, cards: list[int], later: list[int]) -> float:
        """Probability that one of the seats in ``later`` that may be an opponent beats the trick
        ``cards`` (estimated from the unseen cards, hand sizes and voids)."""
        if not later:
            return 0.0
        group = self.order.group
        led = group[cards[0]]
        follow = off = 0
        for x, n in self.unseen_counts.items():
            if trick_winner_index(self.order, [*cards, x], self.second_dulle) == len(cards):
                if group[x] == led:
                    follow += n
                else:
                    off += n
        in_led = sum(n for x, n in self.unseen_counts.items() if group[x] == led)
        total = len(self.unseen)
        survive = 1.0
        for s in later:
            pf = self.p_foe[s]
            if pf <= 0.0:
                continue
            h = self.info.hand_sizes[s]
            if led in self.voids[s]:
                p_void, p_follow = 1.0, 0.0
            else:
                p_void = _p_none(total, h, in_led)
                p_follow = 1.0 - _p_none(total, h, follow)
            p_off = 0.0 if TRUMP in self.voids[s] else 1.0 - _p_none(total, h, off)
            survive *= 1.0 - pf * min(1.0, p_follow + p_void * p_off)
        return 1.0 - survive


class RuleBasedPlayer(Player):
    """Conventional play without search (see the module docstring); deterministic for a seed.

    Args:
        seed: breaks ties between equally good cards.
        name: display name (default ``Regel <seed>``).
    """

    def __init__(self, seed: int = 0, name: str | None = None) -> None:
        super().__init__(name if name is not None else f"Regel {seed}")
        self.seed = seed
        self.rng = random.Random(f"rule-player:{seed}")

    def reset(self, seat: int, rules: RuleSet, seed: int | None) -> None:
        super().reset(seat, rules, seed)
        self.rng = random.Random(f"rule-player:{self.seed}:{seat}:{seed}")

    # -- interface ---------------------------------------------------------------------------
    def choose(self, info: InformationState) -> int:
        legal = info.legal_actions
        if info.phase is Phase.VORBEHALT:
            return self._vorbehalt(info)
        if info.phase is Phase.ARMUT:
            return self._armut(info)
        if info.phase is Phase.BIDDING:
            return self._bid(info)
        # optional Schweine that come with the first of them (rules schweine_optional, schweine_announce)
        with_the_card = info.rules.schweine_optional and info.rules.schweine_announce == "first_play"
        if Action.SCHWEINE in legal and not with_the_card:
            return Action.SCHWEINE
        announcement = self._announcement(info)
        if announcement is not None:
            return announcement
        if Action.CLAIM in legal and self._claim_is_obvious(info):
            return Action.CLAIM
        cards = [a for a in legal if Action.is_card(a)]
        if not cards:
            # the Pflichtansage: only announcements are legal, make the lowest
            announcements = [a for a in legal if Action.is_announcement(a)]
            return min(announcements) if announcements else legal[0]
        if Action.SCHWEINE in legal:
            # optional Schweine (seed 002) come with the first of them: choose the card as if they were made,
            # and make them when that card is a Karo-Ass (a plain Fuchs is never better than a Schwein)
            card = cards[0] if len(cards) == 1 else self._card(_View(replace(info, schweine=info.seat)), cards)
            return Action.SCHWEINE if card == Card.KARO_ASS else card
        card = cards[0] if len(cards) == 1 else self._card(_View(info), cards)
        if card == Card.KARO_KOENIG and any(Action.is_genscher(a) for a in legal):
            return self._genscher(info)
        return card

    @staticmethod
    def _genscher(info: InformationState) -> int:
        """The Genscher (rule ``genscher``) when the first Karo-König is the card to play: name the partner
        known in the own party, else the seat that has won the most Augen so far (lowest seat on a tie)."""
        others = [s for s in range(4) if s != info.seat]
        own = info.own_party
        known = [s for s in others if own is not None and info.known_parties[s] is own]
        if known:
            return Action.genscher(known[0])
        won = [sum(t.augen for t in info.tricks if t.winner == s) for s in range(4)]
        return Action.genscher(max(others, key=lambda s: (won[s], -s)))

    def react(self, info: InformationState) -> int | None:
        return self._announcement(info)

    # -- Vorbehalt ---------------------------------------------------------------------------
    def _vorbehalt(self, info: InformationState) -> int:
        legal = info.legal_actions
        best: tuple[float, int] | None = None
        for action in legal:
            if not Action.is_vorbehalt(action):
                continue
            gt = Action.game_type(action)
            if not gt.is_declared_solo:
                continue
            margin = solo_margin(gt, hand_strength(info.hand, card_order(gt)))
            if margin >= 0 and (best is None or margin > best[0]):
                best = (margin, action)
        if best is not None:
            return best[1]
        if Action.GESUND not in legal:
            # vorgeführt (TSR 4.2.3): a solo must be played; the one that falls least short
            soli = [a for a in legal if Action.is_vorbehalt(a) and Action.game_type(a).is_declared_solo]
            if soli:
                return max(soli, key=lambda a: (_solo_ok(Action.game_type(a), self._strength(info, a)), -a))
            return legal[0]
        if Action.SCHMEISSEN in legal:
            return Action.SCHMEISSEN
        armut = Action.vorbehalt(GameType.ARMUT)
        if armut in legal and hand_strength(info.hand, info.order).high < 2:
            return armut
        hochzeit = [a for a in legal if Action.is_vorbehalt(a) and Action.game_type(a) is GameType.HOCHZEIT]
        if hochzeit:
            # the Stille Hochzeit is a Karo solo in all but name (TSR 4.4.5)
            if _solo_ok(GameType.KARO, hand_strength(info.hand, card_order(GameType.STILLE_HOCHZEIT))) < 0:
                return self._hochzeit_kind(info, hochzeit)
        return Action.GESUND

    @staticmethod
    def _strength(info: InformationState, action: int) -> HandStrength:
        game_type = Action.game_type(action)
        return hand_strength(info.hand, card_order(game_type))

    @staticmethod
    def _hochzeit_kind(info: InformationState, offered: list[int]) -> int:
        """The Hochzeit answer among ``offered``: any foreign trick finds the partner soonest;
        else a Fehl trick when the hand has a Fehl card to lose one with, else a trump trick."""
        kinds = {Action.hochzeit_kind(a): a for a in offered}
        if None in kinds:
            return kinds[None]
        if "first_foreign" in kinds:
            return kinds["first_foreign"]
        if "first_fehl" in kinds and (hand_strength(info.hand, info.order).losers > 0 or "first_trump" not in kinds):
            return kinds["first_fehl"]
        return kinds.get("first_trump", offered[0])

    # -- house rules: Armut, bidding, claim ----------------------------------------------------
    def _armut(self, info: InformationState) -> int:
        legal = info.legal_actions
        order = info.order
        if Action.ARMUT_TAKE in legal:
            take = takes_armut(info.rules.hand_size, hand_strength(info.hand, order))
            return Action.ARMUT_TAKE if take else Action.ARMUT_REFUSE
        lays = [a for a in legal if Action.is_armut_lay(a)]
        if lays:
            # the trumps first, then the Fehl cards of fewest Augen
            return self._pick(lays, lambda a: self._give_key(order, int(Action.card_of(a)), trumps_first=True))
        # give back the Fehl cards of fewest Augen, low trumps only if it must
        return self._pick(list(legal), lambda a: self._give_key(order, int(Action.card_of(a)), trumps_first=False))

    @staticmethod
    def _give_key(order: CardOrder, card: int, trumps_first: bool) -> tuple[float, ...]:
        trump = order.group[card] == TRUMP
        first = (0 if trump else 1) if trumps_first else (1 if trump else 0)
        return (first, order.power[card] if trump else 0, AUGEN[card])

    def _bid(self, info: InformationState) -> int:
        declared = info.own_vorbehalt
        if Action.BID in info.legal_actions and declared is not None and declared.is_declared_solo:
            margin = solo_margin(declared, hand_strength(info.hand, card_order(declared)))
            if margin >= info.bid_level + 1:
                return Action.BID
        return Action.PASS

    @staticmethod
    def _claim_is_obvious(info: InformationState) -> bool:
        """Whether every card in hand is a trump that wins a trick against each unseen card, in
        the order as known and with any Schweine (and Superschweine) that may still be announced,
        in any trick (the Dulle rule may differ in the last one)."""
        gt = game_order_type(info)
        orders = [info.order]
        rules = info.rules
        if rules.schweine == "on" and info.schweine is None:
            orders.append(card_order(gt, True, False, rules.dullen))
            if rules.superschweine:
                orders.append(card_order(gt, True, True, rules.dullen))
        unseen = set(unseen_cards(info))
        for order in orders:
            for last in (False, True):
                second = second_dulle_wins(rules, last)
                for card in info.hand:
                    if order.group[card] != TRUMP:
                        return False
                    if any(trick_winner_index(order, [card, other], second) != 0 for other in unseen):
                        return False
        return True

    # -- announcements -----------------------------------------------------------------------
    def _announcement(self, info: InformationState) -> int | None:
        legal = [a for a in info.legal_actions if Action.is_announcement(a)]
        if not legal:
            return None
        gt = game_order_type(info)
        s = hand_strength(info.hand, info.order)
        solo = gt.is_declared_solo or gt is GameType.STILLE_HOCHZEIT
        if solo:
            if info.declarer != info.seat:
                return None
            margin = _solo_ok(gt if gt.is_declared_solo else GameType.KARO, s)
            wanted = KEINE_90 if margin >= SOLO_KEINE_90 else ANSAGE if margin >= SOLO_ANSAGE else 0
        else:
            party = info.own_party if info.own_party is not None else Party.KONTRA
            wanted = announcement_level(party, s)
        levels = [Action.level(a) for a in legal]
        if wanted < min(levels):
            return None
        return Action.announce(max(lv for lv in levels if lv <= wanted))

    # -- card play ---------------------------------------------------------------------------
    def _pick(self, cards: list[int], key: Callable[[int], tuple[float, ...]]) -> int:
        """The card with the least ``key``; ties broken by the seeded generator."""
        scored = [(key(c), c) for c in cards]
        best = min(k for k, _ in scored)
        ties = sorted(c for k, c in scored if k == best)
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def _card(self, v: _View, cards: list[int]) -> int:
        info = v.info
        trick = [c for _, c in info.trick]
        if not trick:
            return self._lead(v, cards)
        me = info.seat
        later = [(me + k) % 4 for k in range(1, 4 - len(trick))]
        seats = [s for s, _ in info.trick]
        cur_seat = seats[v.winner(trick)]
        trick_augen = sum(AUGEN[c] for c in trick)
        hochzeiter_open = v.open_hochzeit and info.declarer == me
        if hochzeiter_open:
            return self._discard(v, cards, trick, prefer_losing=True)
        if v.p_foe[cur_seat] == 0.0 and v.risk(trick, later) <= SAFE_RISK:
            return self._schmieren(v, cards)
        # an opponent (or a seat that may be one) wins, or the partner's card may not hold:
        # take the trick if it is worth the card, with the cheapest card likely to hold
        # the stake: the Augen in the trick, those still to come, and what the card given instead
        # would lose (a Fuchs or a Zehn thrown to the opponents costs as much as a trump spent)
        fallback = self._discard(v, cards, trick)
        lost = v.augen_value(fallback) if v.winner([*trick, fallback]) != len(trick) else 0.0
        stake = trick_augen + 4 * len(later) + lost
        late = len(info.hand) <= 3
        risk = {c: v.risk([*trick, c], later) for c in cards if v.winner([*trick, c]) == len(trick)}
        worth = [c for c in risk if self._worth(v, c, stake, late)]
        good = [c for c in worth if risk[c] <= SAFE_RISK]
        if good:
            return self._pick(good, lambda c: (v.keep_cost(c), -v.augen_value(c)))
        bold = [c for c in worth if risk[c] <= BOLD_RISK]
        if bold and stake >= 20:
            return self._pick(bold, lambda c: (risk[c], v.keep_cost(c)))
        return fallback

    @staticmethod
    def _worth(v: _View, card: int, stake: float, late: bool) -> bool:
        """Whether winning a trick of ``stake`` Augen justifies using ``card``."""
        cost = v.keep_cost(card)
        if late or cost <= 5.0:
            return True
        if card == v.order.dulle:
            return stake + AUGEN[card] >= 30  # never throw a Dulle cheaply
        return stake >= cost

    def _schmieren(self, v: _View, cards: list[int]) -> int:
        """Give the partner's trick the most Augen that cost little strength."""
        return self._pick(cards, lambda c: (-(v.augen_value(c) - v.keep_cost(c)), v.order.power[c]))

    def _discard(self, v: _View, cards: list[int], trick: list[int], prefer_losing: bool = False) -> int:
        """The card that costs least: few Augen, little strength; optionally one that loses."""
        info = v.info
        suit_len = Counter(v.order.group[c] for c in info.hand)

        def key(c: int) -> tuple[float, ...]:
            loses = v.winner([*trick, c]) != len(trick) if trick else True
            short = suit_len[v.order.group[c]] if not v.is_trump(c) else 99
            lose_first = 0.0 if (not prefer_losing or loses) else 1.0
            return (lose_first, v.augen_value(c) + v.keep_cost(c), short, v.order.power[c])

        return self._pick(cards, key)

    @staticmethod
    def _partner_can_trump(v: _View, fehl: list[int]) -> list[int]:
        """The Fehl cards to lead so that the known partner trumps: of a suit the partner has
        shown void in (and not void in trump), which no opponent playing after the partner has
        shown void in (it could trump higher)."""
        me = v.info.seat
        order = [(me + k) % 4 for k in range(1, 4)]
        partners = [s for s in order if v.p_foe[s] == 0.0]
        if len(partners) != 1:
            return []
        partner = partners[0]
        after = order[order.index(partner) + 1 :]
        return [
            c
            for c in fehl
            if v.order.group[c] in v.voids[partner]
            and TRUMP not in v.voids[partner]
            and not any(v.order.group[c] in v.voids[s] for s in after)
        ]

    def _lead(self, v: _View, cards: list[int]) -> int:
        info = v.info
        me = info.seat
        later = [(me + k) % 4 for k in range(1, 4)]
        fehl = [c for c in cards if not v.is_trump(c)]
        trumps = [c for c in cards if v.is_trump(c)]
        foe_trumps = any(v.is_trump(x) for x in v.unseen_counts)
        if v.open_hochzeit and info.declarer == me:
            # the Hochzeiter wants another player to win a trick of the kind that finds the partner:
            # a low trump for a trump trick, else a low Fehl card (a low trump if it has none)
            if info.hochzeit_rule == "first_trump":
                low = [c for c in trumps if not v.is_boss(c)] or trumps or fehl
            else:
                low = [c for c in fehl if not v.is_boss(c)] or fehl or trumps
            return self._pick(low, lambda c: (v.augen_value(c), v.order.power[c]))
        solo_declarer = info.declarer == me and (
            v.game_type.is_declared_solo or v.game_type is GameType.STILLE_HOCHZEIT
        )
        boss_trumps = [c for c in trumps if v.risk([c], later) == 0.0]
        if solo_declarer and trumps and foe_trumps:
            if boss_trumps:
                return self._pick(boss_trumps, lambda c: (-v.order.power[c],))
        risk = {c: v.risk([c], later) for c in fehl if v.is_boss(c)}
        safe_fehl = [c for c in risk if risk[c] <= SAFE_RISK]
        if safe_fehl:
            return self._pick(safe_fehl, lambda c: (risk[c], -AUGEN[c]))
        for_partner = self._partner_can_trump(v, fehl)
        if for_partner:
            # the partner trumps a suit it showed void in: give it Augen on the way
            return self._pick(for_partner, lambda c: (-v.augen_value(c), v.order.power[c]))
        re = v.parties[me] is Party.RE
        if trumps and (solo_declarer or (re and len(trumps) >= RE_TRUMP_LEAD and foe_trumps)):
            if boss_trumps:
                return self._pick(boss_trumps, lambda c: (-v.order.power[c],))
            return self._pick(trumps, lambda c: (v.augen_value(c) + v.keep_cost(c), v.order.power[c]))
        pool = fehl or trumps
        return self._discard(v, pool, [])
