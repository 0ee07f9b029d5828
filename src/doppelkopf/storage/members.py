"""Who may use the score sheet: the server's owner, the members of each group and their devices.

A group's Liste belongs to its members. A server is claimed once by its owner through the setup link that
``doko serve`` prints (:meth:`Members.setup_token`, :meth:`Members.claim`); until then the web app serves
nothing of the database (a database from before members existed is claimed the same way: its owner becomes
the admin of every group in it, and its players are offered as the members to invite). A person joins a group
by an invitation (:meth:`Members.invite`: single-use or for several people, with an expiry, revocable); each
device keeps a long-lived session (a token in a cookie; the database keeps only its SHA-256); a member adds
another device with a one-time link (:meth:`Members.device_link`), or logs in with an optional password
(argon2, :meth:`Members.set_password`, :meth:`Members.login`). A viewer link (:meth:`Members.viewer_link`)
reads one group's Liste on a screen and writes nothing.

Roles in a group (:data:`ROLES`): ``admin`` invites and removes members, imports records, changes roles;
``member`` enters and corrects games, starts sittings and online tables; a viewer link's session reads only.
What a request may do is an :class:`Access` (:meth:`Members.access` of a session's token).

Every secret is made here by :func:`secrets.token_urlsafe` and compared by its hash; a token that is unknown,
used up, expired or revoked gets the same answer (:class:`InvitationError`: "this link is not valid (any
more)"), so a guess learns nothing.

Example::

    members = Members(store)
    setup = members.setup_token()                       # printed by doko serve; None once claimed
    owner, owner_session = members.claim(setup, "Anna")
    access = members.access(owner_session)              # Access(name='Anna', owner=True, ...)
    group = store.create_group("Donnerstag", ["Anna", "Ben", "Carla", "Dirk"])
    members.add_admin(owner.id, group.id)
    invite, token = members.invite(members.access(owner_session), group.id, player="Ben")
    ben, ben_session = members.join(token, "Ben")
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ..names import clean_name, name_key
from .fields import as_utc, utc_now
from .infos import NotFound, StoreError
from .models import Account, DeviceSession, Group, Invitation, Membership, Player
from .tables import Forbidden

if TYPE_CHECKING:
    from .service import Store

__all__ = [
    "KINDS",
    "ROLES",
    "Access",
    "AccountInfo",
    "InvitationError",
    "InvitationInfo",
    "MemberInfo",
    "Members",
    "SessionInfo",
]

#: A member's roles in a group, most rights first.
ROLES = ("admin", "member")
#: The kinds of invitation: claim the server, join a group, add a device to one's account, read a group's Liste.
KINDS = ("setup", "member", "device", "viewer")
#: How long a setup link, a device link and (by default) an invitation stay valid.
SETUP_TTL = datetime.timedelta(hours=24)
DEVICE_TTL = datetime.timedelta(minutes=30)
INVITE_TTL = datetime.timedelta(days=7)
#: The longest expiry an invitation may be given, and the most people one invitation may admit.
MAX_INVITE_TTL = datetime.timedelta(days=366)
MAX_USES = 100
#: A session's ``seen_at`` is written at most this often (a read of every page must not write).
SEEN_EVERY = datetime.timedelta(minutes=5)
#: Shortest and longest password (characters).
MIN_PASSWORD = 8
MAX_PASSWORD = 200
#: Longest token a request may present (longer ones are refused unread).
MAX_TOKEN = 200


class InvitationError(StoreError):
    """A link (setup, invitation, device or viewer link) that is unknown, used up, expired or revoked: one
    answer for all (a web app answers 404)."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _new_token() -> tuple[str, str]:
    token = secrets.token_urlsafe(32)
    return token, _hash(token)


def _not_valid() -> InvitationError:
    return InvitationError("link: not valid (any more); ask whoever gave it to you for a new one")


def _label(label: str) -> str:
    return " ".join(str(label).split())[:100]


