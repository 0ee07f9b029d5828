"""The human player of ``doko play``: shows the information state in the terminal and reads moves.

It sees exactly what a :class:`~doppelkopf.players.Player` sees (the information state) and answers with
one of the legal actions. Every decision of the rule set can be typed: the Vorbehalt (gesund, a solo,
Hochzeit with the trick that finds the partner, Schmeissen, Armut), the Armut exchange (take or
refuse, the cards to lay or to give back by their number or notation), the bidding for a solo
(raise or pass), and in play a card, an announcement, the Schweine or the claim of the rest. The
prompt lists the options; bad input gets a one-line message and a new prompt. What is legal always
comes from ``info.legal_actions``; the words only pick among those actions.

As the game goes on (:meth:`HumanPlayer.follow`, the ``on_event`` handler of the runner), the
computer players' cards and announcements are shown one by one, each ``pace`` seconds after the
one before, and every finished trick with its winner; ``letzter`` shows the last trick again. In an
Armut (:meth:`HumanPlayer.observe`) the answers are shown as they come and, when the exchange is
over, what went each way: the cards only to the poor player and the taker, the count to the others.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

import click
from rich.console import Console
from rich.text import Text as RichText

from .armut import cards_to_pass
from .cards import Card, CardError
from .cli.lang import gettext as _
from .cli.lang import ngettext, tr
from .game import Action, InformationState, Phase, Trick
from .messages import N_
from .order import dulle_rule_says_second, winner_index
from .players import Player
from .rules import GameType, Party, RuleSet, level_label
from .vorbehalte import plain_hochzeit

_LEVEL_WORDS = {
    "re": 1,
    "kontra": 1,
    "contra": 1,
    "k90": 2,
    "keine90": 2,
    "90": 2,
    "k60": 3,
    "keine60": 3,
    "60": 3,
    "k30": 4,
    "keine30": 4,
    "30": 4,
    "schwarz": 5,
}

#: What to type for each Hochzeit kind (rule ``hochzeit_partner = "choice"``), and the words read.
HOCHZEIT_WORDS = {
    "first_foreign": "fremd",
    "first_fehl": "fehl",
    "first_trump": "trumpf",
    "first_kreuz": "kreuz",
    "first_pik": "pik",
    "first_herz": "herz",
}
_HOCHZEIT_ALIASES = {
    "kreuz": "first_kreuz",
    "firstkreuz": "first_kreuz",
    "pik": "first_pik",
    "firstpik": "first_pik",
    "herz": "first_herz",
    "firstherz": "first_herz",
    "fremd": "first_foreign",
    "foreign": "first_foreign",
    "firstforeign": "first_foreign",
    "fehl": "first_fehl",
    "firstfehl": "first_fehl",
    "trumpf": "first_trump",
    "trump": "first_trump",
    "firsttrump": "first_trump",
}
_SCHMEISSEN_WORDS = ("schmeissen", "schmeißen", "werfen", "schmeiss", "schmeiß")
_TAKE_WORDS = ("take", "nehmen", "nehme", "ja", "j", "yes", "y")
_REFUSE_WORDS = ("refuse", "nein", "n", "no", "ablehnen", "weiter")
_BID_WORDS = ("raise", "bid", "reizen", "höher", "hoeher", "ja", "j", "yes", "y")
_PASS_WORDS = ("pass", "passe", "nein", "n", "no")
_SCHWEINE_WORDS = ("schweine", "schwein", "schweinchen")
_CLAIM_WORDS = ("claim", "rest", "abkürzen", "abkuerzen", "spielabkürzung", "spielabkuerzung")
_CONCEDE_WORDS = ("concede", "aufgeben", "abgeben")
#: Words that show the last finished trick again (they are no move).
_GENSCHER_WORD = "genscher"
LAST_TRICK_WORDS = ("letzter", "letzterstich", "last", "lasttrick")
_HELP_WORDS = ("?", "help", "hilfe")

HELP = N_(
    "Card: its number in your hand, or suit and rank such as KrD, ♥10, PiA, KaK (Kr/Pi/He/Ka or ♣♠♥♦). "
    "Announcements: re, kontra, keine 90 (k90), keine 60, keine 30, schwarz. "
    "In play also: schweine, claim (the rest), concede (a soloist gives the rest away), genscher NAME (with "
    "both Karo-Könige: name your partner as you play the first); letzter (or last) shows the last tricks again, "
    "as far back as the rules allow. "
    "Vorbehalt: gesund, hochzeit (where the rules let you name the trick that finds the partner: "
    "hochzeit fehl, hochzeit trumpf, hochzeit fremd, hochzeit kreuz, hochzeit pik, hochzeit herz; a bare "
    "hochzeit takes the first the rules list), "
    "a solo (kreuz, pik, herz, karo, damen, buben, bubendamen, fleischlos; where the house plays them also "
    "koenige, koenig_buben, koenig_damen, koehler), schmeissen, armut; "
    "the prompt lists those your rules and hand allow. "
    "Armut: take or refuse; lay or give back a card by number or notation. Bidding: raise or pass."
)


def vorbehalt_word(action: int) -> str:
    """What to type for the Vorbehalt answer ``action`` (shown in the prompt)."""
    if action == Action.GESUND:
        return "gesund"
    if action == Action.SCHMEISSEN:
        return "schmeissen"
    kind = Action.hochzeit_kind(action)
    if kind is not None:
        return f"hochzeit {HOCHZEIT_WORDS[kind]}"
    return Action.game_type(action).key


def _offered_hochzeit(info: InformationState) -> dict[str | None, int]:
    """The Hochzeit answers among ``info.legal_actions`` by the trick kind they name (``None``: the
    rules name it), in the order of ``rules.hochzeit_choices``."""
    offered = {
        Action.hochzeit_kind(a): a
        for a in info.legal_actions
        if Action.is_vorbehalt(a) and Action.game_type(a) is GameType.HOCHZEIT
    }
    rank: dict[str, int] = {kind: i for i, kind in enumerate(info.rules.hochzeit_choices)}
    return dict(sorted(offered.items(), key=lambda item: rank.get(item[0] or "", -1)))


def vorbehalt_choices(info: InformationState) -> list[str]:
    """What may be typed now in the Vorbehaltsabfrage, from ``info.legal_actions`` alone: the words
    of :func:`vorbehalt_word`; of several Hochzeit kinds the one a bare ``hochzeit`` takes comes
    first, written ``hochzeit [fehl]``."""
    hochzeit = _offered_hochzeit(info)
    words = []
    for action in info.legal_actions:
        if action in hochzeit.values():
            continue
        words.append(vorbehalt_word(action))
    for i, action in enumerate(hochzeit.values()):
        word = vorbehalt_word(action)
        if i == 0 and len(hochzeit) > 1:
            word = word.replace("hochzeit ", "hochzeit [", 1) + "]"
        words.append(word)
    return words


def parse_move(text: str, info: InformationState, shown: Sequence[int]) -> int:
    """Turn typed text into one of ``info.legal_actions``; raises ValueError with a one-line reason.

    ``shown`` is the hand as listed on screen (numbers 1..n pick from it).
    """
    raw = text.strip()
    word = raw.lower()
    for char in " -_:[]":
        word = word.replace(char, "")
    if not word:
        raise ValueError(_("nothing typed; '?' shows help"))
    if info.phase is Phase.VORBEHALT:
        return _parse_vorbehalt(raw, word, info)
    if info.phase is Phase.ARMUT:
        return _parse_armut(raw, word, info, shown)
    if info.phase is Phase.BIDDING:
        return _parse_bid(raw, word, info)
    if info.phase is Phase.CONCESSION and word in _PASS_WORDS:
        return Action.PASS
    return _parse_play(raw, word, info, shown)


def _parse_vorbehalt(raw: str, word: str, info: InformationState) -> int:
    legal = info.legal_actions
    if word in ("g", "gesund"):
        if Action.GESUND in legal:
            return Action.GESUND
        raise ValueError(_("you must play your Pflichtsolo now (vorgeführt, TSR 4.2.3): name a solo"))
    if word in _SCHMEISSEN_WORDS:
        if Action.SCHMEISSEN in legal:
            return Action.SCHMEISSEN
        reasons = ", ".join(info.rules.schmeissen)
        if not reasons:
            raise ValueError(_("Schmeissen is not allowed under these rules (rule schmeissen)"))
        raise ValueError(_("your hand may not be thrown in (rule schmeissen: {reasons})").format(reasons=reasons))
    if word.startswith("hochzeit"):
        return _parse_hochzeit(raw, word.removeprefix("hochzeit"), info)
    word = word.removeprefix("solo")
    try:
        game_type = GameType.parse(word)
    except ValueError:
        raise ValueError(
            _("{typed}: answer {choices}").format(typed=repr(raw), choices=_or(vorbehalt_choices(info)))
        ) from None
    if game_type is GameType.HOCHZEIT:
        return _parse_hochzeit(raw, "", info)
    action = Action.vorbehalt(game_type)
    if action in legal:
        return action
    if game_type is GameType.ARMUT:
        if not info.rules.armut:
            raise ValueError(_("Armut is not played under these rules (rule armut)"))
        n = info.rules.armut_max_trumps
        raise ValueError(
            ngettext(
                "Armut needs at most {n} trump in your hand (rule armut_max_trumps)",
                "Armut needs at most {n} trumps in your hand (rule armut_max_trumps)",
                n,
            ).format(n=n)
        )
    if game_type is GameType.STILLE_HOCHZEIT:
        raise ValueError(_("a Stille Hochzeit is no Vorbehalt: with both Kreuz-Damen say gesund (TSR 4.4.5)"))
    raise ValueError(
        _("{typed} is not allowed under these rules; answer {choices}").format(
            typed=repr(raw), choices=_or(vorbehalt_choices(info))
        )
    )


def _or(words: Sequence[str]) -> str:
    """``a, b or c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " " + _("or") + " " + words[-1]


