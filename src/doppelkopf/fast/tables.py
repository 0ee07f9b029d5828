"""Compact numpy tables for the compiled kernel, read from the core (the one truth).

Nothing here decides a rule: every number comes from the core modules.

* the deck (with or without nines) from :func:`doppelkopf.cards.deck`, the Augen from
  :data:`doppelkopf.cards.AUGEN`;
* the card order of each game type (group and power of the 24 cards, the Dulle card), without
  Schweine, with Schweine, and with Schweine and Superschweine, from
  :func:`doppelkopf.order.card_order`;
* whether the second Dulle wins, in a trick that is not the last and in the last trick, from
  :func:`doppelkopf.order.second_dulle_wins` (rule ``dulle``);
* the Sonderpunkte kinds that count, from :func:`doppelkopf.scoring.counting_sonderpunkte`;
* the Punkte of a Re seat and of a Kontra seat for every possible result of a game (Augen of Re,
  which party took no trick, net Sonderpunkte) computed by :func:`doppelkopf.scoring.score` itself,
  so every scoring option (solo factors, Stille Hochzeit scored as a solo, Feigheit, gegen die Alten,
  nobody wins, ...) is the core's.

Rule options the kernel does not mirror raise :class:`KernelUnsupported` naming the option, here,
once, when the tables are built (see :func:`check_supported`).

>>> from doppelkopf.rules import get_preset
>>> t = game_tables(get_preset("ddv"), ((GameType.NORMAL, 2),))
>>> t.deck.shape, int(t.augen.sum()) * 2, t.hand_size
((48,), 240, 12)
>>> int(t.score[0, 0, FLAG_BOTH, 121, t.net_offset, 0]), int(t.score[0, 0, FLAG_BOTH, 121, t.net_offset, 1])
(1, -1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

from ..cards import AUGEN, Card, deck
from ..order import TRUMP, card_order, second_dulle_wins, trick_winner_index
from ..rules import DDV, GameType, Party, RuleError, RuleSet
from ..scoring import GameSummary, Sonderpunkt, counting_sonderpunkte, score, scored_as_solo

#: The Sonderpunkte kinds the kernel detects, in the order of :attr:`GameTables.sonder`.
SONDER_KINDS = ("doppelkopf", "fuchs_gefangen", "karlchen", "karlchen_gefangen", "fuchs_am_end")

#: Schweine modes of the kernel (:attr:`GameTables.schweine_mode`), from ``rules.schweine`` and
#: ``rules.schweine_announce``.
SCHWEINE_NONE, SCHWEINE_VORBEHALT, SCHWEINE_BEFORE_FIRST_PLAY, SCHWEINE_FIRST_PLAY = range(4)

#: Result flags of the score table: both parties took a trick, Kontra took none, Re took none.
FLAG_BOTH, FLAG_KONTRA_SCHWARZ, FLAG_RE_SCHWARZ = range(3)


class KernelUnsupported(RuleError):
    """The rule set uses an option the kernel does not mirror; the message names the option."""


# How the kernel treats each option of RuleSet. Options not listed here (added later to the core)
# must keep their DDV default, or the kernel refuses the rule set: never a silent wrong result.
_MIRRORED = {
    "with_nines": "deck of 48 or 40 cards",
    "dulle": "second_dulle_wins per trick (last or not)",
    "dullen": "the card order of each game type (the Herz-10 a Herz card without the Dullen)",
    "schweine": "order variants, the holder announces with his first Karo-Ass",
    "schweine_announce": "vorbehalt: at the start; before_first_play / first_play: with the first Karo-Ass",
    "schweine_games": "per game type",
    "superschweine": "order variant 2, the holder of both Karo-Neunen at the Schweine",
    "schweine_optional": "the holder always takes the Schweine (an optional action the kernel always takes)",
    "sonderpunkte": "detected in the kernel (all five kinds)",
    "doppelkopf_augen": "table",
}
_SCORED_BY_CORE = (
    "stille_hochzeit_as",
    "hochzeit_alone_as",
    "solo_factor",
    "solo_factors",
    "nobody_wins",
    "gegen_die_alten",
    "gegen_die_alten_as",
    "sonderpunkte_in_solo",
    "sonderpunkte_soli",
    "solo_sonderpunkte",
    "feigheit",
    "superfeigheit",
    "solo_bonus",
    "re_120_after_kontra",
    "absage_punkte",
    "reached_against_absage",
    "ansage_doubles",
    "kontra_doubles_gegen_die_alten",
    "gegen_die_alten_in_solo",
)
# Options that do not act in a game where every seat says gesund and no announcement is made during
# play (the kernel's games), or that act on the deal only through the packets (a uniform deal of the
# same cards), or on the session only, or that give a seat an optional action the kernel never takes.
_IDLE = (
    "name",
    "deal_packets",
    "cut_minimum",
    "solo_types",
    "solo_lead",
    "hochzeit_tricks",
    "hochzeit_partner",
    "hochzeit_choices",
    "hochzeit_shift",
    "hochzeit_early_ansage",
    "announcement_deadlines",
    "reply_extra_cards",
    "announcement_timing",
    "announcement_tricks",
    "announcement_skipping",
    "announcement_till_full_trick",  # announcements during play: never in the kernel's games
    "absage_skips_passed",  # (the Pflichtansage probe asks the engine, which reads it)
    "pflichtansage_hochzeit",  # the kernel plays no Hochzeit (every seat says gesund)
    "hochzeit_first_trick_decides",
    "schweine_armut",
    "armut",
    "armut_max_trumps",
    "armut_cards",
    "armut_none",
    "schmeissen",
    "schmeissen_nines",
    "schmeissen_kings",
    "schmeissen_nines_kings",
    "schmeissen_augen_low",
    "schmeissen_augen_high",
    "armut_fuchs_counts",  # the Armut and Schmeissen options of issue 26: only a declared Armut or Schmeissen
    "armut_only_trumps",
    "armut_fuchs_extra",
    "armut_fuchs_open",
    "armut_taker",
    "armut_return_trumps",
    "armut_exchange",
    "schmeissen_max_trumps",
    "vorbehalt_priority",
    "solo_conflict",
    "claim",
    "concede",
    "pflichtsolo",
    "round_games",
    "bock_triggers",
    "bock_length",
    "bock_stacking",
    "bock_max_multiplier",
    "bock_multiplies",
    "bock_skips_soli",
    "bock_skipped_solo_counts",
    "erwiderung",  # the kernel makes no Erwiderung (no announcement in reply during play)
    "tricks_visible",  # display only: which finished tricks a seat may look at again
    # session and the Liste (issue 26): the session's bookkeeping, never read during a deal's play
    "pflichtsoli",
    "farb_pflichtsoli",
    "bilder_pflichtsoli",
    "pflichtsolo_offered",
    "liste_counting",
    "sitting_rounds",
    "sitting_points",
)
_MIRRORED["pflichtansage"] = "the obliged seat makes the Ansage (level 1) before leading the second trick"
_MIRRORED["pflichtansage_augen"] = "table"
_MIRRORED["pflichtansage_only_first"] = "the probe asks the engine (the levels announced before the first card)"
#: Options the kernel refuses when they differ from the DDV default, with the reason.
_REFUSED: dict[str, str] = {
    "genscher": "the Genscher (a partner named with the first Karo-König) is an action the kernel has no move for",
    "schweine_only_second": "the kernel ranks both Karo-Asse as Schweine from their announcement on",
    "superschweine_games": "the kernel finds the Superschweine wherever the Schweine count",
    "superschweine_announce": "the kernel does not model when the Superschweine become public",
    "schweine_with_superschweine": "the kernel lets the Schweine's holder hold the Superschweine too",
    "karlchen_gefangen_karo_dame": "the kernel catches a Karlchen with any card that wins the last trick",
}
_REFUSED["dulle_first_with_schweine"] = "the kernel's Dulle rule per trick does not look at the Schweine"
_REFUSED["pflichtansage_raises"] = (
    "a party that announced before the first card would owe its next Absage; the kernel makes only the Ansage"
)


def check_supported(rules: RuleSet) -> None:
    """Raise :class:`KernelUnsupported` naming the first option of ``rules`` the kernel does not
    mirror (an option in ``_REFUSED`` switched on, or an option unknown to this module that is not
    at its DDV default)."""
    known = set(_MIRRORED) | set(_SCORED_BY_CORE) | set(_IDLE)
    unmirrored = sorted(set(rules.sonderpunkte) - set(SONDER_KINDS))  # FreeDoko's kinds (scoring area)
    if unmirrored:
        raise KernelUnsupported(
            f"sonderpunkte = {rules.sonderpunkte!r} is not mirrored by the kernel: it detects only "
            f"{', '.join(SONDER_KINDS)}, not {', '.join(unmirrored)}; use the engine (Game)"
        )
    for f in dataclasses.fields(rules):
        value: Any = getattr(rules, f.name)
        default: Any = getattr(DDV, f.name)
        if f.name in _REFUSED and value != default:
            raise KernelUnsupported(
                f"{f.name} = {value!r} is not mirrored by the kernel: {_REFUSED[f.name]}; use the engine (Game)"
            )
        if f.name not in known and f.name not in _REFUSED and value != default:
            raise KernelUnsupported(
                f"{f.name} = {value!r} is not mirrored by the kernel (an option it does not know); use the engine"
            )


class GameTables(NamedTuple):
    """The tables of one rule set for ``K`` kinds of game (a game type with its number of Re seats).

    Attributes (shapes; all numpy arrays are C-contiguous):
        kinds: the ``K`` pairs ``(GameType, re_count)``.
        levels: the announcement levels (Re, Kontra) the score table assumes, 0..5 each.
        deck: ``(n_cards,)`` int8, the cards of the deck (48 or 40), each card twice.
        hand_size: cards per hand (12 or 10); also the number of tricks.
        augen: ``(24,)`` int64, Augen of each card.
        group: ``(K, 3, 24)`` int64, group of each card (``TRUMP`` = 4 or the Fehl suit 0..3) in
            order variant 0 (no Schweine), 1 (Schweine), 2 (Schweine and Superschweine).
        power: ``(K, 3, 24)`` int64, power of each card (higher wins within a group).
        group_mask: ``(K, 3, 5)`` int64, bit mask over the 24 cards of each group.
        beats: ``(K, 3, 2, 24)`` int64, the table-driven trick winner: bit ``c`` of
            ``beats[k, variant, last, b]`` is set when card ``c`` played after the best card ``b`` of a
            trick takes the lead (``last``: 1 in the last trick, for the Dulle option), each entry
            :func:`doppelkopf.order.trick_winner_index` of the two cards ``[b, c]``.
        dulle: ``(K,)`` int64, the Dulle card (Herz-10) or -1 where it is no trump.
        second_dulle: ``(2,)`` bool, second Dulle wins in a trick that is not the last / the last.
        schweine_mode: one of ``SCHWEINE_*``.
        schweine_in: ``(K,)`` bool, the Schweine count in this kind of game.
        superschweine: the Superschweine are played (rule and nines).
        sonder: ``(K, 5)`` bool, the kinds of ``SONDER_KINDS`` that are detected and count.
        doppelkopf_augen: least Augen of a Doppelkopf trick.
        pflicht: ``(K, 2)`` bool: the winner of a first trick with at least ``pflicht_augen`` Augen
            must announce (rule ``pflichtansage``, seed 002), by the winner's party (0 Re, 1 Kontra): the
            party has not announced and the engine allows its Ansage after the first trick.
        pflicht_augen: ``rules.pflichtansage_augen``.
        pflicht_unknown: ``(K,)`` bool: the Pflichtansage is on but not probed for this kind (games
            other than the normal game and the Stille Hochzeit): rollouts in the first trick refuse.
        score: ``(K, 3, 3, 241, 2 * net_offset + 1, 2)`` int64: Punkte of a Re seat ``[..., 0]`` and
            of a Kontra seat ``[..., 1]`` by announcement state (0: ``levels``; 1: Re's level raised to
            at least 1 by a Pflichtansage; 2: Kontra's), result flag (``FLAG_*``), Augen of Re 0..240
            and net Sonderpunkte (Re minus Kontra) plus ``net_offset``; impossible results hold 0.
        net_offset: the largest net Sonderpunkte a party can make under the rule set.
    """

    kinds: tuple[tuple[GameType, int], ...]
    levels: tuple[int, int]
    deck: np.ndarray
    hand_size: int
    augen: np.ndarray
    group: np.ndarray
    power: np.ndarray
    group_mask: np.ndarray
    beats: np.ndarray
    dulle: np.ndarray
    second_dulle: np.ndarray
    schweine_mode: int
    schweine_in: np.ndarray
    superschweine: bool
    sonder: np.ndarray
    doppelkopf_augen: int
    pflicht: np.ndarray
    pflicht_augen: int
    pflicht_unknown: np.ndarray
    score: np.ndarray
    net_offset: int


def _schweine_mode(rules: RuleSet) -> int:
    if rules.schweine != "on":
        return SCHWEINE_NONE
    return {
        "vorbehalt": SCHWEINE_VORBEHALT,
        "before_first_play": SCHWEINE_BEFORE_FIRST_PLAY,
        "first_play": SCHWEINE_FIRST_PLAY,
    }[rules.schweine_announce]


def _max_net(rules: RuleSet) -> int:
    """The most Sonderpunkte one party can make in a game: bounds the score table."""
    most = {
        "doppelkopf": min(rules.hand_size, 240 // rules.doppelkopf_augen),
        "fuchs_gefangen": 2,
        "karlchen": 1,
        "karlchen_gefangen": 2,
        "fuchs_am_end": 1,
    }
    return sum(most[k] for k in set(rules.sonderpunkte))


def _re_seats(re_count: int) -> frozenset[int]:
    return frozenset(range(re_count))


def _counting(rules: RuleSet, game_type: GameType, re_count: int) -> frozenset[str]:
    probe = GameSummary(game_type, _re_seats(re_count), 120)
    return counting_sonderpunkte(rules, game_type, scored_as_solo(probe, rules))


@lru_cache(maxsize=256)
def _score_table(rules: RuleSet, game_type: GameType, re_count: int, levels: tuple[int, int]) -> np.ndarray:
    """``(3, 241, 2 * M + 1, 2)`` Punkte of a Re seat and a Kontra seat, each entry from
    :func:`doppelkopf.scoring.score` of a summary with that result (M = :func:`_max_net`)."""
    hand = rules.hand_size
    m = _max_net(rules)
    table = np.zeros((3, 241, 2 * m + 1, 2), dtype=np.int64)
    counting = sorted(_counting(rules, game_type, re_count))
    re_seats = _re_seats(re_count)
    re_seat, kontra_seat = 0, 3
    for flag, tricks_re in ((FLAG_BOTH, hand // 2), (FLAG_KONTRA_SCHWARZ, hand), (FLAG_RE_SCHWARZ, 0)):
        augen_range = {FLAG_BOTH: range(241), FLAG_KONTRA_SCHWARZ: range(240, 241), FLAG_RE_SCHWARZ: range(0, 1)}
        for augen_re in augen_range[flag]:
            for net in range(-m, m + 1):
                if net and not counting:
                    continue  # no kind counts: net Sonderpunkte are always 0
                party = Party.RE if net > 0 else Party.KONTRA
                extras = tuple(Sonderpunkt(counting[0], party) for _ in range(abs(net))) if counting else ()
                summary = GameSummary(game_type, re_seats, augen_re, tricks_re, hand - tricks_re, levels, extras)
                points = score(summary, rules).points
                table[flag, augen_re, net + m] = (points[re_seat], points[kontra_seat])
    return table


def _probe_deal(game_type: GameType, rules: RuleSet) -> list[list[int]] | None:
    """A deal for ``game_type`` when every seat says gesund: seats 0 and 1 hold a Kreuz-Dame each
    (normal game), or seat 0 holds both (Stille Hochzeit); ``None`` for other game types."""
    cards = [int(c) for c in deck(rules.with_nines)]
    kd = int(Card.KREUZ_DAME)
    cards.remove(kd)
    cards.remove(kd)
    if game_type is GameType.NORMAL:
        owners = (0, 1)
    elif game_type is GameType.STILLE_HOCHZEIT:
        owners = (0, 0)
    else:
        return None
    hands: list[list[int]] = [[] for _ in range(4)]
    for seat in owners:
        hands[seat].append(kd)
    for card in cards:
        seat = min(range(4), key=lambda s: (len(hands[s]), s))
        hands[seat].append(card)
    return hands


def _pflicht_probe(
    rules: RuleSet, game_type: GameType, re_count: int, levels: tuple[int, int]
) -> tuple[bool, bool] | None:
    """Ask the engine, for each party (Re, Kontra), whether its seat that wins the first trick must
    make the Pflichtansage (seed 002): the party has not announced and the Ansage is legal for it
    after the first trick. A probe game: the deal of :func:`_probe_deal`, everyone gesund, the
    ``levels`` announced before the first card, the first trick played. ``None`` for a game type the
    probe does not cover. Raises :class:`~doppelkopf.rules.RuleError` when the engine does not allow
    the ``levels`` before the first card."""
    from ..game import Action, Game, IllegalAction

    hands = _probe_deal(game_type, rules)
    if hands is None:
        return None
    game = Game(rules, hands, dealer=3)
    for _ in range(4):
        game.apply(Action.GESUND)
    if game.game_type is not game_type or sum(1 for p in game.party if p is Party.RE) != re_count:
        return None
    _announce_levels(game, levels)
    played = 0
    while played < 4:
        action = next(a for a in game.legal_actions() if a < 24 or a == Action.SCHWEINE)
        game.apply(action)
        played += action < 24
    from ..announcements import owes_pflichtansage

    result = []
    for party in Party:
        seat = next(s for s in range(4) if game.party[s] is party)
        try:
            legal = game.legal_actions(seat)
        except IllegalAction:  # pragma: no cover - seats 0..3 are valid
            legal = []
        # the engine's own rule (pflichtansage_only_first, _raises, _hochzeit): owed now by this seat?
        owed = owes_pflichtansage(game, seat)
        if owed and (game.levels[party] or Action.announce(1) not in legal):
            raise KernelUnsupported(
                "pflichtansage: the engine owes an announcement other than the Ansage (level 1) here, which the "
                "kernel does not mirror; use the engine (Game)"
            )
        result.append(owed)
    return result[0], result[1]


def _announce_levels(game: Any, levels: tuple[int, int]) -> None:
    """Make the ``levels`` (Re, Kontra) announcements in ``game`` before the first card, each level by
    a seat of its party; raises RuleError if the engine refuses one."""
    from ..game import Action, IllegalAction

    for party, level in zip(Party, levels, strict=True):
        seat = next(s for s in range(4) if game.party[s] is party)
        for lv in range(1, level + 1):
            try:
                game.apply(Action.announce(lv), seat)
            except IllegalAction as exc:
                raise RuleError(f"announcements: level {lv} for {party.label} before the first card: {exc}") from None


@lru_cache(maxsize=256)
def _game_tables_cached(
    rules: RuleSet, kinds: tuple[tuple[GameType, int], ...], levels: tuple[int, int], first_trick: bool
) -> GameTables:
    check_supported(rules)
    k = len(kinds)
    group = np.zeros((k, 3, 24), dtype=np.int64)
    power = np.zeros((k, 3, 24), dtype=np.int64)
    group_mask = np.zeros((k, 3, 5), dtype=np.int64)
    beats = np.zeros((k, 3, 2, 24), dtype=np.int64)
    second = (second_dulle_wins(rules, False), second_dulle_wins(rules, True))
    dulle = np.zeros(k, dtype=np.int64)
    schweine_in = np.zeros(k, dtype=np.bool_)
    sonder = np.zeros((k, len(SONDER_KINDS)), dtype=np.bool_)
    m = _max_net(rules)
    score_tab = np.zeros((k, 3, 3, 241, 2 * m + 1, 2), dtype=np.int64)
    pflicht = np.zeros((k, 2), dtype=np.bool_)
    pflicht_unknown = np.zeros(k, dtype=np.bool_)
    mode = _schweine_mode(rules)
    for i, (game_type, re_count) in enumerate(kinds):
        for variant, (schweine, superschweine) in enumerate(((False, False), (True, False), (True, True))):
            order = card_order(game_type, schweine, superschweine, rules.dullen)
            group[i, variant] = order.group
            power[i, variant] = order.power
            for card in range(24):
                group_mask[i, variant, order.group[card]] |= 1 << card
            for last, second_wins in enumerate(second):
                for best in range(24):
                    beats[i, variant, last, best] = sum(
                        1 << card for card in range(24) if trick_winner_index(order, [best, card], second_wins) == 1
                    )
            dulle[i] = order.dulle
        schweine_in[i] = mode != SCHWEINE_NONE and game_type.key in rules.schweine_games
        counting = _counting(rules, game_type, re_count)
        sonder[i] = [kind in counting and kind in rules.sonderpunkte for kind in SONDER_KINDS]
        raised = ((max(levels[0], 1), levels[1]), (levels[0], max(levels[1], 1)))
        score_tab[i, 0] = _score_table(rules, game_type, re_count, levels)
        if rules.pflichtansage and first_trick:
            probe = _pflicht_probe(rules, game_type, re_count, levels)
            if probe is None:
                pflicht_unknown[i] = True
            else:
                pflicht[i] = probe
            for state, lv in enumerate(raised, start=1):
                score_tab[i, state] = _score_table(rules, game_type, re_count, lv) if pflicht[i, state - 1] else 0
    return GameTables(
        kinds=kinds,
        levels=levels,
        deck=np.array(deck(rules.with_nines), dtype=np.int8),
        hand_size=rules.hand_size,
        augen=np.array(AUGEN, dtype=np.int64),
        group=group,
        power=power,
        group_mask=group_mask,
        beats=beats,
        dulle=dulle,
        second_dulle=np.array([second_dulle_wins(rules, False), second_dulle_wins(rules, True)], dtype=np.bool_),
        schweine_mode=mode,
        schweine_in=schweine_in,
        superschweine=rules.superschweine and rules.with_nines,
        sonder=sonder,
        doppelkopf_augen=rules.doppelkopf_augen,
        pflicht=pflicht,
        pflicht_augen=rules.pflichtansage_augen,
        pflicht_unknown=pflicht_unknown,
        score=score_tab,
        net_offset=m,
    )


def game_tables(
    rules: RuleSet,
    kinds: Sequence[tuple[GameType, int]],
    levels: tuple[int, int] = (0, 0),
    first_trick: bool = True,
) -> GameTables:
    """The kernel tables of ``rules`` for the game ``kinds`` (pairs of game type and number of Re
    seats, 1 or 2) with the announcement ``levels`` (Re, Kontra; 0 none, 1 Re/Kontra, 2 keine 90 ..
    5 schwarz) taken as made. ``first_trick``: the games may still play the first trick (then the
    Pflichtansage, if the rule set has it, is probed in the engine). Cached per arguments; the score
    table costs about 0.3 s per kind the first time. Raises :class:`KernelUnsupported` naming an
    option the kernel does not mirror and :class:`~doppelkopf.rules.RuleError` for levels outside
    0..5 (and, when the Pflichtansage is probed, for levels the engine does not allow before the
    first card)."""
    if len(levels) != 2 or not all(0 <= lv <= 5 for lv in levels):
        raise RuleError(f"announcement levels: need (Re, Kontra) levels 0..5, got {levels!r}")
    for game_type, re_count in kinds:
        if re_count not in (1, 2):
            raise RuleError(f"re_count: the Re party has 1 or 2 seats, got {re_count} for {game_type.key}")
    kinds_key = tuple((GameType(g), int(r)) for g, r in kinds)
    return _game_tables_cached(rules, kinds_key, (int(levels[0]), int(levels[1])), first_trick)


#: The group index of trump in :attr:`GameTables.group` (from :mod:`doppelkopf.order`).
TRUMP_GROUP = TRUMP
