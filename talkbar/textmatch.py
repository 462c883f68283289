"""The words of a list filter's text query (see sql/schema/0002_text_match.sql: tb_has_all).

The filters use the search's tokeniser (talkbar/search/text.py), so that a word the search finds
is found by the filters too: each word becomes the folded stem it shares with its other forms
(`meetings` → `meet`, `встречи` → `встреч`), matched as a substring of the folded text; function
words are dropped unless the query has nothing else.
"""


def words(query):
    """The query's needles, or None when there is no query (so `$words` filters nothing)."""
    if query is None:
        return None
    from talkbar.search.text import needles
    return needles(query) or query.split() or None
