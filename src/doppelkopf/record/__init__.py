"""Game records: save a played game, load it back, replay and check it, show it trick by trick.

A :class:`GameRecord` holds everything needed to play a game again move by move: the rule set
(its name plus every option, so a record keeps its meaning when a preset changes later), the
player names, the seed, the dealer, the four dealt hands, the Pflichtsolo state of the seats (and
the seat forced to play its Pflichtsolo, when the engine forces one) and every action in order as
``(seat, action)``, the actions of the house rules included (Schmeissen, a Hochzeit naming its
trick, the bidding, the Schweine, the Armut exchange, the claim of the rest). It also stores the
result as it was scored (winner, game value in Punkte, Punkte per seat, the items of the score
table), so :func:`verify` can check that replaying the actions still gives the same result. A
deal thrown in (Schmeissen, or an Armut nobody took) has no result but ``thrown_in``: why it was
thrown in, as the engine says (``"schmeissen"`` or ``"armut"``).

The file format is JSON (version 4), with cards and actions written as the ASCII keys of
:meth:`doppelkopf.game.Action.key` (``KrD``, ``announce:keine_90``, ``vorbehalt:kreuz``)::

    {
      "format": "doppelkopf-record",
      "version": 4,
      "rules": {"preset": "ddv", "options": {...every RuleSet option...}},
      "players": ["Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4"],
      "seed": 7,
      "dealer": 0,
      "pflichtsolo_done": [false, false, false, false],
      "forced_solo_seat": 2,                      (only when a seat was forced)
      "forced_kind": "farbsolo",                  (only when it owed one kind: farb_/bilder_pflichtsoli)
      "hands": [["KrA", ...], [...], [...], [...]],
      "actions": [[1, "vorbehalt:normal"], ..., [2, "announce:ansage"], [2, "He10"], ...],
      "thrown_in": "schmeissen",                  (only for a deal thrown in; result is null)
      "result": {"game_type": "normal", "re_seats": [0, 2], "augen_re": 131, "winner": "re",
                 "value": 1, "points": [1, -1, 1, -1], "solo": false, "factor": 1,
                 "items": [["gewonnen", 1]]},
      "meta": {"created": "...", "game_number": 3, "bock": 2}
    }

``result`` is ``null`` for a game that is not finished and for a deal thrown in. The hands are
authoritative: the seed is kept for information (a deal may have been cut by hand), it is not
used to deal again.

**Bock.** ``meta`` is free JSON data except for ``bock``: the Bock multiplier of the game as the
Liste of its session has it (2 for Bock, 4 for Doppelbock ...; left out for no Bock), so the Liste
can be rebuilt from the records (seed 002: "Böcke verdoppeln die so gezählten Punkte.
Doppelböcke vervierfachen diese Punkte"; seed 004, Sonderfälle). It must be an int power of two
from 2 to the rule ``bock_max_multiplier``, and a finished declared solo under ``bock_skips_soli``
takes none (seed 002); :attr:`GameRecord.bock` reads it. The stored ``result`` stays the game's
own Punkte; :func:`trick_lines` shows the multiplied Punkte after them.

**Rules.** A record stores every option of its rule set, so it keeps its meaning when a preset
changes later; the stored options alone decide, no preset fills in. ``preset`` is the rule set's
name and must agree with the option ``name``; it need not name a known preset (a custom rule set,
e.g. from a TOML file, is stored with all its options just the same). An option missing from
``options`` is an error naming it, with one exception: a version-1 record (written before the
options of :data:`OPTIONS_ADDED` existed) may lack the options added after version 1, and each
takes the value that is the engine's behaviour before the option existed (all five are the DDV
defaults: ``schweine_optional`` false, ``hochzeit_early_ansage`` false, ``re_120_after_kontra``
true, ``absage_punkte`` "all", ``reached_against_absage`` true); a record before version 3 may lack
``own_augen_visible`` (false: the tricks lie face down, TSR); a record before version 4 may lack the 34 options of
issue 26 (FreeDoko's rules and other programs' variants: ``dullen``, ``genscher``, ``liste_counting`` ...), each
at its default, the behaviour before it. This package writes version 4 and reads versions 1
to 4; an option added to :class:`~doppelkopf.rules.RuleSet` later needs the next
version and its old value in :data:`OPTIONS_ADDED`.

**Players.** Names go through :func:`doppelkopf.names.clean_names` when a record is made and when
it is loaded: stored in Unicode NFC without surrounding blanks, at most 40 characters, no control
character or line separator, no two names that are one player (compared case-folded). A record
this program writes always loads again.

Several records go in one JSON Lines file (:func:`save_many`, :func:`load_many`, :func:`append`,
:func:`append_many`): one record per line. The writers escape U+0085, U+2028, U+2029 (and lone
surrogates) in strings, so a record is one line for any line splitter. Files are written
atomically through a hidden temporary file ``.<name>.<32 hex digits>.tmp`` beside the target;
one left by a writer that was killed is removed at the next write of the same target. A target
reached through symbolic links is written through them: the real file gets the new text and the
links stay. Only a regular file (or a name not yet taken) is ever written, never a device, a FIFO
or a folder. An atomic replace gives the target a new file: another hard link to the old one
keeps the old text.

**Reading is bounded.** The readers take a line of at most :data:`MAX_LINE_BYTES` (1 MiB; a record
line has a few KB), a single record of at most :data:`MAX_RECORD_BYTES` (4 MiB) and a JSON Lines
file of at most :data:`MAX_FILE_BYTES` (1 GiB): ``/dev/zero`` or a huge file is refused, naming the
line, instead of filling the memory. A JSON Lines file is read line by line, each line decoded as
it comes, so bytes that are no UTF-8 are named by line and offset as soon as they are met. A UTF-8
byte order mark at the start of a file is skipped. The writers refuse a record (a large ``meta``)
that the readers would not take back.

Every problem with a record raises :class:`RecordError` with a one-line message naming the source,
then the JSON line and column, the field (``hands[2][5]``, ``result.points``) or the action
(``actions[17]``) at fault. JSON nested deeper than :data:`doppelkopf.jsonutil.MAX_DEPTH`
levels, a key given twice and ``NaN`` are refused as invalid JSON.

**The package.** :mod:`doppelkopf.record.format` holds the format and its checks (:class:`GameRecord`,
:func:`record_game`, the JSON text and data, :func:`replay`, :func:`verify`), :mod:`doppelkopf.record.files`
the files (save, load and append, the bounded readers, :func:`write_atomic` with its locks) and
:mod:`doppelkopf.record.view` the trick-by-trick view (:func:`trick_views`, :func:`trick_lines`); ``files``
and ``view`` build on ``format``. Every public name is imported from here, as before the split.

>>> from doppelkopf.game import random_game
>>> from doppelkopf.rules import DDV
>>> game = random_game(DDV, seed=5)
>>> record = record_game(game, ["Anna", "Ben", "Carla", "Dirk"], game_number=1)
>>> again = from_json(to_json(record))
>>> again == record, replay(again).score() == game.score()
(True, True)
>>> verify(again).score() == game.score()
True
"""

