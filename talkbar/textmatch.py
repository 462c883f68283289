"""The words of a list filter's text query (see sql/schema/0002_text_match.sql: tb_has_all)."""


def words(query):
    """The query's words, or None when there is no query (so `$words` filters nothing)."""
    if query is None:
        return None
    return query.split() or None