def _parse_hochzeit(raw: str, rest: str, info: InformationState) -> int:
    """A Hochzeit answer; a bare ``hochzeit`` takes the first kind of ``rules.hochzeit_choices``
    among the legal answers (seed 002, Hochzeit: "Wenn nichts anderes gesagt ist ... der erste
    Fehlfarben-Stich")."""
    choices = _offered_hochzeit(info)
    if not choices:
        raise ValueError(_("Hochzeit needs both Kreuz-Damen"))
    if rest == "":
        default = plain_hochzeit(info.rules)  # the house's default (one truth: vorbehalte.plain_hochzeit)
        return default if default in choices.values() else next(iter(choices.values()))
    kind = _HOCHZEIT_ALIASES.get(rest)
    named = [f"hochzeit {HOCHZEIT_WORDS[k]}" for k in choices if k is not None]
    if kind is None:
        if named:
            raise ValueError(
                _("{typed}: say hochzeit or name the trick: {named}").format(typed=repr(raw), named=_or(named))
            )
        raise ValueError(_("{typed}: say hochzeit").format(typed=repr(raw)))
    if kind in choices:
        return choices[kind]
    if None in choices:
        raise ValueError(_("these rules name the trick that finds the partner themselves: say hochzeit"))
    raise ValueError(
        _("{typed} is not allowed under these rules; choose {named}").format(typed=repr(raw), named=_or(named))
    )


