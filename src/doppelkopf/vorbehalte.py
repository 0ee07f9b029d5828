"""The Vorbehaltsabfrage and the bidding for a solo: what each seat may answer, and which game follows.

After the deal every seat answers in turn from the dealer's left (TSR 4.1): ``gesund``, a solo, a
Hochzeit with both Kreuz-Damen, and where the rule set has them an Armut or Schmeissen (seed 002,
"Gibt es Vorbehalte?"). :func:`resolve_vorbehalte` picks the game by ``vorbehalt_priority`` and
``solo_conflict``; several soli under ``solo_conflict = "bidding"`` are bid for (:func:`bid`).

The functions take the :class:`~doppelkopf.state.GameState` whose phase they run;
:class:`~doppelkopf.game.Game` calls them from :meth:`~doppelkopf.game.Game.legal_actions` and
:meth:`~doppelkopf.game.Game.apply`, which are the public way in, and carries out the
:data:`~doppelkopf.state.Transition` they return (the play starts, or the game is thrown in).
"""

from __future__ import annotations

from typing import Final

from .armut import start_armut
from .cards import AUGEN, KOENIG, NEUN, Card, count_card
from .moves import Action, Announcement, IllegalAction, Phase
from .order import TRUMP, card_order
from .rules import SCHWARZ, GameType, Party, RuleSet
from .scoring import solo_factor
from .state import GameState, StartPlay, ThrowIn, Transition, game_options

_RE: Final = Party.RE
_NORMAL: Final = GameType.NORMAL
_HOCHZEIT: Final = GameType.HOCHZEIT
_STILLE_HOCHZEIT: Final = GameType.STILLE_HOCHZEIT
_ARMUT_GAME: Final = GameType.ARMUT
#: The Hochzeit answer that names no trick kind (under hochzeit_partner = choice: the house's default).
_PLAIN_HOCHZEIT: Final = Action.vorbehalt(GameType.HOCHZEIT)
_BIDDING: Final = Phase.BIDDING
_KARO_ASS: Final = int(Card.KARO_ASS)
_KREUZ_DAME: Final = int(Card.KREUZ_DAME)
#: The kinds of solo a vorgeführter player may owe (:func:`forced_soli`; ``Session.owed_kind`` names them).
FORCED_KINDS: Final[tuple[str, ...]] = ("solo", "farbsolo", "bildersolo", "farbsolo_or_bildersolo")
_SOLO_KINDS: Final = frozenset(["pflichtsolo", "lustsolo", "solo"])
#: Whether a game type is a declared solo, by its number (``GameType.is_declared_solo`` is a Python property).
_DECLARED_SOLO: Final[tuple[bool, ...]] = tuple([g.is_declared_solo for g in sorted(GameType)])


def legal_vorbehalte(game: GameState, seat: int) -> list[int]:
    """The Vorbehalt answers of ``seat``: gesund, a Hochzeit with both Kreuz-Damen (TSR 4.4;
    named by its trick kind with ``hochzeit_partner = "choice"``), the allowed soli (TSR 4.3),
    an Armut (rule ``armut``) and Schmeissen (rule ``schmeissen``), ascending."""
    opts = game.options
    if game.forced_solo_seat is not None:
        # vorgeführt: only the kind of solo is named (TSR 4.1.9), one of the kind owed (farb_/bilder_pflichtsoli)
        return forced_soli(opts.solo_actions, game.forced_kind)
    options = [Action.GESUND]
    if count_card(game.hands[seat], _KREUZ_DAME) == 2:
        options.extend(opts.hochzeit_actions)
    options.extend(opts.solo_actions)
    if opts.armut and armut_trumps(game, seat) <= opts.armut_max_trumps:
        options.append(Action.vorbehalt(_ARMUT_GAME))
    if opts.schmeissen_reasons and schmeissen_reasons(game, seat):
        options.append(Action.SCHMEISSEN)
    for i in range(1, len(options)):
        if options[i - 1] >= options[i]:  # a Hochzeit kind or the Armut among the soli
            return sorted(set(options))
    return options


def of_owed_kind(kind: str | None, game_type: GameType) -> bool:
    """Whether a declared solo of ``game_type`` is of ``kind``, the kind of Pflichtsolo still owed
    (:data:`FORCED_KINDS`; :meth:`doppelkopf.session.Session.owed_kind`): ``None`` or ``"solo"`` any declared solo,
    ``"farbsolo"`` a Farbsolo, ``"bildersolo"`` a picture solo, ``"farbsolo_or_bildersolo"`` either (FreeDoko
    NUMBER_OF_DUTY_COLOR_SOLI, NUMBER_OF_DUTY_PICTURE_SOLI; options ``farb_pflichtsoli``, ``bilder_pflichtsoli``).

    >>> of_owed_kind("farbsolo", GameType.KREUZ), of_owed_kind("farbsolo", GameType.DAMEN)
    (True, False)
    """
    if not game_type.is_declared_solo:
        return False
    if kind is None or kind == "solo":
        return True
    return (game_type.is_farbsolo and "farbsolo" in kind) or (game_type.is_bildersolo and "bildersolo" in kind)


