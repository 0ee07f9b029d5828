"""Steps inside an open session that :class:`~doppelkopf.storage.Store`, the online tables'
:class:`~doppelkopf.storage.TableStore` and the import (:mod:`doppelkopf.storage.exchange`) share: finding
a group by its name, reading a sitting, its players and its games, and the Liste's builder after its last game.

Each takes the caller's :class:`~sqlalchemy.orm.Session` (``with store.read() as session`` or
``store.write()``, see :meth:`doppelkopf.storage.Store.write`) and neither commits nor rolls back.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select, text
from sqlalchemy.orm import Session, undefer

from ..liste import ListeBuilder, ListeError
from ..names import name_key
from ..rules import RuleSet
from .fields import check_id
from .infos import NotFound
from .models import GameRow, Group, Player, Sitting, SittingPlayer

__all__ = ["current_games", "game_count", "get_sitting", "group_named", "resume_builder", "sitting_players"]

#: The key of PostgreSQL's advisory lock held while a group's name is checked and written ("dokg").
_GROUP_NAME_LOCK = 0x646F6B67


def group_named(session: Session, name: str, lock: bool = True) -> Group | None:
    """The group whose name is ``name`` as :func:`doppelkopf.names.name_key` compares ("stammtisch" is
    Stammtisch), or ``None``. With ``lock`` (in a write transaction) on PostgreSQL it first takes a lock
    for group names until the transaction ends, so two writers never both find a name free (SQLite's
    writes are serialised anyway)."""
    if lock and session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _GROUP_NAME_LOCK})
    key = name_key(name)
    for group in session.scalars(select(Group).order_by(Group.id)):
        if name_key(group.name) == key:
            return group
    return None


def get_sitting(
    session: Session, sitting_id: int, lock: bool = False, *, state: bool = False, tally: bool = False
) -> Sitting:
    """The sitting ``sitting_id``, read afresh; its JSON columns only when asked for: ``state`` (the Liste's
    state after the last game), ``tally`` (the statistics' counters); ``lock``: ``FOR UPDATE`` (PostgreSQL:
    the sitting's writers wait for this transaction).

    Raises:
        StoreError: ``sitting: expected an integer id, ...``. NotFound: ``sitting 7: not found``.
    """
    query = (
        select(Sitting).where(Sitting.id == check_id(sitting_id, "sitting")).execution_options(populate_existing=True)
    )
    wanted = [column for column, want in ((Sitting.state, state), (Sitting.tally, tally)) if want]
    if wanted:
        query = query.options(*(undefer(column) for column in wanted))
    if lock:
        query = query.with_for_update()
    sitting = session.scalars(query).one_or_none()
    if sitting is None:
        raise NotFound("sitting {sitting_id}: not found", sitting_id=sitting_id)
    return sitting


def sitting_players(session: Session, sitting_id: int) -> tuple[str, ...]:
    """The names of the sitting's players in seating order (the Liste's column order)."""
    query = (
        select(Player.name)
        .join(SittingPlayer, SittingPlayer.player_id == Player.id)
        .where(SittingPlayer.sitting_id == sitting_id)
        .order_by(SittingPlayer.position)
    )
    return tuple(session.scalars(query))


def game_count(session: Session, sitting_id: int) -> int:
    """Games on the sitting's list: the highest number (the games are numbered 1..n; one step of the index)."""
    query = select(func.max(GameRow.number)).where(GameRow.sitting_id == sitting_id)
    return int(session.scalar(query) or 0)


def current_games(session: Session, sitting_id: int) -> list[GameRow]:
    """The games on the sitting's list (not the deleted ones), by number."""
    query = select(GameRow).where(GameRow.sitting_id == sitting_id, GameRow.number.is_not(None))
    return list(session.scalars(query.order_by(GameRow.number)))


def resume_builder(
    session: Session, sitting: Sitting, rules: RuleSet, players: Sequence[str], count: int
) -> ListeBuilder:
    """A Liste builder after the last of the sitting's ``count`` games, with its ``rules`` (the stored ones,
    :func:`doppelkopf.storage.service.stored_rules`) and ``players`` (:func:`sitting_players`): from the
    stored state (``sitting`` read with ``state=True``), or by replaying every game when that state does not
    fit (written by another version of the program)."""
    if sitting.state and sitting.state.get("games") == count:
        try:
            return ListeBuilder.resume(rules, players, sitting.state, sitting.sit_out)
        except ListeError:
            pass
    builder = ListeBuilder(rules, players, sitting.sit_out)
    for game in current_games(session, sitting.id):
        builder.add(game.entry)
    return builder
