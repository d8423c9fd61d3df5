import { describe, expect, it } from 'vitest';
import { IMAGE, usePublishingServer } from './testkit.ts';

const kit = usePublishingServer();

describe('saving a line item', () => {
  it('refuses a delivering line item its channel would not take, and saves it switched off when forced', async () => {
    const booking = await kit.booking({ channels: ['platform161', 'facebook'], dailyBudget: 4_000 }, [IMAGE]);
    expect((await kit.publish(booking.id)).status).toBe(200);
    const [facebook] = await kit.all('lineitem', { booking: booking.id, channel: 'facebook' });
    const path = `/api/lineitem/${facebook.id}`;

    const refused = await kit.call('admin@demo.test', path, { method: 'PUT', body: { active: true, dailyBudget: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Line item cannot be saved: Facebook (sandbox) refused the line item: the daily budget of 1,00\u00a0€ is below the channel minimum of 2,00\u00a0€.');
    const german = await kit.call('admin@demo.test', path, { method: 'PUT', body: { active: true, dailyBudget: 1 }, headers: { Language: 'de' } });
    expect(german.body.message).toBe('Das Line Item kann nicht gespeichert werden: Facebook (Sandbox) hat das Line Item abgelehnt: Das Tagesbudget von 1,00\u00a0€ liegt unter dem Minimum des Kanals von 2,00\u00a0€.');
    expect(await kit.get('lineitem', facebook.id as string)).toMatchObject({ active: true, dailyBudget: facebook.dailyBudget });

    const forced = await kit.call('admin@demo.test', `${path}?force=true`, { method: 'PUT', body: { active: true, dailyBudget: 1 } });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ active: false, dailyBudget: 1, specifics: { activateLater: true } });

    const fine = await kit.call('admin@demo.test', path, { method: 'PUT', body: { active: true, dailyBudget: 3 } });
    expect(fine).toMatchObject({ status: 200, body: { active: true, dailyBudget: 3 } });
  });

  it('keeps the tenant and role rules of the generic update', async () => {
    const booking = await kit.booking({ channels: ['platform161'], dailyBudget: 4_000 }, [IMAGE]);
    expect((await kit.publish(booking.id)).status).toBe(200);
    const [lineitem] = await kit.all('lineitem', { booking: booking.id });
    expect((await kit.call('other@demo.test', `/api/lineitem/${lineitem.id}`, { method: 'PUT', body: { active: false } })).status).toBe(404);
    expect((await kit.call('viewer@demo.test', `/api/lineitem/${lineitem.id}`, { method: 'PUT', body: { active: false } })).status).toBe(403);
    expect((await kit.call('advertiser@demo.test', `/api/lineitem/${lineitem.id}`, { method: 'PUT', body: { active: true, dailyBudget: 0.5 } })).status).toBe(403);
    expect((await kit.call('admin@demo.test', `/api/lineitem/${lineitem.id}`, { method: 'PUT', body: [1] })).status).toBe(400);
  });
});
