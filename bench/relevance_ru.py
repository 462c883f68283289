"""The Russian set of bench/relevance.py: questions over the demo's Russian sessions and over a
generated all-Russian workspace, asked with other grammatical forms than the transcripts hold.

Demo: each question names its session (by title) and the turns (by their index in the session)
that answer it, read by hand from fixtures/demo.json.

Generated (fixtures/generate.py --lang ru, fixed seed and size): each question names the ideas it
asks for as word beginnings (a stem written by hand, not by our stemmer); a turn answers it when
it holds a word starting with each of them, and the sessions holding such a turn are the right
ones. The pairs were picked to be rare (a rare term of the generator with one of its nouns).
"""

import json
import re
import subprocess
import sys

DEMO_WS = "workspace-niy3baezesnixbun"
GEN_WS = "ws-ru"
GEN_ARGS = ["--sessions", "60", "--turns", "150", "--lang", "ru", "--seed", "20", "--workspace-id", GEN_WS]

# (question, session title, answering turns)
DEMO = [
    ("что говорили про оплату в рублях", "ТехноСфера: обсуждение договора", {2, 110}),
    ("ответственность за утечки данных", "ТехноСфера: обсуждение договора", {28, 29}),
    ("кто подписывает договор", "ТехноСфера: обсуждение договора", {60, 61}),
    ("сертификат страховки", "ТехноСфера: обсуждение договора", {31, 110}),
    ("филиал в Казани", "ТехноСфера: обсуждение договора", {81}),
    ("где будут храниться данные, на серверах в Москве?", "Созвон с ТехноСферой: интеграция CRM", {39}),
    ("сколько менеджеров выгружают Excel", "Созвон с ТехноСферой: интеграция CRM", {18, 19}),
    ("расскажи про коды регионов", "Планирование спринта: коннектор ТехноСферы", {32}),
    ("оценка выгрузки сделок", "Планирование спринта: коннектор ТехноСферы", {59, 60, 61}),
    ("модель оттока для телеком-оператора", "Интервью: Мария Петрова — аналитик данных", {14, 81}),
    ("как проверять качество данных", "Интервью: Мария Петрова — аналитик данных", {67, 68, 84}),
]

# (question, word beginnings every answering turn holds)
GENERATED = [
    ("что решили с дедупликацией выборок", ("дедупликац", "выборк")),
    ("риски по Владивостоку", ("владивосток", "риск")),
    ("амортизация при миграциях", ("амортизац", "миграц")),
    ("договоры в Диадоке", ("диадок", "договор")),
    ("дашборды для Екатеринбурга", ("екатеринбург", "дашборд")),
    ("сметы по Postgres", ("postgres", "смет")),
]

_WORD = re.compile(r"[^\W_]+")


def demo_queries(fixture):
    data = json.loads(fixture.read_text())
    ws = next(w for w in data["workspaces"] if w["workspaceId"] == DEMO_WS)
    by_title = {s["title"]: s for s in ws["sessions"]}
    out = []
    for question, title, turns in DEMO:
        s = by_title[title]
        ids = {s["turns"][i]["turnId"] for i in turns}
        out.append({"query": question, "sessions": {s["sessionId"]},
                    "relevant": lambda turn, ids=ids: turn in ids})
    return out


def generated_queries(rows):
    """rows: (session, turn id, text) of the generated workspace."""
    out = []
    for question, stems in GENERATED:
        turns = {t for _s, t, body in rows if _holds(body, stems)}
        sessions = {s for s, t, _b in rows if t in turns}
        if not sessions:
            sys.exit(f"generated Russian workspace: nothing answers {question!r} (did generate.py change?)")
        out.append({"query": question, "sessions": sessions, "relevant": lambda turn, turns=turns: turn in turns})
    return out


def _holds(body, stems):
    words = [w.lower().replace("ё", "е") for w in _WORD.findall(body)]
    return all(any(w.startswith(s) for w in words) for s in stems)


def run(workdir, import_root, turn_rows, build_fts, evaluate, repo):
    from talkbar.db import Database
    from talkbar.engine import CLI, Engine

    demo_fixture = repo / "fixtures" / "demo.json"
    gen_fixture = workdir / "ru.json"
    if not gen_fixture.exists():
        subprocess.run([sys.executable, str(repo / "fixtures" / "generate.py"), *GEN_ARGS, "-o", str(gen_fixture)],
                       check=True)
    results = []
    for name, fixture, ws in (("Russian: demo sessions", demo_fixture, DEMO_WS),
                              ("Russian: generated workspace", gen_fixture, GEN_WS)):
        db = Database(import_root(workdir / f"root-{ws}", fixture), create=False, idle_s=3600)
        engine = Engine(db, CLI)
        with db.holding():
            with db.cursor() as cur:
                rows = turn_rows(cur, ws)
            fts = build_fts(rows)
            queries = demo_queries(fixture) if ws == DEMO_WS else generated_queries(rows)
            results.append(evaluate(name, queries, engine, ws, fts))
        db.release_now()
    return results
