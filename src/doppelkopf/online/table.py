"""A table's game in memory: the deal being played, rebuilt from its stored actions.

:class:`TableState` holds the deal (:class:`DealSetup`) and the game of an online table. It is rebuilt from
what storage keeps (the setup and the ``(seat, action)`` list of the deal) by replaying the actions through
the engine, and changed only by :meth:`TableState.apply`, which the engine checks. The computer players'
decisions (:meth:`TableState.decide`) depend only on the table seed and the position in the deal, so a
server that restarts mid-game plays on exactly as it would have. Pure: no I/O.

A rule of the online table: a computer player standing in for a person's seat (a dropped connection) plays
conservatively, so that it never commits the absent person to a game, an Ansage or a score of its own
choosing (:data:`STANDIN_POLICY`, :func:`standin_actions`). In the Vorbehaltsabfrage it says gesund (only
when its seat must play its Pflichtsolo now, Vorführung, TSR 4.2.3, it names the solo the rules player
chooses); it refuses an Armut offered to it, passes in the bidding, makes no Ansage or Absage, claims no
rest and gives up none; the Schweine it may announce as the rules player would, and it plays the rules
player's card among the legal ones. Where the rules leave it no other choice (the Pflichtansage of seed 002,
laying and giving back the cards of an Armut it is part of) it takes the rules' forced step. The computer
players of the bot seats play fully.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..game import FORCED_KINDS, Action, Game, IllegalAction, InformationState, Phase
from ..liste import game_entry
from ..messages import N_, Text
from ..players import PLAYERS, IllegalPlayerAction, Player, make_player
from ..rules import RuleSet
from ..session import GameSetup

__all__ = [
    "BOT_LEVELS",
    "STANDIN_LEVEL",
    "STANDIN_POLICY",
    "DealSetup",
    "TableState",
    "bot_seed",
    "deal_seed",
    "setup_for",
    "standin_actions",
]

#: The computer players offered at an online table: registry name (:mod:`doppelkopf.players`) -> label
#: (English, marked for the catalogue: the pages show ``tr.gettext(label)``).
BOT_LEVELS: dict[str, str] = {
    "rules": N_("rules player"),
    "search-easy": N_("search (easy)"),
    "search": N_("search"),
    "search-v3": N_("search (strong)"),
    "random": N_("random"),
}

#: The computer player that stands in for a person's seat (a dropped connection, after the grace time).
STANDIN_LEVEL = "rules"

#: The online table's rule for a stand-in (a computer player deciding for a person's seat, ``bots[seat] is
#: None``): it plays conservatively, for it must not commit the absent person to a game, an Ansage or Punkte
#: of its own choosing. Applied by :func:`standin_actions`; the rules player (:data:`STANDIN_LEVEL`) chooses
#: only among the actions left.
STANDIN_POLICY = """\
A stand-in for a person's seat plays conservatively:
- Vorbehaltsabfrage: gesund. Only when the seat must play its Pflichtsolo now (Vorführung, TSR 4.2.3) and
  gesund is not legal, it names the solo the rules player chooses. No Hochzeit, Armut, Schmeissen, no solo.
- An Armut offered to it: refused. Bidding for a solo: pass.
- No Ansage or Absage (also not out of turn), no claim of the rest, no concession (Spielabkürzung); after a
  soloist's concession it passes.
