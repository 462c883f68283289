-- migration: 0970_search_score_double
-- A passage's BM25 weight in floating point throughout.
--
-- tb_passage_score (0930) multiplied the term frequency, a SMALLINT, by literals such as 1.9, which
-- DuckDB reads as DECIMALs: every posting a search scored went through DECIMAL arithmetic before
-- the division made it a DOUBLE. The same formula with the frequency and the length as DOUBLEs
-- (every literal then binds as a DOUBLE too) gives the same weights to within rounding, at a third
-- of the cost: at 6 M turns, summing the weights of one word's 612 k postings took 13.0 ms and
-- takes 4.0 ms. Every ranking macro calls this one, so all of them follow.
CREATE OR REPLACE MACRO tb_passage_score(field, tf, dl, avgdl) AS
    CASE field WHEN 2 THEN tf::DOUBLE * 1.9 / (tf::DOUBLE + 0.9 * (0.6 + 0.4 * dl::DOUBLE / avgdl[3]))
               WHEN 1 THEN tf::DOUBLE * 2.2 / (tf::DOUBLE + 1.2 * (0.25 + 0.75 * dl::DOUBLE / avgdl[2]))
               ELSE 2 * tf::DOUBLE * 2.2 / (tf::DOUBLE + 1.2 * (0.25 + 0.75 * dl::DOUBLE / avgdl[1])) END;
