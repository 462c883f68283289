"""What an operation's row declares, run by the engine for every call, in this order:

0. `ignored_with` ({argument = [others]}): when the argument is given, the others are set aside;
1. rules of the values: `check` (a pure function of the arguments that refuses with
   invalid_arguments), `future` (later than now), `not_before` ({later = "earlier"});
2. ids: `live` (exist, not in the Trash) then `exists` (in the Trash too), each {argument = item};
   `live_in_answer` ids are checked by the answer query itself (its row carries the item's
   trashedAt, which is not shown): one statement for the lookup and the read;
3. `belongs`: an argument that must be the checked item's own; `status`: the first checked item's
   status must be one of `from` (`failed` in its kind's words; already at `to`: nothing changes
   and the answer is read);
4. the body: the row's handler (`run`), or a lifecycle rule (`lifecycle` = trash|restore|pin of
   the first checked item), or its queries: `steps` in order (else `sql`, else the query named
   like the operation); the answer is the last one's (or the `answer` step's, run where it stands). `plan_limit` is checked before a real change,
   `new_id` makes fresh ids, and each query binds `set`, those ids, `$words` (from the `words`
   argument), the cursor's key and the `trim`med arguments before the context and the arguments;
5. the answer paged by its style (`paging`, `page`: talkbar/paging.py), `json` fields parsed,
   `only_with` fields ({field = "argument"}) dropped unless their argument is given;
6. `bump` ("item:field"): the session pages that showed the item before the change, or show it
   after, get a new revision (once each) — unless the steps' writes changed no row.

A row without `run` is an operation without code of its own. Refusals are OpErrors; when the
answer's `one` query finds nothing, the answer is null, or `not_found` with the row's `missing`
message if it has one.
"""

import json

from talkbar import items, paging, sqlfiles, textmatch
from talkbar.casing import snake
from talkbar.errors import invalid, not_found


def run(ctx, args):
    op = ctx.op
    decl = op.declared
    for arg, others in decl.ignored_with:
        if args.get(arg) is not None:
            for other in others:
                args.pop(other, None)
    if decl.check:
        op.resolve(decl.check)(args)
    _clock_rules(ctx, decl, args)
    checked = ctx.checked = {**items.check(ctx, decl.live, args, need_live=True),
                             **items.check(ctx, decl.exists, args, need_live=False)}
    _belongs(ctx, decl, args, checked)
    first = _first_item(decl, args)
    if decl.status and first is not None and _already(ctx, decl, first, checked):
        return _finish(ctx, decl, args, _answer(ctx, op, _bindings(ctx, decl, args), (_answer_step(op),))[0])
    if decl.lifecycle:
        return _lifecycle(ctx, decl, args, first, checked)
    shown_before = _pages(ctx, decl, args)
    changed = None
    if op.run:
        result = paging.shape(ctx, op.resolve(op.run)(ctx, args))
    else:
        if decl.plan_limit:
            ctx.check_plan_limit(decl.plan_limit)
        result, changed = _answer(ctx, op, _bindings(ctx, decl, args), decl.steps)
    if decl.bump and changed != 0:
        ctx.bump_session(*sorted(shown_before | _pages(ctx, decl, args, result)))
    return _finish(ctx, decl, args, result)


def _clock_rules(ctx, decl, args):
    for arg in decl.future:
        if args[arg] <= ctx.now:
            raise invalid(f"{arg} must be in the future (now is {ctx.now})")
    for later, earlier in decl.not_before:
        if args[later] < args[earlier]:
            raise invalid(f"{later} cannot be earlier than {earlier}")


def _first_item(decl, args):
    """(argument, item, id) of the first id a row checks, given in this call; None if none."""
    for arg, name in decl.live + decl.exists:
        if isinstance(args.get(arg), str):
            return arg, items.kind(name), args[arg]
    return None


