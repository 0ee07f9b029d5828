"""What the store hands out: plain frozen dataclasses, no database objects (safe to keep after a call).

Times are timezone-aware UTC datetimes; amounts are Punkte (score points of games, never Augen) or
cents.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from ..liste import ListeRow, NextGame
from ..messages import TextError
from ..sheet import Transfer, money, settle


class StoreError(TextError):
    """A request the store refuses; the one-line message names the field or the object
    (``name: a group 'Skatfreunde' exists already``, ``sitting 7: not found``). Nothing was written."""


class NotFound(StoreError):
    """The group, sitting or game asked for does not exist (``sitting 7: not found``,
    ``game 9: sitting 3 has 5 games``)."""


class StoreUnavailable(StoreError):
    """The database cannot be reached now (the server is down or refuses the connection, the SQLite file
    cannot be opened, another writer held it longer than the store waits): ``database: ...``. Nothing was
    written; the same call may succeed later (a web app answers 503)."""


class Conflict(StoreError):
    """Someone else changed the sitting since the caller read it (optimistic versioning): the message
    says who changed what and when (``game 3 was changed by Ben at 21:04; reload the list and try
    again``). Nothing was written; reload and enter again."""


@dataclass(frozen=True)
class GroupInfo:
    """A group of people who play together.

    Attributes:
        id: the group's id.
        name: its name.
        players: the names of its players, in the order they joined.
        created_at: when it was created (UTC).
    """

    id: int
    name: str
    players: tuple[str, ...]
    created_at: datetime.datetime


@dataclass(frozen=True)
class SittingInfo:
    """One evening of a group.

    Attributes:
        id, group_id: the sitting's and its group's ids.
        date: the day it was played; place: where (may be empty).
        players: the names in seating order (the columns of the Liste), four to seven.
        rules_name: the name of its rule set (the rules themselves: :meth:`Store.rules`).
        cents_per_point: the rate of the settlement, cents per Punkt.
        sit_out: who sits out at a table of five to seven (a key of :data:`doppelkopf.liste.SIT_OUT`).
        version: goes up by one with every add, edit and delete of a game (0 for a new sitting).
        games: the number of games on its list.
        created_at: when it was created (UTC).
    """

    id: int
    group_id: int
    date: datetime.date
    place: str
    players: tuple[str, ...]
    rules_name: str
    cents_per_point: int
    sit_out: str
    version: int
    games: int
    created_at: datetime.datetime


@dataclass(frozen=True)
class GameInfo:
    """A game of a sitting as stored now.

    Attributes:
        sitting_id: the sitting.
        number: its number on the list (1-based); for a deleted game the number it had when deleted.
        version: what :meth:`Store.edit_game` and :meth:`Store.delete_game` want back as ``version``: the
            sitting's version when the game was last entered, changed, deleted or moved up by a deletion
            before it. Two different states of the games of a sitting never share it.
        entry: the table entry (the Liste's entry format, :mod:`doppelkopf.liste`).
        row: the computed row of the Liste; ``None`` for a deleted game.
        deleted: whether the game was deleted.
        changed_at: when it was last entered, changed or deleted (UTC); author: by whom (may be empty).
        game_id: the game's id (stays when the number changes).
        revision: 1 when entered, one up with every edit and the delete.
    """

    sitting_id: int
    number: int
    version: int
    entry: dict[str, Any]
    row: ListeRow | None
    deleted: bool
    changed_at: datetime.datetime
    author: str
    game_id: int
    revision: int


@dataclass(frozen=True)
class GameVersionInfo:
    """One change of a game in the audit trail (never changed or removed).

    Attributes:
        game_id, sitting_id: the game and its sitting.
        number: the game's number when it was changed.
        revision: 1 for the entry, then one up per edit; the delete is the last.
        version: the sitting's version after the change (the game's ``version`` from then on).
        action: ``"add"``, ``"edit"`` or ``"delete"``.
        deleted: True for the delete.
        entry: the entry from this change on (for a delete: the entry that was deleted).
        author: who made the change (may be empty); changed_at: when (UTC).
    """

    game_id: int
    sitting_id: int
    number: int
    revision: int
    version: int
    action: str
    deleted: bool
    entry: dict[str, Any]
    author: str
    changed_at: datetime.datetime


@dataclass(frozen=True)
class ListePage:
    """A page of a sitting's Liste, read from the stored rows (no game is scored again).

    Attributes:
        sitting: the sitting.
        players: the columns (seating order).
        rows: the games of this page, oldest first (newest last).
        versions: each row's game ``version`` (for an edit or delete form), in the order of ``rows``.
        page: this page (1-based from the first game); pages: the number of pages (at least 1; the last
            page holds the newest games); per_page: games per page; games: games on the whole list.
        totals: each player's total after the last game (Punkte; they sum to zero).
        bock_queue: the Bock multipliers of the games still owed, next first (2 Bock, 4 Doppelbock).
        pflichtsolo_owed: names still owing their Pflichtsolo in this round.
        round: the round (1-based); games_in_round: games played in it.
        next: the next game (number, dealer, who plays and who sits out, its Bock, a forced soloist).
        written_totals: each player's total as the Liste writes it (option ``liste_counting``; ``totals``
            under plus_minus); over: why the sitting is over (``"sitting_rounds"``, ``"sitting_points"``) or
            ``None`` (:func:`doppelkopf.session.sitting_over`).

    With :meth:`money` and :meth:`settlement` a page holds everything the head and foot of the Liste show
    (totals, Bock games owed, Pflichtsoli owed, the next game, the settlement): no caller needs the whole
    :meth:`Store.liste` for them.
    """

    sitting: SittingInfo
    players: tuple[str, ...]
    rows: tuple[ListeRow, ...]
    versions: tuple[int, ...]
    page: int
    pages: int
    per_page: int
    games: int
    totals: dict[str, int]
    bock_queue: tuple[int, ...]
    pflichtsolo_owed: tuple[str, ...]
    round: int
    games_in_round: int
    next: NextGame
    written_totals: dict[str, int] | None = None
    over: str | None = None

    def money(self, cents_per_point: int | None = None) -> dict[str, int]:
        """Each player's balance in cents (negative: pays) at ``cents_per_point`` (default: the sitting's
        rate), from :attr:`totals` by :func:`doppelkopf.sheet.money`. Raises SheetError for a bad rate."""
        return money(self.totals, self.sitting.cents_per_point if cents_per_point is None else cents_per_point)

    def settlement(self, cents_per_point: int | None = None) -> list[Transfer]:
        """The fewest transfers settling :attr:`totals` at ``cents_per_point`` (default: the sitting's rate),
        as :meth:`doppelkopf.liste.Liste.settlement` gives them. Raises SheetError for a bad rate."""
        return settle(self.totals, self.sitting.cents_per_point if cents_per_point is None else cents_per_point)


@dataclass(frozen=True)
class PlayerStats:
    """One player's statistics over the sittings asked for (games the player sat out do not count).

    Attributes:
        name: the player.
        sittings: sittings the player was at.
        games: games played.
        games_re, won_re: games played in the Re party, and won (a soloist is Re).
        games_kontra, won_kontra: the same for Kontra. Quick entries (winners and Punkte only) have no
            parties and count in neither.
        soli, soli_won: games the player played as the soloist (scored as a solo; in a quick entry the lone
            winner or lone loser), and won.
        soli_re, soli_won_re: of ``soli`` and ``soli_won`` those of full entries, where the soloist is Re and
            the game is in ``games_re`` (and ``won_re``) too: ``won_re - soli_won_re`` of ``games_re - soli_re``
            are the games won as Re with a partner, so that a won solo is counted once (under soli) where the
            two are shown side by side.
        announcements, announcements_won: games in which the player's party announced (Re, Kontra or an
            Absage), and won.
        bock_games: games played under Bock (multiplier 2 or more).
        punkte: Punkte won in all (negative: lost), Bock applied; punkte_bock: those of Bock games.
        cents: money won at each sitting's rate (its final total times its cents per Punkt; negative:
            paid).
    """

    name: str
    sittings: int = 0
    games: int = 0
    games_re: int = 0
    won_re: int = 0
    games_kontra: int = 0
    won_kontra: int = 0
    soli: int = 0
    soli_won: int = 0
    soli_re: int = 0
    soli_won_re: int = 0
    announcements: int = 0
    announcements_won: int = 0
    bock_games: int = 0
    punkte: int = 0
    punkte_bock: int = 0
    cents: int = 0


@dataclass(frozen=True)
class ChartPoint:
    """One point of the Punkte-over-time chart: the state after one game.

    Attributes:
        sitting_id: the sitting; date: its day.
        game: the game's number in its sitting.
        totals: the running totals of the sitting's players after the game (the Liste's Stand).
        overall: each player's Punkte summed over all sittings asked for, up to this game (players of the
            group who have not played yet: 0).
    """

    sitting_id: int
    date: datetime.date
    game: int
    totals: dict[str, int]
    overall: dict[str, int]


@dataclass(frozen=True)
class Stats:
    """Statistics of a group over a range of sittings, read from the stored rows.

    Attributes:
        group_id: the group.
        sittings: the ids of the sittings counted, oldest first.
        games: games counted.
        players: one :class:`PlayerStats` per player of the group who played in the range, in the order
            the players joined the group.
        chart: one :class:`ChartPoint` per game, in order of play (sittings by date).
    """

    group_id: int
    sittings: tuple[int, ...]
    games: int
    players: tuple[PlayerStats, ...]
    chart: tuple[ChartPoint, ...]

    def player(self, name: str) -> PlayerStats:
        """The statistics of ``name`` (compared as :func:`doppelkopf.names.name_key` does).

        Raises:
            NotFound: the player did not play in the range.
        """
        from ..names import name_key

        key = name_key(name)
        for stats in self.players:
            if name_key(stats.name) == key:
                return stats
        raise NotFound("player {name!r}: no games in these sittings", name=name)
