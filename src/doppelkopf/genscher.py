"""The Genscher (rule ``genscher``; FreeDoko, rule 'Genscher'): whoever holds both Karo-Könige in a normal
game may, when he plays the first of them, name another player as his partner; the parties are formed anew.

FreeDoko's rule text: "if a player has both diamond kings, he can decide with whom he builds a team when he is
playing the first diamond king". As FreeDoko plays it (``Game::check_for_genscher``, ``Hand::has_possible_genscher``):

* only in a normal game (no solo, no Armut, no Hochzeit: the hand check asks for the normal game). A Stille
  Hochzeit looks normal to the three others (TSR 5.5.1): they are offered the Genscher as in a normal game, so
  that the offer tells nothing, and a Genscher taken turns it into the normal game of the new parties (its
  player knows his game and is not offered it);
* the Genscher and the named partner are Re, the two others Kontra, whatever the Kreuz-Damen said; he may name
  the partner he had (the parties stay, but become public) or not take the Genscher at all (play the Karo-König
  without naming anybody);
* every announcement made so far is cut back to the Re or Kontra of its announcer's new party (FreeDoko: "remove
  all announcement but 're' and 'contra'"); the Absagen are gone and may be made again in time;
* everybody learns the new parties at once; the game is scored as a normal game of those parties (Sonderpunkte
  by the parties as they end).

The action is :meth:`~doppelkopf.moves.Action.genscher` (name a partner seat), offered in turn to the holder of
both Karo-Könige when he may play a Karo-König now; the Karo-König is then his next card. The functions take the
:class:`~doppelkopf.state.GameState` being played and change it.
"""

from __future__ import annotations

from typing import Final

from .cards import Card, count_card
from .moves import Action, Announcement, Phase, follow_sorted
from .rules import ANSAGE, GameType, Party
from .schweine import update_order
from .state import GameState

__all__ = ["action_legal", "choose_partner", "legal_partners"]

_KARO_KOENIG: Final = int(Card.KARO_KOENIG)
_NORMAL: Final = GameType.NORMAL
_STILLE_HOCHZEIT: Final = GameType.STILLE_HOCHZEIT
_PLAY: Final = Phase.PLAY
_RE: Final = Party.RE
_KONTRA: Final = Party.KONTRA


def action_legal(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may take the Genscher now: the rule ``genscher`` is on, the game is a normal one (or a
    Stille Hochzeit of another seat, which looks normal to ``seat``), nobody took a Genscher yet, it is
    ``seat``'s turn in the play, no Schwein must come first, ``seat`` holds both Karo-Könige and may play
    one of them now (Bedienpflicht)."""
    if (
        not state.options.genscher  # rules.genscher
        or state.phase is not _PLAY
        or not (state.game_type is _NORMAL or (state.game_type is _STILLE_HOCHZEIT and seat != state.declarer))
        or state.genscher is not None
        or state.genscher_to_play
        or state.schwein_to_play
        or seat != state.current_player
        or count_card(state.hands[seat], _KARO_KOENIG) != 2
    ):
        return False
    group = state.order.group
    led = group[state.trick_cards[0]] if state.trick_cards else -1
    return _KARO_KOENIG in follow_sorted(state.hands[seat], group, led)


def legal_partners(state: GameState, seat: int) -> list[int]:
    """The Genscher actions of ``seat`` now, ascending: one per other seat it may name (:func:`action_legal`)."""
    if not action_legal(state, seat):
        return []
    return [Action.genscher(p) for p in range(4) if p != seat]


def choose_partner(state: GameState, seat: int, partner: int) -> None:
    """``seat`` takes the Genscher with ``partner`` (known to be legal): the two are Re, the others Kontra;
    the announcements made so far are cut back to one Ansage (Re or Kontra) per announcer for his new party,
    in the order first made; the first Karo-König is the next card of ``seat``. A Stille Hochzeit becomes the
    normal game of the new parties."""
    if state.game_type is _STILLE_HOCHZEIT:
        state.game_type = _NORMAL
        state.declarer = None
        update_order(state)
    state.genscher = seat
    state.genscher_partner = partner
    state.genscher_to_play = True
    state.party = [_RE if s in (seat, partner) else _KONTRA for s in range(4)]
    kept: list[Announcement] = []
    seen: set[int] = set()
    for a in state.announcements:
        if a.seat in seen:
            continue
        seen.add(a.seat)
        kept.append(Announcement(a.seat, state.party[a.seat], ANSAGE, a.cards_in_hand))
    state.announcements = kept
    state.levels = [0, 0]
    state.timely_ansage = [False, False]
    for a in kept:
        state.levels[a.party] = ANSAGE
        state.timely_ansage[a.party] = True  # it was in time when it was made
