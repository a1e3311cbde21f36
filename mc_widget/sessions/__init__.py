"""Sessions: games played together (RULES.md, "Scoring"; DESIGN.md, "Variants,
sessions and practice").

``match`` counts wins and losses until one player reaches the target;
``race`` judges a race of two players on the same deal, ``race_records`` a
race played on two machines, from the two game records (docs/sessions.md).
"""

from .match import MAX_GAMES, MAX_PLAYERS, MAX_TARGET, Match, MatchError, MatchGame
from .race import RaceResult, RaceSide, race_rule
from .race_records import RaceError, race_result, race_side

__all__ = [
    "MAX_GAMES",
    "MAX_PLAYERS",
    "MAX_TARGET",
    "Match",
    "MatchError",
    "MatchGame",
    "RaceError",
    "RaceResult",
    "RaceSide",
    "race_result",
    "race_rule",
    "race_side",
]
