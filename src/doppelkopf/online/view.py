"""What one seat (or a spectator) of an online table may see: the seat view, the only thing a client ever
receives about a game.

:func:`seat_view` builds a plain JSON-able dict from the seat's information state
(:meth:`Game.information_state <doppelkopf.game.Game.information_state>`) alone: its own hand, the public play
(tricks, announcements, Vorbehalt answers, the game type as the seat knows it) and its own legal actions.
Another seat's hand is never read, so no view holds a card of another hand before it is played. A spectator
gets the public part of the information states (no hand, no party of his own, no Armut cards) and the hands
of the seats whose players consented to show them. The score of a finished game comes from
:meth:`Game.score <doppelkopf.game.Game.score>` (everything is public then); its Punkte with the Bock are the
Liste row's, never computed here again.

Text is worded as the CLI words it: English sentences with Doppelkopf's German terms. Cards as ``♣D``,
announcements as ``Re``, ``Kontra``, ``keine 90`` (:func:`doppelkopf.rules.level_label`), the Vorbehalt
answers as :meth:`Game.describe <doppelkopf.game.Game.describe>` names them (``gesund``, ``Kreuzsolo``,
``Hochzeit (erster fremder Stich)``); the log says ``Anna: gesund``, ``Ben: Re``, ``Trick 3 -> Carla``,
``Carla takes the Armut``, ``game over``; the buttons are imperative (``take the Armut``, ``lay ♦A``,
``claim the rest (Spielabkürzung)``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ..cards import AUGEN, Card
from ..game import Action, InformationState, Phase, Trick
from ..i18n import Translator, translator
from ..liste import Liste, ListeRow
from ..messages import N_, Text
from ..names import name_key
from ..order import second_dulle_wins, trick_winner_index
from ..players import inferred_parties
from ..rules import GameType, Party, level_label
from .table import TableState

__all__ = ["LOG_LINES", "PHASE_LABELS", "seat_view"]

#: The phases as the view names them, with their labels (the CLI's words: German game terms, else English).
PHASE_LABELS: dict[str, str] = {
    "vorbehalt": N_("Vorbehaltsabfrage"),
    "armut": N_("Armut"),
    "bidding": N_("bidding"),
    "play": N_("play"),
    "concession": N_("Spielabkürzung"),
    "finished": N_("game over"),
}
_PHASE_NAMES = {
    Phase.VORBEHALT: "vorbehalt",
    Phase.ARMUT: "armut",
    Phase.BIDDING: "bidding",
    Phase.PLAY: "play",
    Phase.CONCESSION: "concession",
    Phase.FINISHED: "finished",
}
#: How many happenings the log of a view keeps (the latest).
LOG_LINES = 12
_KARO_ASS = int(Card.KARO_ASS)
_KARO_KOENIG = int(Card.KARO_KOENIG)


def seat_view(
    state: TableState,
    seat: int | None,
    *,
    table: Mapping[str, Any],
    seats: Sequence[Mapping[str, Any]],
    liste: Liste | None,
    shown: Collection[int] = (),
    game_number: int | None = None,
    record_error: str | None = None,
    tr: Translator | None = None,
) -> dict[str, Any]:
    """The view of ``seat`` (0..3; ``None``: a spectator) of the table ``state``, as plain JSON data: the only
    thing a client ever receives about a game. Built from the seat's information state only; another seat's
    hand appears only in ``shown_hands`` of a spectator's view, for the seats in ``shown``.

    Args:
        state: the table's game in memory.
        seat: the viewer's seat, or ``None`` for a spectator.
        table: the table's data, passed through as ``"table"`` (id, name, status, rules_name, host); its
            ``"version"`` (or ``"n"``) becomes ``"n"``, which the hub sets anyway.
        seats: per seat 0..3 what the table knows besides the game: ``name``, ``bot``, ``standin``,
            ``connected``, ``shows_hand`` (missing keys: the state's name and bot, False).
        liste: the table's Liste so far, or ``None``.
        shown: the seats whose hands this spectator may see (consent and the seat's watch link checked by the
            caller); ignored for a seated viewer, who never sees another hand.
        game_number: the number the finished game got on the Liste
            (:attr:`doppelkopf.storage.TableSnapshot.game_number`); ``None``: the deal's own
            ``game_number``, used only when that row's Re players are the game's.
        record_error: why the Liste refused the finished game's entry
            (:attr:`doppelkopf.storage.TableSnapshot.record_error`), or ``None``; when given, no Liste row is
            looked up for the result (its ``points`` are the game's own Punkte, ``multiplier`` None) and the
            text is the result's and the view's ``record_error``.
        tr: the viewer's language (:func:`doppelkopf.i18n.translator`): the labels, buttons and log lines are
            in it; English when ``None``. German game terms stay German in both.

    Returns:
        A dict with these keys, in this order (cards are ints, :class:`doppelkopf.cards.Card` values, with a
        ``label`` such as ``"♣D"``; seats are 0..3; Augen are card points, Punkte score points):

        - ``n`` int: the table version (message number); ``table`` dict: as passed in; ``seat`` int | None.
        - ``seats``: 4 x {``seat``, ``name``, ``bot`` (level or None), ``standin``, ``connected``, ``dealer``,
          ``turn`` (bools), ``party`` ("re" | "kontra" | None: as far as the viewer can know it), ``cards``
          (int: cards in hand), ``vorbehalt`` ("gesund" | "vorbehalt" | None), ``shows_hand`` (bool)}.
        - ``deal``: {``number``, ``game_number``, ``dealer``, ``bock_multiplier`` (1, 2, 4),
          ``forced_solo_seat`` (seat | None)} | None before the first deal.
        - ``phase``: "vorbehalt" | "armut" | "bidding" | "play" | "concession" | "finished" | None;
          ``phase_label``: its label (:data:`PHASE_LABELS`: "Vorbehaltsabfrage", "play", ...) | None.
        - ``game_type``: {``key``, ``label``} as the viewer knows it | None; ``declarer``: seat | None;
          ``own_party``: "re" | "kontra" | None (always None for a spectator); ``turn``: seat | None.
        - ``hand`` (seated viewers only; absent for a spectator): [{``card``, ``label``, ``legal`` (bool),
          ``action`` (the action number that plays this card now, in an Armut the lay/return action, or
          None)}] in the information state's order; [] before the first deal.
        - ``actions``: the viewer's legal actions other than a card played, [{``action`` (int), ``label``,
          ``kind``: "vorbehalt" | "armut" | "bid" | "announce" | "schweine" | "claim" | "concede" | "genscher" |
          "pass"}] (a Genscher button per partner seat: "Genscher with Ben");
          [] for a spectator.
        - ``trick``: [{``seat``, ``card``, ``label``}] of the trick on the table; ``leader``: seat | None;
          ``winning``: the seat whose card wins the open trick so far (:func:`doppelkopf.order.trick_winner_index`
          with the card order the viewer knows) | None; every card of ``trick`` and ``last_trick`` also has
          ``name`` (its player's) and ``german`` (``Kreuz-Dame``) and ``short`` (``KrD``, the picture's name);
          ``last_trick``: {``cards``: [{``seat``, ``card``, ``label``}], ``winner``: seat} | None (None too under
          ``tricks_visible = 0``; no Augen: a trick
          won lies face down, TSR; also
          None once the game is over: then ``tricks`` has them all);
          ``earlier_tricks``: the tricks before ``last_trick`` that the rule ``tricks_visible`` still lets every
          seat look at (the last N, TSR 8: N = 1, so []), oldest first, [{``number``, ``cards``, ``winner``}];
          never a trick before them; [] once the game is over;
          ``genscher``: {``seat``, ``partner``} once a Genscher was taken (rule ``genscher``; public) | None;
          ``tricks``: the tricks of a finished game, [{``number``, ``cards`` (as ``trick``; [] for the rest
          collected after a claim, whose cards were never played), ``winner``, ``augen``, ``claimed``}], [] while
          the game runs (a trick won lies face down: only the last one may be looked at);
          ``solo``: whether the game is a declared solo (a badge on the table);
          ``tricks_won``: 4 ints; ``announcements``: [{``seat``, ``label``}].
        - ``log``: the last :data:`LOG_LINES` happenings, in the CLI's words ("Anna: gesund", "Ben: Re",
          "Trick 7 -> Carla": tricks by their number in the game; "(23 Augen)" added only under the rule
          ``own_augen_visible``; "game over").
        - ``own_augen``: Augen of the own party's tricks, int, only under the rule ``own_augen_visible``
          (TSR: no; every preset keeps it off), else None.
        - ``armut``: {``poor``, ``taker`` (seat | None), ``answers`` (4 x "take" | "refuse" | None),
          ``count`` (cards laid), ``laid``, ``returned`` ([{``card``, ``label``}], only for the poor player
          and the taker, else [])} | None when no Armut is played.
        - ``result`` (finished game only, else None): {``items``: [{``key``, ``label``, ``value`` (Punkte)}],
          ``augen_kontra``: int | None (Kontra's Augen: the Augen of all tricks less Re's),
          ``winner``: "re" | "kontra" | None, ``points``: 4 ints (Punkte per seat), ``thrown_in``: bool,
          ``re``: [seats], ``augen_re``: int | None, ``value``: the game value in Punkte before any Bock,
          ``multiplier``: the Bock the Liste applied, or None, ``record_error``: ``record_error`` as passed}.
          Once the Liste row of the game is there, ``points`` and ``multiplier`` are that row's (the Bock
          applied as the Liste applies it); before that, with a ``record_error``, and for a deal thrown in
          (``re`` [], ``augen_re`` None), ``points`` are the game's own Punkte without Bock and
          ``multiplier`` is None.
        - ``record_error``: ``record_error`` as passed (str | None).
        - ``liste``: {``players``: names, ``rows``: [{``number``, ``label``, ``points``, ``totals``,
          ``multiplier``}], ``totals``: ints in ``players`` order, ``bock_queue``: ints,
          ``pflichtsolo_owed``: names} | None.
        - ``shown_hands``: {seat (int key): [{``card``, ``label``}]} for a spectator, the seats of ``shown``
          only; {} for a seated viewer.

    Raises:
        ValueError: ``seat`` is not ``None`` or 0..3.
    """
    if seat is not None and (isinstance(seat, bool) or seat not in range(4)):
        raise ValueError(f"seat: expected a seat 0..3 or None (a spectator), got {seat!r:.40}")
    tr = tr or translator("en")
    names = [_seat_field(seats, s, "name", state.names[s]) for s in range(4)]
    game = state.game
    version = table.get("n", table.get("version", 0))
    view: dict[str, Any] = {
        "n": version if isinstance(version, int) else 0,
        "table": dict(table),
        "seat": seat,
    }
    deal = state.deal
    view["deal"] = (
        None
        if deal is None
        else {
            "number": deal.number,
            "game_number": deal.game_number,
            "dealer": deal.dealer,
            "bock_multiplier": deal.bock_multiplier,
            "forced_solo_seat": deal.forced_solo_seat,
        }
    )
    if game is None:
        view["seats"] = [_seat_entry(state, seats, s, names[s], None, None) for s in range(4)]
        view.update(
            phase=None,
            phase_label=None,
            game_type=None,
            declarer=None,
            own_party=None,
            turn=None,
            actions=[],
            trick=[],
            leader=None,
            winning=None,
            last_trick=None,
            earlier_tricks=[],
            genscher=None,
            tricks=[],
            solo=False,
            tricks_won=[0, 0, 0, 0],
            announcements=[],
            log=[],
            own_augen=None,
            armut=None,
            result=None,
            record_error=record_error,
            liste=_liste(liste),
            shown_hands={},
        )
        if seat is not None:
            view["hand"] = []
        return _ordered(view)

    if seat is None:
        info = game.public_information_state()
        parties: tuple[Party | None, ...] = info.known_parties
    else:
        info = game.information_state(seat)
        parties = _parties_of(info)
    phase = _PHASE_NAMES[info.phase]
    finished = info.phase is Phase.FINISHED
    turn = None if finished else info.current_player
    view["seats"] = [_seat_entry(state, seats, s, names[s], info, parties) for s in range(4)]
    for entry in view["seats"]:
        entry["turn"] = entry["seat"] == turn
    gt = info.game_type
    view.update(
        phase=phase,
        phase_label=tr.gettext(PHASE_LABELS[phase]),
        game_type=None if gt is None else {"key": gt.key, "label": gt.german},
        solo=gt is not None and gt.is_declared_solo,
        declarer=info.declarer,
        own_party=None if seat is None else _party_key(info.own_party),
        turn=turn,
    )
    if seat is not None:
        view["hand"] = _hand(info)
        view["actions"] = _actions(state, info, tr)
    else:
        view["actions"] = []
    view["trick"] = [_played(s, c, names) for s, c in info.trick]
    view["leader"] = None if finished else info.leader
    view["winning"] = _winning(info) if info.trick and not finished else None
    played = [(n, t) for n, t in enumerate(info.tricks, start=1) if not t.claimed]
    # rule tricks_visible (TSR 8: the last trick; FreeDoko 'show tricks number'): the last N tricks,
    # never one before them; a finished game: every trick in ``tricks``
    visible = [] if finished else played[len(played) - min(len(played), info.rules.tricks_visible) :]
    last = visible[-1][1] if visible else None
    view["last_trick"] = (
        None
        if last is None
        else {
            "cards": [_played(s, c, names) for s, c in zip(last.seats, last.cards, strict=True)],
            "winner": last.winner,
        }
    )
    view["earlier_tricks"] = [
        {
            "number": number,
            "cards": [_played(s, c, names) for s, c in zip(t.seats, t.cards, strict=True)],
            "winner": t.winner,
        }
        for number, t in visible[:-1]
    ]
    view["genscher"] = None if info.genscher is None else {"seat": info.genscher[0], "partner": info.genscher[1]}
    view["tricks"] = _history(info, names) if finished else []
    view["tricks_won"] = [sum(1 for t in info.tricks if t.winner == s) for s in range(4)]
    view["announcements"] = [{"seat": a.seat, "label": a.label} for a in info.announcements]
    view["log"] = [tr.text(line) for line in _log(info, names)[-LOG_LINES:]]
    view["own_augen"] = _own_augen(info, parties) if seat is not None else None
    view["armut"] = _armut(info, seat is not None)
    view["result"] = _result(state, liste, game_number, record_error, tr) if finished else None
    view["record_error"] = record_error
    view["liste"] = _liste(liste)
    view["shown_hands"] = {} if seat is not None else _shown_hands(state, shown)
    return _ordered(view)


# -- information ------------------------------------------------------------------------------------------
def _parties_of(info: InformationState) -> tuple[Party | None, ...]:
    """Per seat the party the viewer can be sure of (:func:`doppelkopf.players.inferred_parties`), its own
    party included from the start (the Kreuz-Dame in its hand)."""
    parties = list(inferred_parties(info))
    if info.own_party is not None:
        parties[info.seat] = info.own_party
    return tuple(parties)


def _seat_field(seats: Sequence[Mapping[str, Any]], seat: int, key: str, default: Any) -> Any:
    if seat < len(seats) and key in seats[seat]:
        return seats[seat][key]
    return default


def _seat_entry(
    state: TableState,
    seats: Sequence[Mapping[str, Any]],
    seat: int,
    name: str,
    info: InformationState | None,
    parties: tuple[Party | None, ...] | None,
) -> dict[str, Any]:
    return {
        "seat": seat,
        "name": name,
        "bot": _seat_field(seats, seat, "bot", state.bots[seat]),
        "standin": bool(_seat_field(seats, seat, "standin", False)),
        "connected": bool(_seat_field(seats, seat, "connected", False)),
        "dealer": state.deal is not None and state.deal.dealer == seat,
        "turn": False,
        "party": None if parties is None else _party_key(parties[seat]),
        "cards": 0 if info is None else info.hand_sizes[seat],
        "vorbehalt": None if info is None else info.vorbehalte[seat],
        "shows_hand": bool(_seat_field(seats, seat, "shows_hand", False)),
    }


def _party_key(party: Party | None) -> str | None:
    return None if party is None else ("re" if party is Party.RE else "kontra")


#: Each card's symbol by its number (``Card(c).symbol``, looked up once: a view names some 50 cards).
_SYMBOLS: tuple[str, ...] = tuple(Card(c).symbol for c in range(24))


#: Each card's German name and picture name (``Kreuz-Dame``, ``KrD``), by its number.
_GERMAN: tuple[str, ...] = tuple(Card(c).german for c in range(24))
_SHORT: tuple[str, ...] = tuple(Card(c).short for c in range(24))


def _card(card: int) -> dict[str, Any]:
    return {"card": int(card), "label": _SYMBOLS[card], "german": _GERMAN[card], "short": _SHORT[card]}


def _played(seat: int, card: int, names: Sequence[str] | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "card": int(card), "label": _SYMBOLS[card]}
    if names is not None:
        entry.update(name=names[seat], german=_GERMAN[card], short=_SHORT[card])
    return entry


def _winning(info: InformationState) -> int:
    """The seat whose card wins the open trick so far: the engine's trick winner
    (:func:`doppelkopf.order.trick_winner_index`) with the card order the viewer knows and the Dulle rule."""
    cards = [c for _, c in info.trick]
    last = len(info.tricks) == info.rules.hand_size - 1
    index = trick_winner_index(info.order, cards, second_dulle_wins(info.rules, last))
    return info.trick[index][0]


def _history(info: InformationState, names: Sequence[str]) -> list[dict[str, Any]]:
    """The tricks of the finished game, numbered: cards by player, winner, Augen; the rest collected after a
    claim without its cards (they were never played: they stay as unseen as a hand)."""
    out = []
    for number, trick in enumerate(info.tricks, start=1):
        cards = [] if trick.claimed else [_played(s, c, names) for s, c in zip(trick.seats, trick.cards, strict=True)]
        out.append(
            {"number": number, "cards": cards, "winner": trick.winner, "augen": trick.augen, "claimed": trick.claimed}
        )
    return out


# -- the viewer's own part ----------------------------------------------------------------------------------
def _hand(info: InformationState) -> list[dict[str, Any]]:
    """The own hand in the information state's order; ``legal`` and ``action``: the action that plays the card
    now (in an Armut: lays it or gives it back), ``None`` when it may not be played."""
    legal = set(info.legal_actions)
    hand = []
    for card in info.hand:
        action: int | None = None
        if info.phase is Phase.ARMUT:
            for candidate in (Action.armut_lay(card), Action.armut_return(card)):
                if candidate in legal:
                    action = candidate
        elif card in legal:
            action = int(card)
        hand.append({**_card(card), "legal": action is not None, "action": action})
    return hand


def _action_kind(phase: Phase, action: int) -> str:
    """The kind of a button (as :func:`doppelkopf.players.runner.play_game` names its events)."""
    if Action.is_announcement(action):
        return "announce"
    if phase is Phase.VORBEHALT:
        return "vorbehalt"
    if phase is Phase.ARMUT:
        return "armut"
    if phase is Phase.BIDDING:
        return "bid"
    if action == Action.SCHWEINE:
        return "schweine"
    if action == Action.CLAIM:
        return "claim"
    if action == Action.CONCEDE:
        return "concede"
    if Action.is_genscher(action):
        return "genscher"
    return "pass"


def _actions(state: TableState, info: InformationState, tr: Translator) -> list[dict[str, Any]]:
    """The viewer's legal actions that are not a card played (the buttons): Vorbehalt answers, the Armut
    (taking, refusing, and each card to lay or give back), the bidding, announcements, Schweine, a claim,
    giving up the rest, passing."""
    game = state.game
    assert game is not None
    out = []
    for action in info.legal_actions:
        if Action.is_card(action) and info.phase is not Phase.ARMUT:
            continue
        if Action.is_announcement(action) and info.own_party is not None:
            label = level_label(Action.level(action), info.own_party)
        else:
            button = _BUTTONS.get(action) or _card_button(action) or _genscher_button(action, state)
            label = tr.text(button) if button is not None else game.describe(action, info.seat)
        solo = Action.is_vorbehalt(action) and Action.game_type(action).is_declared_solo
        out.append({"action": int(action), "label": label, "kind": _action_kind(info.phase, action), "solo": solo})
    return out


#: The labels of the buttons that are not a game term (:meth:`Game.describe` words them as past events).
_BUTTONS: dict[int, str] = {
    Action.ARMUT_TAKE: N_("take the Armut"),
    Action.ARMUT_REFUSE: N_("refuse"),
    Action.BID: N_("raise"),
    Action.PASS: N_("pass"),
    Action.CLAIM: N_("claim the rest (Spielabkürzung)"),
    Action.CONCEDE: N_("give up the rest (Spielabkürzung)"),
}


def _card_button(action: int) -> Text | None:
    """``lay ♦A`` / ``give back ♦A`` for a card of an Armut exchange, else ``None``."""
    if Action.is_armut_lay(action):
        return Text("lay {card}", card=Action.card_of(action).symbol)
    if Action.is_armut_return(action):
        return Text("give back {card}", card=Action.card_of(action).symbol)
    return None


def _genscher_button(action: int, state: TableState) -> Text | None:
    """``Genscher with Ben`` for the Genscher naming Ben (rule ``genscher``), else ``None``."""
    if not Action.is_genscher(action):
        return None
    return Text("Genscher with {name}", name=state.names[Action.genscher_partner(action)])


def _own_augen(info: InformationState, parties: tuple[Party | None, ...]) -> int | None:
    """Augen of the tricks won by the seats the viewer knows in its own party (rule ``own_augen_visible``)."""
    own = info.own_party
    if not info.rules.own_augen_visible or own is None or info.phase in (Phase.VORBEHALT, Phase.BIDDING):
        return None
    return sum(t.augen for t in info.tricks if parties[t.winner] is own)


def _armut(info: InformationState, seated: bool) -> dict[str, Any] | None:
    """The Armut as the viewer may know it: the poor player, the taker, the answers, how many cards lie face
    down; the cards only for the poor player and the taker (the information state holds them for them only),
    the open Füchse of ``armut_fuchs_open`` for everyone."""
    if info.game_type is not GameType.ARMUT or info.declarer is None:
        return None
    taker = next((s for s, a in enumerate(info.armut_answers) if a == "take"), None)
    return {
        "poor": info.declarer,
        "taker": taker,
        "answers": list(info.armut_answers),
        "count": info.armut_count,
        "laid": [_card(c) for c in info.armut_laid],  # a spectator's: the open Füchse only (armut_fuchs_open)
        "returned": [_card(c) for c in info.armut_returned] if seated else [],
    }


def _shown_hands(state: TableState, shown: Collection[int]) -> dict[int, list[dict[str, Any]]]:
    """For a spectator: the hands of the seats whose players consented, each from its own information state."""
    game = state.game
    assert game is not None
    seats = sorted({s for s in shown if not isinstance(s, bool) and s in range(4)})
    return {s: [_card(c) for c in game.information_state(s).hand] for s in seats}


# -- the log ------------------------------------------------------------------------------------------------
def _log(info: InformationState, names: Sequence[str]) -> list[Text]:
    """The happenings of the game so far, as the viewer saw them, oldest first: Vorbehalt answers, the bidding,
    the Armut, the game, announcements, the Schweine, tricks, a claim, the end."""
    lines: list[Text] = []
    first = (info.dealer + 1) % 4
    for k in range(4):
        s = (first + k) % 4
        answer = info.vorbehalte[s]
        if answer is not None:
            what = "gesund" if answer == "gesund" else "Vorbehalt"
            lines.append(Text("{name}: {what}", name=names[s], what=what))
    for s, bid in info.bids:
        lines.append(Text("{name} raises", name=names[s]) if bid == "raise" else Text("{name} passes", name=names[s]))
    gt = info.game_type
    poor: int | None = info.declarer if gt is GameType.ARMUT else None
    unanswered = [s for s, answer in enumerate(info.armut_answers) if answer is None]
    if gt is None and info.thrown_in and len(unanswered) == 1:
        poor = unanswered[0]  # an Armut nobody took: thrown in, the game type gone; the poor one was not asked
    if poor is not None:
        lines.append(Text("{name}: {what}", name=names[poor], what="Armut"))
        if info.armut_count:
            if info.armut_count == 1:
                lines.append(Text("{name} lays 1 card face down (Armut)", name=names[poor]))
            else:
                lines.append(
                    Text("{name} lays {count} cards face down (Armut)", name=names[poor], count=info.armut_count)
                )
        for k in range(1, 4):
            s = (poor + k) % 4
            answer = info.armut_answers[s]
            if answer is not None:
                if answer == "take":
                    lines.append(Text("{name} takes the Armut", name=names[s]))
                else:
                    lines.append(Text("{name} refuses the Armut", name=names[s]))
    elif gt is not None and info.phase is not Phase.ARMUT:
        game_text = Text(gt.german)
        if info.declarer is not None:
            game_text = Text("{name} plays {game}", name=names[info.declarer], game=gt.german)
        lines.append(game_text)
    hand_size = info.rules.hand_size
    pending = list(info.announcements)
    schweine = info.schweine
    genscher = info.genscher
    for index, trick in enumerate(info.tricks):
        if trick.claimed:
            continue
        for a in [a for a in pending if hand_size - a.cards_in_hand <= index]:
            lines.append(Text("{name}: {what}", name=names[a.seat], what=a.label))
            pending.remove(a)
        if schweine is not None and _plays_karo_ass(trick, schweine):
            lines.append(Text("{name}: {what}", name=names[schweine], what="Schweine"))
            schweine = None
        if genscher is not None and _plays(trick, genscher[0], _KARO_KOENIG):
            lines.append(_genscher_line(genscher, names))
            genscher = None
        lines.append(_trick_line(index + 1, trick, names, info.rules.own_augen_visible))
    if genscher is not None:
        lines.append(_genscher_line(genscher, names))
    lines.extend(Text("{name}: {what}", name=names[a.seat], what=a.label) for a in pending)
    if schweine is not None:
        lines.append(Text("{name}: {what}", name=names[schweine], what="Schweine"))
    if info.claim is not None:
        claimer, held = info.claim
        if held:
            lines.append(Text("{name} claims the rest (Spielabkürzung): it holds", name=names[claimer]))
        else:
            lines.append(
                Text(
                    "{name} claims the rest (Spielabkürzung): it fails, the rest goes to the other party",
                    name=names[claimer],
                )
            )
    if info.thrown_in:
        lines.append(Text("thrown in: the same dealer deals again"))
    elif info.phase is Phase.FINISHED:
        lines.append(Text("game over"))
    return lines


def _plays_karo_ass(trick: Trick, seat: int) -> bool:
    return _plays(trick, seat, _KARO_ASS)


def _plays(trick: Trick, seat: int, card: int) -> bool:
    return any(c == card and s == seat for c, s in zip(trick.cards, trick.seats, strict=True))


def _genscher_line(genscher: tuple[int, int], names: Sequence[str]) -> Text:
    """``Anna: Genscher with Ben`` (rule ``genscher``: the new parties are public)."""
    return Text("{name}: Genscher with {partner}", name=names[genscher[0]], partner=names[genscher[1]])


def _trick_line(number: int, trick: Trick, names: Sequence[str], with_augen: bool) -> Text:
    """``Trick 7 -> Carla`` for the 7th trick of the game; with the rule ``own_augen_visible`` also its Augen
    (``Trick 7 -> Carla (23 Augen)``): without it a trick won lies face down and nobody counts the Augen
    during the play."""
    if with_augen:
        augen = sum(AUGEN[c] for c in trick.cards)
        return Text("Trick {number} -> {name} ({augen} Augen)", number=number, name=names[trick.winner], augen=augen)
    return Text("Trick {number} -> {name}", number=number, name=names[trick.winner])


# -- the end ------------------------------------------------------------------------------------------------
def _result(
    state: TableState, liste: Liste | None, game_number: int | None, record_error: str | None, tr: Translator
) -> dict[str, Any]:
    """The finished game's score (everything is public then): the items, the winner, Re and its Augen, the
    game value; ``points`` and ``multiplier`` from the game's Liste row (:func:`_row_of`) when it is there, so
    the Bock is applied once, by the Liste; else the game's own Punkte and ``multiplier`` None (also for a deal
    thrown in, which scores nothing, and for a game whose entry the Liste refused: ``record_error``)."""
    game = state.game
    assert game is not None
    score = game.score()
    items = [{"key": i.key, "label": tr.text(i.label), "value": i.punkte} for i in score.items]
    if game.thrown_in:
        return {
            "items": items,
            "winner": None,
            "points": list(score.points),
            "thrown_in": True,
            "re": [],
            "augen_re": None,
            "augen_kontra": None,
            "value": 0,
            "multiplier": None,
            "record_error": record_error,
        }
    summary = game.summary()
    re_seats = sorted(summary.re_seats)
    row = None if record_error is not None else _row_of(state, liste, game_number, re_seats)
    points: list[int] = list(score.points)
    multiplier: int | None = None
    if row is not None and liste is not None:
        columns = {name_key(name): index for index, name in enumerate(liste.players)}
        indices = [columns.get(name_key(name)) for name in state.names]
        if all(i is not None and i < len(row.points) for i in indices):
            points = [row.points[i] for i in indices if i is not None]
            multiplier = row.multiplier
    return {
        "items": items,
        "winner": _party_key(score.winner),
        "points": points,
        "thrown_in": False,
        "re": re_seats,
        "augen_re": summary.augen_re,
        "augen_kontra": sum(t.augen for t in game.tricks) - summary.augen_re,
        "value": score.value,
        "multiplier": multiplier,
        "record_error": record_error,
    }


def _row_of(state: TableState, liste: Liste | None, game_number: int | None, re_seats: list[int]) -> ListeRow | None:
    """The Liste row of the finished game: the row numbered ``game_number`` (where the store recorded it), or
    without it the row of the deal's own game number when its Re players are the game's (a game entered on the
    score sheet under that number is another game); ``None`` while the game is not on the Liste."""
    if liste is None or state.deal is None:
        return None
    wanted = state.deal.game_number if game_number is None else game_number
    row = next((r for r in liste.rows if r.number == wanted), None)
    if row is None or game_number is not None:
        return row
    re_names = sorted(name_key(state.names[s]) for s in re_seats)
    return row if sorted(name_key(n) for n in row.re) == re_names else None


def _liste(liste: Liste | None) -> dict[str, Any] | None:
    if liste is None:
        return None
    players = list(liste.players)
    return {
        "players": players,
        "rows": [
            {
                "number": row.number,
                "label": row.label,
                "points": list(row.points),
                "totals": list(row.totals),
                "multiplier": row.multiplier,
            }
            for row in liste.rows
        ],
        "totals": [liste.totals[p] for p in players],
        "bock_queue": list(liste.bock_queue),
        "pflichtsolo_owed": list(liste.pflichtsolo_owed),
    }


_ORDER = (
    "n",
    "table",
    "seat",
    "seats",
    "deal",
    "phase",
    "phase_label",
    "game_type",
    "declarer",
    "own_party",
    "turn",
    "hand",
    "actions",
    "solo",
    "trick",
    "leader",
    "winning",
    "last_trick",
    "earlier_tricks",
    "genscher",
    "tricks",
    "tricks_won",
    "announcements",
    "log",
    "own_augen",
    "armut",
    "result",
    "record_error",
    "liste",
    "shown_hands",
)


def _ordered(view: dict[str, Any]) -> dict[str, Any]:
    """The view's keys in the documented order (a stable JSON text for the same view)."""
    return {key: view[key] for key in _ORDER if key in view}
