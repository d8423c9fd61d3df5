/**
 * Invitations through the API (SPEC section 4, issue 35): every UI transition of staff, allowed and refused, all
 * or none; sending them (the job) with the publishers' mails in their language; the publisher's answer while the
 * invitation is open, mailed to the campaign's affiliate manager (the generic invitation API refuses the
 * publisher's writes, so no answer goes unmailed); who may do what.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sendInvitations } from './jobs.ts';
import { usePublisherServer } from './testkit.ts';

const kit = usePublisherServer();
const AM = 'affiliatemanager@demo.test';
let campaign = '';
let demo = '';
let second = '';
let third = '';

const move = (email: string, action: string, publishers: string[], id = campaign) =>
  kit.call(email, `/api/campaign/${id}/invitations`, { method: 'POST', body: { action, publishers } });
const statusOf = async (publisher: string, id = campaign) => {
  const [row] = await kit.sql<{ status: string; pending: string | null }>(
    'SELECT invitation_status AS status, new_invitation_status AS pending FROM invitations WHERE campaign_id = $1 AND publisher_id = $2 AND archived_at IS NULL', [id, publisher]);
  return row ? { status: row.status, pending: row.pending } : null;
};

beforeAll(async () => {
  campaign = await kit.id('campaigns', 'Summer Sale 2026');
  demo = await kit.id('publishers', 'Demo Publisher');
  second = await kit.publisher('Second News', 'second@publisher.test', 'en');
  third = await kit.publisher('Third Blog', 'third@publisher.test', 'de');
  // The campaign's affiliate manager hears the answers.
  const [manager] = await kit.sql<{ id: string }>(`SELECT id FROM logins WHERE email = $1`, [AM]);
  await kit.core().model('campaign').update({ manager: manager.id }, { where: { id: campaign } });
});

describe('staff moving invitations', () => {
  it('invites, resets to the original, and sends: to_invite becomes invited, the publisher is mailed in its language', async () => {
    const invited = await move(AM, 'invite', [demo, second]);
    expect(invited.status).toBe(200);
    expect(invited.body.rows.map((row: { status: string; invitationStatus: string }) => [row.status, row.invitationStatus])).toEqual([['to_invite', 'not_invited'], ['to_invite', 'not_invited']]);
    // The publisher sees nothing of a change not sent yet.
    expect((await kit.call('second@publisher.test', `/api/publisher/${second}/campaigns`)).body.find((row: { id: string }) => row.id === campaign)).toBeUndefined();

    const reset = await move(AM, 'reset', [second]);
    expect(reset.status).toBe(200);
    expect(await statusOf(second)).toEqual({ status: 'not_invited', pending: null });
    expect((await move(AM, 'invite', [second])).status).toBe(200);

    const list = await kit.call(AM, `/api/campaign/${campaign}/invitations?status=to_invite`);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((row: { publisher: { id: string } }) => row.publisher.id).sort()).toEqual([demo, second].sort());

    const queued = await kit.call(AM, `/api/campaign/${campaign}/invitations/send`, { method: 'POST' });
    expect(queued).toMatchObject({ status: 202, body: { waiting: 2 } });
    expect(await sendInvitations(kit.core(), { campaign })).toBe(2);
    expect(await sendInvitations(kit.core(), { campaign })).toBe(0);
    expect(await statusOf(demo)).toEqual({ status: 'invited', pending: null });
    expect(await statusOf(second)).toEqual({ status: 'invited', pending: null });
    const [english] = await kit.mails('second@publisher.test');
    expect(english.subject).toBe('Invitation to the campaign "Summer Sale 2026"');
    expect(english.text).toContain('Demo Shop GmbH invites you');
    const [german] = await kit.mails('publisher@demo.test');
    expect(german.subject).toBe('Einladung zur Kampagne „Summer Sale 2026“');
    // Sent once, whatever runs again.
    expect(await kit.mails('second@publisher.test')).toHaveLength(1);
  });

  it('refuses what the UI transitions do not allow, naming each publisher, and changes nothing', async () => {
    // invited cannot be invited; not_invited cannot be retracted; nothing prepared cannot be reset.
    const again = await move(AM, 'invite', [third, demo]);
    expect(again.status).toBe(409);
    expect(again.body.errors.map((error: { field: string }) => error.field)).toEqual(['publishers.1']);
    expect(again.body.message).toContain('Demo Publisher cannot be invited: the invitation is invited');
    expect(await statusOf(third)).toBeNull();
    expect((await move(AM, 'retract', [third])).status).toBe(409);
    expect((await move(AM, 'reset', [demo])).status).toBe(409);
    expect((await move(AM, 'invite', ['00000000-0000-4000-8000-000000000000'])).body.errors[0].field).toBe('publishers.0');
    // A prepared change must be reset before another one.
    expect((await move(AM, 'retract', [demo])).status).toBe(200);
    expect((await move(AM, 'retract', [demo])).status).toBe(409);
    expect((await move(AM, 'reset', [demo])).status).toBe(200);
    expect(await statusOf(demo)).toEqual({ status: 'invited', pending: null });

    for (const [body, field] of [
      [{ action: 'promote', publishers: [demo] }, 'action'], [{ action: 'invite', publishers: [] }, 'publishers'], [{ action: 'invite' }, 'publishers'],
      [{ action: 'invite', publishers: ['x'] }, 'publishers.0'], [{ action: 'invite', publishers: [third, third] }, 'publishers.1'],
    ] as const) {
      const answer = await kit.call(AM, `/api/campaign/${campaign}/invitations`, { method: 'POST', body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors[0].field).toBe(field);
    }
    expect((await kit.call(AM, `/api/campaign/${campaign}/invitations?status=nonsense`)).status).toBe(400);
    expect((await kit.call(AM, '/api/campaign/00000000-0000-4000-8000-000000000000/invitations')).status).toBe(404);
  });

  it('is for affiliate managers, administrators and system operators only', async () => {
    for (const email of ['advertiser@demo.test', 'publisher@demo.test', 'accounting@demo.test', 'wizard@demo.test']) {
      expect((await move(email, 'invite', [third])).status, email).toBe(403);
      expect((await kit.call(email, `/api/campaign/${campaign}/invitations`)).status, email).toBe(403);
    }
    expect((await kit.call('admin@demo.test', `/api/campaign/${campaign}/invitations`)).status).toBe(200);
    expect((await kit.call('sysop@demo.test', `/api/campaign/${campaign}/invitations`)).status).toBe(200);
  });
});

describe('the publisher answering', () => {
  it('opening an invitation marks it received; accepting makes it active and mails the affiliate manager', async () => {
    const waiting = await kit.call('publisher@demo.test', `/api/publisher/${demo}/invitations`);
    expect(waiting.body.map((row: { campaign: { id: string } }) => row.campaign.id)).toEqual([campaign]);
    const invitation = waiting.body[0].id;
    const opened = await kit.call('publisher@demo.test', `/api/publisher/${demo}/campaigns/${campaign}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ invitationStatus: 'invited', answerable: true, withTags: false, placements: [] });
    // Staff looking on receive nothing; the publisher opening it has received it, once.
    expect((await kit.call('sysop@demo.test', `/api/publisher/${demo}/invitations/${invitation}/received`, { method: 'POST' })).status).toBe(403);
    const received = await kit.call('publisher@demo.test', `/api/publisher/${demo}/invitations/${invitation}/received`, { method: 'POST' });
    expect(received).toMatchObject({ status: 200, body: { invitationStatus: 'invitation_received' } });
    expect(await statusOf(demo)).toEqual({ status: 'invitation_received', pending: null });
    // The generic invitation API is no way around the answer and its mail: the publisher's write is refused.
    const mailsBefore = (await kit.mails(AM)).length;
    const generic = await kit.call('publisher@demo.test', `/api/invitation/${invitation}`);
    expect(generic.status).toBe(200);
    for (const body of [{ ...generic.body, invitationStatus: 'accepted' }, { invitationStatus: 'rejected' }]) {
      expect((await kit.call('publisher@demo.test', `/api/invitation/${invitation}`, { method: 'PUT', body })).status).toBe(403);
    }
    expect(await statusOf(demo)).toEqual({ status: 'invitation_received', pending: null });
    expect(await kit.mails(AM)).toHaveLength(mailsBefore);
    const accepted = await kit.call('publisher@demo.test', `/api/publisher/${demo}/invitations/${invitation}`, { method: 'POST', body: { answer: 'accept' } });
    expect(accepted).toMatchObject({ status: 200, body: { invitationStatus: 'active' } });
    const [mail] = await kit.mails(AM);
    expect(await kit.mails(AM)).toHaveLength(mailsBefore + 1);
    expect(mail.subject).toBe('Demo Publisher hat die Einladung zu „Summer Sale 2026“ angenommen');
    // Answered once: a second answer is refused.
    expect((await kit.call('publisher@demo.test', `/api/publisher/${demo}/invitations/${invitation}`, { method: 'POST', body: { answer: 'decline' } })).status).toBe(409);

    const detail = await kit.call('publisher@demo.test', `/api/publisher/${demo}/campaigns/${campaign}`);
    expect(detail.body.withTags).toBe(true);
    expect(detail.body.placements.length).toBeGreaterThan(0);
    expect(detail.body.placements.every((p: { channel: string }) => p.channel === 'platform161')).toBe(true);
  });

  it('declines, and refuses what is not its own, not sent or not open', async () => {
    const [row] = await kit.sql<{ id: string }>('SELECT id FROM invitations WHERE campaign_id = $1 AND publisher_id = $2', [campaign, second]);
    // Another publisher's invitation is not found.
    expect((await kit.call('publisher@demo.test', `/api/publisher/${demo}/invitations/${row.id}`, { method: 'POST', body: { answer: 'accept' } })).status).toBe(404);
    expect((await kit.call('publisher@demo.test', `/api/publisher/${second}/invitations/${row.id}`, { method: 'POST', body: { answer: 'accept' } })).status).toBe(404);
    expect((await kit.call('second@publisher.test', `/api/publisher/${second}/invitations/${row.id}`, { method: 'POST', body: { answer: 'maybe' } })).body.errors[0].field).toBe('answer');
    const declined = await kit.call('second@publisher.test', `/api/publisher/${second}/invitations/${row.id}`, { method: 'POST', body: { answer: 'decline' } });
    expect(declined).toMatchObject({ status: 200, body: { invitationStatus: 'rejected' } });
    expect((await kit.mails(AM))[0].subject).toBe('Second News hat die Einladung zu „Summer Sale 2026“ abgelehnt');
    // Declined cannot be invited or retracted again by the UI transitions.
    expect((await move(AM, 'invite', [second])).status).toBe(409);
    expect((await move(AM, 'retract', [second])).status).toBe(409);

    // Prepared but not sent: the publisher has no invitation to answer.
    expect((await move(AM, 'invite', [third])).status).toBe(200);
    const [pending] = await kit.sql<{ id: string }>('SELECT id FROM invitations WHERE campaign_id = $1 AND publisher_id = $2', [campaign, third]);
    expect((await kit.call('third@publisher.test', `/api/publisher/${third}/invitations/${pending.id}`, { method: 'POST', body: { answer: 'accept' } })).status).toBe(404);
    await sendInvitations(kit.core(), { campaign });

    // Once the campaign's end passed, the invitation cannot be answered.
    const [ended] = await kit.sql<{ end: string }>(`SELECT to_char("end", 'YYYY-MM-DD') AS "end" FROM campaigns WHERE id = $1`, [campaign]);
    await kit.sql(`UPDATE campaigns SET "end" = current_date - 1 WHERE id = $1`, [campaign]);
    const late = await kit.call('third@publisher.test', `/api/publisher/${third}/invitations/${pending.id}`, { method: 'POST', body: { answer: 'accept' } });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].field).toBe('answer');
    await kit.sql(`UPDATE campaigns SET "end" = $2::date WHERE id = $1`, [campaign, ended.end]);
    expect((await kit.call('advertiser@demo.test', `/api/publisher/${third}/invitations/${pending.id}`, { method: 'POST', body: { answer: 'accept' } })).status).toBe(403);
  });

  it('retracts an accepted invitation when sent: its tags are gone and the publisher is told', async () => {
    expect((await move('admin@demo.test', 'retract', [demo])).status).toBe(200);
    // Until it is sent the publisher keeps earning.
    expect((await kit.call('publisher@demo.test', `/api/publisher/${demo}/campaigns/${campaign}`)).body.withTags).toBe(true);
    await sendInvitations(kit.core());
    expect(await statusOf(demo)).toEqual({ status: 'retracted', pending: null });
    expect((await kit.mails('publisher@demo.test'))[0].subject).toBe('Einladung zur Kampagne „Summer Sale 2026“ zurückgezogen');
    const detail = await kit.call('publisher@demo.test', `/api/publisher/${demo}/campaigns/${campaign}`);
    expect(detail.body).toMatchObject({ invitationStatus: 'retracted', withTags: false, placements: [], answerable: false });
    // retracted -> to_invite is allowed again.
    expect((await move(AM, 'invite', [demo])).status).toBe(200);
    expect((await move(AM, 'reset', [demo])).status).toBe(200);
  });
});