@dataclasses.dataclass(frozen=True)
class Access:
    """What a request may do: the account behind its session (``account_id``, ``name``), whether it is the
    server's owner, may create groups, and its role in each group (``roles``: group id -> ``admin``,
    ``member`` or ``viewer``). :data:`OPEN` (``doko serve --open``) may do everything; :data:`NOBODY` (no
    session) nothing."""

    account_id: int | None = None
    name: str = ""
    owner: bool = False
    creates_groups: bool = False
    roles: Mapping[int, str] = dataclasses.field(default_factory=dict)
    session_id: int | None = None
    open: bool = False

    @property
    def known(self) -> bool:
        """Whether the request has a session at all (an account or a viewer link), or the server is open."""
        return self.open or self.session_id is not None

    def reads(self, group_id: int) -> bool:
        """Whether the request may see group ``group_id`` (any role)."""
        return self.open or group_id in self.roles

    def writes(self, group_id: int) -> bool:
        """Whether it may enter and correct games, start sittings and tables in the group (admin, member)."""
        return self.open or self.roles.get(group_id) in ROLES

    def administers(self, group_id: int) -> bool:
        """Whether it may invite and remove members, change roles and import into the group (admin)."""
        return self.open or self.roles.get(group_id) == "admin"

    def may_create_groups(self) -> bool:
        """Whether it may create (and import) groups: the owner, whom the owner allowed, an open server."""
        return self.open or (self.account_id is not None and (self.owner or self.creates_groups))


#: The access of an open server (``doko serve --open``: anyone who reaches it may do everything).
OPEN = Access(name="", open=True)
#: The access of a request without a valid session.
NOBODY = Access()


@dataclasses.dataclass(frozen=True)
class AccountInfo:
    """An account: ``id``, ``name``, ``owner``, ``creates_groups``, ``login`` (the password login's name, or
    ``None``) and whether it has a password."""

    id: int
    name: str
    owner: bool
    creates_groups: bool
    has_password: bool


@dataclasses.dataclass(frozen=True)
class MemberInfo:
    """A group's member: the account, its ``role``, the ``player`` of the Liste it is (or ``None``), since when."""

    account_id: int
    name: str
    role: str
    player: str | None
    since: datetime.datetime


@dataclasses.dataclass(frozen=True)
class InvitationInfo:
    """An invitation or link (never its token): ``kind`` (:data:`KINDS`), its group and role, the player it is
    meant for, who made it, when it expires (UTC, ``None``: never), ``max_uses`` (``None``: any number),
    ``uses`` so far, whether it is ``revoked`` and whether it can still be used (``usable``)."""

    id: int
    kind: str
    group_id: int | None
    group_name: str | None
    role: str | None
    player: str | None
    created_by: str | None
    created_at: datetime.datetime
    expires_at: datetime.datetime | None
    max_uses: int | None
    uses: int
    revoked: bool
    usable: bool


@dataclasses.dataclass(frozen=True)
class SessionInfo:
    """A device's session: ``label`` (what the device said it is), when it was made and last seen (UTC),
    whether it is ``revoked``; ``viewer_group`` for a viewer link's session."""

    id: int
    label: str
    created_at: datetime.datetime
    seen_at: datetime.datetime
    revoked: bool
    viewer_group: int | None


def _usable(invitation: Invitation, now: datetime.datetime) -> bool:
    return (
        invitation.revoked_at is None
        and (invitation.expires_at is None or invitation.expires_at > now)
        and (invitation.max_uses is None or invitation.uses < invitation.max_uses)
    )