- The Schweine, where the rules make them legal, as the rules player would announce them.
- No Genscher (rule genscher): it plays the first Karo-König without naming a partner.
- Cards (and the cards of an Armut exchange it is part of): the rules player's choice among the legal ones.
- Where the rules leave only announcements (the Pflichtansage of seed 002), the lowest one.
The computer players of the bot seats play fully."""

_SEED_SPACE = 2**63
#: Every action number is below this (:class:`~doppelkopf.game.Action`: 0..119); larger ones are refused at once.
_ACTION_LIMIT = 256


def deal_seed(table_seed: int, deal: int) -> int:
    """The shuffle seed of deal number ``deal`` (1-based) at a table seeded ``table_seed``: the same table seed
    gives the same deals, on any machine (no ``hash()``), in 0 .. 2**63 - 1.

    >>> deal_seed(7, 1) == deal_seed(7, 1), deal_seed(7, 1) == deal_seed(7, 2)
    (True, False)
    """
    return (table_seed * 1_000_003 + deal * 7_919) % _SEED_SPACE


@dataclass(frozen=True)
class DealSetup:
    """One deal at a table.

    Attributes:
        number: the deal number at the table, 1-based (a deal thrown in counts; the next deal is ``number + 1``).
        game_number: the Liste's game number the game gets if it counts (a deal thrown in keeps it for the next).
        seed: the shuffle seed (:func:`deal_seed`).
        dealer: the dealer's seat 0..3.
        pflichtsolo_done: per seat, whether its Pflichtsolo of the round is played (TSR 4.2).
        forced_solo_seat: the seat that must play its Pflichtsolo now (Vorführung, TSR 4.2.3), or ``None``.
        bock_multiplier: 1 without Bock, 2 Bock, 4 Doppelbock (seed 002).
        games_left_in_round: counted games still to play in the round, this one included (TSR 4.2.3), or
            ``None`` where not known (a deal stored before the field existed); the seats see it.
        forced_kind: the kind of solo the forced seat owes (``farb_pflichtsoli``, ``bilder_pflichtsoli``;
            :data:`~doppelkopf.game.FORCED_KINDS`), or ``None``: any solo.
    """

    number: int
    game_number: int
    seed: int
    dealer: int
    pflichtsolo_done: tuple[bool, bool, bool, bool]
    forced_solo_seat: int | None
    bock_multiplier: int
    games_left_in_round: int | None = None
    forced_kind: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (see :meth:`from_dict`)."""
        return {
            "number": self.number,
            "game_number": self.game_number,
            "seed": self.seed,
            "dealer": self.dealer,
            "pflichtsolo_done": list(self.pflichtsolo_done),
            "forced_solo_seat": self.forced_solo_seat,
            "bock_multiplier": self.bock_multiplier,
            "games_left_in_round": self.games_left_in_round,
            "forced_kind": self.forced_kind,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DealSetup:
        """The setup :meth:`to_dict` wrote. Raises ValueError naming the field for anything else."""
        try:
            done = tuple(bool(x) for x in data["pflichtsolo_done"])
            forced = data["forced_solo_seat"]
            left = data.get("games_left_in_round")
            kind = data.get("forced_kind")
            setup = cls(
                int(data["number"]),
                int(data["game_number"]),
                int(data["seed"]),
                int(data["dealer"]),
                (done[0], done[1], done[2], done[3]),
                None if forced is None else int(forced),
                int(data["bock_multiplier"]),
                None if left is None else int(left),
                None if kind is None else str(kind),
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ValueError(f"deal setup: not readable ({exc})") from None
        if len(done) != 4 or setup.dealer not in range(4) or setup.forced_solo_seat not in (None, 0, 1, 2, 3):
            raise ValueError("deal setup: dealer and forced_solo_seat must be seats 0..3, pflichtsolo_done 4 flags")
        if setup.games_left_in_round is not None and setup.games_left_in_round < 0:
            raise ValueError(f"deal setup: games_left_in_round must be 0 or more, got {setup.games_left_in_round}")
        if setup.forced_kind is not None and (setup.forced_kind not in FORCED_KINDS or setup.forced_solo_seat is None):
            raise ValueError(f"deal setup: forced_kind {setup.forced_kind!r} is no kind owed by a forced seat")
        return setup


def setup_for(setup: GameSetup, *, number: int, game_number: int, table_seed: int) -> DealSetup:
    """The :class:`DealSetup` of deal ``number`` from the Liste's :class:`~doppelkopf.session.GameSetup`
    (:meth:`doppelkopf.liste.ListeBuilder.game_setup`): the Liste decides dealer, Pflichtsolo and Bock."""
    return DealSetup(
        number=number,
        game_number=game_number,
        seed=deal_seed(table_seed, number),
        dealer=setup.dealer,
        pflichtsolo_done=setup.pflichtsolo_done,
        forced_solo_seat=setup.forced_solo_seat,
        bock_multiplier=setup.bock_multiplier,
        games_left_in_round=setup.games_left_in_round,
        forced_kind=setup.forced_kind,
    )


def standin_actions(info: InformationState) -> tuple[int, ...]:
    """The actions a stand-in may take for ``info.seat`` (:data:`STANDIN_POLICY`): a non-empty subset of
    ``info.legal_actions`` (empty only when that is empty), in its order.

    Vorbehaltsabfrage: ``(GESUND,)``, or in a Vorführung (gesund not legal, TSR 4.2.3) the declared solos
    offered; an Armut offered: ``(ARMUT_REFUSE,)``; bidding: ``(PASS,)``; in the play and after a concession
    every legal action but the announcements, a claim, a concession and a Genscher, or the lowest announcement
    when the rules leave nothing else (Pflichtansage, seed 002). Anything the rules force (laying or giving back an
    Armut's cards) stays as it is.
    """
    legal = tuple(info.legal_actions)
    phase = info.phase
    if phase is Phase.VORBEHALT:
        if Action.GESUND in legal:
            return (Action.GESUND,)
        soli = tuple(a for a in legal if Action.is_vorbehalt(a) and Action.game_type(a).is_declared_solo)
        return soli or legal
    if phase is Phase.ARMUT:
        return (Action.ARMUT_REFUSE,) if Action.ARMUT_REFUSE in legal else legal
    if phase is Phase.BIDDING:
        return (Action.PASS,) if Action.PASS in legal else legal
    allowed = tuple(
        a
        for a in legal
        if not Action.is_announcement(a) and not Action.is_genscher(a) and a not in (Action.CLAIM, Action.CONCEDE)
    )
    if allowed or not legal:
        return allowed
    announcements = [a for a in legal if Action.is_announcement(a)]
    return (min(announcements),) if announcements else legal


def bot_seed(table_seed: int, deal: int, position: int, seat: int) -> int:
    """The seed of the computer player deciding for ``seat`` at ``position`` (actions taken so far) of deal
    number ``deal`` at a table seeded ``table_seed``: the same on any machine and after a restart (SHA-256,
    no ``hash()``), in 0 .. 2**63 - 1.

    >>> bot_seed(7, 1, 0, 2) == bot_seed(7, 1, 0, 2), bot_seed(7, 1, 0, 2) == bot_seed(7, 1, 1, 2)
    (True, False)
    """
    text = f"doko-online-bot:{table_seed}:{deal}:{position}:{seat}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


class TableState:
    """The table's game in memory: rebuilt from the stored deal and actions (replay), changed only by
    :meth:`apply`.

    Attributes:
        rules: the table's rule set.
        names: the four players' names, seats 0..3 (the Liste's column order).
        bots: per seat the computer player's registry name (:data:`BOT_LEVELS`), or ``None`` for a person.
        table_seed: the table's seed (deals: :func:`deal_seed`; computer players: :func:`bot_seed`).
        deal: the current deal's setup, or ``None`` before the first deal.
        game: the current deal's game, or ``None`` before the first deal.
        actions: the ``(seat, action)`` steps of the current deal, in order (what storage keeps).

    Raises ValueError naming ``names`` or ``bots`` unless there are four of each, or naming a bot level
    that :func:`doppelkopf.players.make_player` does not know.
    """

    def __init__(self, rules: RuleSet, names: Sequence[str], bots: Sequence[str | None], table_seed: int) -> None:
        if len(names) != 4:
            raise ValueError(f"names: a table has 4 seats, got {len(names)} names")
        if len(bots) != 4:
            raise ValueError(f"bots: a table has 4 seats, got {len(bots)} entries")
        for seat, level in enumerate(bots):
            if level is not None and level not in PLAYERS:
                raise ValueError(f"bots[{seat}]: unknown computer player {level!r}; known: {', '.join(PLAYERS)}")
        self.rules = rules
        self.names: tuple[str, ...] = tuple(names)
        self.bots: tuple[str | None, ...] = tuple(bots)
        self.table_seed = int(table_seed)
        self.deal: DealSetup | None = None
        self.game: Game | None = None
        self.actions: list[tuple[int, int]] = []

    # -- the deal ------------------------------------------------------------------------------------
    def start_deal(self, setup: DealSetup, actions: Sequence[tuple[int, int]] = ()) -> None:
        """Deal ``setup`` (:meth:`Game.new <doppelkopf.game.Game.new>` with its seed, dealer, Pflichtsolo
        state and forced soloist) and replay ``actions`` (the deal's stored steps) through the engine.

        Raises IllegalAction (the engine's message, prefixed with the step's number and seat)
        for a step the rules refuse, or for a setup the engine refuses (a forced seat that cannot be
        forced); the state is unchanged then.
        """
        game = Game.new(
            self.rules,
            seed=setup.seed,
            dealer=setup.dealer,
            pflichtsolo_done=setup.pflichtsolo_done,
            forced_solo_seat=setup.forced_solo_seat,
            games_left_in_round=setup.games_left_in_round,
            forced_kind=setup.forced_kind,
        )
        done: list[tuple[int, int]] = []
        for index, (seat, action) in enumerate(actions):
            try:
                game.apply(int(action), int(seat))
            except IllegalAction as exc:
                raise IllegalAction(
                    Text("action {number} (seat {seat}): {reason}", number=index + 1, seat=seat, reason=exc)
                ) from None
            done.append((int(seat), int(action)))
        self.deal, self.game, self.actions = setup, game, done

    @property
    def finished(self) -> bool:
        """Whether the deal's game is over (played out, or thrown in); False without a game."""
        return self.game is not None and self.game.is_terminal

    @property
    def thrown_in(self) -> bool:
        """Whether the deal was thrown in (Schmeissen, an Armut nobody took): it does not count, the same
        dealer deals again (:attr:`Game.redeal_same_dealer <doppelkopf.game.Game.redeal_same_dealer>`)."""
        return self.game is not None and self.game.is_terminal and self.game.thrown_in

    # -- actions -------------------------------------------------------------------------------------
    def check(self, seat: int, action: int) -> None:
        """Whether ``seat`` may take ``action`` now; raises IllegalAction with the engine's message (the rule
        named) if not: not a seat 0..3, not its turn, a card not in the hand, Bedienpflicht, a late
        announcement ... Without a game: ``"no game is being played at this table now"``. Changes nothing."""
        game = self.game
        if game is None:
            raise IllegalAction(Text("no game is being played at this table now"))
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise IllegalAction(Text("seat: expected a seat 0..3, got {value}", value=f"{seat!r:.40}"))
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalAction(Text("action: expected an action number, got {value}", value=f"{action!r:.40}"))
        if seat not in range(4):
            raise IllegalAction(Text("no seat {seat}: seats are 0..3", seat=seat))
        if not 0 <= action < _ACTION_LIMIT:  # a forged number: the engine's own words, before any machine int
            raise IllegalAction(Text("no such action: {action}", action=str(action)[:40]))
        if action in game.legal_actions(seat):
            return
        game.clone().apply(action, seat)  # the engine names the rule (a copy: nothing changes here)

    def apply(self, seat: int, action: int) -> None:
        """Take ``action`` for ``seat`` (after :meth:`check`) and append it to :attr:`actions`. Raises
        IllegalAction as :meth:`check` does; the state is unchanged then."""
        self.check(seat, action)
        assert self.game is not None
        self.game.apply(action, seat)
        self.actions.append((seat, int(action)))

    def entry(self) -> dict[str, Any] | None:
        """The finished game as a full Liste entry (:func:`doppelkopf.liste.game_entry` of the game's summary
        with :attr:`names`, its Pflichtsolo, and ``"dealer"``: the dealer's name), for
        :meth:`doppelkopf.liste.ListeBuilder.add`; ``None`` while the game is not over or when it was
        thrown in (it does not count)."""
        game = self.game
        if game is None or self.deal is None or not game.is_terminal or game.thrown_in:
            return None
        entry = game_entry(game.summary(), self.names, game.pflichtsolo)
        entry["dealer"] = self.names[self.deal.dealer]
        return entry

    # -- computer players ----------------------------------------------------------------------------
    def decide(self, seats: Collection[int]) -> tuple[int, int] | None:
        """The next ``(seat, action)`` of a computer player among ``seats`` (the bot seats and the seats a
        computer player stands in for), or ``None`` when none of them has to act now.

        A seat of ``seats`` whose :attr:`bots` entry is ``None`` (a person's) gets a stand-in that plays by
        :data:`STANDIN_POLICY`: it is never asked out of turn, and it chooses among :func:`standin_actions`
        only (the only one of them without asking, else the rules player given an information state whose
        ``legal_actions`` are those). A bot seat's computer player plays fully.

        A pure function of the position (the deal and :attr:`actions`): nothing is remembered between calls,
        so the same position gives the same decision however often it is asked, and a server that rebuilt
        the table from the stored actions decides exactly as one that ran on. As
        :func:`doppelkopf.players.play_game` asks them: in the play, the seats of ``seats`` other than the
        player to move that have a legal action are asked for an announcement out of turn
        (:meth:`Player.react <doppelkopf.players.Player.react>`) in seat order after him; the first answer
        that is not ``None`` is the decision. Otherwise, if the player to move is among ``seats``, his
        :meth:`Player.choose <doppelkopf.players.Player.choose>`. An announcement changes the position, so
        the next call asks everyone again (the runner's repeated rounds: an announcement can be answered,
        TSR 6.4.4). Each decision is made by a fresh player (:func:`doppelkopf.players.make_player` with the
        seat's level, a stand-in plays :data:`STANDIN_LEVEL`, seeded with :func:`bot_seed` of the position,
        reset with the seat, the rules and the deal's seed) that sees only the seat's information state.
        Reads the game only: call it on a :meth:`copy` to think outside a lock.

        Raises :class:`doppelkopf.players.IllegalPlayerAction` if a computer player answers with an action
        that is not legal (a bug of that player).
        """
        game = self.game
        if game is None or game.is_terminal:
            return None
        position = len(self.actions)
        current = game.current_player
        if game.phase is Phase.PLAY:
            for k in range(1, 4):
                other = (current + k) % 4
                if other not in seats or self.bots[other] is None or not game.legal_actions(other):
                    continue  # a stand-in makes no announcement out of turn
                answer = self._player(other, position).react(game.information_state(other))
                if answer is not None:
                    return other, self._legal(other, answer, "announced out of turn")
        if current not in seats:
            return None
        info = game.information_state(current)
        if self.bots[current] is not None:
            answer = self._player(current, position).choose(info)
            return current, self._legal(current, answer, "chose")
        allowed = standin_actions(info)
        if len(allowed) == 1:
            return current, allowed[0]
        answer = self._player(current, position).choose(replace(info, legal_actions=allowed))
        if answer not in allowed:
            raise IllegalPlayerAction(
                "stand-in {level} (seat {seat}) chose {action}, which a stand-in may not take; allowed: {allowed}",
                level=repr(self.level_of(current)),
                seat=current,
                action=_key(answer),
                allowed=" ".join(Action.key(a) for a in allowed) or "none",
            )
        return current, self._legal(current, answer, "chose")

    def bot_action(self, seats: Collection[int]) -> tuple[int, int] | None:
        """The same as :meth:`decide` (its older name)."""
        return self.decide(seats)

    def copy(self) -> TableState:
        """An independent copy: the same rules, seats, deal and actions, the game cloned
        (:meth:`Game.clone <doppelkopf.game.Game.clone>`); changing one never changes the other (a server
        decides for its computer players on a copy, outside its lock)."""
        other = TableState.__new__(TableState)
        other.rules = self.rules
        other.names = self.names
        other.bots = self.bots
        other.table_seed = self.table_seed
        other.deal = self.deal
        other.game = None if self.game is None else self.game.clone()
        other.actions = list(self.actions)
        return other

    def level_of(self, seat: int) -> str:
        """The computer player's registry name that decides for ``seat``: its bot, or :data:`STANDIN_LEVEL`
        for a person's seat (which plays by :data:`STANDIN_POLICY`)."""
        return self.bots[seat] or STANDIN_LEVEL

    def _player(self, seat: int, position: int) -> Player:
        assert self.deal is not None
        player = make_player(self.level_of(seat), seed=bot_seed(self.table_seed, self.deal.number, position, seat))
        player.reset(seat, self.rules, self.deal.seed)
        return player

    def _legal(self, seat: int, action: object, what: str) -> int:
        assert self.game is not None
        legal = self.game.legal_actions(seat)
        if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
            raise IllegalPlayerAction(
                "computer player {level} (seat {seat}) {what} {action}, which is not legal now; legal: {legal}",
                level=repr(self.level_of(seat)),
                seat=seat,
                what=what,
                action=_key(action),
                legal=" ".join(Action.key(a) for a in legal) or "none",
            )
        return int(action)


def _key(action: object) -> str:
    """The record key of ``action`` (:meth:`Action.key`), or its repr for anything else."""
    if isinstance(action, int) and not isinstance(action, bool):
        try:
            return Action.key(action)
        except IllegalAction:
            pass
    return repr(action)[:40]
