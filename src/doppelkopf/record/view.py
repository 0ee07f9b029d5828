"""A game trick by trick: :func:`trick_views` (data: :class:`TrickView`, :class:`AnnouncementView`,
:class:`CallView`) and :func:`trick_lines` (plain text, as ``doko replay`` shows a record).

Works on any :class:`~doppelkopf.game.Game`, replayed from a record (:func:`doppelkopf.record.format.replay`) or
in progress.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import AUGEN, Card
from ..game import Action, Game, Phase
from ..jsonutil import short_repr
from ..messages import N_
from ..rules import GameType, Party
from ..scoring import SONDERPUNKT_LABELS, Sonderpunkt, counted_sonderpunkte
from ..session import bock_points
from .format import DEFAULT_PLAYERS, RecordError, check_players


@dataclass(frozen=True)
class AnnouncementView:
    """An announcement as it happened: ``seat``, its ``party``, the ``level`` reached (1..5), the
    spoken ``label`` (Re, Kontra, keine 90, ...) and ``before_card``: how many cards of its trick
    were down when it was made (0 = before the trick's first card)."""

    seat: int
    party: Party
    level: int
    label: str
    before_card: int


@dataclass(frozen=True)
class CallView:
    """Something said in play that is no announcement, with ``before_card`` as in
    :class:`AnnouncementView`:

    * ``kind = "schweine"``: ``seat`` has the Schweine (announced by the player, or by the game
      itself at the start, at the Armut exchange or with the first Karo-Ass, as the rule set says);
    * ``"superschweine"``: ``seat`` holds the Superschweine (found when the Schweine are announced);
    * ``"claim"``: ``seat`` claimed the rest (Spielabkürzung); ``held`` says whether its party
      won every remaining trick (otherwise the other party got them);
    * ``"concede"``: the soloist ``seat`` gave up the rest (TSR 5.4.6): the other party got it;
    * ``"genscher"``: ``seat`` named ``partner`` with its first Karo-König (rule ``genscher``).

    ``label`` is the German name (``Schweine``, ``Superschweine``, ``Rest beansprucht``,
    ``Rest abgegeben``, ``Genscher``).
    """

    seat: int
    kind: str
    label: str
    before_card: int
    held: bool | None = None
    partner: int | None = None


@dataclass(frozen=True)
class TrickView:
    """One trick for showing a game trick by trick.

    Attributes:
        number: 1-based trick number.
        leader: the seat that led.
        plays: ``(seat, card)`` in play order.
        winner: seat that won the trick, ``None`` while it is not complete.
        winning_index: index in ``plays`` of the card that won, or ``None`` (also for a claimed
            trick, whose cards were not played).
        augen: Augen in the trick (so far).
        winner_party: the winner's party as it stood at the end of the game, or ``None``.
        announcements: announcements made since the previous trick was complete, up to this
            trick's last card (levels a soloist took on in the bidding are not among them: they
            were made before the first card, see :func:`trick_lines`).
        sonderpunkte: Sonderpunkte made in this trick that count in the score (finished games
            only, as :func:`doppelkopf.scoring.counted_sonderpunkte` says: e.g. none in a TSR solo).
        calls: Schweine, Superschweine and the claim of the rest made in this trick (or, for the
            first trick, before it), see :class:`CallView`.
        claimed: the trick holds cards of a claimed rest: not played, collected by ``winner``.
        played: how many of ``plays`` were really played: all of them in a played trick; in a
            claimed one the cards already on the table when the rest was claimed (else 0).
    """

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int | None
    winning_index: int | None
    augen: int
    winner_party: Party | None
    announcements: tuple[AnnouncementView, ...]
    sonderpunkte: tuple[Sonderpunkt, ...]
    calls: tuple[CallView, ...] = ()
    claimed: bool = False
    played: int = 0

    @property
    def complete(self) -> bool:
        """Whether the trick is over (it has a ``winner``; a trick in progress has none)."""
        return self.winner is not None


def _said_in_tricks(game: Game) -> tuple[dict[int, list[AnnouncementView]], dict[int, list[CallView]]]:
    """Announcements and calls of ``game`` by the index of the trick they were made in. The
    history is stepped through on a fresh copy of the game, so the engine says when the Schweine
    and Superschweine came (also when the rules announce them by themselves)."""
    step = game.as_dealt()
    announced: dict[int, list[AnnouncementView]] = {}
    calls: dict[int, list[CallView]] = {}
    for seat, action in game.history:
        trick, down = len(step.tricks), len(step.trick_cards)
        made, schweine, superschweine = len(step.announcements), step.schweine, step.superschweine
        step.apply(action, seat)
        for a in step.announcements[made:]:
            if not a.by_bid:
                announced.setdefault(trick, []).append(AnnouncementView(a.seat, a.party, a.level, a.label, down))
        said = calls.setdefault(trick, [])
        if schweine is None and step.schweine is not None:
            said.append(CallView(step.schweine, "schweine", step.describe(Action.SCHWEINE), down))
        if superschweine is None and step.superschweine is not None:
            said.append(CallView(step.superschweine, "superschweine", "Superschweine", down))
        if action == Action.CLAIM and step.claim is not None:
            said.append(CallView(seat, "claim", "Rest beansprucht", down, held=step.claim[1]))
        if action == Action.CONCEDE:
            said.append(CallView(seat, "concede", "Rest abgegeben", down))
        if Action.is_genscher(action):
            said.append(CallView(seat, "genscher", "Genscher", down, partner=Action.genscher_partner(action)))
    return announced, calls


def trick_views(game: Game) -> list[TrickView]:
    """The tricks of ``game`` (replayed from a record, or in progress) with the announcements and
    calls made before and within each, in order. A trick in progress (or an empty one that already
    has an announcement or a call) comes last with ``winner`` ``None``. A deal thrown in has no
    tricks."""
    announced, calls = _said_in_tricks(game)
    sonder: dict[int, list[Sonderpunkt]] = {}
    if game.is_terminal and not game.thrown_in:
        for s in counted_sonderpunkte(game.summary(), game.rules):
            if s.trick is not None:
                sonder.setdefault(s.trick, []).append(s)
    views = []
    cards_played = game.cards_played
    for index, trick in enumerate(game.tricks):
        views.append(
            TrickView(
                number=index + 1,
                leader=trick.seats[0],
                plays=tuple(zip(trick.seats, (Card(c) for c in trick.cards), strict=True)),
                winner=trick.winner,
                winning_index=None if trick.claimed else trick.seats.index(trick.winner),
                augen=trick.augen,
                winner_party=game.party[trick.winner],
                announcements=tuple(announced.get(index, ())),
                sonderpunkte=tuple(sonder.get(index, ())),
                calls=tuple(calls.get(index, ())),
                claimed=trick.claimed,
                played=min(4, max(0, cards_played - 4 * index)) if trick.claimed else len(trick.cards),
            )
        )
    current = len(game.tricks)
    pending, said = announced.get(current, []), calls.get(current, [])
    if not game.is_terminal and game.phase is Phase.PLAY and (game.trick_cards or pending or said):
        views.append(
            TrickView(
                number=current + 1,
                leader=game.leader,
                plays=tuple(zip(game.trick_seats, (Card(c) for c in game.trick_cards), strict=True)),
                winner=None,
                winning_index=None,
                augen=sum(AUGEN[c] for c in game.trick_cards),
                winner_party=None,
                announcements=tuple(pending),
                sonderpunkte=(),
                calls=tuple(said),
            )
        )
    return views


def trick_lines(
    game: Game,
    players: Sequence[str] | None = None,
    ascii_only: bool = False,
    show_armut_cards: bool = True,
    bock: int = 1,
    translate: Callable[[str], str] = str,
) -> list[str]:
    """Plain-text lines showing ``game`` trick by trick: the Vorbehalte (Schmeissen included), the
    bidding for a solo, the Armut exchange, the game played, one line per trick (cards with their
    players, announcements, Schweine and Superschweine where they were made, the winner with the
    card that won, the trick's Augen, the Sonderpunkte that counted), the claim of the rest, and
    the result in Punkte; for a deal thrown in, why.

    ``players`` names seats 0..3 (default :data:`DEFAULT_PLAYERS`); ``ascii_only`` writes cards as ``KrD`` instead
    of ``♣D`` and a negative number with ``-`` instead of the minus sign ``−``; ``show_armut_cards=False`` shows
    only how many cards went face down in an Armut exchange (what the other players saw), not which. ``bock`` is the
    game's Bock multiplier on the Liste (:attr:`GameRecord.bock`): above 1, a finished game's line of Punkte is
    followed by the Punkte the Liste counts (``Bock ×2: Anna +20, ...``; ``x`` with ``ascii_only``), multiplied as
    the rule ``bock_multiplies`` says (:func:`doppelkopf.session.bock_points`).
    ``translate`` gives the lines' words in the reader's language (a gettext callable such as
    ``doppelkopf.i18n.translator("de").gettext``; default: English as written); names, cards and the
    engine's own labels stay as they are.
    Raises :class:`RecordError` for ``bock`` below 1.
    """
    t = translate
    names = check_players(DEFAULT_PLAYERS if players is None else players, "players")
    if type(bock) is not int or bock < 1:
        raise RecordError("bock: expected a Bock multiplier 1, 2, 4 ..., got {short_repr}", short_repr=short_repr(bock))

    def card_text(card: int) -> str:
        return Card(card).short if ascii_only else Card(card).symbol

    def signed(value: int) -> str:  # the minus sign U+2212 (docs/i18n.md), "-" with ascii_only
        return f"{value:+d}" if ascii_only or value >= 0 else f"\u2212{-value}"

    lines = []
    history = game.history
    forced = game.forced_solo_seat
    answers = [
        f"{names[seat]} {game.describe(action, seat)}" + (" (Pflichtsolo, vorgeführt)" if seat == forced else "")
        for seat, action in history
        if Action.is_vorbehalt(action) or action == Action.SCHMEISSEN
    ]
    if answers:
        lines.append(t(N_("Vorbehalte: {answers}")).format(answers=", ".join(answers)))
    bids = [
        f"{names[seat]} {game.describe(action, seat)}"
        for seat, action in history
        if action in (Action.BID, Action.PASS)
    ]
    if bids:
        by_bid = [a for a in game.announcements if a.by_bid]
        text = t(N_("Bidding: {bids}")).format(bids=", ".join(bids))
        if by_bid:
            text += t(N_("; {name} plays with {announcements}")).format(
                name=names[by_bid[-1].seat], announcements=", ".join(a.label for a in by_bid)
            )
        lines.append(text)
    lines.extend(_armut_lines(game, names, card_text, show_armut_cards, t))
    if game.thrown_in:
        lines.append(t(N_("Thrown in: {reason}")).format(reason=t(game.score().items[0].label)))
    elif game.phase not in (Phase.VORBEHALT, Phase.BIDDING, Phase.ARMUT):
        lines.append(t(N_("Game: {game}")).format(game=_game_text(game, names, t)))
    for view in trick_views(game):
        parts: list[str] = []
        on_table: list[str] | None = None  # a trick claimed in progress: what was played before the claim
        for position in range(len(view.plays) + 1):
            if view.claimed and view.played and position == view.played:
                on_table, parts = parts, []
            for a in view.announcements:
                if a.before_card == position:
                    parts.append(f"{names[a.seat]}: {a.label}!")
            for call in view.calls:
                if call.before_card == position and call.kind == "genscher" and call.partner is not None:
                    parts.append(
                        t(N_("{name}: Genscher with {partner}!")).format(
                            name=names[call.seat], partner=names[call.partner]
                        )
                    )
                elif call.before_card == position and call.kind not in ("claim", "concede"):
                    parts.append(f"{names[call.seat]}: {call.label}!")
            if position < len(view.plays):
                seat, card = view.plays[position]
                parts.append(f"{names[seat]} {card_text(card)}")
        for call in view.calls:
            if call.kind == "claim":
                who = names[view.winner] if view.winner is not None else "?"
                outcome = t(N_("it holds")) if call.held else t(N_("it fails, the rest goes to {who}")).format(who=who)
                lines.append(
                    t(N_("{name} claims the rest (Spielabkürzung): {outcome}")).format(
                        name=names[call.seat], outcome=outcome
                    )
                )
            if call.kind == "concede":
                who = names[view.winner] if view.winner is not None else "?"
                lines.append(
                    t(N_("{name} gives up the rest (TSR 5.4.6); it goes to {who}")).format(
                        name=names[call.seat], who=who
                    )
                )
        if on_table is not None:
            text = t(N_("Trick {number} (claimed): {plays}; not played: {rest}")).format(
                number=view.number, plays=", ".join(on_table), rest=", ".join(parts)
            )
        elif view.claimed:
            text = t(N_("Trick {number} (claimed): {plays}")).format(number=view.number, plays=", ".join(parts))
        else:
            text = t(N_("Trick {number}: {plays}")).format(number=view.number, plays=", ".join(parts))
        if view.winner is not None and view.winning_index is not None:
            text += t(N_(" -> {name} with {card}, {augen} Augen")).format(
                name=names[view.winner], card=card_text(view.plays[view.winning_index][1]), augen=view.augen
            )
        elif view.winner is not None:
            text += t(N_(" -> {name}, {augen} Augen")).format(name=names[view.winner], augen=view.augen)
        if view.sonderpunkte:
            text += (
                " ("
                + ", ".join(f"{SONDERPUNKT_LABELS.get(s.kind, s.kind)} {s.party.label}" for s in view.sonderpunkte)
                + ")"
            )
        lines.append(text)
    if game.is_terminal and game.thrown_in:
        result = game.score()
        lines.append(t(N_("Result: no game, {reason}")).format(reason=t(result.items[0].label)))
        lines.append("Punkte: " + ", ".join(f"{names[s]} {signed(result.points[s])}" for s in range(4)))
    elif game.is_terminal:
        result = game.score()
        summary = game.summary()
        who = t(N_("nobody wins")) if result.winner is None else t(N_("{party} wins")).format(party=result.winner.label)
        lines.append(
            t(N_("Result: {who}, Re {augen_re} Augen, Kontra {augen_kontra} Augen, game value {value} Punkte")).format(
                who=who, augen_re=summary.augen_re, augen_kontra=summary.augen_kontra, value=result.value
            )
        )
        lines.append("Punkte: " + ", ".join(f"{names[s]} {signed(result.points[s])}" for s in range(4)))
        if bock > 1:
            counted = bock_points(result, game.rules, bock)
            times = "x" if ascii_only else "×"
            lines.append(f"Bock {times}{bock}: " + ", ".join(f"{names[s]} {signed(counted[s])}" for s in range(4)))
    else:
        lines.append(t(N_("(game not finished)")))
    return lines


def _game_text(game: Game, names: Sequence[str], t: Callable[[str], str] = str) -> str:
    """The game played, its declarer and, for a Hochzeit or an Armut, the partner (``t``: the translation)."""
    played = t(game.game_type.german)
    declarer = game.declarer
    if declarer is None:
        return played
    if game.game_type is GameType.ARMUT and game.armut_taker is not None:
        return t(N_("{game} ({name} with {taker})")).format(
            game=played, name=names[declarer], taker=names[game.armut_taker]
        )
    played += f" ({names[declarer]})"
    if game.game_type is GameType.HOCHZEIT and not game.partner_open:
        partners = [s for s in range(4) if s != declarer and game.party[s] is game.party[declarer]]
        found = game.clarified_at
        if partners and found is not None:
            partner = names[partners[0]]
            played += t(N_(", partner {name} found in trick {number}")).format(name=partner, number=found + 1)
        elif found is not None:
            played += t(N_(", no partner found in {count} tricks: alone")).format(count=found + 1)
    return played
    if game.game_type is GameType.ARMUT and game.armut_taker is not None:
        return f"{played} ({names[declarer]} with {names[game.armut_taker]})"
    played += f" ({names[declarer]})"
    if game.game_type is GameType.HOCHZEIT and not game.partner_open:
        partners = [s for s in range(4) if s != declarer and game.party[s] is game.party[declarer]]
        found = game.clarified_at
        if partners and found is not None:
            played += f", partner {names[partners[0]]} found in trick {found + 1}"
        elif found is not None:
            played += f", no partner found in {found + 1} tricks: alone"
    return played


def _armut_lines(
    game: Game,
    names: Sequence[str],
    card_text: Callable[[int], str],
    show_cards: bool,
    t: Callable[[str], str],
) -> list[str]:
    """The Armut exchange in words (``t`` translates them): the cards laid, the answers, the cards given back."""
    laid = [int(Action.card_of(a)) for _, a in game.history if Action.is_armut_lay(a)]
    if not laid:
        return []
    poor = next(seat for seat, a in game.history if Action.is_armut_lay(a))

    def cards(items: list[int]) -> str:
        return f" ({' '.join(card_text(c) for c in items)})" if show_cards else ""

    lay = (
        N_("{name} lays one card face down{cards}") if len(laid) == 1 else N_("{name} lays {n} cards face down{cards}")
    )
    parts = [t(lay).format(name=names[poor], n=len(laid), cards=cards(laid))]
    answers = [
        t(N_("{name} takes") if a == Action.ARMUT_TAKE else N_("{name} refuses")).format(name=names[seat])
        for seat, a in game.history
        if a in (Action.ARMUT_TAKE, Action.ARMUT_REFUSE)
    ]
    if answers:
        parts.append(", ".join(answers))
    returned = [(seat, int(Action.card_of(a))) for seat, a in game.history if Action.is_armut_return(a)]
    if returned:
        back = [c for _, c in returned]
        give = N_("{name} gives back one card{cards}") if len(back) == 1 else N_("{name} gives back {n} cards{cards}")
        parts.append(t(give).format(name=names[returned[0][0]], n=len(back), cards=cards(back)))
    return [t(N_("Armut: {parts}")).format(parts="; ".join(parts))]
