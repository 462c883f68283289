"""Card statuses against a model of the spec's transition table (hypothesis RuleBasedStateMachine).

Rules queue status moves, pins and confirmations on three demo cards and update the model; `tick`
sends the queue as one `tools batch` (through the engine in this process: conftest.InProcess) at
the model's clock (TALKBAR_NOW_MS) and checks every answer:
the move the table allows, `failed` for any other, nothing changed (updatedAt included) when the
card already has the status asked for, only approved cards pinned and never pinned again by
approving, lastConfirmedAtMs alone changed by confirm, and the archive date in the database the
date of the first archive call of the card's current stay in the archive.
"""

import shutil

import duckdb
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule, run_state_machine_as_test

from conftest import TB, InProcess

CARDS = {  # demo cards: status, pinned, lastConfirmedAtMs there
    "memory-9yopx7hgyf57llt3hl428p8j": ("approved", True, 1793890800000),
    "memory-fv2f43hlmijsi23b7ld3g7zr": ("approved", False, None),
    "memory-upilmpzhzxgtei31ahs3b5qx": ("outdated", False, None),
}
# The spec's table, written out here independently of the code: operation -> {from: to}.
TABLE = {
    "knowledge.mark_outdated": {"approved": "outdated"},
    "knowledge.archive": {"approved": "archived", "outdated": "archived"},
    "knowledge.approve": {"outdated": "approved", "archived": "approved"},
    "knowledge.restore": {"outdated": "approved", "archived": "approved"},
}
TARGET = {"knowledge.mark_outdated": "outdated", "knowledge.archive": "archived",
          "knowledge.approve": "approved", "knowledge.restore": "approved"}
START_MS = 4_000_000_000_000  # far after the demo's import time, so each tick's clock is "now"


class Card:
    def __init__(self, status, pinned, last_confirmed):
        self.status, self.pinned, self.last_confirmed = status, pinned, last_confirmed
        self.archived_at = None


class CardStatuses(RuleBasedStateMachine):
    template = None  # a data root holding the demo, set by the test
    workdir = None

    def __init__(self):
        super().__init__()
        CardStatuses.runs += 1
        root = self.workdir / f"run-{self.runs}"
        shutil.copytree(self.template, root)
        self.tb = TB(root)
        self.cards = {mid: Card(*state) for mid, state in CARDS.items()}
        self.clock = START_MS
        self.queue = []  # (call, check(result_entry))
        self.updated = {mid: None for mid in CARDS}  # last updatedAt seen, None when unknown

    runs = 0

    # ------------------------------------------------------------------ rules: queue calls
    @rule(op=st.sampled_from(sorted(TABLE)), mid=st.sampled_from(sorted(CARDS)))
    def move(self, op, mid):
        card = self.cards[mid]
        before = card.status
        if before == TARGET[op]:
            self._expect_card(op, mid, changed=False)
        elif before in TABLE[op]:
            card.status = TABLE[op][before]
            card.pinned = card.pinned and card.status == "approved"
            card.archived_at = self.clock if card.status == "archived" else None
            self._expect_card(op, mid, changed=True)
        else:
            self._expect_refusal(op, mid, "failed")

    @rule(mid=st.sampled_from(sorted(CARDS)), pinned=st.booleans())
    def pin(self, mid, pinned):
        card = self.cards[mid]
        if pinned and card.status != "approved":
            self._expect_refusal("knowledge.pin", mid, "failed", pinned=pinned)
            return
        changed = card.pinned != pinned
        card.pinned = pinned

        def check(entry):
            assert entry["ok"], entry
            assert entry["result"] == {"memoryId": mid, "pinned": pinned}
            if changed:
                self.updated[mid] = None  # it moved on, to a time this answer does not show
        self.queue.append(({"tool": "knowledge.pin", "args": {"memoryId": mid, "pinned": pinned}}, check))

    @rule(mid=st.sampled_from(sorted(CARDS)))
    def confirm(self, mid):
        self.cards[mid].last_confirmed = self.clock
        self._expect_card("knowledge.confirm", mid, changed=False)

    @precondition(lambda self: self.queue)
    @rule()
    def tick(self):
        self._flush()
        self.clock += 1000

    def teardown(self):
        try:
            self._flush()
        finally:
            shutil.rmtree(self.tb.root, ignore_errors=True)

    # ------------------------------------------------------------------ expectations
    def _expect_card(self, op, mid, changed):
        card = self.cards[mid]
        want = {"status": card.status, "pinned": card.pinned, "lastConfirmedAtMs": card.last_confirmed}

        def check(entry):
            assert entry["ok"], (op, mid, entry)
            got = entry["result"]
            assert {k: got[k] for k in want} == want, (op, mid)
            seen = self.updated[mid]
            if seen is not None:
                assert (got["updatedAt"] > seen) if changed else (got["updatedAt"] == seen), (op, mid, changed)
            self.updated[mid] = got["updatedAt"]
        self.queue.append(({"tool": op, "args": {"memoryId": mid}}, check))

    def _expect_refusal(self, op, mid, code, **extra):
        def check(entry):
            assert not entry["ok"] and entry["error"]["code"] == code, (op, mid, entry)
        self.queue.append(({"tool": op, "args": {"memoryId": mid, **extra}}, check))

    def _flush(self):
        if not self.queue:
            return
        calls = [call for call, _ in self.queue] + [
            {"tool": "knowledge.get", "args": {"memoryId": mid}} for mid in sorted(CARDS)]
        answers = InProcess(self.tb.root).batch_env(calls, {"TALKBAR_NOW_MS": self.clock})
        assert len(answers) == len(calls), answers
        for (_, check), entry in zip(self.queue, answers):
            check(entry)
        self.queue = []
        for mid, entry in zip(sorted(CARDS), answers[-len(CARDS):]):
            card = self.cards[mid]
            got = entry["result"]
            assert (got["status"], got["pinned"], got["lastConfirmedAtMs"]) == (
                card.status, card.pinned, card.last_confirmed), mid
            assert not got["pinned"] or got["status"] == "approved"
        self._check_archive_dates()

    def _check_archive_dates(self):
        con = duckdb.connect(str(self.tb.db), read_only=True)
        try:
            rows = dict(con.execute("SELECT memory_id, archived_at_ms FROM knowledge_cards "
                                    "WHERE list_contains($ids, memory_id)", {"ids": sorted(CARDS)}).fetchall())
        finally:
            con.close()
        assert rows == {mid: card.archived_at for mid, card in self.cards.items()}


def test_card_statuses_follow_the_table(demo_template, tmp_path):
    CardStatuses.template, CardStatuses.workdir = demo_template, tmp_path
    run_state_machine_as_test(CardStatuses, settings=settings(
        max_examples=6, stateful_step_count=14, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]))
