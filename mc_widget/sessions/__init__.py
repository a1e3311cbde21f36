"""Sessions: games played together (RULES.md, "Scoring"; DESIGN.md, "Variants,
sessions and practice").

``match`` counts wins and losses until one player reaches the target
(docs/sessions.md); the race will live beside it.
"""

from .match import MAX_GAMES, MAX_PLAYERS, MAX_TARGET, Match, MatchError, MatchGame

__all__ = ["MAX_GAMES", "MAX_PLAYERS", "MAX_TARGET", "Match", "MatchError", "MatchGame"]
