"""Reading a rule file one way everywhere: the ``--rules FILE`` of the command line, a rule file uploaded
through a web form, the ``rules_toml`` of the JSON API and a rule set the storage is given as text.

One size limit in bytes (:data:`RULE_FILE_LIMIT`), one decoder (:func:`doppelkopf.fileutil.decode_text`:
UTF-8, a byte order mark at the start skipped, a bad byte named by its offset) and one rule for an edited
preset: a rule file whose rules carry a preset's name (``name = "ddv"``, as ``doko rules show ddv --toml``
writes it) but differ from that preset is renamed (:func:`changed_preset_name`), so that no changed rule
set is ever stored or shown as "ddv". An unchanged preset file keeps the preset's name.

Every error is a :class:`doppelkopf.rules.RuleError` in one line that starts with where the text came from
(a file name, a form field such as ``rules_file``, an API field such as ``rules_toml``). Pure Python (no
click, no web library): the command line, the web and the storage share it.
"""

from __future__ import annotations

from pathlib import Path

from .fileutil import NotUTF8Error, decode_text, read_limited
from .rules import PRESETS, RuleError, RuleSet

#: Largest rule file read, in bytes of UTF-8 (a full rule file with every comment is about 20 KiB).
RULE_FILE_LIMIT = 256 * 1024

#: Longest name taken from a file name for an edited preset (:func:`changed_preset_name`).
NAME_FROM_FILE_MAX = 60


def changed_preset_name(preset: str, file_name: str | None = None) -> str:
    """The name of an edited copy of the preset ``preset``: the stem of ``file_name`` (``haus`` for
    ``haus.toml``, folders left out) unless there is none, it is a preset's name too, longer than
    :data:`NAME_FROM_FILE_MAX` characters or not printable; then ``<preset> (changed)``.

    >>> changed_preset_name("ddv", "regeln/haus.toml")
    'haus'
    >>> changed_preset_name("ddv", "ddv.toml"), changed_preset_name("ddv")
    ('ddv (changed)', 'ddv (changed)')
    """
    stem = Path(file_name).stem.strip() if file_name else ""
    if stem and stem.lower() not in PRESETS and len(stem) <= NAME_FROM_FILE_MAX and stem.isprintable():
        return stem
    return f"{preset} (changed)"


def renamed_if_changed(rules: RuleSet, file_name: str | None = None) -> RuleSet:
    """``rules`` as read from a rule file: renamed (:func:`changed_preset_name`) where it carries a
    preset's name but differs from that preset, else unchanged."""
    preset = PRESETS.get(rules.name)
    if preset is not None and rules != preset:
        return rules.replace(name=changed_preset_name(rules.name, file_name))
    return rules


def check_size(size: int, source: str) -> None:
    """Raise RuleError (``SOURCE: larger than 256 KiB, not a rule file``) for a rule file of ``size``
    bytes over :data:`RULE_FILE_LIMIT`."""
    if size > RULE_FILE_LIMIT:
        raise RuleError(
            "{source}: larger than {rule_file_limit} KiB, not a rule file",
            source=source,
            rule_file_limit=RULE_FILE_LIMIT // 1024,
        )


def rules_from_text(text: str, source: str, file_name: str | None = None) -> RuleSet:
    """The rule set of a rule file's TOML ``text`` (as the JSON API's ``rules_toml`` or the storage get it).

    ``source`` starts every message (``rules_toml: ...``). An edited preset is renamed after
    ``file_name`` (see :func:`changed_preset_name`); text that comes without a file name, such as the
    JSON API's ``rules_toml``, is named ``<preset> (changed)`` (``ddv (changed)``): the API has no name
    of the user's to take, and the suffix says both where the rules come from and that they are not the
    preset.

    A byte order mark that starts ``text`` (U+FEFF, as a file saved with one and pasted or posted as it is)
    is skipped, as :func:`rules_from_bytes` skips it in a file.

    Raises RuleError naming ``source``: over :data:`RULE_FILE_LIMIT` bytes in UTF-8, not valid TOML, or a
    bad option (see :meth:`RuleSet.from_toml <doppelkopf.rules.RuleSet.from_toml>`).
    """
    text = text.removeprefix("\ufeff")
    if len(text) > RULE_FILE_LIMIT:  # every character is at least one byte: too large without encoding it
        check_size(len(text), source)
    check_size(len(text.encode("utf-8", "surrogatepass")), source)
    try:
        rules = RuleSet.from_toml(text)
    except RuleError as exc:
        raise RuleError("{source}: {exc}", source=source, exc=exc) from None
    return renamed_if_changed(rules, file_name)


def rules_from_bytes(data: bytes, source: str, file_name: str | None = None) -> RuleSet:
    """The rule set of a rule file's bytes (an upload, a file read): UTF-8 with an optional byte order
    mark (:func:`doppelkopf.fileutil.decode_text`), then as :func:`rules_from_text`. Give at most
    ``RULE_FILE_LIMIT + 1`` bytes: more are refused as too large.

    Raises RuleError naming ``source``: larger than :data:`RULE_FILE_LIMIT`, ``not UTF-8 text (byte N)``,
    or as :func:`rules_from_text`.
    """
    check_size(len(data), source)
    try:
        text = decode_text(data)
    except NotUTF8Error as exc:
        raise RuleError("{source}: {exc}", source=source, exc=exc) from None
    return rules_from_text(text, source, file_name)


def read_rule_file(path: str | Path) -> RuleSet:
    """The rule set of the TOML file at ``path`` (the CLI's ``--rules FILE``), read as every input file is
    (:func:`doppelkopf.fileutil.read_limited`: never more than :data:`RULE_FILE_LIMIT` + 1 bytes, also from
    ``/dev/zero``) and renamed after the file where it is an edited preset (``haus.toml``: ``haus``).

    Raises RuleError in one line that starts with ``path``: cannot be read (missing, a folder, no
    permission), larger than :data:`RULE_FILE_LIMIT`, not UTF-8 text (with the byte), not valid TOML, or a
    bad option (the option first, see :meth:`RuleSet.__post_init__
    <doppelkopf.rules.RuleSet.__post_init__>`).
    """
    spec = str(path)
    try:
        with Path(spec).open("rb") as handle:
            data = read_limited(handle, RULE_FILE_LIMIT + 1)
    except OSError as exc:
        raise RuleError("{spec}: cannot read the rule file ({value})", spec=spec, value=exc.strerror or exc) from None
    except ValueError as exc:
        raise RuleError("{spec}: cannot read the rule file ({exc})", spec=spec, exc=exc) from None
    return rules_from_bytes(data, spec, Path(spec).name)