def _already(ctx, decl, first, checked):
    """The status rule: True when the item is already where the operation takes it. It applies
    only when its `when` argument (if any) is true; a refusal is the kind's wrong_status, or the
    rule's own `refusal` with its `code`."""
    arg, item, item_id = first
    status = checked[arg]["status"]
    rule = decl.status
    if "when" in rule and not ctx.args.get(rule["when"]):
        return False
    if status == rule.get("to"):
        return True
    if status not in rule["from"]:
        items.refuse_status(item, item_id, status, rule["from"], ctx.op.id, rule.get("verb"),
                            rule.get("refusal"), rule.get("code", "failed"))
    return False


def _belongs(ctx, decl, args, checked):
    """`belongs` ({argument = "id argument"}): the argument, when given, must be the checked item's
    own (its state's field of that name), else not_found in the item kind's words (not_in)."""
    for arg, owner in decl.belongs:
        value = args.get(arg)
        row = checked.get(owner)
        if value is not None and row is not None and row[arg] != value:
            item = dict((a, n) for a, n in decl.live + decl.exists)[owner]
            raise not_found(items.kind(item).not_in.format(id=args[owner], other=value))


def _lifecycle(ctx, decl, args, first, checked):
    arg, item, item_id = first
    row = checked[arg]
    if decl.lifecycle == "trash":
        return {arg: item_id, "trashed": items.trash(ctx, item, item_id, row)}
    if decl.lifecycle == "pin":
        return {arg: item_id, "pinned": items.pin(ctx, item, item_id, row, args["pinned"])}
    items.restore(ctx, item, item_id, row, decl.plan_limit)
    if decl.steps or ctx.op.sql:
        return _finish(ctx, decl, args, _answer(ctx, ctx.op, _bindings(ctx, decl, args), decl.steps)[0])
    return {arg: item_id, "restored": True}


def _bindings(ctx, decl, args):
    bound = dict(decl.set)
    bound.update({snake(field): ctx.new_id(prefix) for field, prefix in decl.new_id})
    bound.update({snake(arg): args[arg].strip() for arg in decl.trim if isinstance(args.get(arg), str)})
    if decl.words:
        bound["words"] = textmatch.words(args.get(decl.words))
    bound.update(paging.bind(ctx))
    return bound


def _answer_step(op):
    """The query whose result is the answer: `answer`, else the last step, else the op's query."""
    return op.declared.answer or (op.declared.steps[-1] if op.declared.steps else op.sql or op.id)


def _answer(ctx, op, bound, steps):
    """Run the steps (or the op's query): (the answer step's result, paged; how many rows the
    writing steps changed, None when none writes)."""
    answer, changed = None, None
    chosen = _answer_step(op)
    for name in steps or (chosen,):
        result = ctx.sql(name, **bound)
        if name == chosen:
            answer = result
        elif sqlfiles.get(name).returns == "exec" and isinstance(result, int):
            changed = (changed or 0) + result
    if answer is None and sqlfiles.get(chosen).returns == "one" and op.missing:
        raise not_found(op.missing)
    for arg, name in op.declared.live_in_answer:   # one statement for the lookup and the read
        items.not_trashed(items.kind(name), ctx.args[arg], answer)
        del answer["trashedAt"]
    return paging.shape(ctx, answer), changed


def _pages(ctx, decl, args, result=None):
    """The sessions whose pages show the item `bump` names (before the change: from the arguments;
    after it: from the arguments or the answer)."""
    if not decl.bump:
        return set()
    name, _, field = decl.bump.partition(":")
    item_id = args.get(field) or (result.get(field) if isinstance(result, dict) else None)
    return items.pages(ctx, items.kind(name), item_id) if item_id is not None else set()


def _finish(ctx, decl, args, result):
    for field in decl.json:
        _each_row(result, field, json.loads)
    for field, arg in decl.only_with:
        if arg not in args:
            _each_row(result, field, None)
    return result


def _each_row(result, field, change):
    """Apply `change` to `field` of the answer, of its rows, and of the rows of its lists
    (change None: drop the field)."""
    rows = result if isinstance(result, list) else [result]
    for row in rows:
        if not isinstance(row, dict):
            continue
        for target in [row] + [r for v in row.values() if isinstance(v, list) for r in v if isinstance(r, dict)]:
            if field not in target:
                continue
            if change is None:
                del target[field]
            elif isinstance(target[field], str):
                target[field] = change(target[field])
