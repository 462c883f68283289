-- migration: 1260_turn_passage
-- A transcript turn's passage: the name its speaker goes by (the participant's own, else their
-- person's), then what was said (talkbar/search/passages.py, turn_text, writes the same for a turn
-- indexed one by one). One definition for the statements that write it (the bulk build) and that
-- compare with it (the index check, by its hash: a copy that drifted would have every passage
-- written again), which each spelled it out.
CREATE MACRO tb_turn_passage(participant_name, person_name, said) AS
    concat_ws(': ', coalesce(participant_name, person_name), said);
