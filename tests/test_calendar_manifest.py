"""The calendar rows of ops.toml that have to agree with each other (TOML cannot share a fragment)."""

from talkbar.manifest import load


def test_schedule_and_prepare_take_the_same_prepared_setup():
    ops = load()
    schedule = ops.get("calendar.schedule").schema["properties"]["preparedSetup"]
    prepare = ops.get("calendar.prepare").schema["properties"]["preparedSetup"]
    assert schedule["type"] == "object" and prepare["type"] == ["object", "null"]
    assert schedule["properties"] == prepare["properties"]
    assert schedule["additionalProperties"] is False and prepare["additionalProperties"] is False


def test_series_create_and_update_take_the_same_kinds():
    ops = load()
    kinds = [ops.get(op).schema["properties"]["kind"]["enum"] for op in ("series.create", "series.update")]
    assert kinds[0] == kinds[1] and len(kinds[0]) == 36 and kinds[0][-1] == "custom"