class Members:
    """The members, invitations and sessions of a :class:`~doppelkopf.storage.Store` (see the module text).

    Its refusals: :class:`InvitationError` (a link not valid), :class:`~doppelkopf.storage.tables.Forbidden`
    (the access may not do this: a web app answers 403), :class:`~doppelkopf.storage.NotFound` (no such group,
    member, session or invitation of this group) and :class:`~doppelkopf.storage.StoreError` (a bad name,
    password, role or expiry, naming the field)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- the server's owner -----------------------------------------------------------------------

    def claimed(self) -> bool:
        """Whether the server has an owner (until then the web app serves nothing)."""
        with self.store.read() as session:
            return session.scalar(select(Account.id).where(Account.owner).limit(1)) is not None

    def setup_token(self) -> str | None:
        """A new one-time setup link's token (valid :data:`SETUP_TTL`; earlier ones are revoked), or ``None``
        when the server already has an owner."""
        token, digest = _new_token()
        with self.store.write() as session:
            if session.scalar(select(Account.id).where(Account.owner).limit(1)) is not None:
                return None
            now = utc_now()
            session.execute(
                update(Invitation)
                .where(Invitation.kind == "setup", Invitation.revoked_at.is_(None))
                .values(revoked_at=now)
            )
            session.add(
                Invitation(token_hash=digest, kind="setup", created_at=now, expires_at=now + SETUP_TTL, max_uses=1)
            )
        return token

    def claim(self, token: str, name: str, label: str = "") -> tuple[AccountInfo, str]:
        """Claim the server with the setup link's ``token``: ``name``'s account becomes its owner and the
        admin of every group already in the database. Returns the account and its first session's token.

        Raises InvitationError (the link is not valid, or the server has an owner), StoreError (a bad name)."""
        name = clean_name(name, "name")
        with self.store.write() as session:
            invitation = self._usable_invitation(session, token, ("setup",), lock=True)
            if session.scalar(select(Account.id).where(Account.owner).limit(1)) is not None:
                raise _not_valid()
            now = utc_now()
            invitation.uses += 1
            account = Account(name=name, owner=True, creates_groups=True, created_at=now)
            session.add(account)
            session.flush()
            for group_id in session.scalars(select(Group.id)):
                player = self._own_player(session, group_id, name)
                session.add(
                    Membership(group_id=group_id, account_id=account.id, role="admin", player=player, created_at=now)
                )
            session_token = self._new_session(session, account.id, None, label)
            return self._account_info(account), session_token

    # -- sessions and what they may do ----------------------------------------------------------------

    @staticmethod
    def _new_session(session: Session, account_id: int | None, invitation_id: int | None, label: str) -> str:
        token, digest = _new_token()
        now = utc_now()
        session.add(
            DeviceSession(
                token_hash=digest,
                account_id=account_id,
                invitation_id=invitation_id,
                label=_label(label),
                created_at=now,
                seen_at=now,
            )
        )
        return token

    def access(self, token: str | None) -> Access:
        """What a request with the session ``token`` (a cookie's value; ``None`` or unknown: :data:`NOBODY`)
        may do. A revoked session, or a viewer link's session whose link was revoked, is :data:`NOBODY`."""
        if not token or len(token) > MAX_TOKEN:
            return NOBODY
        digest = _hash(token)
        with self.store.read() as session:
            row = session.scalars(
                select(DeviceSession).where(DeviceSession.token_hash == digest, DeviceSession.revoked_at.is_(None))
            ).first()
            if row is None or not hmac.compare_digest(row.token_hash, digest):
                return NOBODY
            stale = utc_now() - row.seen_at > SEEN_EVERY
            if row.account_id is None:
                invitation = session.get(Invitation, row.invitation_id) if row.invitation_id is not None else None
                if invitation is None or invitation.revoked_at is not None or invitation.group_id is None:
                    return NOBODY
                result = Access(session_id=row.id, roles={invitation.group_id: "viewer"})
            else:
                account = session.get(Account, row.account_id)
                if account is None:
                    return NOBODY
                roles = {
                    group_id: role
                    for group_id, role in session.execute(
                        select(Membership.group_id, Membership.role).where(Membership.account_id == account.id)
                    )
                }
                result = Access(
                    account_id=account.id,
                    name=account.name,
                    owner=account.owner,
                    creates_groups=account.creates_groups,
                    roles=roles,
                    session_id=row.id,
                )
        if stale:
            with self.store.write() as session:
                session.execute(
                    update(DeviceSession).where(DeviceSession.id == result.session_id).values(seen_at=utc_now())
                )
        return result

    def session_for(self, account_id: int, label: str = "") -> str:
        """A new session of ``account_id`` (after another proof of who it is: a passkey); its token.

        Raises NotFound: no such account."""
        with self.store.write() as session:
            if session.get(Account, account_id) is None:
                raise NotFound("account {id}: not found", id=account_id)
            return self._new_session(session, account_id, None, label)

    def sessions(self, access: Access) -> list[SessionInfo]:
        """The sessions of ``access``'s account (its devices), newest first; revoked ones included."""
        if access.account_id is None:
            return []
        with self.store.read() as session:
            rows = session.scalars(
                select(DeviceSession)
                .where(DeviceSession.account_id == access.account_id)
                .order_by(DeviceSession.id.desc())
            )
            return [self._session_info(row, None) for row in rows]

    def revoke_session(self, access: Access, session_id: int) -> None:
        """End a session of ``access``'s own account (a lost phone: it is let in no more).

        Raises NotFound: no such session of this account."""
        with self.store.write() as session:
            row = session.get(DeviceSession, session_id)
            if row is None or access.account_id is None or row.account_id != access.account_id:
                raise NotFound("session {id}: not found", id=session_id)
            if row.revoked_at is None:
                row.revoked_at = utc_now()

    def account(self, access: Access) -> AccountInfo:
        """The account of ``access``. Raises NotFound: a viewer link's or an open server's access."""
        with self.store.read() as session:
            account = session.get(Account, access.account_id) if access.account_id is not None else None
            if account is None:
                raise NotFound("account: not found")
            return self._account_info(account)

    @staticmethod
    def _account_info(account: Account) -> AccountInfo:
        return AccountInfo(
            id=account.id,
            name=account.name,
            owner=account.owner,
            creates_groups=account.creates_groups,
            has_password=account.password_hash is not None,
        )

    @staticmethod
    def _session_info(row: DeviceSession, viewer_group: int | None) -> SessionInfo:
        return SessionInfo(
            id=row.id,
            label=row.label,
            created_at=as_utc(row.created_at),
            seen_at=as_utc(row.seen_at),
            revoked=row.revoked_at is not None,
            viewer_group=viewer_group,
        )

    # -- invitations --------------------------------------------------------------------------------------

    @staticmethod
    def _usable_invitation(session: Session, token: str, kinds: tuple[str, ...], lock: bool = False) -> Invitation:
        """The invitation of ``token`` if it is of ``kinds`` and can be used; ``lock``: its row locked until the
        transaction ends (PostgreSQL ``FOR UPDATE``: two people using a single-use link at once are one after
        the other, and the second finds it used). Raises InvitationError."""
        if not token or len(token) > MAX_TOKEN:
            raise _not_valid()
        query = select(Invitation).where(Invitation.token_hash == _hash(token))
        invitation = session.scalars(query.with_for_update() if lock else query).first()
        if invitation is None or invitation.kind not in kinds or not _usable(invitation, utc_now()):
            raise _not_valid()
        return invitation

    @staticmethod
    def _group(session: Session, group_id: int) -> Group:
        group = session.get(Group, group_id)
        if group is None:
            raise NotFound("group {group_id}: not found", group_id=group_id)
        return group

    def invite(
        self,
        by: Access,
        group_id: int,
        *,
        role: str = "member",
        player: str | None = None,
        max_uses: int | None = 1,
        expires_in: datetime.timedelta | None = INVITE_TTL,
    ) -> tuple[InvitationInfo, str]:
        """A new invitation into group ``group_id`` (made by an admin of it) with ``role``, meant for
        ``player`` (a player of the group's Liste, or ``None``), for ``max_uses`` people (``None``: any
        number until it expires), valid ``expires_in`` (``None``: until revoked). Returns it and its token.

        Raises NotFound (no such group, or ``by`` is no member: the same answer), Forbidden (not an admin),
        StoreError naming ``role``, ``player``, ``max_uses`` or ``expires_in``."""
        if role not in ROLES:
            raise StoreError("role: {role!r} is not one of admin, member", role=str(role)[:20])
        if max_uses is not None and not 1 <= max_uses <= MAX_USES:
            raise StoreError("max_uses: {n} is not between 1 and {most}", n=max_uses, most=MAX_USES)
        if expires_in is not None and not datetime.timedelta(minutes=1) <= expires_in <= MAX_INVITE_TTL:
            raise StoreError("expires_in: between one minute and {days} days", days=MAX_INVITE_TTL.days)
        token, digest = _new_token()
        with self.store.write() as session:
            self._check_admin(session, by, group_id)
            if player is not None:
                player = self._group_player(session, group_id, player)
            now = utc_now()
            invitation = Invitation(
                token_hash=digest,
                kind="member",
                group_id=group_id,
                role=role,
                player=player,
                created_by=by.account_id,
                created_at=now,
                expires_at=now + expires_in if expires_in is not None else None,
                max_uses=max_uses,
            )
            session.add(invitation)
            session.flush()
            return self._invitation_info(session, invitation), token

    def viewer_link(self, by: Access, group_id: int) -> tuple[InvitationInfo, str]:
        """A read-only link to group ``group_id``'s Liste (for a screen at the table), valid until revoked
        (every device that opened it is let in no more then). Raises as :meth:`invite`."""
        token, digest = _new_token()
        with self.store.write() as session:
            self._check_admin(session, by, group_id)
            invitation = Invitation(
                token_hash=digest, kind="viewer", group_id=group_id, created_by=by.account_id, created_at=utc_now()
            )
            session.add(invitation)
            session.flush()
            return self._invitation_info(session, invitation), token

    def device_link(self, by: Access) -> str:
        """A one-time link (valid :data:`DEVICE_TTL`) that lets another device in as ``by``'s account.

        Raises NotFound: ``by`` has no account (a viewer link, an open server)."""
        token, digest = _new_token()
        with self.store.write() as session:
            if by.account_id is None or session.get(Account, by.account_id) is None:
                raise NotFound("account: not found")
            now = utc_now()
            session.add(
                Invitation(
                    token_hash=digest,
                    kind="device",
                    account_id=by.account_id,
                    created_by=by.account_id,
                    created_at=now,
                    expires_at=now + DEVICE_TTL,
                    max_uses=1,
                )
            )
        return token

    def owner_device_link(self) -> str | None:
        """A device link for the server's owner (``doko serve --owner-link``: the way back in for an owner
        who lost every device), or ``None`` before the server is claimed."""
        with self.store.read() as session:
            owner = session.scalars(select(Account).where(Account.owner).order_by(Account.id)).first()
            if owner is None:
                return None
            access = Access(account_id=owner.id, name=owner.name, owner=True)
        return self.device_link(access)

    def invitation(self, token: str) -> InvitationInfo:
        """The invitation or link of ``token``, if it can still be used. Raises InvitationError."""
        with self.store.read() as session:
            return self._invitation_info(session, self._usable_invitation(session, token, KINDS))

    def link_group(self, token: str, access: Access) -> int | None:
        """The group of the invitation or viewer link ``token`` (also one used up, expired or revoked) where
        ``access`` reads that group, else ``None``: where a member who opens a link again belongs (a stranger
        learns nothing of a link that is not valid)."""
        if not token or len(token) > MAX_TOKEN or not access.roles:
            return None
        with self.store.read() as session:
            row = session.scalars(select(Invitation).where(Invitation.token_hash == _hash(token))).first()
            group_id = row.group_id if row is not None and row.kind in ("member", "viewer") else None
        return group_id if group_id is not None and access.reads(group_id) else None

    def join(
        self, token: str, name: str = "", label: str = "", as_access: Access | None = None
    ) -> tuple[AccountInfo | None, str | None]:
        """Use a link: a group's invitation (``name``'s new account joins; with ``as_access`` of a device
        that already has an account, that account joins and no new session is made), a device link (a new
        session of its account) or a viewer link (a read-only session). Returns the account (``None`` for a
        viewer link) and the new session's token (``None`` where the device keeps its own). An account that
        already is a member of the invitation's group spends nothing of it (it is meant for someone else); a new
        member is the invitation's player, else the player of the account's name whom no member is yet. A new
        account may not take the name of a member of the group (the history tells members apart by name).

        Raises InvitationError (the link is not valid), StoreError (a bad ``name`` for a new account)."""
        with self.store.write() as session:
            invitation = self._usable_invitation(session, token, ("member", "device", "viewer"), lock=True)
            if invitation.kind == "viewer":
                invitation.uses += 1
                return None, self._new_session(session, None, invitation.id, label)
            if invitation.kind == "device":
                account = session.get(Account, invitation.account_id) if invitation.account_id else None
                if account is None:
                    raise _not_valid()
                invitation.uses += 1
                return self._account_info(account), self._new_session(session, account.id, None, label)
            assert invitation.group_id is not None
            existing = (
                session.get(Account, as_access.account_id)
                if as_access is not None and as_access.account_id is not None
                else None
            )
            now = utc_now()
            if existing is None:
                name = clean_name(name, "name")
                key = name_key(name)
                named = session.scalars(
                    select(Account.name)
                    .join(Membership, Membership.account_id == Account.id)
                    .where(Membership.group_id == invitation.group_id)
                )
                if any(name_key(other) == key for other in named):  # the history names members by name
                    raise StoreError("name: {name!r} is a member of this group already; choose another", name=name)
                meant = invitation.player
                if meant is not None and key != name_key(meant):
                    other = session.scalars(
                        select(Player.name).where(Player.group_id == invitation.group_id, Player.key == key)
                    ).first()
                    if other is not None:  # an invitation for Dirk does not make its holder Anna in the history
                        raise StoreError(
                            "name: {name!r} is another player of this group; this invitation is for {player}",
                            name=name,
                            player=meant,
                        )
                account = Account(name=name, created_at=now)
                session.add(account)
                session.flush()
            else:
                account = existing
            membership = session.scalars(
                select(Membership).where(
                    Membership.group_id == invitation.group_id, Membership.account_id == account.id
                )
            ).first()
            if membership is None:  # a member opening another invitation of the group spends nothing
                invitation.uses += 1
                session.add(
                    Membership(
                        group_id=invitation.group_id,
                        account_id=account.id,
                        role=invitation.role or "member",
                        player=invitation.player or self._own_player(session, invitation.group_id, account.name),
                        created_at=now,
                    )
                )
            session_token = None if existing is not None else self._new_session(session, account.id, None, label)
            return self._account_info(account), session_token

    def invitations(self, by: Access, group_id: int) -> list[InvitationInfo]:
        """The group's invitations and viewer links, newest first (used, expired and revoked ones included);
        for its admins. Raises NotFound, Forbidden as :meth:`invite`."""
        with self.store.read() as session:
            self._check_admin(session, by, group_id)
            rows = session.scalars(
                select(Invitation).where(Invitation.group_id == group_id).order_by(Invitation.id.desc())
            )
            return [self._invitation_info(session, row) for row in rows]

    def revoke_invitation(self, by: Access, group_id: int, invitation_id: int) -> None:
        """Revoke an invitation or viewer link of the group (its viewer sessions end with it).

        Raises NotFound (no such invitation of this group), Forbidden (not an admin)."""
        with self.store.write() as session:
            self._check_admin(session, by, group_id)
            row = session.get(Invitation, invitation_id)
            if row is None or row.group_id != group_id:
                raise NotFound("invitation {id}: not found", id=invitation_id)
            if row.revoked_at is None:
                row.revoked_at = utc_now()
                session.execute(
                    update(DeviceSession)
                    .where(DeviceSession.invitation_id == row.id, DeviceSession.revoked_at.is_(None))
                    .values(revoked_at=row.revoked_at)
                )

    def _invitation_info(self, session: Session, row: Invitation) -> InvitationInfo:
        group = session.get(Group, row.group_id) if row.group_id is not None else None
        creator = session.get(Account, row.created_by) if row.created_by is not None else None
        return InvitationInfo(
            id=row.id,
            kind=row.kind,
            group_id=row.group_id,
            group_name=group.name if group is not None else None,
            role=row.role,
            player=row.player,
            created_by=creator.name if creator is not None else None,
            created_at=as_utc(row.created_at),
            expires_at=as_utc(row.expires_at) if row.expires_at is not None else None,
            max_uses=row.max_uses,
            uses=row.uses,
            revoked=row.revoked_at is not None,
            usable=_usable(row, utc_now()),
        )

    # -- members of a group --------------------------------------------------------------------------

    def _check_admin(self, session: Session, by: Access, group_id: int) -> None:
        self._group(session, group_id)
        if not by.reads(group_id):
            raise NotFound("group {group_id}: not found", group_id=group_id)
        if not by.administers(group_id):
            raise Forbidden("group {group_id}: only its admins may do this", group_id=group_id)

    @staticmethod
    def _group_player(session: Session, group_id: int, player: str) -> str:
        key = name_key(clean_name(player, "player"))
        found = session.scalars(select(Player.name).where(Player.group_id == group_id, Player.key == key)).first()
        if found is None:
            raise StoreError("player: {name!r} is not a player of this group", name=str(player)[:40])
        return found

    @staticmethod
    def _own_player(session: Session, group_id: int, name: str) -> str | None:
        """The player of the group's Liste named ``name`` (compared by :func:`name_key`) whom no member is yet
        and no usable invitation is meant for: the player a new member of that name is (so the group's admins
        are not offered to invite them)."""
        key = name_key(name)
        found = session.scalars(select(Player.name).where(Player.group_id == group_id, Player.key == key)).first()
        if found is None:
            return None
        taken = list(
            session.scalars(
                select(Membership.player).where(Membership.group_id == group_id, Membership.player.is_not(None))
            )
        )
        now = utc_now()
        taken += [
            row.player
            for row in session.scalars(
                select(Invitation).where(Invitation.group_id == group_id, Invitation.player.is_not(None))
            )
            if _usable(row, now)
        ]
        return None if any(name_key(p) == key for p in taken if p) else found

    def add_admin(self, account_id: int, group_id: int) -> None:
        """Make ``account_id`` an admin of ``group_id`` (its creator; an import's importer); a new member is the
        player of the Liste of the account's name, if there is one whom no member is yet."""
        with self.store.write() as session:
            membership = session.scalars(
                select(Membership).where(Membership.group_id == group_id, Membership.account_id == account_id)
            ).first()
            if membership is None:
                account = session.get(Account, account_id)
                player = self._own_player(session, group_id, account.name) if account is not None else None
                session.add(
                    Membership(
                        group_id=group_id, account_id=account_id, role="admin", player=player, created_at=utc_now()
                    )
                )
            else:
                membership.role = "admin"

    def members(self, by: Access, group_id: int) -> list[MemberInfo]:
        """The group's members, admins first, then by name; for anyone who may read the group.

        Raises NotFound: no such group, or ``by`` may not read it (the same answer)."""
        with self.store.read() as session:
            self._group(session, group_id)
            if not by.reads(group_id):
                raise NotFound("group {group_id}: not found", group_id=group_id)
            rows = session.execute(
                select(Membership, Account)
                .join(Account, Account.id == Membership.account_id)
                .where(Membership.group_id == group_id)
            )
            found = [
                MemberInfo(
                    account_id=account.id,
                    name=account.name,
                    role=membership.role,
                    player=membership.player,
                    since=as_utc(membership.created_at),
                )
                for membership, account in rows
            ]
        return sorted(found, key=lambda m: (ROLES.index(m.role) if m.role in ROLES else 9, name_key(m.name)))

    def players_to_invite(self, by: Access, group_id: int) -> list[str]:
        """The group's players that no member is yet and no usable invitation is meant for: whom an admin
        of a database from before members is offered to invite. Raises as :meth:`invitations`."""
        with self.store.read() as session:
            self._check_admin(session, by, group_id)
            players = list(session.scalars(select(Player.name).where(Player.group_id == group_id).order_by(Player.id)))
            taken = {
                name_key(p)
                for p in session.scalars(
                    select(Membership.player).where(Membership.group_id == group_id, Membership.player.is_not(None))
                )
                if p
            }
            now = utc_now()
            for row in session.scalars(select(Invitation).where(Invitation.group_id == group_id)):
                if row.player and _usable(row, now):
                    taken.add(name_key(row.player))
        return [p for p in players if name_key(p) not in taken]

    def set_role(self, by: Access, group_id: int, account_id: int, role: str) -> None:
        """Give a member another role. The last admin stays admin.

        Raises NotFound (no such member), Forbidden (not an admin), StoreError (a bad role, the last admin)."""
        if role not in ROLES:
            raise StoreError("role: {role!r} is not one of admin, member", role=str(role)[:20])
        with self.store.write() as session:
            self._check_admin(session, by, group_id)
            membership = self._membership(session, group_id, account_id)
            if membership.role == "admin" and role != "admin":
                self._keep_an_admin(session, group_id)
            membership.role = role

    def remove_member(self, by: Access, group_id: int, account_id: int) -> None:
        """Remove a member from the group (an admin; or a member leaving): the account sees the group no more.
        The games it entered stay, with its name in the history.

        Raises NotFound (no such member), Forbidden (not an admin), StoreError (the last admin)."""
        with self.store.write() as session:
            if by.account_id != account_id:
                self._check_admin(session, by, group_id)
            membership = self._membership(session, group_id, account_id)
            if membership.role == "admin":
                self._keep_an_admin(session, group_id)
            session.delete(membership)

    @staticmethod
    def _membership(session: Session, group_id: int, account_id: int) -> Membership:
        membership = session.scalars(
            select(Membership).where(Membership.group_id == group_id, Membership.account_id == account_id)
        ).first()
        if membership is None:
            raise NotFound("member {id}: not found", id=account_id)
        return membership

    @staticmethod
    def _keep_an_admin(session: Session, group_id: int) -> None:
        """Raise StoreError when the group has one admin (or none) left. The admins' rows stay locked until the
        transaction ends (PostgreSQL ``FOR UPDATE``): two admins who make each other members at once are one
        after the other, and the second is refused."""
        admins = session.scalars(
            select(Membership.id).where(Membership.group_id == group_id, Membership.role == "admin").with_for_update()
        ).all()
        if len(admins) <= 1:
            raise StoreError("role: the group's last admin stays admin; make another member admin first")

    def allow_groups(self, by: Access, account_id: int, allowed: bool) -> None:
        """Let an account create groups (or not); only the server's owner may.

        Raises Forbidden (not the owner), NotFound (no such account)."""
        if not by.owner:
            raise Forbidden("only the server's owner may let others create groups")
        with self.store.write() as session:
            account = session.get(Account, account_id)
            if account is None:
                raise NotFound("account {id}: not found", id=account_id)
            account.creates_groups = allowed or account.owner

    def accounts(self, by: Access) -> list[AccountInfo]:
        """Every account of the server, for its owner. Raises Forbidden."""
        if not by.owner:
            raise Forbidden("only the server's owner may list its accounts")
        with self.store.read() as session:
            return [self._account_info(a) for a in session.scalars(select(Account).order_by(Account.id))]

    # -- the optional password ------------------------------------------------------------------------

    def set_password(self, by: Access, login: str, password: str) -> None:
        """Give ``by``'s account a login name and a password (argon2-hashed): the way back in on a new device.

        Raises NotFound (no account), StoreError naming ``login`` (taken, bad) or ``password`` (too short)."""
        from argon2 import PasswordHasher

        key = name_key(clean_name(login, "login"))
        if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
            raise StoreError("password: between {least} and {most} characters", least=MIN_PASSWORD, most=MAX_PASSWORD)
        hashed = PasswordHasher().hash(password)
        with self.store.write() as session:
            account = session.get(Account, by.account_id) if by.account_id is not None else None
            if account is None:
                raise NotFound("account: not found")
            other = session.scalar(select(Account.id).where(Account.login_key == key, Account.id != account.id))
            if other is not None:
                raise StoreError("login: {login!r} is taken; choose another", login=login.strip()[:40])
            account.login_key = key
            account.password_hash = hashed

    def login(self, login: str, password: str, label: str = "") -> tuple[AccountInfo, str]:
        """A new session for the account with this login name and password.

        Raises InvitationError-like StoreError "login: name or password wrong" (the same for both)."""
        from argon2 import PasswordHasher
        from argon2.exceptions import Argon2Error, InvalidHashError

        wrong = StoreError("login: the name or the password is wrong")
        try:
            key = name_key(clean_name(login, "login"))
        except ValueError:
            raise wrong from None
        with self.store.write() as session:
            account = session.scalars(select(Account).where(Account.login_key == key)).first()
            if account is None or account.password_hash is None:
                raise wrong
            try:
                PasswordHasher().verify(account.password_hash, password[:MAX_PASSWORD])
            except (Argon2Error, InvalidHashError):
                raise wrong from None
            return self._account_info(account), self._new_session(session, account.id, None, label)
