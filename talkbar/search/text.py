"""The tokeniser: how text becomes search terms, one definition for the index, the query and the
list filters.

A word is a run of letters and digits (any script), with dotted or comma-grouped digits kept
together (`v2.1`, `2,000`); such a compound is indexed whole and by its parts, so `v2.1` and `v2`
both find it. A word runs on through the invisible characters that join or hyphenate it (a soft
hyphen from a web page or a PDF, a zero-width joiner or non-joiner), which fold away. Each word is
folded — lower case, accents dropped, ё → е (and й → и, as DuckDB's strip_accents does), ß → ss,
ł → l, ø → o …, and the compatibility forms real text holds read as the letters they stand for
(ﬁ → fi, ｆｉｌｅ → file, ２０２６ and ٢٠٢٦ → 2026, ς → σ, ی → ي): the same table as `tb_fold` in
SQL — and then stemmed by its own script: Snowball English for Latin words, Snowball Russian for Cyrillic ones
(stemmed before й is folded, so the Russian endings still read right), Snowball Greek for Greek
ones (folded first: its rules read lower case without accents). Words with digits, or of mixed
script, are kept as folded. Chinese, Japanese and Korean write no space between words
(Korean writes particles onto them), so a run of their characters is indexed as its overlapping
pairs and its characters (会議の予算: 会議 議の の予 予算, and 会 議 の 予 算: the bigrams of
Lucene's CJK analyser, with its unigrams), and a query's run searches for its pairs (予算 finds
it, 予算案 wants 予算 and 算案), or for itself when it is one character (돈 finds 돈을). Function
words (stopwords.py) are neither indexed nor searched, in any of their forms (matched after folding
and stemming); an `any` query also leaves out the words of asking (question_terms).

A bulk build splits text at its spaces in SQL and each piece by `words()` (postings.vocabulary): no
word holds a space, so `WORD_RE` is the one definition of a word.
"""

import os
import re
import unicodedata
from collections import Counter
from functools import lru_cache

from talkbar import parsecache
from talkbar.search import stopwords

# What the terms are: bumped with any change to the terms a word gets (word splitting, folding,
# stemming, the function words and the stemmer's version), so that every index built under another
# is brought up to it at its first search or write (index.ensure: upgraded, or built again); an
# index stamped with none was built under 1. tests/test_search_tokeniser.py holds the terms of the demo's words under this number.
TOKENISER = 3   # 2 (2026-12-05): joiners, compatibility forms and Arabic letters (FOLD_COMPAT), CJK pairs;
#                 3 (2026-12-05): Greek words stemmed
# What each tokeniser from 3 on changed, as the passages whose terms it can change: a passage that
# holds none of these characters has the same terms under it as under the one before. An index
# built under 2 or later is brought up to this one by indexing again only such passages (the
# passages of an archive in other scripts cost it a scan: index.ensure); from 1, whose changes
# (TOKENISER 2) reach any text, it is built again whole.
GREEK = "\u0370-\u03ff\u1f00-\u1fff"     # Greek and Coptic, Greek Extended: the letters Greek words are stemmed in
CHANGED_BY = {3: GREEK}

# Invisible characters a word runs on through and that fold away: the soft hyphen (text copied from
# a web page or a PDF hyphenates long words with it), the zero-width non-joiner and joiner (inside
# Persian and Indic words, emoji), the word joiner and the zero-width no-break space (U+FEFF, a byte
# order mark met in the middle of text). The zero-width space is not one of them: it separates words
# where a script writes none between them.
JOINERS = "\u00ad\u200c\u200d\u2060\ufeff"
WORD_RE = re.compile(rf"[^\W_]+(?:[{JOINERS}]+[^\W_]+)*(?:[.,][0-9]+)*")
# The scripts written without spaces between words whose runs are indexed as pairs: kana (and the
# iteration marks 々〆〇), the CJK ideographs (with extension A, the compatibility ideographs and the
# supplementary planes' extensions), Hangul syllables and jamo, half-width katakana.
CJK_RUN = re.compile("[\u3005-\u3007\u3040-\u30ff\u31f0-\u31ff\u3130-\u318f\u1100-\u11ff\u3400-\u4dbf"
                     "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]+")
_PART = re.compile(r"[.,]")

