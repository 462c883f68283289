"""Full-text search: tokeniser (text.py), index upkeep (index.py, compact.py), the query (query.py)."""
