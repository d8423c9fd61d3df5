/**
 * Demo data, seeded idempotently at start: each record is found by its natural key and only created when
 * missing, so a second start changes nothing. Every demo account's password is `demo-password`.
 */
import type { Core } from './core.ts';
import { hashPassword } from './auth/passwords.ts';
import type { Row } from './resources/values.ts';
import { channelByKey, CHANNELS } from '@adsuite/config';
import { say, text, type ServerText } from '@adsuite/config/i18n/serverText';
import { bookingMarker } from '@adsuite/config/booking/markers';
import { syncEntry } from '@adsuite/config/i18n/syncJobs';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_ACCOUNTS = [
  { email: 'sysop@demo.test', role: 'systemoperator', name: 'Sven', surname: 'Sysop', accountType: 'staff' },
  { email: 'admin@demo.test', role: 'administrator', name: 'Anna', surname: 'Admin', accountType: 'staff' },
  { email: 'accounting@demo.test', role: 'accounting', name: 'Arne', surname: 'Accounting', accountType: 'staff' },
  { email: 'wizard@demo.test', role: 'wizard', name: 'Wanda', surname: 'Wizard', accountType: 'staff' },
  { email: 'affiliatemanager@demo.test', role: 'affiliatemanager', name: 'Alex', surname: 'Affiliate', accountType: 'staff' },
  { email: 'advertiser@demo.test', role: 'advertiser', name: 'Dora', surname: 'Demo', accountType: 'company' },
  { email: 'other@demo.test', role: 'advertiser', name: 'Otto', surname: 'Other', accountType: 'company' },
  { email: 'viewer@demo.test', role: 'viewer', name: 'Vera', surname: 'Viewer', accountType: 'subaccount', parent: 'advertiser@demo.test' },
  { email: 'agency@demo.test', role: 'agency', name: 'Agnes', surname: 'Agency', accountType: 'agency' },
  { email: 'coworker@demo.test', role: 'co_worker', name: 'Colin', surname: 'Coworker', accountType: 'subaccount', parent: 'agency@demo.test' },
  { email: 'publisher@demo.test', role: 'publisher', name: 'Paula', surname: 'Publisher', accountType: 'publisher' },
] as const;

const ADVERTISERS = [
  { name: 'Demo Shop GmbH', owner: 'advertiser@demo.test', url: 'https://shop.demo.test', industry: '1200', balance: 32_500 },
  { name: 'Other Shop AG', owner: 'other@demo.test', url: 'https://other-shop.demo.test', industry: '1300', balance: 8_000 },
  { name: 'Agency Client One', owner: 'agency@demo.test', url: 'https://client-one.demo.test', industry: '2100', balance: 120_000 },
  { name: 'Agency Client Two', owner: 'agency@demo.test', url: 'https://client-two.demo.test', industry: '3400', balance: 50 },
];

const ACCESS: Record<string, string[]> = {
  'viewer@demo.test': ['Demo Shop GmbH'],
  'coworker@demo.test': ['Agency Client One', 'Agency Client Two'],
};

const VERTICALS = ['Fashion', 'Electronics', 'Travel', 'Finance', 'Home & Garden', 'Food & Drink'];

/**
 * Bookings per advertiser: name, channels, status, daily budget (EUR), days since start, runtime; `approval`: the
 * campaign's conversionApproval and clickApproval flags (staff's, issue 14), so the Instant Report shows its buttons
 * to Conversion Approval and Click Approval. No demo campaign has an affiliate line item; the flags are on the Demo
 * Shop's active campaign, whose tracked conversions and clicks (history, `npm run simulate`) there are to decide; its
 * validation window (VALIDATION_DAYS) is short, so the history's older ones are approved by the platform on first start
 * (crediting the demo publisher's earnings) and the last days' wait for staff.
 */