# Letters that strip_accents leaves alone but a reader treats as plain Latin (tb_fold in SQL).
FOLD_MULTI = {"ß": "ss", "æ": "ae", "œ": "oe", "þ": "th"}
FOLD_SINGLE = {"ł": "l", "ø": "o", "đ": "d", "ð": "d", "ħ": "h", "ı": "i"}
# Compatibility forms real text holds, read as the letters they stand for (Unicode's NFKC for them;
# DuckDB has no NFKC for tb_fold, so these are named one by one there and here): the Latin
# ligatures of a PDF's text (ﬁnance), the full-width letters and digits of East Asian input
# (ＡＰＩ, ２０２６: lowered first, as upper case is), and the final sigma (σοφος as ΣΟΦΟΣ lowers).
# Arabic and Persian letters that the two languages' keyboards and spellings write for one another,
# read as one (Lucene's Arabic and Persian normalisers): Persian yeh and alef maksura as yeh, keheh
# as kaf, teh marbuta and the heh forms as heh, alef wasla as alef; the tatweel that stretches a
# word for show folds away; Arabic-Indic and Persian digits as digits (the hamza of أ إ آ is an
# accent, dropped as all accents are).
ARABIC = {"\u0649": "\u064a", "\u06cc": "\u064a", "\u06a9": "\u0643", "\u0629": "\u0647", "\u06c0": "\u0647",
          "\u06d5": "\u0647", "\u0671": "\u0627", "\u0640": "",
          **{chr(0x0660 + i): str(i) for i in range(10)}, **{chr(0x06F0 + i): str(i) for i in range(10)}}
FOLD_COMPAT = {**dict(zip("\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06",
                         ("ff", "fi", "fl", "ffi", "ffl", "st", "st"))),
               **{chr(0xFF41 + i): chr(0x61 + i) for i in range(26)},
               **{chr(0xFF10 + i): chr(0x30 + i) for i in range(10)},
               "ς": "σ", **{j: "" for j in JOINERS}, **ARABIC}
_BREVE = "\u0306"
# snowballstemmer's modules that _stemmers() runs (the stems kept between runs follow them)
STEMMER_FILES = ("english_stemmer.py", "russian_stemmer.py", "greek_stemmer.py", "basestemmer.py", "among.py")
GREEK_FROM = 3   # the tokeniser that stems Greek words


class _FoldTable(dict):
    """str.translate table built lazily, one character at a time."""

    def __init__(self, keep_breve):
        super().__init__()
        self.keep_breve = keep_breve

    def __missing__(self, code):
        ch = chr(code)
        low = "".join(FOLD_COMPAT.get(c, c) for c in ch.lower())
        out = []
        for c in low:
            for d in unicodedata.normalize("NFD", c):
                if unicodedata.combining(d) and not (self.keep_breve and d == _BREVE):
                    continue
                out.append(d)
        value = unicodedata.normalize("NFC", "".join(out))
        if not self.keep_breve:
            value = "".join(FOLD_MULTI.get(c, FOLD_SINGLE.get(c, c)) for c in value)
        value = value.replace("ё", "е")
        self[code] = value
        return value


_FOLD = _FoldTable(keep_breve=False)
_FOLD_RU = _FoldTable(keep_breve=True)   # keeps й for the Russian stemmer


def fold(text):
    """Lower case without accents, like `tb_fold` in SQL (sql/schema/0400_search.sql)."""
    return text.translate(_FOLD)


def _is_cyrillic(ch):
    return "\u0400" <= ch <= "\u04ff"


_GREEK_WORD = re.compile(f"[{GREEK}]+")


def _is_greek(word):
    """Whether every character of `word` is a Greek letter (GREEK)."""
    return _GREEK_WORD.fullmatch(word) is not None


def changed_since(version):
    """The characters (a regular expression's class, for SQL's regexp_matches) of the text whose terms
    changed from tokeniser `version` to this one: an index built under `version` needs only the
    passages holding one of them indexed again. None when that is not known (1, or none recorded,
    or a number since whose change has no CHANGED_BY entry, as one reaching any text has: every
    passage), "" when nothing changed."""
    since = range((version or 0) + 1, TOKENISER + 1)
    if version is None or version < 2 or version > TOKENISER or any(v not in CHANGED_BY for v in since):
        return None
    return "".join(CHANGED_BY[v] for v in since)


