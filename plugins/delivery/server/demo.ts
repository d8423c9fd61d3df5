/**
 * The ad server's demo data (ServerPlugin.seed): the demo publisher registers two of the websites the demo history
 * shows ads on and puts placements on them, and has accepted Agency Client One's display campaign, so its placements
 * show that campaign's ad; the history's requests of them (plugins/tracking/server/historyPlacements.ts) are what
 * /placements counts. Written as the API writes them (the resource service, as the publisher and as staff), found by
 * their natural keys first, so a second run changes nothing.
 *
 * Part of the demo's delivery: seeded when the history is (SEED_HISTORY_DAYS > 0). A server seeded without it (the
 * tests') keeps the demo publisher as the publisher area's tests start from: no websites, placements or invitations;
 * news.demo.test and travel-blog.demo.test stay websites with traffic to claim.
 */
import { Op } from 'sequelize';
import { type Core, createRecord, languageOf, type RequestContext, type Row, tenantsOf } from '@adsuite/backend/kit';
import { defineAbilityFor, isRole, isStaff } from '@adsuite/config';

export const DEMO_PUBLISHER = 'publisher@demo.test';
const STAFF = 'sysop@demo.test';
/** The websites with their placements (a 728 x 90, for which no accepted campaign has a creative: the house ad). */
export const DEMO_WEBSITES = [
  { host: 'sport.demo.test', name: 'Sport news', placements: [{ name: 'Sport article top', size: '300x250' }, { name: 'Sport leaderboard', size: '728x90' }] },
  { host: 'recipes.demo.test', name: 'Recipes', placements: [{ name: 'Recipes sidebar', size: '300x250' }] },
];
/** The campaigns the demo publisher accepted. */
export const DEMO_ACCEPTED = ['Client One Always-On'];

/** What `email` may do, as a request of theirs would (backend auth/context.ts), for writes through the resource service. */
async function actingAs(core: Core, email: string): Promise<RequestContext | null> {
  const user = (await core.model('login').findOne({ where: { email }, raw: true })) as (Row & { id: string; email: string }) | null;
  if (!user || !isRole(user.role)) return null;
  const role = user.role;
  const staff = isStaff(role);
  const { advertiserIds, publisherIds } = staff ? { advertiserIds: [], publisherIds: [] } : await tenantsOf(core, user);
  return {
    user, role, staff, accessibleAdvertiserIds: advertiserIds, accessiblePublisherIds: publisherIds, advertiserIds, publisherIds,
    selectedAdvertiser: null, selectedPublisher: publisherIds[0] ?? null,
    ability: defineAbilityFor({ id: user.id, role, advertiserIds, publisherIds }, core.resources),
    client: { ip: '', userAgent: 'AdSuite demo data', referer: '' }, language: languageOf(typeof user.language === 'string' ? user.language : undefined),
  };
}

export async function seedDemoPlacements(core: Core): Promise<void> {
  const publisher = await actingAs(core, DEMO_PUBLISHER);
  const staff = await actingAs(core, STAFF);
  const own = publisher?.publisherIds[0];
  if (!publisher || !staff || !own) return;
  const find = async (name: string, where: Row) =>
    (await core.model(name).findOne({ where: { ...where, archivedAt: null }, raw: true })) as Row | null;
  for (const { host, name: title, placements } of DEMO_WEBSITES) {
    const url = `https://${host}`;
    const website = await find('website', { publisher: own, url })
      ?? await createRecord(core, publisher, core.resource('website'), { name: title, url, publisher: own, active: true });
    for (const { name, size } of placements) {
      if (await find('placement', { publisher: own, name })) continue;
      await createRecord(core, publisher, core.resource('placement'), { name, website: website.id, size, publisher: own, active: true });
    }
  }
  const campaigns = (await core.model('campaign').findAll({ where: { name: { [Op.in]: DEMO_ACCEPTED }, archivedAt: null }, raw: true })) as Row[];
  for (const campaign of campaigns) {
    if (await find('invitation', { publisher: own, campaign: campaign.id })) continue;
    await createRecord(core, staff, core.resource('invitation'), { publisher: own, campaign: campaign.id, invitationStatus: 'accepted' });
  }
}
