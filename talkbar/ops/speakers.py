"""sessions.speakers.rename, .link and .unlink: who a participant of a session is.

The rules of the participant menu in the app, for a session that is not recording
(`session_recording` otherwise):
- rename links the participant to the person of that name, or creates one (unconfirmed, made for
  this speaker). A person TalkBar made only for this speaker, still unconfirmed and linked to
  nothing else, is renamed instead of making another. Several people of that name: `failed`,
  listing them, so that the caller links one with sessions.speakers.link.
- link takes a person who exists and is not archived (`not_found` otherwise), never creates one.
- a name (or person) another participant of the session already has is refused: merging two
  participants is the app's.
- unlink clears name and person: the participant is "Speaker N" again, numbered by first turn.
Names show in the transcript, so the session and its turns are re-indexed.
"""

from talkbar.errors import failed, not_found
from talkbar import speaker_names
from talkbar.ops.session_lookup import live_session, not_recording


def _one(named, spk):
    """The participant with the name the page shows, or None."""
    return next((r for r in named if r["speakerId"] == spk), None)


def _participant(ctx, change):
    """(sessionId, the participant, every participant named as the page shows them)."""
    session = not_recording(live_session(ctx), change)
    sid, spk = session["sessionId"], ctx.args["speakerId"]
    named = speaker_names.of_session(ctx, sid)
    row = _one(named, spk)
    if row is None:
        raise not_found(f"Speaker not found in session {sid}: {spk}; sessions.stats lists its speakers")
    return sid, row, named


def _refuse_taken(named, spk, name, contact_id=None):
    """Another participant already shown under this name (case ignored), or already linked to this
    person: refused, naming the first such in participant order."""
    taken = sorted((r for r in named
                    if r["speakerId"] != spk and (r["name"].lower() == name.lower()
                                                  or (contact_id is not None and r["contactId"] == contact_id))),
                   key=lambda r: r["ord"])
    if taken:
        raise failed(f"Another speaker of this session is already {taken[0]['name']}; merge the two speakers in "
                     "the app instead")


def _set(ctx, sid, spk, name, contact_id):
    ctx.sql("session_speakers.set", session_id=sid, speaker_id=spk, name=name, contact_id=contact_id)
    ctx.bump_session(sid)
    ctx.touch("session", sid)
    ctx.touch("speakers", sid)     # its turns' passages start with their speaker's name
    shown = _one(speaker_names.of_session(ctx, sid), spk)
    return {"sessionId": sid, "speakerId": spk, "name": shown["name"], "contactId": contact_id}


def _person_for(ctx, sid, row, name):
    """(contactId, name) of the person a speaker renamed to `name` is linked to: the one of that
    name (with the name as the person has it), or the speaker's own person renamed, or a new one."""
    people = ctx.sql("session_speakers.people_named", name=name)
    if len(people) > 1:
        listed = ", ".join(f"{p['name']} ({p['contactId']})" for p in people)
        raise failed(f"Several people are named {name}: {listed}. Link the speaker to one of them "
                     "with sessions.speakers.link")
    if people:
        return people[0]["contactId"], people[0]["name"]
    marker = f"{sid}/{row['speakerId']}"
    own = ctx.sql("session_speakers.own_person", contact_id=row["contactId"], marker=marker)
    if own is not None:
        ctx.sql("session_speakers.rename_person", contact_id=own, name=name)
        ctx.touch("person", own)
        return own, name
    contact_id = ctx.new_id("contact")
    ctx.sql("session_speakers.create_person", contact_id=contact_id, name=name, marker=marker)
    ctx.touch("person", contact_id)
    return contact_id, name


def rename(ctx, args):
    sid, row, named = _participant(ctx, "renaming its speakers")
    name = args["name"].strip()
    _refuse_taken(named, row["speakerId"], name)
    contact_id, name = _person_for(ctx, sid, row, name)
    return _set(ctx, sid, row["speakerId"], name, contact_id)


def link(ctx, args):
    sid, row, named = _participant(ctx, "linking its speakers to people")
    person = ctx.need("contact.one", "Person not found in workspace")
    if person["archived"]:
        raise not_found(f"Person {args['contactId']} is archived; restore them in the app first")
    _refuse_taken(named, row["speakerId"], person["name"], person["contactId"])
    return _set(ctx, sid, row["speakerId"], person["name"], person["contactId"])


def unlink(ctx, _args):
    sid, row, _named = _participant(ctx, "changing its speakers")
    return _set(ctx, sid, row["speakerId"], None, None)
