/**
 * Who may write which field (issue 9, defect 2): a generated walk over every declared resource x role x field
 * through the real API, the committed matrix of what non-staff roles may write, and the cases the issue names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canWriteField, isStaff, resources, ROLES, type FieldDef, type ResourceDef, type Role } from '@adsuite/config';
import { sameJson, sampleOf } from '@adsuite/config/resources/jsonShapes';
import { hashPassword } from '../auth/passwords.ts';
import { startTestServer, type TestServer } from '../testing.ts';

let server: TestServer;
const tokens = new Map<Role, string>();
const signedIn = new Set<string>();
const REFUSED = /^You may not set |cannot be changed here/;

/** A demo user per role; the roles the demo has no user for get one here. */
const DEMO: Partial<Record<Role, string>> = {
  systemoperator: 'sysop@demo.test', administrator: 'admin@demo.test', accounting: 'accounting@demo.test', wizard: 'wizard@demo.test',
  affiliatemanager: 'affiliatemanager@demo.test', advertiser: 'advertiser@demo.test', viewer: 'viewer@demo.test', agency: 'agency@demo.test',
  co_worker: 'coworker@demo.test', publisher: 'publisher@demo.test',
};
const EXTRA: Role[] = ['campaignmanager', 'analyst', 'billing', 'dealer'];