from __future__ import annotations

from .files import (
    MAX_FILE_BYTES,
    GameNumberError,
    append,
    append_many,
    is_records_file,
    load,
    load_game,
    load_many,
    load_verified_game,
    save,
    save_many,
    write_atomic,
)
from .format import (
    BOCK_KEY,
    DEFAULT_PLAYERS,
    FIELDS,
    FORMAT_NAME,
    FORMAT_VERSION,
    MAX_LINE_BYTES,
    MAX_RECORD_BYTES,
    OPTIONS_ADDED,
    READ_VERSIONS,
    REQUIRED_FIELDS,
    GameRecord,
    RecordError,
    RecordResult,
    build_record,
    from_dict,
    from_dict_verified,
    from_json,
    record_game,
    replay,
    to_dict,
    to_json,
    to_json_line,
    verify,
)
from .view import AnnouncementView, CallView, TrickView, trick_lines, trick_views

__all__ = [
    "BOCK_KEY",
    "DEFAULT_PLAYERS",
    "FIELDS",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "MAX_LINE_BYTES",
    "MAX_RECORD_BYTES",
    "OPTIONS_ADDED",
    "READ_VERSIONS",
    "REQUIRED_FIELDS",
    "AnnouncementView",
    "CallView",
    "GameNumberError",
    "GameRecord",
    "RecordError",
    "RecordResult",
    "TrickView",
    "append",
    "append_many",
    "build_record",
    "from_dict",
    "from_dict_verified",
    "from_json",
    "is_records_file",
    "load",
    "load_game",
    "load_many",
    "load_verified_game",
    "record_game",
    "replay",
    "save",
    "save_many",
    "to_dict",
    "to_json",
    "to_json_line",
    "trick_lines",
    "trick_views",
    "verify",
    "write_atomic",
]
