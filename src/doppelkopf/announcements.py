"""Announcements: Re, Kontra and the Absagen keine 90, keine 60, keine 30, schwarz (TSR 6), their deadlines,
the Erwiderung, and the Pflichtansage of seed 002.

A seat may announce for its party whenever the deadlines allow, in turn or not. The deadlines count
the cards in the announcer's hand (TSR 6.2.2, 6.3.4) or, under ``announcement_timing = "tricks"``, the
tricks played (seed 002); a Hochzeit moves them by the tricks before its Klärungsstich (TSR 6.4.2).

The functions take the :class:`~doppelkopf.state.GameState` being played; :class:`~doppelkopf.game.Game`
calls them from :meth:`~doppelkopf.game.Game.legal_actions` and :meth:`~doppelkopf.game.Game.apply`.
"""

from __future__ import annotations

from typing import Final

from .moves import Action, Announcement, IllegalAction, Phase
from .rules import ANSAGE, KEINE_90, SCHWARZ, GameType, Party, level_label
from .state import GameState

_RE: Final = Party.RE
_HOCHZEIT: Final = GameType.HOCHZEIT
_PLAY: Final = Phase.PLAY
_CONCESSION: Final = Phase.CONCESSION


def in_time(game: GameState, seat: int, level: int, extra: int = 0) -> bool:
    """Whether ``level`` is still in time for ``seat``.

    By cards (TSR 6.2.2, 6.3.4): the announcer holds at least the deadline's number of cards,
    less ``extra`` for an Erwiderung and less one per trick before a Hochzeit's Klärungsstich
    (TSR 6.4.2). By tricks (seed 002, "Es geht los - Ansagen"), our reading: in time until
    ``announcement_tricks[level - 1]`` tricks and one more card are played ("vor dem Ausspielen
    der ersten, nach der ersten, nach der vierten oder nach der fünften Karte" for Re/Kontra),
    and never while the current trick holds two or more cards ("Aber nicht im laufenden
    Stich"); a Hochzeit moves the deadlines by the tricks before its Findungsstich. Cards in hand
    are counted by :func:`held`."""
    shift = game.clarified_at
    if not (shift and game.game_type is _HOCHZEIT and game.options.hochzeit_shift):
        shift = 0
    if game.options.by_tricks:  # rules.announcement_timing, rules.announcement_tricks
        return len(game.trick_cards) <= 1 and len(game.tricks) <= game.options.deadlines[level - 1] + shift
    # rules.announcement_deadlines
    return held(game, seat) >= game.options.deadlines[level - 1] - shift - extra


def held(game: GameState, seat: int) -> int:
    """The cards ``seat`` holds for the deadlines counted in cards: those in hand, and under
    ``announcement_till_full_trick`` (FreeDoko "announcement till full trick") also the card it
    played in the trick in progress, until that trick is full (a full trick is taken at once, so a
    card on the table is always one of a trick in progress)."""
    count = len(game.hands[seat])
    if game.options.till_full_trick and seat in game.trick_seats:
        count += 1
    return count


def legal_levels(game: GameState, seat: int) -> list[int]:
    """The levels ``seat`` may announce now, ascending (see :func:`level_range`)."""
    low, high = level_range(game, seat)
    levels: list[int] = []
    for level in range(low, high):
        levels.append(level)
    return levels