@lru_cache(maxsize=1)
def _stemmers():
    """Snowball's English, Russian and Greek stemmers as the pinned snowballstemmer ships them, in Python,
    whatever else is installed. Not snowballstemmer.stemmer(): where PyStemmer is installed it hands
    back PyStemmer's, whose algorithms are those of the Snowball release it was built from (with
    PyStemmer 2.2.0.3, 41 of the 36,409 words of the QMSum meetings, the demo and the spec stem
    otherwise: "added" to "ad", "organization" to "organ", "evening" to "even"). Terms must not
    depend on that: a passage's words are stemmed again when it is taken out of the lists
    (postings.Writer.remove), and a database is searched by whichever installation opens it."""
    from snowballstemmer.english_stemmer import EnglishStemmer
    from snowballstemmer.greek_stemmer import GreekStemmer
    from snowballstemmer.russian_stemmer import RussianStemmer
    return EnglishStemmer(), RussianStemmer(), GreekStemmer()


def _stem(low, under=None):
    """The stem of one simple word folded but for й (the Russian stemmer reads it), then folded, as
    tokeniser `under` stems it (this one: None)."""
    if low.isalpha():
        cyr = sum(_is_cyrillic(c) for c in low)
        en, ru, el = _stemmers()
        if cyr == len(low):
            return fold(ru.stemWord(low))
        if cyr == 0:
            folded = fold(low)
            if folded.isascii():
                return en.stemWord(folded)
            if (under or TOKENISER) >= GREEK_FROM and _is_greek(folded):
                return el.stemWord(folded)
            return folded
    return fold(low)


def _fold_yo(word):
    return word.replace("ё", "е")


@lru_cache(maxsize=1)
def _function_stems():
    """Stems of the function words (every form of one is left out), less those content words share.
    Stemming the ~320 words took 18 ms of each process's first write or search, so the stems are
    kept between runs (talkbar/parsecache.py) under the files they come from: stopwords.py and the
    stemmers' own (_stemmers())."""
    words = stopwords.ENGLISH.split() + stopwords.RUSSIAN.split()
    stems = parsecache.cached("function-stems", _stem_sources(), lambda: sorted({_stem(_fold_yo(w)) for w in words}))
    return frozenset(stems) - stopwords.KEEP


def _stem_sources():
    """The files the function words' stems depend on, found without importing the stemmer."""
    import importlib.util
    sources = [stopwords.__file__]
    spec = importlib.util.find_spec("snowballstemmer")
    for folder in (spec.submodule_search_locations or ()) if spec else ():
        sources += [os.path.join(folder, f) for f in STEMMER_FILES]
    return [s for s in sources if os.path.exists(s)]


@lru_cache(maxsize=1)
def _asking_terms():
    return frozenset(_stem(_fold_yo(w)) for w in stopwords.ASKING)


@lru_cache(maxsize=200_000)
def _term(word, under=None):
    """The term of one simple word (no dots or commas), or None for a function word; under this
    tokeniser, or under an older one (`under`: a passage indexed under it is taken out by its terms)."""
    low = word.translate(_FOLD_RU)
    if low.replace("й", "и") in stopwords.FUNCTION:
        return None
    term = _stem(low, under)
    return None if term in _function_stems() else term


@lru_cache(maxsize=200_000)
def word_terms(word, under=None):
    """Every term a raw word indexes under: its own, and for a compound (v2.1) its parts too; for a
    word holding a CJK run, the run's characters and pairs (with repeats, as a passage counts them)
    and the terms of the rest of it (API設計: api, 設, 計, 設計). `under`: as _term()."""
    if CJK_RUN.search(word):
        return tuple(t for run, is_cjk in _runs(word)
                     for t in (_cjk_terms(run) if is_cjk else word_terms(run, under)))
    if not _PART.search(word):
        t = _term(word, under)
        return (t,) if t else ()
    whole = fold(word)
    parts = [t for t in (_term(p, under) for p in _PART.split(word) if p) if t]
    return tuple(dict.fromkeys([whole, *parts]))


def _runs(word):
    """(piece, is a CJK run) for each piece of `word`, in order."""
    at = 0
    for m in CJK_RUN.finditer(word):
        if m.start() > at:
            yield word[at:m.start()], False
        yield m.group(), True
        at = m.end()
    if at < len(word):
        yield word[at:], False


def _cjk_terms(run):
    """What a CJK run is indexed under: each character, and each overlapping pair."""
    return tuple(run) + _cjk_pairs(run)


def _cjk_pairs(run):
    return tuple(run[i:i + 2] for i in range(len(run) - 1))


def clear_caches():
    """Forget the words met so far (a bulk build meets each once; see postings.vocabulary)."""
    _term.cache_clear()
    word_terms.cache_clear()


