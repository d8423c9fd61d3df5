/**
 * What contract.test.ts cannot make from the OpenAPI document alone, by operationId: bodies whose rules span fields
 * (a booking draft, an invoice's sums), values the demo data decides (a coupon's code, a password, a booking in the
 * state an action needs), uploaded files, the role that may call, and refusals that are the right answer with the
 * demo data (with the reason). Everything not named here is called as the document describes it; a body given here
 * is laid over the one made from the document.
 */
type Row = Record<string, any>;

/** What an example may use: the records the lists showed, the demo accounts' ids, what earlier writes answered. */
export interface ExampleData {
  sample(resource: string): Row | undefined;
  rows(resource: string): Row[];
  known: Record<string, string>;
  result(operationId: string): Row | undefined;
}

export interface Example {
  /** Who calls (default: the systemoperator, with the Demo Shop and the Demo Publisher selected). */
  role?: 'systemoperator' | 'advertiser' | 'publisher' | 'other';
  params?(data: ExampleData): Record<string, string>;
  body?(data: ExampleData): unknown;
  form?(data: ExampleData): FormData;
  /** Why a documented refusal (4xx) is the right answer here. */
  refusal?: string;
  /** Called after all others of its kind: a write that ends sessions or removes what others use, a read of what a write made. */
  last?: boolean;
}

let made = 0;
const today = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const upload = (name: string, type: string, content: Buffer | string) => () => {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(Buffer.from(content))], { type }), name);
  return form;
};

const draft = () => ({
  name: 'Contract booking', start: today(1), end: today(30), channels: ['platform161'], dailyBudget: 5, target: 'https://contract.example.com/landing',
  creatives: [{ name: 'Contract creative', bannerType: 'image_ad', width: 300, height: 250, file: 'contract', channels: ['platform161'] }],
});

/** The Demo Shop's booking in `status` (the demo data has one active, one pending and one paused). */
const booking = (status: string) => (data: ExampleData) => ({ id: data.rows('booking').find((row) => row.status === status && row.advertiser === data.known.advertiser)?.id });
const otherBooking = (data: ExampleData) => ({ id: data.rows('booking').find((row) => row.status === 'active' && row.advertiser !== data.known.advertiser)?.id });
const uploaded = (data: ExampleData) => ({ id: data.result('postBookingFiles')?.id });
const subaccount = (data: ExampleData) => ({ id: data.result('postAuthSubaccount')?.id });
/** The campaign whose conversions and clicks wait for approval (the Demo Shop's running one). */
const withApproval = (data: ExampleData) => ({ id: data.rows('campaign').find((row) => row.conversionApproval && row.clickApproval)?.id });
const noClick = 'the day of demo history may have no click waiting for a decision';
/** The `index`th event of a read approval list still waiting for its decision. */
const pending = (data: ExampleData, list: string, index: number) => (data.result(list)?.items ?? []).filter((item: Row) => !item.approvalStatus)[index];

