"""The names speakers go by reach their turns' passages: a passage starts with its speaker's name
("what did Dana say" finds Dana's turns), and a speaker renamed, linked or unlinked had left it as it
was (search found the session's turns by the old name only, and a rebuild by the new one)."""

from search_afresh import afresh, answers, found, in_transaction, named_speaker, speakers_go_by
from search_ranking_calls import WS
from talkbar.search import check

QUERIES = ["quetzalcoatl", "quetzalcoatl zyx", "wombat person", "axolotl person", "budget", "budget review",
           "pricing", "renewal"]


def test_a_speaker_renamed_unlinked_or_linked_is_found_by_their_new_name(fresh_engine, tmp_path):
    engine = fresh_engine
    session, speaker = named_speaker(engine)
    engine.call("sessions.speakers.rename", {"sessionId": session, "speakerId": speaker, "name": "Quetzalcoatl Zyx"})
    matches = engine.call("workspace.search", {"query": "quetzalcoatl", "match": "all"})["matches"]
    assert [m["content"]["sourceId"] for m in matches if m["kind"] == "session"] == [session]
    assert [m["snippet"] for m in matches if m["kind"] == "session"][0].startswith("Quetzalcoatl Zyx: ")
    assert answers(engine, QUERIES) == afresh(engine, tmp_path / "renamed.duckdb", QUERIES)
    engine.call("sessions.speakers.unlink", {"sessionId": session, "speakerId": speaker})
    assert session not in found(engine, "quetzalcoatl")
    assert answers(engine, QUERIES) == afresh(engine, tmp_path / "unlinked.duckdb", QUERIES)
    person = engine.call("contacts.create", {"name": "Wombat Person"})["contactId"]
    engine.call("sessions.speakers.link", {"sessionId": session, "speakerId": speaker, "contactId": person})
    assert session in found(engine, "wombat person")
    assert answers(engine, QUERIES) == afresh(engine, tmp_path / "linked.duckdb", QUERIES)


def test_a_person_renamed_renames_the_passages_of_the_speakers_named_by_them(fresh_engine, tmp_path):
    """A participant with no name of their own goes by their person's (an imported file may hold one)."""
    engine = fresh_engine
    session, speaker = named_speaker(engine)
    person = engine.call("contacts.create", {"name": "Wombat Person"})["contactId"]
    in_transaction(engine, lambda cur: cur.execute(
        "UPDATE session_participants SET name = NULL, contact_id = ? WHERE session_id = ? AND speaker_id = ?",
        [person, session, speaker]))
    in_transaction(engine, lambda cur: check.mend_turns_of(cur, WS, [session]))   # as an import indexes it
    assert session in found(engine, "wombat person")
    engine.call("contacts.update", {"contactId": person, "name": "Axolotl Person"})
    assert session in found(engine, "axolotl person") and session not in found(engine, "wombat")
    assert answers(engine, QUERIES) == afresh(engine, tmp_path / "afresh.duckdb", QUERIES)


def test_a_person_many_sessions_go_by_is_renamed_in_all_of_them_a_range_at_a_time(fresh_engine, tmp_path, heard,
                                                                                   monkeypatch):
    """Every session where a speaker goes by the person is compared with its passages, a range of
    sessions at a time, as the check compares them, when the person's name changes: a change that
    leaves it as it was compares nothing and writes no turn's passage; a new name reaches every such
    session's turns, and nothing else."""
    engine = fresh_engine
    person = engine.call("contacts.create", {"name": "Wombat Person"})["contactId"]
    sessions = [s["sessionId"] for s in engine.call("sessions.list", {"limit": 6})["items"]]

    named = in_transaction(engine, lambda cur: speakers_go_by(cur, person, sessions))
    assert len(named) >= 3 and _sessions_found(engine, "wombat person") == named
    monkeypatch.setattr(check, "TURNS_AT_ONCE", 40)     # several ranges
    before = len(heard())
    engine.call("contacts.update", {"contactId": person, "email": "wombat@example.com"})
    statements = [e.get("name") for e in heard()[before:]]
    assert "search.sessions.named_by" not in statements and "search.check.turns" not in statements
    assert "search.docs.drop_ids" not in statements and statements.count("search.docs.add") == 1   # the email
    before = len(heard())
    engine.call("contacts.update", {"contactId": person, "name": "Axolotl Person"})
    assert [e.get("name") for e in heard()[before:]].count("search.check.turns") >= 2
    assert _sessions_found(engine, "axolotl person") == named and _sessions_found(engine, "wombat") == []
    assert answers(engine, QUERIES) == afresh(engine, tmp_path / "afresh.duckdb", QUERIES)


def _sessions_found(engine, query):
    matches = engine.call("workspace.search", {"query": query, "match": "all", "kinds": ["session"], "limit": 100})
    return sorted(m["id"] for m in matches["matches"])