const BOOKINGS: Record<string, { name: string; channels: string[]; status: string; dailyBudget: number; started: number; days: number; approval?: boolean }[]> = {
  'Demo Shop GmbH': [
    { name: 'Summer Sale 2026', channels: ['platform161', 'facebook', 'googleads'], status: 'active', dailyBudget: 50, started: 12, days: 40, approval: true },
    { name: 'Brand Awareness Q4', channels: ['outbrain', 'instagram'], status: 'pending', dailyBudget: 40, started: -3, days: 30 },
    { name: 'Retargeting Evergreen', channels: ['platform161'], status: 'paused', dailyBudget: 10, started: 60, days: 120 },
  ],
  'Other Shop AG': [
    { name: 'Other Shop Launch', channels: ['facebook', 'googleads'], status: 'active', dailyBudget: 25, started: 5, days: 30 },
    { name: 'Other Shop Winter', channels: ['dv360'], status: 'waiting for approval', dailyBudget: 15, started: -10, days: 45 },
  ],
  'Agency Client One': [
    { name: 'Client One Always-On', channels: ['platform161', 'outbrain'], status: 'active', dailyBudget: 80, started: 20, days: 90 },
  ],
  'Agency Client Two': [
    { name: 'Client Two Test Flight', channels: ['facebook'], status: 'finished', dailyBudget: 5, started: 40, days: 14 },
  ],
};

/** The validation window of the demo campaign with approvals, in days. */
const VALIDATION_DAYS = 5;

/**
 * The demo banner's image, served by the product itself (admin/public/demo-media/), named by its address as the
 * product names uploaded creatives (PUBLIC_URL).
 */