def _parse_bid(raw: str, word: str, info: InformationState) -> int:
    if word in _BID_WORDS:
        if Action.BID in info.legal_actions:
            return Action.BID
        raise ValueError(_("the bid is already schwarz: pass"))
    if word in _PASS_WORDS:
        return Action.PASS
    raise ValueError(_("{typed}: the bidding for the solo is on, answer raise or pass").format(typed=repr(raw)))


def _parse_armut(raw: str, word: str, info: InformationState, shown: Sequence[int]) -> int:
    legal = info.legal_actions
    if Action.ARMUT_TAKE in legal:
        if word in _TAKE_WORDS:
            return Action.ARMUT_TAKE
        if word in _REFUSE_WORDS:
            return Action.ARMUT_REFUSE
        raise ValueError(_("{typed}: answer take or refuse (the Armut is offered to you)").format(typed=repr(raw)))
    card = _card(raw, word, info, shown)
    if any(Action.is_armut_lay(a) for a in legal):
        action = Action.armut_lay(card)
        if action not in legal:
            raise ValueError(
                _(
                    "{card}: lay your trumps first (all trumps go face down in an Armut; seed 002, Gibt es Vorbehalte?)"
                ).format(card=Card(card).symbol)
            )
        return action
    action = Action.armut_return(card)
    if action not in legal:
        raise ValueError(
            _("{card} cannot be given back now (the Schweine stay together; seed 002, Sonderkarten)").format(
                card=Card(card).symbol
            )
        )
    return action