def forced_soli(solo_actions: tuple[int, ...], kind: str | None) -> list[int]:
    """The soli a vorgeführter player may name (TSR 4.2.3, 4.1.9): of ``solo_actions`` (the allowed soli's
    Vorbehalt actions, ascending) those :func:`of_owed_kind` takes for ``kind``, the kind it still owes."""
    if kind is None or kind == "solo":
        return list(solo_actions)
    return [a for a in solo_actions if of_owed_kind(kind, Action.game_type(a))]


def normal_trumps(game: GameState, seat: int) -> int:
    """Trumps in ``seat``'s hand counted as in the normal game (for the Armut, seed 002)."""
    group = card_order(_NORMAL, dullen=game.options.dullen).group  # the Herz-10 no trump without Dullen
    count = 0
    for card in game.hands[seat]:
        if group[card] == TRUMP:
            count += 1
    return count


def armut_trumps(game: GameState, seat: int) -> int:
    """The trumps of ``seat`` that count for ``armut_max_trumps``: as in the normal game, without the
    Karo-Asse under ``armut_fuchs_counts = false`` (FreeDoko POVERTY_FOX_DO_NOT_COUNT; they are
    still passed, see :func:`doppelkopf.armut.armut_size`)."""
    count = normal_trumps(game, seat)
    if not game.options.rules.armut_fuchs_counts:
        count -= count_card(game.hands[seat], _KARO_ASS)
    return count


def schmeissen_reasons(game: GameState, seat: int) -> tuple[str, ...]:
    """The reasons of ``rules.schmeissen`` that ``seat``'s hand fulfils (seed 002, "Gibt es
    Vorbehalte?": at least five nines, or no trump above the Fuchs; the others are house rules):

    * ``five_nines``: at least ``schmeissen_nines`` nines;
    * ``no_trump_above_fuchs``: "kann keinen Fuchs stechen", read as: no card ranks above the
      Karo-Ass in the normal game (no Herz-10, Dame or Bube; a second Karo-Ass does not beat
      a Fuchs played before it, TSR 5.3.3), a hand without trumps included;
    * ``kings``: at least ``schmeissen_kings`` kings;
    * ``nines_and_kings``: at least ``schmeissen_nines_kings`` nines and kings together;
    * ``augen_low`` / ``augen_high``: fewer than ``schmeissen_augen_low`` / more than
      ``schmeissen_augen_high`` Augen in the hand;
    * ``few_trumps``: at most ``schmeissen_max_trumps`` trumps, counted as in the normal game
      (FreeDoko THROW_WITH_ONE_TRUMP: at most 1).
    """
    opts = game.options
    if not opts.schmeissen_reasons:
        return ()
    nines = kings = augen_held = trumps = 0
    above_fuchs = False
    normal = card_order(_NORMAL, dullen=opts.dullen)  # the normal game's order (rule dullen)
    power, group = normal.power, normal.group
    fuchs = power[_KARO_ASS]
    for card in game.hands[seat]:
        rank = card % 6
        if rank == NEUN:
            nines += 1
        elif rank == KOENIG:
            kings += 1
        augen_held += AUGEN[card]
        if group[card] == TRUMP:
            trumps += 1
            if power[card] > fuchs:
                above_fuchs = True
    reasons: list[str] = []
    for reason in opts.schmeissen_reasons:  # rules.schmeissen, in its order
        if (
            (reason == "five_nines" and nines >= opts.schmeissen_nines)
            or (reason == "no_trump_above_fuchs" and not above_fuchs)
            or (reason == "kings" and kings >= opts.schmeissen_kings)
            or (reason == "nines_and_kings" and nines + kings >= opts.schmeissen_nines_kings)
            or (reason == "augen_low" and augen_held < opts.schmeissen_augen_low)
            or (reason == "augen_high" and augen_held > opts.schmeissen_augen_high)
            or (reason == "few_trumps" and trumps <= opts.rules.schmeissen_max_trumps)
        ):
            reasons.append(reason)
    return tuple(reasons)