const demoMedia = (core: Core, campaign: string) =>
  `${core.env.publicUrl}/demo-media/${campaign.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-300x250.svg`;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function seedDemo(core: Core): Promise<void> {
  const ensure = async (name: string, where: Row, values: Row = {}): Promise<Row> => {
    const model = core.model(name);
    const found = (await model.findOne({ where, raw: true })) as Row | null;
    if (found) return found;
    return (await model.create({ ...where, ...values })).get({ plain: true }) as Row;
  };
  /** The platform's side of a demo movement of money, once (ARCHITECTURE "Data and state": double entry). */
  const platformEntry = async (type: string, amount: number, who: { advertiser?: string; publisher?: string }, key: string) => {
    await core.sequelize.query(
      `INSERT INTO platform_entries (type, amount, advertiser_id, publisher_id, key) VALUES ($1, $2, $3, $4, lower($5)) ON CONFLICT (key) DO NOTHING`,
      { bind: [type, amount, who.advertiser ?? null, who.publisher ?? null, key] },
    );
  };

  let passwordHash: string | undefined;
  const logins = new Map<string, Row>();
  for (const account of DEMO_ACCOUNTS) {
    const existing = (await core.model('login').findOne({ where: { email: account.email }, raw: true })) as Row | null;
    if (existing) {
      logins.set(account.email, existing);
      continue;
    }
    passwordHash ??= await hashPassword(DEMO_PASSWORD, core.env.bcryptRounds);
    const parent = 'parent' in account ? logins.get(account.parent)?.id : null;
    const row = await ensure('login', { email: account.email }, {
      role: account.role, name: account.name, surname: account.surname, accountType: account.accountType,
      password: passwordHash, language: 'de', parent, loginAllowed: true, doi: new Date(), subscriptions: [],
      selectedType: account.role === 'publisher' ? 'publisher' : 'advertiser',
    });
    logins.set(account.email, row);
  }

  const advertisers = new Map<string, Row>();
  for (const advertiser of ADVERTISERS) {
    const owner = logins.get(advertiser.owner)!;
    advertisers.set(advertiser.name, await ensure('advertiser', { name: advertiser.name }, {
      owner: owner.id, url: advertiser.url, industry: advertiser.industry, billingType: 'prepaid', balance: advertiser.balance,
    }));
  }
  for (const [email, names] of Object.entries(ACCESS)) {
    const login = logins.get(email)!;
    const ids = names.map((n) => advertisers.get(n)!.id as string);
    if (((login.advertisers as string[] | null) ?? []).length === 0) {
      await core.model('login').update({ advertisers: ids, selectedAdvertiser: ids[0] }, { where: { id: login.id } });
    }
  }
  for (const [email, login] of logins) {
    const own = ADVERTISERS.find((a) => a.owner === email);
    if (own && !login.selectedAdvertiser) {
      await core.model('login').update({ selectedAdvertiser: advertisers.get(own.name)!.id }, { where: { id: login.id } });
    }
  }
  const publisher = await ensure('publisher', { name: 'Demo Publisher' }, { owner: logins.get('publisher@demo.test')!.id, url: 'https://news.demo.test' });
  await core.model('login').update({ selectedPublisher: publisher.id }, { where: { email: 'publisher@demo.test', selectedPublisher: null } });
  // The publisher's earnings (/p/finances) are the provisions of its websites' approved clicks and conversions: the
  // demo history (plugins/tracking/server/history.ts) tracks them and the approvals' validation window approves them.

  const verticals = [];
  for (const name of VERTICALS) verticals.push(await ensure('vertical', { name }));
  await ensure('coupon', { name: 'NEW25' }, { amount: 2500, minDeposit: 5000, active: true, description: '25 euro for the first campaign after a deposit of at least 50 euro.' });

  for (const [advertiserName, bookings] of Object.entries(BOOKINGS)) {
    const advertiser = advertisers.get(advertiserName)!;
    for (const plan of bookings) {
      const start = day(-plan.started);
      const end = day(-plan.started + plan.days);
      const campaign = await ensure('campaign', { name: plan.name, advertiser: advertiser.id }, {
        status: plan.status, start, end, dailyBudget: plan.dailyBudget * 100, budget: plan.dailyBudget * plan.days * 100,
        channels: plan.channels.map((name) => ({ name, amount: Math.round((plan.dailyBudget * 100) / plan.channels.length) })),
        health: 'OK', conversionApproval: plan.approval === true, clickApproval: plan.approval === true,
        ...(plan.approval ? { validationDays: VALIDATION_DAYS } : {}),
      });
      const booking = await ensure('booking', { name: plan.name, advertiser: advertiser.id }, {
        campaign: campaign.id, status: plan.status, goal: 'clicks', dailyBudget: plan.dailyBudget * 100, start, end,
        channels: plan.channels, allocation: plan.channels.map((channel) => ({ channel, weight: 1 })),
        target: `${advertiser.url}/landing`, gender: 'all', age: ['25', '35', '45'], income: [],
        markers: [bookingMarker({ name: 'Berlin', address: 'Berlin, Germany', lat: 52.52, lng: 13.405, radius: 10 })],
      });
      if (!campaign.booking) await core.model('campaign').update({ booking: booking.id }, { where: { id: campaign.id } });
      // Search channels take search ads only (config/channels.ts creative requirements); the rest the image.
      const searchChannels: string[] = plan.channels.filter((key) => key === 'googleads');
      const banner = await ensure('banner', { name: `${plan.name} 300x250`, advertiser: advertiser.id }, {
        campaign: campaign.id, bannerType: 'image_ad', width: 300, height: 250, channels: plan.channels.filter((key) => !searchChannels.includes(key)),
        downloadLink: demoMedia(core, plan.name),
      });
      // As the booking lists them (plugins/booking/server/creatives/prepare.ts): the banner's id and shape.
      const asCreative = (row: Row) => ({ id: row.id, bannerType: row.bannerType, name: row.name, width: row.width ?? null, height: row.height ?? null, channels: row.channels });
      const creatives = [asCreative(banner)];
      if (searchChannels.length > 0) {
        const searchAd = await ensure('banner', { name: `${plan.name} search ad`, advertiser: advertiser.id }, {
          campaign: campaign.id, bannerType: 'search_ad', width: null, height: null, channels: searchChannels,
          headlines: [`${advertiserName} sale`, 'Free delivery', 'Order today'],
          descriptions: ['Everything for your home.', 'Fast delivery within 48 hours.', 'Secure payment and easy returns.'],
          keywords: 'shop\nsale\nonline shop\ndelivery\ndeals',
        });
        creatives.push(asCreative(searchAd));
      }
      if (((booking.creatives as unknown[] | null) ?? []).length === 0) {
        await core.model('booking').update({ creatives }, { where: { id: booking.id } });
      }
      for (const channel of plan.channels) {
        // Named as publishing names them (plugins/booking/server/publishing/publish.ts): the booking and the channel as
        // people read it. Found by campaign or booking and channel; a name of the earlier demo data (the channel's key) follows.
        const name = `${plan.name} / ${channelByKey[channel]?.name ?? channel}`;
        // A published booking runs under one prepaid contract per channel, as publishing writes it (the balance alerts' condition).
        const contract = ['pending', 'waiting for approval'].includes(plan.status) ? null : await ensure('contract', { campaign: campaign.id, channel, advertiser: advertiser.id }, {
          name, prepaid: true, start, end, budget: Math.round((plan.dailyBudget * plan.days * 100) / plan.channels.length),
        });
        const lineitem = await ensure('lineitem', { booking: booking.id, channel, advertiser: advertiser.id }, {
          name, contract: contract?.id ?? null,
          campaign: campaign.id, active: plan.status === 'active', userpaused: plan.status === 'paused',
          creatives: [searchChannels.includes(channel) ? creatives[1].id : banner.id], bidType: 'CPC', bidPrice: 45, dailyBudget: Math.round((plan.dailyBudget * 100) / plan.channels.length),
        });
        for (const [model, row] of [['contract', contract], ['lineitem', lineitem]] as const) {
          if (row && row.name === `${plan.name} / ${channel}` && row.name !== name) await core.model(model).update({ name }, { where: { id: row.id } });
        }
      }
      if (plan.status === 'active') {
        // As publishing writes them (plugins/booking/server/publishing/sync.ts): the record's name, the type and action
        // say what the job does; log lines are catalogue texts, read in each reader's language.
        const root = await ensure('sync-queue', { name: plan.name, foreignId: campaign.id }, {
          type: 'campaign', status: 'successful', completed: true, runCount: 1, lastRun: new Date(), action: 'create',
          campaign: campaign.id, booking: booking.id, messages: [syncEntry(text('sync.campaign_created'))],
        });
        await ensure('sync-queue', { name: String(banner.name), foreignId: banner.id }, {
          type: 'banner', status: 'successful', completed: true, runCount: 1, lastRun: new Date(), action: 'create', parent: root.id,
          campaign: campaign.id, booking: booking.id, messages: [syncEntry(text('sync.banner_uploaded'))],
        });
      }
    }
  }

  const demoShop = advertisers.get('Demo Shop GmbH')!;
  await ensure('catalog', { name: 'Demo Shop product feed', advertiser: demoShop.id }, {
    source: 'automatic', url: 'https://shop.demo.test/feed.csv', count: 1280, lastImport: new Date(),
  });
  await ensure('wizard', { name: 'Demo Shop affiliate (awin)' }, {
    adserver: 'track.adsuite.demo.test', advertiser: demoShop.id, vertical: [verticals[0].id], countries: ['DE'],
    url: 'https://shop.demo.test', revenueSource: 'awin', programid: '12345', affiliatelink: 'https://www.awin1.com/cread.php?awinmid=12345',
    targeturl: 'https://shop.demo.test/sale', datasource: 'https://shop.demo.test/feed.csv', datatype: 'csv', compression: 'none',
    delimiter: ',', adcode: '<a href="{click}"><img src="{image}" width="300" height="250"></a>', categories: ['1200'],
    width: 300, height: 250, channel: 'platform161',
  });

  // Platform catalogues: the channel catalogue of SPEC section 9, targeting countries, content categories (IAB tier 1).
  // The catalogue in config/ is the truth: existing rows follow it when it changes.
  for (const channel of CHANNELS) {
    const values = { ...channel, minBudget: Math.round(channel.minBudget * 100) };
    const row = await ensure('channel', { key: channel.key }, { ...values, endpoints: {} });
    await core.model('channel').update(values, { where: { id: row.id } });
  }
  const countries: [string, string][] = [
    ['DE', 'Germany'], ['AT', 'Austria'], ['CH', 'Switzerland'], ['FR', 'France'], ['NL', 'Netherlands'], ['GB', 'United Kingdom'], ['US', 'United States'],
  ];
  for (const [alpha2, name] of countries) await ensure('country', { alpha2 }, { name });
  const categories: [string, string][] = [
    ['IAB1', 'Arts & Entertainment'], ['IAB2', 'Automotive'], ['IAB3', 'Business'], ['IAB5', 'Education'], ['IAB7', 'Health & Fitness'],
    ['IAB8', 'Food & Drink'], ['IAB10', 'Home & Garden'], ['IAB13', 'Personal Finance'], ['IAB17', 'Sports'], ['IAB18', 'Style & Fashion'],
    ['IAB19', 'Technology & Computing'], ['IAB20', 'Travel'], ['IAB22', 'Shopping'],
  ];
  for (const [code, name] of categories) await ensure('category', { code }, { name });

  // The most visible advertiser entities of "Demo Shop GmbH"; money in cents, as stored.
  const standardTemplate = await ensure('bookingtemplate', { name: 'Demo Shop Standard', advertiser: demoShop.id }, {
    description: 'Display, social and search with a daily budget between 5 and 200 euro.',
    channels: ['platform161', 'facebook', 'googleads'], allocation: ['platform161', 'facebook', 'googleads'].map((channel) => ({ channel, weight: 1 })),
    goal: 'clicks', minDailyBudget: 500, maxDailyBudget: 20_000, defaultDailyBudget: 1_000, target: 'https://shop.demo.test/landing',
    gender: 'all', age: ['25', '35', '45'], income: [], categories: [], active: true,
  });
  await core.model('booking').update(
    { bookingtemplate: standardTemplate.id },
    { where: { name: 'Summer Sale 2026', advertiser: demoShop.id, bookingtemplate: null } },
  );
  await ensure('segment', { identifier: 'cart-abandoners', advertiser: demoShop.id }, {
    name: 'Cart abandoners', description: 'Visitors who put a product in the cart and did not order within 7 days.',
    rules: [{ cls: 'cart', within: 7 }, { not: { cls: 'order', within: 7 } }], size: 4_210,
  });
  await ensure('segment', { identifier: 'loyal-buyers', advertiser: demoShop.id }, {
    name: 'Loyal buyers', description: 'Customers with at least two orders.', rules: [{ cls: 'order', atLeast: 2 }], size: 1_180,
  });
  await ensure('domainlist', { name: 'Premium news sites', advertiser: demoShop.id }, {
    type: 'whitelist', domains: ['news.demo.test', 'spiegel.de', 'zeit.de', 'faz.net'], channels: ['platform161'],
  });
  await ensure('host', { name: 'shop.demo.test', advertiser: demoShop.id }, {
    url: 'https://shop.demo.test', verified: true, lastSeen: new Date(),
  });
  // The ledger adds up to the balance (325 euro before delivery): a card top-up and the NEW25 coupon. Spend is
  // booked by the ad server as it delivers (plugins/tracking), the demo history included.
  const newCustomerCoupon = (await core.model('coupon').findOne({ where: { name: 'NEW25' }, raw: true })) as Row | null;
  const named = (descriptionText: ServerText) => ({ description: say('de', descriptionText), descriptionText });
  const ledger = [
    { idempotencyKey: 'demo-topup-1', type: 'topup', amount: 30_000, ...named(text('finances.ledger.card_topup')), reference: 'PAY-DEMO-0001' },
    { idempotencyKey: 'demo-coupon-new25', type: 'coupon', amount: 2_500, ...named(text('finances.ledger.promo_code', { code: 'NEW25' })), reference: 'NEW25', coupon: newCustomerCoupon?.id ?? null },
  ];
  for (const entry of ledger) {
    await ensure('transaction', { idempotencyKey: entry.idempotencyKey, advertiser: demoShop.id }, entry);
  }
  // Demo Shop's NEW25 above is its one use of the coupon; the other advertisers' ledgers open with their balance.
  const couponEntry = (await core.model('transaction').findOne({ where: { idempotencyKey: 'demo-coupon-new25', advertiser: demoShop.id }, raw: true })) as Row;
  if (newCustomerCoupon) await ensure('couponusage', { coupon: newCustomerCoupon.id, advertiser: demoShop.id }, { transaction: couponEntry.id });
  // The coupon is the platform's marketing cost (the finances plugin books every later one the same way).
  await platformEntry('coupon', -2_500, { advertiser: demoShop.id as string }, `${demoShop.id}:demo-coupon-new25`);
  for (const { name, balance } of ADVERTISERS.filter((a) => a.name !== demoShop.name)) {
    await ensure('transaction', { idempotencyKey: 'demo-opening-balance', advertiser: advertisers.get(name)!.id }, {
      type: 'topup', amount: balance, ...named(text('finances.ledger.opening_balance')), reference: 'OPENING',
    });
  }
  // Each plugin's own demo data (ServerPlugin.seed), before the history that may read it.
  for (const plugin of core.plugins) if (plugin.seed) await plugin.seed(core);
  // The delivery history: produced by the ad server's pipeline in the background (plugins/tracking/server/history.ts).
  if (core.env.seedHistoryDays > 0 && core.models.has('event')) {
    await core.jobs.enqueue('tracking.history', { days: core.env.seedHistoryDays }, { retries: 2 });
  }
}