def query_term(word):
    """The term a query word searches for: a compound searches for itself, not its parts."""
    return fold(word) if _PART.search(word) else _term(word)


def words(text):
    return WORD_RE.findall(unicodedata.normalize("NFC", text)) if text else []


def doc_terms(*texts, under=None):
    """(term counts, length) of a passage made of these texts (`under`: as _term())."""
    counts = Counter()
    for text in texts:
        for w in words(text):
            counts.update(word_terms(w, under))
    return counts, sum(counts.values())


def query_word_terms(word):
    """The terms a query word searches for: query_term's; for a word holding a CJK run, each run's
    pairs (or the run, of one character) and query_term's of the rest of it."""
    if not CJK_RUN.search(word):
        t = query_term(word)
        return [t] if t else []
    out = []
    for run, is_cjk in _runs(word):
        out.extend((_cjk_pairs(run) or (run,)) if is_cjk else query_word_terms(run))
    return list(dict.fromkeys(out))


def query_terms(query):
    """The distinct terms of a query, in order; function words and punctuation dropped."""
    out = []
    for w in words(query):
        for t in query_word_terms(w):
            if t not in out:
                out.append(t)
    return out


def question_terms(query):
    """The terms an `any` search looks for: the query's terms less the words of asking (discuss,
    summarise, говорили …), unless nothing else would be left."""
    terms = query_terms(query)
    content = [t for t in terms if t not in _asking_terms()]
    return content or terms


def is_function_word(word):
    """A word that is never indexed nor searched (after folding and stemming)."""
    return not word_terms(word)


def spans(text, terms):
    """(start, end) of each word of `text` that has one of `terms`, in order."""
    text = unicodedata.normalize("NFC", text or "")
    return list(_matching(text, set(terms))), text


def first_span(text, terms):
    """(start, end) of the first word of `text` that has one of `terms` (None if none), and the
    text as matched; stops there (a snippet needs no more, and a summary is long)."""
    text = unicodedata.normalize("NFC", text or "")
    return next(_matching(text, set(terms)), None), text


def _matching(text, wanted):
    for m in WORD_RE.finditer(text):
        word = m.group()
        if not wanted.intersection(word_terms(word)):
            continue
        if not CJK_RUN.search(word):
            yield m.start(), m.end()
            continue
        yield from _matching_in(word, m.start(), wanted)


def _matching_in(word, start, wanted):
    """The spans of a word holding a CJK run that has `wanted` terms: of each other piece that has
    one, and within a run, of its matching pairs and characters (overlapping ones as one span), not
    the whole run (a sentence, in a script without spaces)."""
    at = start
    for piece, is_cjk in _runs(word):
        if not is_cjk:
            if wanted.intersection(word_terms(piece)):
                yield at, at + len(piece)
        else:
            span = None
            for i in range(len(piece)):
                if i + 1 < len(piece) and piece[i:i + 2] in wanted:
                    end = i + 2
                elif piece[i] in wanted:
                    end = i + 1
                else:
                    continue
                if span and span[1] >= at + i:
                    span = (span[0], max(span[1], at + end))
                else:
                    if span:
                        yield span
                    span = (at + i, at + end)
            if span:
                yield span
        at += len(piece)


def needle(word):
    """What a list filter looks for (as a substring of the folded text) so that it finds every
    text the search finds for `word`: the folded word cut back to where it agrees with its stem,
    less a final e or i that the English stemmer puts in for other forms (rating → rate, happy →
    happi), so that `rate` also finds rating and `happiness` finds happy."""
    folded = fold(word)
    term = query_term(word) or folded
    n = 0
    while n < min(len(folded), len(term)) and folded[n] == term[n]:
        n += 1
    cut = folded[:n]
    if term.isascii() and term.isalpha() and len(cut) > 2:
        stem = _stemmers()[0].stemWord
        if (cut[-1] == "e" and stem(cut[:-1] + "ing") == term) or (cut[-1] == "i" and stem(cut[:-1] + "y") == term):
            cut = cut[:-1]
    return cut or folded


def needles(query):
    """The list filters' needles of a query: one per word that is not a function word, and for a word
    holding a CJK run, its pairs (all of them must be in the text)."""
    out = []
    for w in words(query):
        if CJK_RUN.search(w):
            found = query_word_terms(w)     # a run's pairs, as search looks for them
        else:
            found = [needle(w)] if query_term(w) else []
        out.extend(n for n in found if n not in out)
    return out
