"""talkbar/progress.py in-process: nested steps only ever grow, nothing is sent without a reporter or
after the work is closed (a finished or cancelled call)."""

from talkbar import progress


def test_nested_steps_divide_their_parents_step_and_never_go_back():
    heard = []
    with progress.reporting(lambda *a: heard.append(a)):
        with progress.steps(4) as step:
            step("first")
            with progress.steps(3) as inner:
                for part in ("a", "b", "c", "one too many"):
                    inner(part)
            step("second")                 # the same value as the inner work's last: not sent again
            step("third")
            step("fourth")
    assert heard == [(1, 4, "first"), (1.333, 4, "a"), (1.667, 4, "b"), (2, 4, "c"), (3, 4, "third"),
                     (4, 4, "fourth")]


def test_nothing_is_heard_without_a_reporter_or_after_it_closed():
    with progress.steps(2) as step:
        assert step("nobody asked") is None
    heard = []
    with progress.reporting(lambda *a: heard.append(a)) as reporter:
        with progress.steps(2) as step:
            step("one")
            reporter.close()
            step("two")
    assert heard == [(1, 2, "one")]