def _parse_play(raw: str, word: str, info: InformationState, shown: Sequence[int]) -> int:
    legal = info.legal_actions
    if word in _SCHWEINE_WORDS:
        if Action.SCHWEINE in legal:
            return Action.SCHWEINE
        raise ValueError(_("no Schweine to announce now (both Karo-Asse, before the first is played)"))
    if word in _CLAIM_WORDS:
        if Action.CLAIM in legal:
            return Action.CLAIM
        if info.rules.claim == "none":
            raise ValueError(_("claiming the rest is not allowed under these rules (rule claim)"))
        raise ValueError(_("you may not claim the rest now (rule claim = {claim})").format(claim=info.rules.claim))
    if word in _CONCEDE_WORDS:
        if Action.CONCEDE in legal:
            return Action.CONCEDE
        raise ValueError(
            _("only the soloist may give up the rest (rule concede = {concede}, TSR 5.4.6)").format(
                concede=info.rules.concede
            )
        )
    if word in _LEVEL_WORDS:
        level = _LEVEL_WORDS[word]
        own = info.own_party
        if (
            level == 1
            and own is not None
            and word[0] != own.label[0].lower()
            and not (word[0] == "c" and own.label[0] == "K")
        ):
            raise ValueError(
                _("you are {party}: your Ansage is {word}").format(party=own.label, word=own.label.lower())
            )
        action = Action.announce(level)
        if action not in legal:
            raise ValueError(_why_no_announcement(level, info))
        return action
    card = _card(raw, word, info, shown)
    if card not in legal:
        if card == Card.KARO_ASS and Action.SCHWEINE in legal:
            raise ValueError(_("announce the Schweine before playing a Karo-Ass: type schweine"))
        if info.must_announce == info.seat and not any(Action.is_card(a) for a in legal):
            raise ValueError(
                _(
                    "Pflichtansage: you won the first trick with {augen} or more Augen, announce first (seed 002)"
                ).format(augen=info.rules.pflichtansage_augen)
            )
        if info.trick and info.order.is_trump(info.trick[0][1]):
            raise ValueError(
                _("{card}: you must play trump, trump was led (Bedienpflicht, TSR 5.2)").format(card=Card(card).symbol)
            )
        raise ValueError(
            _("{card}: you must follow the suit led (Bedienpflicht, TSR 5.2)").format(card=Card(card).symbol)
        )
    return card


def parse_genscher(rest: str, info: InformationState, names: Sequence[str]) -> int:
    """The Genscher (rule ``genscher``) naming the partner ``rest``: a seat's name (lower case, without
    spaces) or its number 1..4 as the CLI counts seats; ValueError saying why it is not possible now."""
    legal = [a for a in info.legal_actions if Action.is_genscher(a)]
    if not legal:
        raise ValueError(
            _(
                "no Genscher now: in a normal game, holding both Karo-Könige, in your turn when you may play "
                "the first of them (rule genscher)"
            )
        )
    partners = [Action.genscher_partner(a) for a in legal]
    wanted = rest.strip()
    for p in partners:
        if wanted in (str(p + 1), names[p].lower().replace(" ", "")):
            return Action.genscher(p)
    raise ValueError(
        _("Genscher: name your partner: {choices}").format(
            choices=", ".join(f"genscher {names[p].lower().replace(' ', '')}" for p in partners)
        )
    )


def _partner_open(info: InformationState) -> bool:
    """A Hochzeit whose Klärungsstich has not come yet: the parties the game has made public
    (``info.known_parties``) still leave a seat open."""
    return info.game_type is GameType.HOCHZEIT and None in info.known_parties


def _why_no_announcement(level: int, info: InformationState) -> str:
    """Why the announcement of ``level`` is not among ``info.legal_actions``, told from the
    information state; the announcements still open come from the legal actions."""
    own = info.own_party
    if own is None:
        why = _("your party is open until the Klärungsstich of the Hochzeit: announcements wait for it (TSR 6.5)")
        if info.rules.hochzeit_early_ansage:
            why += "; " + _("only the Hochzeiter may announce before it (rule hochzeit_early_ansage)")
        return why
    label = level_label(level, own)
    open_calls = [level_label(Action.level(a), own) for a in info.legal_actions if Action.is_announcement(a)]
    still = "; " + _("you may announce {calls}").format(calls=_or(open_calls)) if open_calls else ""
    if _partner_open(info) and not open_calls and not info.rules.hochzeit_early_ansage:
        return _(
            "{label}: in a Hochzeit announcements wait for the Klärungsstich, the Hochzeiter's too "
            "(TSR 6.5; rule hochzeit_early_ansage = false)"
        ).format(label=label)
    if any(a.party is own and a.level >= level for a in info.announcements):
        return _("{label}: your party has already announced it").format(label=label) + still
    timing = info.rules.announcement_timing
    return (
        _("{label}: not allowed now (announcement deadlines, rule announcement_timing = {timing})").format(
            label=label, timing=timing
        )
        + still
    )


