"""The names speakers go by reach their turns' passages: a passage starts with its speaker's name
("what did Dana say" finds Dana's turns), and a speaker renamed, linked or unlinked had left it as it
was (search found the session's turns by the old name only, and a rebuild by the new one)."""

from search_afresh import afresh, answers, found, in_transaction, named_speaker
from search_ranking_calls import WS
from talkbar.search import index

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
    in_transaction(engine, lambda cur: index.index_turns(cur, WS, session, whole=True))   # as an import indexes it
    assert session in found(engine, "wombat person")
    engine.call("contacts.update", {"contactId": person, "name": "Axolotl Person"})
    assert session in found(engine, "axolotl person") and session not in found(engine, "wombat")
    assert answers(engine, QUERIES) == afresh(engine, tmp_path / "afresh.duckdb", QUERIES)