def level_range(game: GameState, seat: int) -> tuple[int, int]:
    """The levels ``seat`` may announce now, TSR 6.2-6.4, as ``(first, last + 1)`` (a list
    would be made on every move); ``(0, 0)`` for none.

    Each level must be in time (:func:`in_time`). A higher level implies the lower ones not
    yet made, and each of them must still be in time (TSR 6.4.3); with
    ``announcement_skipping`` off only the next level may be said (seed 002: "Sprungansagen
    sind verboten"); under ``absage_skips_passed`` (FreeDoko "announcement: limit only for
    current", with skipping) an Absage needs only its own deadline, the lower levels it implies
    may be past theirs (the deadlines do not rise, so the levels in time are still a range).
    The Ansage may come as an Erwiderung with ``reply_extra_cards`` fewer
    cards than the other side's announcement needed, unless ``erwiderung`` is off (by cards only: seed 002 "Für
    Gegenansagen gelten auch die genannten Fristen"); a party whose Ansage was too late for a
    first Ansage may not make Absagen (TSR 6.4.4). In a Hochzeit nobody announces before the
    Klärungsstich (TSR 6.5; seed 000), except the Hochzeiter under ``hochzeit_early_ansage``
    (seed 002), with the deadlines of a normal game.
    """
    phase = game.phase
    if phase is _CONCESSION:
        if seat != game.current_player:
            return (0, 0)
    elif phase is not _PLAY:
        return (0, 0)
    elif game.partner_open and not (game.options.hochzeit_early_ansage and seat == game.declarer):
        return (0, 0)
    opts = game.options
    if not opts.by_tricks and game.game_type is not _HOCHZEIT:
        # by cards and without a Hochzeit's shift, no level (nor an Erwiderung) is in time with
        # fewer cards than the last deadline less the Erwiderung's extra cards (see in_time)
        if held(game, seat) < opts.last_deadline:
            return (0, 0)
    mine = 0 if game.party[seat] is _RE else 1  # the index of its party (a Party indexes slowly)
    current = game.levels[mine]
    if current >= SCHWARZ or (current and not game.timely_ansage[mine]):
        return (0, 0)
    if opts.skips_passed:  # rules.absage_skips_passed (with announcement_skipping)
        return _own_deadlines(game, seat, mine, current)
    if current == 0 and not in_time(game, seat, ANSAGE):
        other = game.levels[1 - mine]
        if other and not opts.by_tricks and opts.erwiderung and in_time(game, seat, other, opts.reply_extra):
            return (ANSAGE, ANSAGE + 1)  # Erwiderung only
        return (0, 0)
    top = current or ANSAGE
    for level in range(max(current + 1, KEINE_90), SCHWARZ + 1):
        if not in_time(game, seat, level):
            break
        top = level
    return (current + 1, top + 1 if opts.skipping else min(top, current + 1) + 1)


def _own_deadlines(game: GameState, seat: int, mine: int, current: int) -> tuple[int, int]:
    """:func:`level_range` under ``absage_skips_passed``: the levels above ``current`` whose own
    deadline has not passed. The deadlines do not rise, so a level in time has every higher level in
    time: the range from the lowest level in time up to schwarz. A party whose Ansage is past its
    deadline may still answer by an Erwiderung (TSR 6.4.4: then no Absage follows it); where keine 90
    is not in time, that Erwiderung is all it may say (a range cannot skip keine 90)."""
    low = current + 1
    if low == ANSAGE and not in_time(game, seat, ANSAGE):
        opts = game.options
        other = game.levels[1 - mine]
        if other and not opts.by_tricks and opts.erwiderung and in_time(game, seat, other, opts.reply_extra):
            return (ANSAGE, SCHWARZ + 1 if in_time(game, seat, KEINE_90) else ANSAGE + 1)
        low = KEINE_90
    while low <= SCHWARZ and not in_time(game, seat, low):
        low += 1
    return (low, SCHWARZ + 1) if low <= SCHWARZ else (0, 0)


def obliged(game: GameState, seat: int) -> bool:
    """Pflichtansage (seed 002, "Es geht los - Ansagen": "Derjenige, der den ersten Stich
    macht und es liegen 30 oder mehr Punkte drin ist verpflichtet eine Ansage zu machen"),
    our reading: the winner of such a first trick (``must_announce``) must announce before he
    leads the second trick, when :func:`owes_pflichtansage` says so."""
    return game.must_announce == seat and not game.trick_cards and owes_pflichtansage(game, seat)