def _card(raw: str, word: str, info: InformationState, shown: Sequence[int]) -> int:
    """The card typed as its number on screen or in notation; it must be in the hand."""
    signed = raw.strip()[:1] in ("+", "-") and raw.strip()[1:].strip().isdigit()
    if word.isdigit() and 1 <= int(word) <= len(shown) and not signed:
        card = shown[int(word) - 1]
    elif word.isdigit():
        typed = raw.strip() if signed else word
        raise ValueError(
            _("no card number {typed}: your cards are numbered 1 to {n}").format(typed=typed, n=len(shown))
        )
    else:
        try:
            card = int(Card.parse(raw))
        except CardError as exc:
            raise ValueError(tr().text(exc)) from None
    if card not in info.hand:
        raise ValueError(_("{card} is not in your hand").format(card=Card(card).symbol))
    return card


def _selectable(info: InformationState) -> set[int]:
    """The cards of the hand that are a legal choice now (play, lay or give back)."""
    return {
        int(Action.card_of(a))
        for a in info.legal_actions
        if Action.is_card(a) or Action.is_armut_lay(a) or Action.is_armut_return(a)
    }


class HumanPlayer(Player):
    """Reads moves from the terminal; ``names`` are the four seat names for display.

    ``pace``: seconds between two cards or announcements of the computer players shown by
    :meth:`follow` (time a computer player spent thinking counts towards it); 0 shows them at once.
    """

    def __init__(self, console: Console, names: Sequence[str], pace: float = 0.0) -> None:
        super().__init__(names[0])
        self.console = console
        self.names = list(names)
        self.pace = pace
        self._tricks_shown = 0
        self._last_shown = 0.0
        self._armut_answers: list[str | None] = [None] * 4
        self._armut_poor: int | None = None

    def reset(self, seat: int, rules: RuleSet, seed: int | None = None) -> None:
        super().reset(seat, rules, seed)
        self._tricks_shown = 0
        self._armut_answers = [None] * 4
        self._armut_poor = None
        self.console.rule(_("New game"))

    def observe(self, info: InformationState) -> None:
        """After every action (the runner's hook): the answers to an Armut as they come and, when
        the exchange is over, what it was (:meth:`_armut_lines`): the cards laid and given back
        only to the poor player and the taker, as their information state shows them."""
        if info.phase is Phase.ARMUT:
            self._armut_poor = info.declarer
        for seat, answer in enumerate(info.armut_answers):
            if answer is not None and answer != self._armut_answers[seat]:
                self._armut_answers[seat] = answer
                if seat != self.seat:
                    self._paced(
                        self._answer(seat, answer, _("{name} takes the Armut."), _("{name} refuses the Armut."))
                    )
        if info.phase is not Phase.ARMUT and self._armut_poor is not None:
            for line in self._armut_lines(info, self._armut_poor):
                self._paced(line)
            self._armut_poor = None

    def _armut_lines(self, info: InformationState, poor: int) -> list[str]:
        """The Armut exchange of ``poor`` just ended, told as ``doko replay`` tells it: ``Armut: Anna
        lays 3 cards face down (♠10 ♦A ♦K); Ben refuses, Carla takes; Carla gives back 3 cards
        (♣9 ♠9 ♥A)``; the cards only where ``info`` shows them (the poor player and the taker), the
        count to everyone else. Nobody taking: the deal is thrown in (said by the caller) or the
        Armut is withdrawn (rule ``armut_none``)."""
        asked = [(poor + k) % 4 for k in range(1, 4)]
        answers = [
            self._answer(s, info.armut_answers[s], _("{name} takes"), _("{name} refuses"))
            for s in asked
            if info.armut_answers[s] is not None
        ]
        taker = next((s for s in asked if info.armut_answers[s] == "take"), None)
        if taker is None:
            if info.thrown_in:
                return []
            return [
                _("Nobody takes the Armut of {name}: it is withdrawn (rule armut_none).").format(name=self.names[poor])
            ]

        def cards(items: Sequence[int]) -> str:
            return f" ({' '.join(Card(c).symbol for c in items)})" if items else ""

        n = info.armut_count
        return [
            ngettext(
                "Armut: {poor} lays {n} card face down{laid}; {answers}; {taker} gives back {n} card{returned}",
                "Armut: {poor} lays {n} cards face down{laid}; {answers}; {taker} gives back {n} cards{returned}",
                n,
            ).format(
                poor=self.names[poor],
                n=n,
                laid=cards(info.armut_laid),
                answers=", ".join(answers),
                taker=self.names[taker],
                returned=cards(info.armut_returned),
            )
        ]

    def _answer(self, seat: int, answer: str | None, take: str, refuse: str) -> str:
        """``take`` or ``refuse`` (a template with ``{name}``) for the Armut answer of ``seat``."""
        return (take if answer == "take" else refuse).format(name=self.names[seat])

    def _paced(self, line: str) -> None:
        """Print a line of the other players' doing, ``pace`` seconds after the one before."""
        if self.pace > 0:
            wait = self.pace - (time.monotonic() - self._last_shown)
            if wait > 0:
                time.sleep(wait)
        self.console.print(line)
        self._last_shown = time.monotonic()

    def follow(self, kind: str, data: Mapping[str, Any]) -> None:
        """The ``on_event`` handler of :func:`doppelkopf.players.play_session`: shows the other
        players' cards, announcements and Schweine as they come (paced, see ``pace``) and each
        finished trick. Only public events are shown (no Vorbehalt before it is resolved, no card
        of an Armut exchange: :meth:`observe` tells the exchange from the information state)."""
        if kind == "trick":
            tricks: list[Trick] = [data["trick"]]
            if data["index"] == self._tricks_shown and not data["trick"].claimed:
                self._print_tricks(tricks, self._tricks_shown)
                self._tricks_shown += 1
            return
        if data.get("seat") == self.seat:
            self._last_shown = time.monotonic()
            return
        if kind == "play" and Action.is_card(data["action"]):
            line = f"{self.names[data['seat']]}: {data['text']}"
        elif kind in ("announce", "schweine"):
            line = f"{self.names[data['seat']]}: {data['text']}!"
        elif kind == "genscher":
            line = _("{name}: Genscher with {partner}!").format(
                name=self.names[data["seat"]], partner=self.names[Action.genscher_partner(data["action"])]
            )
        else:
            return
        self._paced(line)

    def _print_tricks(self, tricks: Sequence[Trick], shown: int) -> None:
        for number, trick in enumerate(tricks, start=shown + 1):
            cards = "  ".join(
                f"{self.names[s]} {Card(c).symbol}" for s, c in zip(trick.seats, trick.cards, strict=True)
            )
            self.console.print(
                _("Trick {number}: {cards} -> {winner} ({augen} Augen)").format(
                    number=number, cards=cards, winner=self.names[trick.winner], augen=trick.augen
                )
            )

    def show_tricks(self, tricks: Sequence[Trick], cards_played: int | None = None) -> None:
        """Print the tricks finished since the last call; the rest of a claim or a concession
        (Spielabkürzung) as one line: the trick it cut short with the cards already on the table,
        and the cards not played, with the tricks and Augen the rest gives its winner.

        ``cards_played``: how many cards were played in the game (its card actions); it tells the
        cards of the trick in progress at the claim from those completed from the hands. ``None``
        counts every card of the rest as not played."""
        new = list(tricks[self._tricks_shown :])
        rest = [t for t in new if t.claimed]
        self._print_tricks([t for t in new if not t.claimed], self._tricks_shown)
        if rest:
            number = len(tricks) - len(rest) + 1
            in_rest = sum(len(t.cards) for t in rest)
            played = 0
            if cards_played is not None:
                played = max(0, cards_played - sum(len(t.cards) for t in tricks if not t.claimed))
            augen = sum(t.augen for t in rest)
            who = self.names[rest[0].winner]
            if played:
                first = rest[0]
                down = "  ".join(
                    f"{self.names[s]} {Card(c).symbol}"
                    for s, c in zip(first.seats[:played], first.cards[:played], strict=True)
                )
                others = in_rest - played
                not_played = ngettext("the other card was not", "the other {n} cards were not", others).format(n=others)
                self.console.print(
                    ngettext(
                        "The rest -> {who}: {n} trick, {augen} Augen; of trick {number} {down} had been played, "
                        "{not_played}",
                        "The rest -> {who}: {n} tricks, {augen} Augen; of trick {number} {down} had been played, "
                        "{not_played}",
                        len(rest),
                    ).format(who=who, n=len(rest), augen=augen, number=number, down=down, not_played=not_played)
                )
            else:
                self.console.print(
                    ngettext(
                        "The rest, not played: {n} trick, {augen} Augen -> {who}",
                        "The rest, not played: {n} tricks, {augen} Augen -> {who}",
                        len(rest),
                    ).format(n=len(rest), augen=augen, who=who)
                )
        self._tricks_shown = len(tricks)

    def show_last_trick(self, info: InformationState) -> None:
        """Print the last finished tricks again, as many as the rule ``tricks_visible`` lets a player look
        back (TSR 8: the last one; FreeDoko, rule 'show tricks number'), the last one last; or say that
        none is finished yet, or that the rules let nobody look back."""
        visible = info.rules.tricks_visible
        if visible <= 0:
            self.console.print(_("No trick may be looked at again under these rules (rule tricks_visible = 0)."))
            return
        played = [(n, t) for n, t in enumerate(info.tricks, start=1) if not t.claimed]
        if not played:
            self.console.print(_("No trick finished yet."))
            return
        for number, earlier in played[-visible:-1]:
            self._print_tricks([earlier], number - 1)
        trick = info.tricks[-1]
        cards = "  ".join(f"{self.names[s]} {Card(c).symbol}" for s, c in zip(trick.seats, trick.cards, strict=True))
        self.console.print(
            _("Last trick ({number}): {cards} -> {winner} ({augen} Augen)").format(
                number=len(info.tricks), cards=cards, winner=self.names[trick.winner], augen=trick.augen
            )
        )

    def choose(self, info: InformationState) -> int:
        c = self.console
        if info.phase is Phase.VORBEHALT:
            asked = [f"{self.names[s]}: {v}" for s, v in enumerate(info.vorbehalte) if v is not None]
            line = _("Dealer: {name}").format(name=self.names[info.dealer])
            c.print(line + ("   " + _("Vorbehalte: {said}").format(said=", ".join(asked)) if asked else ""))
            if Action.GESUND not in info.legal_actions:
                c.print(_("Vorführung: you must play your Pflichtsolo now (TSR 4.2.3)."))
        elif info.phase is Phase.ARMUT:
            self._show_armut(info)
        elif info.phase is Phase.BIDDING:
            said = ", ".join(
                (_("{name} raises") if b == "raise" else _("{name} passes")).format(name=self.names[s])
                for s, b in info.bids
            )
            line = _("Bidding for the solo: bid level {level}").format(level=info.bid_level)
            c.print(line + (f"   ({said})" if said else ""))
        else:
            self._show_play(info)
        shown = info.order.sorted_hand(list(info.hand))
        selectable = _selectable(info)
        hand = RichText(_("Your cards:") + " ")
        for i, card in enumerate(shown, start=1):
            if card in selectable or not selectable:
                hand.append(f"{i}:{Card(card).symbol}  ", style="bold")
            else:
                hand.append(f"({Card(card).symbol})  ", style="dim")
        c.print(hand)
        prompt = self._prompt(info)
        while True:
            try:
                text = c.input(RichText(prompt + ": "))  # Text: "[fehl]" or a name is no markup
            except EOFError:
                raise click.Abort() from None
            word = text.strip().lower().replace(" ", "")
            if word in _HELP_WORDS:
                c.print(_(HELP))
                continue
            if word in LAST_TRICK_WORDS:
                self.show_last_trick(info)
                continue
            try:
                if word.startswith(_GENSCHER_WORD) and info.phase is Phase.PLAY:
                    action = parse_genscher(word[len(_GENSCHER_WORD) :], info, self.names)
                else:
                    action = parse_move(text, info, shown)
            except ValueError as exc:
                c.print(RichText(str(exc), style="red"))
                continue
            self._last_shown = time.monotonic()
            return action

    def _show_armut(self, info: InformationState) -> None:
        poor = info.declarer
        who = self.names[poor] if poor is not None else "?"
        total = _armut_total(info)
        line = _("Armut of {who}: {n} of {total} cards face down").format(who=who, n=info.armut_count, total=total)
        answers = [
            self._answer(s, a, _("{name} takes"), _("{name} refuses")) for s, a in enumerate(info.armut_answers) if a
        ]
        if answers:
            line += "   " + ", ".join(answers)
        self.console.print(line)
        if info.armut_laid and info.armut_answers[info.seat] == "take":  # (others see at most the open Füchse)
            self.console.print(_("You took: {cards}").format(cards=" ".join(Card(c).symbol for c in info.armut_laid)))

    def _show_play(self, info: InformationState) -> None:
        c = self.console
        self.show_tricks(info.tricks)
        game = tr().text(info.game_type.german) if info.game_type is not None else "?"
        if info.declarer is not None:
            game += f" ({self.names[info.declarer]})"
        party = info.own_party.label if info.own_party is not None else _("open until the Klärungsstich")
        line = _("Game: {game}   You are: {party}").format(game=game, party=party)
        known = self._known_parties(info)
        if known:
            line += "   " + known
        if info.schweine is not None:
            line += f"   Schweine: {self.names[info.schweine]}"
        if info.superschweine is not None:
            line += f"   Superschweine: {self.names[info.superschweine]}"
        if info.announcements:
            line += "   " + _("Announced: {calls}").format(
                calls=", ".join(f"{self.names[a.seat]} {tr().text(a.label)}" for a in info.announcements)
            )
        c.print(line)
        if info.trick:
            cards = "  ".join(f"{self.names[s]} {Card(card).symbol}" for s, card in info.trick)
            c.print(
                _("Trick: {cards}   ({name} is winning it)").format(cards=cards, name=self.names[self._winning(info)])
            )
        else:
            c.print(_("You lead."))

    def _known_parties(self, info: InformationState) -> str:
        """The parties the game has made public (``info.known_parties``: by the game type, played or
        announced Kreuz-Damen, announcements), once another seat than the observer's is known:
        ``Re: Anna & Carla   Kontra: Ben & Dirk``; seats still open are left out."""
        known = info.known_parties
        if all(p is None for s, p in enumerate(known) if s != info.seat):
            return ""
        parts = []
        for party in (Party.RE, Party.KONTRA):
            seats = [self.names[s] for s, p in enumerate(known) if p is party]
            if seats:
                parts.append(f"{party.label}: " + " & ".join(seats))
        return "   ".join(parts)

    @staticmethod
    def _winning(info: InformationState) -> int:
        """The seat whose card wins the open trick so far, by the core's trick rule
        (:func:`doppelkopf.order.winner_index` with the card order this seat knows and the rule
        ``dulle``); the trick is the last one when no hand holds more than one card."""
        cards = [card for _, card in info.trick]
        last = max(info.hand_sizes) <= 1
        index = winner_index(info.order, cards, dulle_rule_says_second(info.rules.dulle, last))
        return info.trick[index][0]

    def _prompt(self, info: InformationState) -> str:
        legal = info.legal_actions
        if info.phase is Phase.VORBEHALT:
            return _("Vorbehalt? ({choices})").format(choices=", ".join(vorbehalt_choices(info)))
        if info.phase is Phase.BIDDING:
            choices = _("raise, pass") if Action.BID in legal else _("pass")
            return _("Raise or pass? ({choices})").format(choices=choices)
        if info.phase is Phase.CONCESSION:
            own = info.own_party or Party.KONTRA
            calls = [level_label(Action.level(a), own) for a in legal if Action.is_announcement(a)]
            return _("The soloist gave up the rest: announce ({calls}) or pass").format(calls=", ".join(calls))
        if info.phase is Phase.ARMUT:
            poor = self.names[info.declarer] if info.declarer is not None else "?"
            if Action.ARMUT_TAKE in legal:
                return ngettext(
                    "Take the Armut of {poor} ({n} card)? (take, refuse)",
                    "Take the Armut of {poor} ({n} cards)? (take, refuse)",
                    info.armut_count,
                ).format(poor=poor, n=info.armut_count)
            total = _armut_total(info)
            if any(Action.is_armut_lay(a) for a in legal):
                return _("Card to lay face down ({n} of {total})").format(n=info.armut_count + 1, total=total)
            return _("Card to give back to {poor} ({n} of {total})").format(
                poor=poor, n=len(info.armut_returned) + 1, total=total
            )
        calls = [
            level_label(Action.level(a), info.own_party)
            for a in legal
            if Action.is_announcement(a) and info.own_party is not None
        ]
        # the words to type (the parser reads the English and the German ones)
        named = ((Action.SCHWEINE, "schweine"), (Action.CLAIM, _("claim")), (Action.CONCEDE, _("concede")))
        extra = [word for action, word in named if action in legal]
        if any(Action.is_genscher(a) for a in legal):
            extra.append(_("genscher <partner>"))
        if not any(Action.is_card(a) for a in legal):
            return _("You must announce first ({calls})").format(calls=", ".join(calls))
        prompt = _("Your card")
        if calls:
            prompt += " " + _("(or announce: {calls})").format(calls=", ".join(calls))
        if extra:
            prompt += " " + _("(or: {words})").format(words=", ".join(extra))
        return prompt


def _armut_total(info: InformationState) -> int | str:
    """How many cards the Armut passes, as ``info``'s seat knows it: the poor player from its hand
    as dealt (:func:`doppelkopf.armut.cards_to_pass`), everyone once the cards lie on the table,
    ``"?"`` while they are laid where the number depends on the hand (``armut_only_trumps``,
    ``armut_fuchs_extra``, ``armut_fuchs_counts = false``)."""
    rules = info.rules
    if info.seat == info.declarer:
        dealt = list(info.hand) + list(info.armut_laid)
        for card in info.armut_returned:
            dealt.remove(card)
        return cards_to_pass(rules, dealt)
    if info.current_player != info.declarer or any(info.armut_answers):
        return info.armut_count
    if rules.armut_only_trumps or rules.armut_fuchs_extra or not rules.armut_fuchs_counts:
        return "?"
    return rules.armut_cards