def plain_hochzeit(rules: RuleSet) -> int:
    """The Vorbehalt answer a plain "Hochzeit" (no trick named) stands for: under
    ``hochzeit_partner = "choice"`` the Hochzeit naming the house's default, the first of
    ``hochzeit_choices`` (seed 002, Gibt es Vorbehalte?: "Wenn nichts anderes gesagt ist ... der
    erste Fehlfarben-Stich"); else the Hochzeit answer itself (the rule set names the trick).
    :func:`declare` takes the plain answer for it; ``doko play`` offers it for a bare ``hochzeit``."""
    return game_options(rules).hochzeit_default


def declare(game: GameState, seat: int, action: int) -> Transition:
    """Apply the Vorbehalt answer ``action`` of ``seat`` (the seat to move); raises IllegalAction
    naming the rule when it is not legal now. A plain Hochzeit under ``hochzeit_partner =
    "choice"`` is taken as the Hochzeit naming the first of ``hochzeit_choices`` (see
    :func:`plain_hochzeit`). Returns what :func:`do_declare` returns."""
    if action == _PLAIN_HOCHZEIT and game.forced_solo_seat is None:
        action = game.options.hochzeit_default
    if action not in legal_vorbehalte(game, seat):
        if Action.is_vorbehalt(action) and Action.game_type(action) is _HOCHZEIT:
            if game.hands[seat].count(Card.KREUZ_DAME) == 2:
                if game.options.rules.hochzeit_partner == "choice":
                    raise IllegalAction(
                        "name the Hochzeit with one of {choices} (rule hochzeit_choices)",
                        choices=", ".join(game.options.rules.hochzeit_choices),
                    )
                raise IllegalAction("this Hochzeit names no trick kind (rule hochzeit_partner)")
            raise IllegalAction("Hochzeit needs both Kreuz-Damen (TSR 4.4)")
        if Action.is_vorbehalt(action) and Action.game_type(action) is _STILLE_HOCHZEIT:
            raise IllegalAction("a Stille Hochzeit is no Vorbehalt: with both Kreuz-Damen say gesund (TSR 4.4.5)")
        if Action.is_vorbehalt(action) and Action.game_type(action) is _ARMUT_GAME:
            raise IllegalAction(
                "Armut needs the rule armut and at most {armut_max_trumps} trumps (seed 002, Gibt es "
                "Vorbehalte?; rule armut_fuchs_counts); seat {seat} holds {normal_trumps}",
                armut_max_trumps=game.options.rules.armut_max_trumps,
                seat=seat,
                normal_trumps=armut_trumps(game, seat),
            )
        if action == Action.SCHMEISSEN:
            raise IllegalAction(
                "Schmeissen needs a hand the rule schmeissen names ({value}; seed 002, Gibt es Vorbehalte?)",
                value=", ".join(game.options.rules.schmeissen) or "none",
            )
        if Action.is_vorbehalt(action):
            raise IllegalAction("{german} is not allowed by the rule set", german=Action.game_type(action).german)
        raise IllegalAction("the Vorbehaltsabfrage is on: answer gesund or a Vorbehalt (TSR 4.1)")
    return do_declare(game, seat, action)


def do_declare(game: GameState, seat: int, action: int) -> Transition:
    """Apply a Vorbehalt answer known to be legal. After the last answer (or a forced seat's solo)
    returns the game that follows (:func:`resolve_vorbehalte`), else ``None``."""
    game.answers[seat] = action
    if Action.is_vorbehalt(action):
        game.declarations[seat] = Action.game_type(action)
    if game.forced_solo_seat is not None:
        return start_solo(game, seat)
    game.current_player = (seat + 1) % 4
    if game.current_player == (game.dealer + 1) % 4:
        return resolve_vorbehalte(game)
    return None


def _answer_is(game: GameState, seat: int, kind: str) -> bool:
    declared = game.declarations[seat]
    if kind == "schmeissen":
        return game.answers[seat] == Action.SCHMEISSEN
    if kind == "armut":
        return declared is _ARMUT_GAME and seat not in game.armut_withdrawn
    if kind == "hochzeit":
        return declared is _HOCHZEIT
    if declared is None or not _DECLARED_SOLO[declared]:
        return False
    if kind == "pflichtsolo":
        return not game.pflichtsolo_done[seat]
    if kind == "lustsolo":
        return game.pflichtsolo_done[seat]
    return kind == "solo"