beforeAll(async () => {
  server = await startTestServer();
  const logins = server.core.model('login');
  const demoShop = (await server.core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as { id: string };
  const owner = (await logins.findOne({ where: { email: 'advertiser@demo.test' }, raw: true })) as { id: string };
  const password = await hashPassword('demo-password', 4);
  for (const role of EXTRA) {
    const email = `${role}@matrix.test`;
    const dealer = role === 'dealer' ? { parent: owner.id, advertisers: [demoShop.id], accountType: 'subaccount' } : { accountType: 'staff' };
    await logins.create({ email, role, name: 'Matrix', surname: role, password, doi: new Date(), loginAllowed: true, ...dealer });
    DEMO[role] = email;
  }
  for (const [role, email] of Object.entries(DEMO) as [Role, string][]) {
    tokens.set(role, await server.token(email));
    signedIn.add(((await logins.findOne({ where: { email }, raw: true })) as { id: string }).id);
  }
});
afterAll(async () => {
  await server?.stop();
});

type Rec = Record<string, unknown> & { id: string };
const list = async (name: string, token: string): Promise<Rec[]> => {
  const res = await server.api(`/api/${name}?range=${encodeURIComponent('[0,49]')}`, { token });
  return res.status === 200 ? ((await res.json()) as Rec[]) : [];
};

/** A valid value for `field` that differs from `current`, or undefined when none can be made. */
async function otherValue(key: string, field: FieldDef, current: unknown, token: string): Promise<unknown> {
  const stamp = Date.now().toString(36);
  switch (field.type) {
    case 'text': case 'textarea': case 'file':
      return `m${stamp}`.slice(0, Math.max(field.max ?? 20, field.min ?? 1));
    case 'email': return `m${stamp}@matrix.test`;
    case 'url': return `https://m${stamp}.example.com`;
    case 'enum': return field.options?.find((o) => o !== current);
    case 'number': case 'integer': case 'money': {
      const base = Number(current ?? field.min ?? 0);
      const next = field.max !== undefined && base + 1 > field.max ? base - 1 : base + 1;
      return field.min !== undefined && next < field.min ? field.min : next;
    }
    case 'boolean': return current !== true;
    case 'date': return String(current ?? '').startsWith('2031-02-03') ? '2031-02-04' : '2031-02-03';
    case 'datetime': return new Date(Date.UTC(2031, 1, 3, Number(stamp.length))).toISOString();
    case 'ref': case 'refMany': {
      const others = (await list(field.ref!, token)).map((r) => r.id).filter((id) => id !== current && !(Array.isArray(current) && current.includes(id)));
      if (!others.length) return field.type === 'refMany' && Array.isArray(current) && current.length ? [] : undefined;
      return field.type === 'ref' ? others[0] : [others[0]];
    }
    case 'stringList': {
      const option = field.options?.find((o) => !(Array.isArray(current) && current.includes(o)));
      return field.options ? (option ? [option] : []) : [`m${stamp}`];
    }
    case 'json': {
      if (field.idsOf) return Array.isArray(current) && current.length ? [] : undefined;
      if (!field.shape) return Array.isArray(current) ? [] : { matrix: stamp };
      // A value of the declared parts, which the server checks; the empty one where the row has the sample already.
      const sample = sampleOf(field.shape);
      return sameJson(current, sample) ? (Array.isArray(sample) ? [] : {}) : sample;
    }
  }
}

const writers = (resource: ResourceDef) => ROLES.filter((role) => (resource.access.update ?? []).includes(role) && DEMO[role]);

describe('billing type (advertisers granting themselves credit)', () => {
  const advertiserOf = async (name: string) => ((await server.core.model('advertiser').findOne({ where: { name }, raw: true })) as { id: string; billingType: string });

  it('an advertiser cannot switch its own advertiser to postpaid, but may save the form unchanged', async () => {
    const shop = await advertiserOf('Demo Shop GmbH');
    const token = tokens.get('advertiser')!;
    const res = await server.api(`/api/advertiser/${shop.id}`, { method: 'PUT', token, body: { billingType: 'postpaid' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'You may not set billing type.', errors: [{ field: 'billingType' }] });
    expect((await advertiserOf('Demo Shop GmbH')).billingType).toBe('prepaid');
    const unchanged = await server.api(`/api/advertiser/${shop.id}`, { method: 'PUT', token, body: { name: 'Demo Shop GmbH', billingType: 'prepaid' } });
    expect(unchanged.status).toBe(200);
  });

  it('an agency can neither switch a client to postpaid nor create a postpaid client; an administrator can', async () => {
    const client = await advertiserOf('Agency Client One');
    const agency = tokens.get('agency')!;
    expect((await server.api(`/api/advertiser/${client.id}`, { method: 'PUT', token: agency, body: { billingType: 'postpaid' } })).status).toBe(400);
    const created = await server.api('/api/advertiser', { method: 'POST', token: agency, body: { name: 'Postpaid Client', billingType: 'postpaid' } });
    expect(created.status).toBe(400);
    expect(await server.core.model('advertiser').count({ where: { name: 'Postpaid Client' } })).toBe(0);
    const prepaid = await server.api('/api/advertiser', { method: 'POST', token: agency, body: { name: 'Prepaid Client', billingType: 'prepaid' } });
    expect(prepaid.status).toBe(201);
    const admin = await server.api(`/api/advertiser/${client.id}`, { method: 'PUT', token: tokens.get('administrator')!, body: { billingType: 'postpaid' } });
    expect(admin.status).toBe(200);
    expect((await advertiserOf('Agency Client One')).billingType).toBe('postpaid');
  });
});

describe("a systemoperator's account is the systemoperators' (no takeover by an administrator)", () => {
  const sysopRow = async () => (await server.core.model('login').findOne({ where: { email: 'sysop@demo.test' }, raw: true })) as Rec;

  it('an administrator cannot change the e-mail, switch the login off, rename or delete a systemoperator', async () => {
    const admin = tokens.get('administrator')!;
    const { id } = await sysopRow();
    for (const body of [{ email: 'attacker@evil.test' }, { loginAllowed: false }, { name: 'Mallory' }]) {
      const res = await server.api(`/api/login/${id}`, { method: 'PUT', token: admin, body });
      expect([400, 403]).toContain(res.status);
    }
    expect((await server.api(`/api/login/${id}`, { method: 'DELETE', token: admin })).status).toBe(403);
    expect((await server.api(`/auth/activate/${id}`.replace(/^/, '/api'), { method: 'POST', token: admin })).status).toBe(403);
    expect(await sysopRow()).toMatchObject({ email: 'sysop@demo.test', loginAllowed: true, name: 'Sven' });
    expect((await server.api('/api/auth/login', { token: tokens.get('systemoperator')! })).status).toBe(200);
  });

  it('an administrator cannot make anyone a systemoperator; nobody changes another user\'s e-mail', async () => {
    const admin = tokens.get('administrator')!;
    const target = (await server.core.model('login').findOne({ where: { email: 'other@demo.test' }, raw: true })) as Rec;
    expect((await server.api(`/api/login/${target.id}`, { method: 'PUT', token: admin, body: { role: 'systemoperator' } })).status).toBe(400);
    const email = await server.api(`/api/login/${target.id}`, { method: 'PUT', token: tokens.get('systemoperator')!, body: { email: 'other-new@demo.test' } });
    expect(email.status).toBe(400);
    expect(await email.json()).toMatchObject({ errors: [{ field: 'email', message: 'E-mail cannot be changed here.' }] });
    expect((await server.api(`/api/login/${target.id}`, { method: 'PUT', token: admin, body: { surname: 'Otherwise' } })).status).toBe(200);
  });

  it('a systemoperator may still change an administrator', async () => {
    const { id } = (await server.core.model('login').findOne({ where: { email: 'admin@demo.test' }, raw: true })) as Rec;
    expect((await server.api(`/api/login/${id}`, { method: 'PUT', token: tokens.get('systemoperator')!, body: { surname: 'Admina' } })).status).toBe(200);
  });
});

describe('ids inside JSON id lists are references like any other (no foreign tenant ids)', () => {
  it('a booking takes the advertiser\'s own CDP segments and domain lists, never another shop\'s', async () => {
    const core = server.core;
    const other = (await core.model('advertiser').findOne({ where: { name: 'Other Shop AG' }, raw: true })) as Rec;
    const shop = (await core.model('advertiser').findOne({ where: { name: 'Demo Shop GmbH' }, raw: true })) as Rec;
    const foreignSegment = (await core.model('segment').create({ name: 'Theirs', identifier: 'theirs', advertiser: other.id })).get({ plain: true }) as Rec;
    const ownSegment = (await core.model('segment').create({ name: 'Ours', identifier: 'ours', advertiser: shop.id })).get({ plain: true }) as Rec;
    const foreignList = (await core.model('domainlist').create({ name: 'Theirs', advertiser: other.id, domains: ['a.test'] })).get({ plain: true }) as Rec;
    const token = tokens.get('advertiser')!;
    const booking = (await list('booking', token))[0];
    const put = (body: object) => server.api(`/api/booking/${booking.id}`, { method: 'PUT', token, body });
    for (const body of [{ cdpSegments: [foreignSegment.id] }, { cdpSegments: [{ id: foreignSegment.id }] }, { domainlists: [foreignList.id] }, { cdpSegments: ['not-an-id'] }]) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: { field: string }[] }).errors[0].field).toBe(Object.keys(body)[0]);
    }
    expect((await put({ cdpSegments: [ownSegment.id] })).status).toBe(200);
  });

  it("a banner's graphic must be one of the advertiser's graphics", async () => {
    const core = server.core;
    const other = (await core.model('advertiser').findOne({ where: { name: 'Other Shop AG' }, raw: true })) as Rec;
    const graphic = (await core.model('graphic').create({ name: 'Theirs', advertiser: other.id, downloadLink: 'https://cdn.example.com/a.png' })).get({ plain: true }) as Rec;
    const token = tokens.get('advertiser')!;
    const banner = (await list('banner', token))[0];
    const res = await server.api(`/api/banner/${banner.id}`, { method: 'PUT', token, body: { graphic: { id: graphic.id, downloadLink: 'https://cdn.example.com/a.png' } } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ field: 'graphic', message: 'Graphic was not found.' }] });
  });
});

