"""workspace.* (but search), profile.* and plan.get."""

from talkbar import plan
from talkbar.ops.lookups import live


def listing(rows, _args):
    return {"workspaces": rows}


def stats(ctx, args):
    live(ctx, "project", args.get("projectId"))
    return ctx.sql("workspace.stats")


def rename(ctx, args):
    return ctx.sql("workspace.rename", name=args["name"].strip())


def profile_update(ctx, args):
    current = ctx.sql("profile.get")

    def given(key):
        return key in args

    def cleared(key):
        value = args.get(key)
        return None if value in (None, "") else value.strip()

    ctx.sql("profile.update", profile_id=current["profileId"],
            set_name=given("name"), name=(args.get("name") or "").strip(),
            set_email=given("email"), email=cleared("email"),
            set_job_title=given("jobTitle"), job_title=cleared("jobTitle"))
    return ctx.sql("profile.get")


def plan_get(ctx, _args):
    lic = ctx.sql("plan.license")
    used = plan.usage(ctx.cur, ctx.workspace_id)
    effective = plan.effective_plan(lic)
    limits = plan.limits(effective, used)
    top = effective == plan.ORDER[-1]
    return {
        "plan": plan.describe(effective),
        "licensedPlan": plan.describe(lic["plan"]),
        "previewTrialActive": lic["previewTrialActive"],
        "previewTrialExpiresAt": lic["previewTrialExpiresAt"],
        "environment": lic["environment"],
        "license": {"plan": lic["plan"], "status": lic["status"], "paid": lic["paid"],
                    "updatesUntil": lic["updatesUntil"], "onlineServicesUntil": lic["onlineServicesUntil"],
                    "renewalOpen": lic["renewalOpen"]},
        "limits": limits,
        "features": list(plan.FEATURES[effective]),
        "upgrades": plan.upgrades(effective),
        "upgradeUrl": None if top else plan.UPGRADE_URL,
    }