def resolve_vorbehalte(game: GameState) -> Transition:
    """The highest kind of Vorbehalt in ``vorbehalt_priority`` wins (TSR 4.1.5: Pflichtsolo,
    Lustsolo, Hochzeit; seed 002: Solo, Schmeissen, Armut, Hochzeit); among equal kinds the
    seat asked first (TSR 4.1.7), among several soli per ``solo_conflict``. A solo is a
    Pflichtsolo while the soloist has not played one. Returns the game to play
    (:class:`~doppelkopf.state.StartPlay`) or :class:`~doppelkopf.state.ThrowIn` (Schmeissen, or an
    Armut under ``armut_exchange = false``: ``"armut_declared"``); an Armut or the bidding for a
    solo begins here (``None``: the game goes on in that phase)."""
    seats = [(game.dealer + 1 + i) % 4 for i in range(4)]
    for kind in game.options.priority:  # rules.vorbehalt_priority, the kinds it leaves out last
        candidates = [s for s in seats if _answer_is(game, s, kind)]
        if not candidates:
            continue
        if kind in _SOLO_KINDS:
            if len(candidates) > 1 and game.options.solo_conflict == "bidding":
                start_bidding(game, candidates)
                return None
            soloist = candidates[0]
            if game.options.solo_conflict == "higher_solo":
                # seed 000: the higher solo by its factor (scoring.solo_factor), then seat order
                factor = {s: solo_factor(game.options.rules, _declared(game, s)) for s in candidates}
                soloist = max(candidates, key=lambda s: (factor[s], -candidates.index(s)))
            return start_solo(game, soloist)
        if kind == "schmeissen":
            return ThrowIn("schmeissen")
        if kind == "armut":
            if not game.options.rules.armut_exchange:
                # FreeDoko POVERTY_SHIFT false: "give the cards again", the same dealer deals again
                return ThrowIn("armut_declared")
            start_armut(game, candidates[0])
            return None
        game.hochzeit_rule = game.options.hochzeit_partner
        if game.hochzeit_rule == "choice":
            game.hochzeit_rule = Action.hochzeit_kind(game.answers[candidates[0]] or 0)
        return StartPlay(_HOCHZEIT, candidates[0])
    both = next((s for s in seats if count_card(game.hands[s], _KREUZ_DAME) == 2), None)
    if both is not None:
        return StartPlay(_STILLE_HOCHZEIT, both)
    return StartPlay(_NORMAL, None)


def _declared(game: GameState, seat: int) -> GameType:
    declared = game.declarations[seat]
    assert declared is not None
    return declared


def start_solo(game: GameState, soloist: int, bid: int = 0) -> StartPlay:
    """The solo ``soloist`` declared is played (a Pflichtsolo while it has not played one, TSR 4.2);
    a solo won in the bidding (rule ``solo_conflict = "bidding"``) holds the ``bid`` levels as
    announced at once. Returns the :class:`~doppelkopf.state.StartPlay` of the solo."""
    game.pflichtsolo = not game.pflichtsolo_done[soloist]
    if bid:
        game.levels[_RE] = bid
        game.timely_ansage[_RE] = True
        game.announcements.append(Announcement(soloist, _RE, bid, len(game.hands[soloist]), by_bid=True))
    return StartPlay(_declared(game, soloist), soloist)


def start_bidding(game: GameState, candidates: list[int]) -> None:
    """Several soli of the same rank and the rule ``bidding`` (seed 002, "Solospiele": "wird
    abgereizt"), our reading: the first candidate asked holds the plain solo; in turn the
    others raise the bid by one announcement level (Re, keine 90, ..., schwarz) or pass, until
    one is left. The winner plays his solo with the bid levels announced at once."""
    game.phase = _BIDDING
    game.bid_active = list(candidates)
    game.bid_holder = candidates[0]
    game.current_player = _next_bidder(game, candidates[0])


def _next_bidder(game: GameState, after: int) -> int:
    for k in range(1, 5):
        seat = (after + k) % 4
        if seat in game.bid_active and seat != game.bid_holder:
            return seat
    raise AssertionError("bidding without a second candidate")  # pragma: no cover


def bid(game: GameState, seat: int, action: int) -> Transition:
    """Apply the bid of ``seat`` (the bidder to move): raise or pass; raises IllegalAction when it is
    not legal now. Returns the :class:`~doppelkopf.state.StartPlay` of the solo once one bidder is
    left, else ``None``."""
    if action not in legal_bids(game):
        if action != Action.BID:
            raise IllegalAction("the bidding for the solo is on: raise or pass (rule solo_conflict = bidding)")
        raise IllegalAction("the bid is already schwarz: pass")
    if action == Action.BID:
        game.bid_level += 1
        game.bid_holder = seat
        game.bids.append((seat, "raise"))
        game.current_player = _next_bidder(game, seat)
        return None
    game.bids.append((seat, "pass"))
    game.bid_active.remove(seat)
    if len(game.bid_active) == 1:
        return start_solo(game, game.bid_active[0], game.bid_level)
    game.current_player = _next_bidder(game, seat)
    return None


def legal_bids(game: GameState) -> list[int]:
    """The answers of the bidder to move: raise the bid by one level, or pass (only pass once
    the bid is schwarz)."""
    return [Action.BID, Action.PASS] if game.bid_level < SCHWARZ else [Action.PASS]