def owes_pflichtansage(game: GameState, seat: int) -> bool:
    """Whether ``seat``, having won a first trick of ``pflichtansage_augen`` or more Augen, owes
    the Pflichtansage (seed 002) now: an announcement is in time for it, and

    * its party has made no Ansage yet; under ``pflichtansage_raises`` (FreeDoko "first trick
      thirty points: only re/contra" off) a party that has announced owes its next Absage;
    * under ``pflichtansage_only_first`` (FreeDoko "... only first") nobody has announced yet;
    * a Hochzeiter whose partner is still open need not ("Bei einer Hochzeit darf die Ansage ...
      der so genannte Findungsstich abgewartet werden"); under ``pflichtansage_hochzeit = false``
      (FreeDoko "... in marriage" off) nobody owes it in a Hochzeit.

    The obligation ends with the first announcement of the seat's party after it arose
    (:func:`do_announce`) or with the seat's next card."""
    opts = game.options
    if game.partner_open or (game.game_type is _HOCHZEIT and not opts.pflichtansage_hochzeit):
        return False
    if opts.pflichtansage_only_first and (game.levels[0] or game.levels[1]):
        return False
    if game.levels[game.party[seat]] and not opts.pflichtansage_raises:
        return False
    low, high = level_range(game, seat)
    return low < high


def announce(game: GameState, seat: int, action: int) -> None:
    """Apply the announcement ``action`` of ``seat``, in turn or not; raises IllegalAction naming the
    rule (the phase, a Hochzeit before its Klärungsstich, a level made or skipped, a deadline)."""
    level = Action.level(action)
    party = game.party[seat]
    if game.phase is _CONCESSION:
        if seat != game.current_player:
            raise IllegalAction("after a concession only the other party may announce, each in turn (TSR 5.4.7)")
    elif game.phase is not _PLAY:
        raise IllegalAction("announcements are made after the Vorbehaltsabfrage (TSR 6.3)")
    if game.partner_open and not (game.options.rules.hochzeit_early_ansage and seat == game.declarer):
        if game.options.rules.hochzeit_early_ansage:
            raise IllegalAction(
                "in a Hochzeit announcements wait for the Klärungsstich (TSR 6.5) (only the Hochzeiter may "
                "announce before it, rule hochzeit_early_ansage)"
            )
        raise IllegalAction("in a Hochzeit announcements wait for the Klärungsstich (TSR 6.5)")
    current = game.levels[party]
    if level <= current:
        raise IllegalAction(
            "{label} has already announced {level_label}", label=party.label, level_label=level_label(current, party)
        )
    legal = legal_levels(game, seat)
    if level not in legal:
        if legal and not game.options.rules.announcement_skipping and level > legal[0]:
            raise IllegalAction(
                "say {level_label} first: skipping levels is not allowed (seed 002: Sprungansagen sind verboten)",
                level_label=level_label(legal[0], party),
            )
        if game.options.rules.announcement_timing == "tricks":
            raise IllegalAction(
                "too late for {level_label} after {count} tricks and {count2} cards (deadlines "
                "{announcement_tricks} tricks and one card; never while a trick holds two or more cards; "
                "seed 002)",
                level_label=level_label(level, party),
                count=len(game.tricks),
                count2=len(game.trick_cards),
                announcement_tricks=game.options.rules.announcement_tricks,
            )
        raise IllegalAction(
            "too late for {level_label} with {count} cards in hand (deadlines {announcement_deadlines}, TSR 6.3-6.5)",
            level_label=level_label(level, party),
            count=len(game.hands[seat]),
            announcement_deadlines=game.options.rules.announcement_deadlines,
        )
    do_announce(game, seat, action)


def do_announce(game: GameState, seat: int, action: int) -> None:
    """Apply an announcement known to be legal."""
    level = action - Action.ANNOUNCE_BASE + 1
    party = game.party[seat]
    if game.levels[party] == 0:
        # an Absage made at once came by its own deadline (rule absage_skips_passed): no late Ansage
        game.timely_ansage[party] = level > ANSAGE or in_time(game, seat, ANSAGE)
    game.levels[party] = level
    must = game.must_announce
    if must is not None and game.party[must] is party:
        game.must_announce = None  # the Pflichtansage is made (pflichtansage_raises: one Absage owed)
    game.announcements.append(Announcement(seat, party, level, len(game.hands[seat])))
