"""projects.* — list and get are SQL; create and restore count against the plan's project limit;
pin, trash and restore follow the shared rules of lifecycle.py."""

from talkbar.ops.lifecycle import KINDS, need_live

PROJECT = KINDS["projects"]


def get(ctx, args):
    need_live(ctx, PROJECT, args["projectId"])
    row = ctx.sql("projects.list", limit=1, offset=0)["items"][0]
    return {**row, **ctx.sql("projects.get")}


def create(ctx, args):
    ctx.check_plan_limit("projects")
    project_id = ctx.new_id("project")
    ctx.sql("projects.create", project_id=project_id, name=args["name"].strip())
    return ctx.sql("projects.row", project_id=project_id)


def update(ctx, args):
    need_live(ctx, PROJECT, args["projectId"])
    ctx.sql("projects.update", name=args["name"].strip() if "name" in args else None,
            set_description="description" in args, set_color="color" in args)
    return ctx.sql("projects.row")
