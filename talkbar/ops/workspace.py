"""plan.get: the plan, its limits with what is used, and the plans above it. (The other
workspace.* and profile.* operations are rows of ops.toml; workspace.search is talkbar.search.)"""

from talkbar import plan


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