let writes = 0;
/** Writes of a shaped JSON field's sample (or its empty value) that the server took: the samples fit the parts it checks. */
let shapedTaken = 0;
describe('the field write matrix', () => {
  afterAll(() => {
    console.log(`field write matrix: ${writes} writes checked, ${shapedTaken} of shaped JSON fields taken`);
    expect(writes).toBeGreaterThan(500);
    expect(shapedTaken).toBeGreaterThan(20);
  });

  it.each(resources.map((r) => [r.name, r] as const))('%s: every role may change exactly the fields its declaration allows', async (_name, resource) => {
    const mismatches: string[] = [];
    for (const role of writers(resource)) {
      const token = tokens.get(role)!;
      const row = (await list(resource.name, token)).find((r) => !signedIn.has(r.id) && !r.archivedAt);
      if (!row) continue;
      for (const [key, field] of Object.entries(resource.fields)) {
        if (field.readOnly || field.private) continue;
        const value = await otherValue(key, field, row[key], token);
        if (value === undefined) continue;
        const before = (await server.core.model(resource.name).findOne({ where: { id: row.id }, raw: true })) as Rec;
        const res = await server.api(`/api/${resource.name}/${row.id}`, { method: 'PUT', token, body: { [key]: value } });
        const body = (await res.json()) as { errors?: { field: string; message: string }[] };
        const refused = res.status === 400 && (body.errors ?? []).some((e) => e.field === key && REFUSED.test(e.message));
        const allowed = canWriteField(resource, key, role, 'update');
        if (allowed === refused) mismatches.push(`${role} ${key}=${JSON.stringify(value)}: ${res.status} ${JSON.stringify(body).slice(0, 160)}`);
        // The sample of a shaped JSON field fits its parts: a write it may make is not refused at a part.
        const atPart = (body.errors ?? []).filter((e) => e.field.startsWith(`${key}.`));
        if (allowed && field.shape && sameJson(value, sampleOf(field.shape)) && atPart.length) mismatches.push(`${role} ${key}=${JSON.stringify(value)}: refused at ${atPart.map((e) => e.field).join(', ')}`);
        if (!allowed) {
          const after = (await server.core.model(resource.name).findOne({ where: { id: row.id }, raw: true })) as Rec;
          if (String(after.updated) !== String(before.updated)) mismatches.push(`${role} ${key}: refused but written`);
        }
        if (field.shape && res.status === 200) shapedTaken += 1;
        if (res.status >= 500) mismatches.push(`${role} ${key}: ${res.status}`);
        writes += 1;
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('is the committed matrix of fields that non-staff roles may write', async () => {
    const lines = resources.flatMap((resource) => Object.keys(resource.fields).flatMap((key) => {
      const roles = (mode: 'create' | 'update') => (resource.access[mode] ?? []).filter((role) => !isStaff(role) && canWriteField(resource, key, role, mode));
      const [create, update] = [roles('create'), roles('update')];
      return create.length || update.length ? [`${resource.name}.${key}  create: ${create.join(',') || '-'}  update: ${update.join(',') || '-'}`] : [];
    }));
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/fieldWriteMatrix.txt');
  });

  it('never lets a non-staff role set what the platform controls (billing, reviews, approval, ownership, login rights)', () => {
    const CONTROLLED = ['billingType', 'balance', 'reviews', 'autoapprove', 'autopaused', 'changes', 'owner', 'status', 'sessionVersion', 'password', 'role', 'loginAllowed', 'accountType', 'advertisers'];
    const slipped = resources.flatMap((resource) => CONTROLLED.filter((key) => Object.hasOwn(resource.fields, key)).flatMap((key) =>
      ROLES.filter((role) => !isStaff(role) && (['create', 'update'] as const).some((mode) => (resource.access[mode] ?? []).includes(role) && canWriteField(resource, key, role, mode)))
        .map((role) => `${resource.name}.${key} by ${role}`)));
    expect(slipped).toEqual([]);
  });
});