export const EXAMPLES: Record<string, Example> = {
  // The demo data has no optimizer (the affiliate dashboards' tests make their own): the MCT of a campaign without one is refused.
  postOptimizerMct: { refusal: 'the demo data has no optimizer, so no campaign has a market share target' },
  // Declared resources whose rules span fields or need a form of value (as resources/catalogue.test.ts's SPECIAL).
  createHost: { body: () => ({ name: 'contract-test.example.com' }) },
  createCountry: { body: () => ({ alpha2: 'ZZ' }) },
  createChannel: { body: () => ({ key: 'contract_test', color: '#123456' }) },
  createBlogpost: { body: () => ({ slug: `contract-test-${++made}` }) },
  createInvoice: { body: () => ({ net: 100, vat: 19, gross: 119 }) },
  createCreditnote: { body: () => ({ net: 10, vat: 1.9, gross: 11.9 }) },
  // POST /api/booking is the booking plugin's: the wizard's rules need a channel, a budget, a target and a creative.
  createBooking: { body: draft },
  postBookingValidate: { body: draft },

  // The affiliate wizard: one country and categories as the pickers give them (`id|||code`), a feed with its prefix.
  createWizard: {
    body: (data) => {
      const category = data.rows('category')[0];
      return {
        countries: ['DE'], categories: category ? [`${category.id}|||${category.code}`] : [], adserver: 'track.contract.example', datasource: 'https://contract.example.com/feed.csv',
        affiliateprefix: 'https://contract.example.com/go?url=', datatype: 'csv', delimiter: ',', adcode: '<a href="{click}">Contract</a>',
      };
    },
  },
  pushAssignment: { refusal: 'the assignment the test makes names no booking template, so no booking can be made of it (400)' },

  // Accounts
  signIn: { body: () => ({ email: 'advertiser@demo.test', password: 'demo-password' }) },
  postAuthSignup: { body: () => ({ userType: 'advertiser', accountType: 'company', advertiser: 'Contract Company', jobRole: 60, industry: '1200', password: 'contract-password' }) },
  postAuthCheckconfirm: { refusal: 'needs the token of a confirmation mail' },
  postAuthNewpassword: { refusal: 'needs the token of a reset mail' },
  postAuthActivateById: { params: (data) => ({ id: data.known.agencyLogin }) },
  postAuthSubaccount: { body: (data) => ({ role: 'viewer', parent: data.known.advertiserLogin, advertisers: [data.known.advertiser] }) },
  getAuthSubaccountById: { params: (data) => ({ id: data.known.viewerLogin }) },
  patchAuthSubaccountById: { params: subaccount },
  postAuthSubaccountRecovery: { params: subaccount },
  deleteAuthSubaccountById: { params: subaccount, last: true },
  changePassword: { role: 'other', last: true, body: () => ({ currentPassword: 'demo-password', password: 'contract-password-1' }) },
  signOutEverywhere: { role: 'publisher', last: true },

  // Booking and creatives
  getApproval: { params: () => ({ type: 'banner' }) },
  postApprovalReview: {
    body: (data) => {
      const banner = data.rows('banner').find((row) => row.advertiser === data.known.advertiser);
      return { type: 'banner', id: banner?.id, reviews: Object.keys(banner?.reviews ?? { platform161: null }).map((channel) => ({ channel, status: 'approved' })) };
    },
  },
  postBookingFiles: { form: upload('contract.png', 'image/png', PNG) },
  getBookingFilesById: { params: uploaded, last: true },
  getBannerFileById: { params: uploaded, last: true },
  getBannerHtmlEntry: { params: (data) => ({ ...uploaded(data), entry: 'index.html' }), last: true, refusal: 'the file uploaded is a picture, not an HTML5 zip' },
  postBookingImportByEntityId: { form: upload('bookings.csv', 'text/csv', 'name,dailyBudget,channels\nContract import,5,platform161\n'), params: (data) => ({ entityId: data.known.advertiser }) },
  // A catalog's import from an uploaded feed (its URL may not be fetched in tests); removing the products waits for it to end.
  importProducts: { form: upload('feed.csv', 'text/csv', 'id,title,price\nC-1,Contract product,9.90\n') },
  deleteProducts: { last: true },
  // Generating replaces the campaign's top products, the ones the generic writes change too: after them.
  generateTopProducts: { last: true },
  postBookingCreativesCheck: { body: (data) => ({ creatives: [data.sample('banner')?.id], channels: ['platform161'] }) },
  postBookingCreativeServicePreview: { body: () => ({ slogan: 'Contract slogan', productName: 'Contract product' }) },
  postBookingStatus: { params: booking('pending') },
  postBookingPause: { params: booking('active') },
  postBookingResume: { params: booking('active') },
  postBookingCancel: { params: booking('paused') },
  // Another advertiser's running booking: the Demo Shop's has the background work of its pause and resume going on.
  putBookingEnd: { params: otherBooking },
  putBookingChannels: { params: otherBooking, body: () => ({ channels: ['platform161'] }) },

  // Reports and tracking
  getDashboardDetails: { params: (data) => ({ booking: data.sample('booking')?.id }) },
  postCampaignDomainlist: { body: () => ({ name: 'news.example.com', channels: ['platform161'] }) },
  getContainerScript: { params: (data) => ({ file: `${data.known.advertiser}.js` }) },

  // Finances
  postAdvertiserPayment: { body: () => ({ amount: 10, vatHandle: 'add', cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' }) },
  postAdvertiserPaymentConfirm: { refusal: 'needs a payment waiting for the card\'s confirmation', params: () => ({ paymentId: '00000000-0000-4000-8000-000000000000' }) },
  postCouponUse: { body: (data) => ({ code: 'NEW25', advertiser: data.known.agencyClient }) },
  // A payout the demo publisher asks for (of the provisions of the history's clicks staff approved), paid by the
  // systemoperator, whose credit note is read.
  postPublisherPayouts: { role: 'publisher', body: () => ({ amount: 1 }) },
  postPayoutPaid: { params: (data) => ({ id: data.result('postPublisherPayouts')?.payout?.id }) },
  postPayoutCancel: { params: (data) => ({ id: data.result('postPublisherPayouts')?.payout?.id }), refusal: 'the request is paid already: no longer open (409)' },
  getPayoutDownload: { last: true, params: (data) => ({ id: data.result('postPayoutPaid')?.payout?.id }) },

  // Creative tools: a folder of the Demo Shop made, renamed, moved to Root and deleted last; an image uploaded; banners of the demo template.
  graphicsCreateFolder: { body: (data) => ({ name: 'Contract folder', parent: null, advertiser: data.known.advertiser }) },
  graphicsUpdateFolder: { params: (data) => ({ id: data.result('graphicsCreateFolder')?.id }), body: () => ({ name: 'Contract folder renamed', parent: null }) },
  graphicsMove: { body: (data) => ({ folders: [data.result('graphicsCreateFolder')?.id], graphics: [], target: null }) },
  graphicsDeleteFolder: { params: (data) => ({ id: data.result('graphicsCreateFolder')?.id }), last: true },
  graphicsUpload: { form: upload('contract.png', 'image/png', PNG) },
  bannerGenerate: {
    body: (data) => ({
      advertiser: data.known.advertiser, template: data.rows('bannertemplate').find((row) => row.advertiser === null)?.id,
      values: { slogan: 'Contract', productName: 'Contract banner' }, sizes: ['300x250'],
    }),
  },
  bannerTemplatePreview: {
    body: () => ({ html: '<b>{{slogan}}</b>', placeholder: [{ key: 'slogan', label: 'Slogan', type: 'text', required: true, max: 90 }], width: 300, height: 250, values: { slogan: 'Contract' } }),
  },

  // Publisher area: the demo publisher invited to the Demo Shop's campaign; a website its history delivered on, claimed.
  postCampaignInvitations: { body: (data) => ({ action: 'invite', publishers: [data.known.publisher] }) },
  // The publisher's view of a campaign: one the demo publisher delivered on (another campaign is not its: 404).
  getPublisherCampaignReport: { params: (data) => ({ id: data.rows('campaign').find((row) => row.name === 'Summer Sale 2026')?.id }) },
  postPublisherWebsitesClaim: { body: () => ({ website: 'news.demo.test' }) },
  // The demo publisher's view of a campaign it delivered on; its answers to invitations need one sent to it.
  getPublisherCampaignsByCampaign: {
    role: 'publisher', params: (data) => ({ id: data.known.publisher, campaign: data.rows('campaign').find((row) => row.name === 'Summer Sale 2026')?.id }),
  },
  postPublisherInvitationsByInvitation: { role: 'publisher', refusal: 'no invitation has reached the demo publisher: staff invitations are sent by a job, so the one named is not found (404)' },
  postPublisherInvitationsReceived: { role: 'publisher', refusal: 'no invitation has reached the demo publisher: staff invitations are sent by a job, so the one named is not found (404)' },

  // Conversion and click approval: the Demo Shop's campaign with approvals has a day of tracked events (seedHistoryDays).
  getCampaignConversions: { params: withApproval },
  getCampaignClicks: { params: withApproval },
  postCampaignConversions: { params: withApproval, body: (data) => ({ conversionId: pending(data, 'getCampaignConversions', 0)?.conversionId, approved: true }) },
  postCampaignConversionsBulk: { params: withApproval, refusal: 'the days of demo history may have no second conversion waiting for a decision', body: (data) => [{ conversionId: pending(data, 'getCampaignConversions', 1)?.conversionId, approved: false }] },
  postCampaignClicks: { params: withApproval, refusal: noClick, body: (data) => ({ clickId: pending(data, 'getCampaignClicks', 0)?.clickId, approved: true }) },
  postCampaignClicksBulk: { params: withApproval, refusal: noClick, body: (data) => [{ clickId: pending(data, 'getCampaignClicks', 1)?.clickId, approved: false }] },
};
