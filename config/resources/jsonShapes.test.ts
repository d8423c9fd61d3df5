import { describe, expect, it } from 'vitest';
import { bookingMarker } from '../booking/markers.ts';
import { resourceByName, resources } from './index.ts';
import { CHANNEL_KEYS } from '../channels.ts';
import {
  changeRows, fitsShape, isEnteredShape, partProblem, reviewRows, sameJson, sampleOf, shapeIssues, valueAt, type JsonPart, type JsonShape,
} from './jsonShapes.ts';

const shapeOf = (resource: string, field: string): JsonShape => {
  const shape = resourceByName[resource].fields[field].shape;
  if (!shape) throw new Error(`${resource}.${field} has no shape`);
  return shape;
};
const partOf = (resource: string, field: string, key: string): JsonPart => {
  const shape = shapeOf(resource, field);
  const found = 'parts' in shape ? shape.parts.find((part) => part.key === key) : undefined;
  if (!found) throw new Error(`${resource}.${field} has no part ${key}`);
  return found;
};

/** The JSON fields whose parts SPEC section 3 names (and the line item's reviews and changes of section 2). */
const NAMED_BY_SPEC = [
  'banner.thumbnail', 'banner.video', 'banner.graphic', 'banner.placeholder', 'banner.reviews',
  'campaign.channels', 'booking.markers', 'booking.allocation', 'booking.domainlists', 'booking.cdpSegments', 'booking.creatives',
  'lineitem.specifics', 'lineitem.reviews', 'lineitem.changes', 'login.statPreferences', 'sync-queue.messages', 'optimizer.instructions',
  'channel.endpoints',
];

describe('the JSON shapes of the declarations', () => {
  it('give every JSON field SPEC section 3 names the parts it names', () => {
    for (const name of NAMED_BY_SPEC) {
      const [resource, field] = name.split('.');
      expect(resourceByName[resource].fields[field].shape, name).toBeDefined();
    }
    expect(partOf('booking', 'markers', 'properties.name')).toMatchObject({ type: 'text', required: true });
    expect(partOf('booking', 'markers', 'properties.currentPlace.formatted_address')).toMatchObject({ type: 'text' });
    expect(partOf('booking', 'markers', 'geometry')).toMatchObject({ type: 'point' });
    expect(partOf('booking', 'markers', 'properties.radius')).toMatchObject({ type: 'number', min: 0, max: 500 });
    expect(partOf('lineitem', 'specifics', 'gads.keywords')).toMatchObject({ type: 'texts' });
    expect(shapeOf('login', 'statPreferences')).toMatchObject({ kind: 'list', parts: [{ key: 'statType' }, { key: 'statColumns', type: 'texts' }, { key: 'statSortBy' }, { key: 'statSortOrder', choices: ['ASC', 'DESC'] }] });
    expect(shapeOf('lineitem', 'changes')).toEqual({ kind: 'changes' });
    expect(resourceByName.banner.fields.channels).toMatchObject({ type: 'stringList', options: expect.arrayContaining(['platform161', 'facebook']) });
  });

  it('are declared on JSON fields only, with labels in both languages, choices where they choose and the resource of their ids', () => {
    for (const resource of resources) {
      for (const [key, field] of Object.entries(resource.fields)) {
        const shape = field.shape;
        if (!shape) continue;
        const name = `${resource.name}.${key}`;
        expect(field.type, name).toBe('json');
        if (shape.kind === 'ids') expect(field.idsOf?.resource, name).toBe(shape.resource);
        for (const part of 'parts' in shape ? shape.parts : []) {
          expect(part.label.de && part.label.en, `${name}.${part.key}`).toBeTruthy();
          if (part.type === 'choice') expect(part.choices?.length, `${name}.${part.key}`).toBeGreaterThan(0);
          if (part.type === 'ref') expect(resourceByName[part.resource!], `${name}.${part.key}`).toBeDefined();
        }
      }
    }
  });

  it('take the stored values of their shape: the seed\'s markers, thumbnails, allocations and placeholders', () => {
    const markers = shapeOf('booking', 'markers');
    expect(fitsShape(markers, [bookingMarker({ name: 'Berlin', address: 'Berlin, Germany', lat: 52.52, lng: 13.405, radius: 10 })])).toBe(true);
    expect(fitsShape(markers, [bookingMarker({ name: 'Somewhere' })])).toBe(true);
    expect(fitsShape(markers, [])).toBe(true);
    const thumbnail = shapeOf('banner', 'thumbnail');
    expect(fitsShape(thumbnail, null)).toBe(true);
    expect(fitsShape(thumbnail, {})).toBe(true);
    expect(fitsShape(thumbnail, { width: 300, height: 250, downloadLink: 'https://x.example/a.png' })).toBe(true);
    expect(fitsShape(shapeOf('bookingtemplate', 'allocation'), [{ channel: 'facebook', weight: 1 }, { channel: 'platform161', weight: 2 }])).toBe(true);
    expect(fitsShape(shapeOf('bannertemplate', 'placeholder'), [{ key: 'slogan', type: 'text', label: 'Slogan', required: true, max: 90 }, { key: 'logo', type: 'image', label: 'Logo' }])).toBe(true);
    expect(fitsShape(shapeOf('lineitem', 'specifics'), { bidding: { changeRange: 10, okRange: 5 }, gads: { keywords: ['shoes', 'sale'] }, activateLater: true })).toBe(true);
    expect(fitsShape(shapeOf('login', 'statPreferences'), [{ statType: 'publisher', statColumns: ['name', 'clicks'], statSortBy: 'clicks', statSortOrder: 'DESC' }])).toBe(true);
    expect(fitsShape(shapeOf('booking', 'cdpSegments'), ['a0f1c2d3-0000-4000-8000-000000000001'])).toBe(true);
    expect(fitsShape(shapeOf('lineitem', 'reviews'), { facebook: { status: 'approved' }, outbrain: false, dv360: null })).toBe(true);
    // A read-only list shows its parts; what else a creative carries stays as it is.
    expect(fitsShape(shapeOf('booking', 'creatives'), [{ id: 'x', name: 'Banner', bannerType: 'image_ad', width: 300, height: 250, channels: ['facebook'], file: 'f1' }])).toBe(true);
  });

  it('leave a value of another shape to the raw editor: unknown keys, parts of another type, another kind', () => {
    const thumbnail = shapeOf('banner', 'thumbnail');
    expect(fitsShape(thumbnail, { width: '300' })).toBe(false);
    expect(fitsShape(thumbnail, { width: 300, crop: true })).toBe(false);
    expect(fitsShape(thumbnail, [300, 250])).toBe(false);
    const allocation = shapeOf('booking', 'allocation');
    expect(fitsShape(allocation, [{ channel: 'facebook', weight: 1, note: 'x' }])).toBe(false);
    expect(fitsShape(allocation, { facebook: 1 })).toBe(false);
    expect(fitsShape(allocation, [{ channel: 'myspace', weight: 1 }])).toBe(false);
    expect(fitsShape(shapeOf('bannertemplate', 'placeholder'), [{ key: 'logo', type: 'video', label: 'Logo' }])).toBe(false);
    const markers = shapeOf('booking', 'markers');
    // the flat places of the earlier wizard, a marker of another type, coordinates off the globe
    expect(fitsShape(markers, [{ name: 'Berlin', lat: 52.5, lng: 13.4 }])).toBe(false);
    expect(fitsShape(markers, [{ ...bookingMarker({ name: 'Berlin' }), type: 'FeatureCollection' }])).toBe(false);
    expect(fitsShape(markers, [{ ...bookingMarker({ name: 'Berlin' }), geometry: { type: 'Point', coordinates: [13.4, 95] } }])).toBe(false);
    expect(fitsShape(shapeOf('lineitem', 'specifics'), { gads: { keywords: 'shoes' } })).toBe(false);
    expect(fitsShape(shapeOf('login', 'statPreferences'), [{ statType: 'publisher', statSortOrder: 'UP' }])).toBe(false);
    expect(fitsShape(shapeOf('booking', 'domainlists'), [{ id: 'a', name: 'List' }])).toBe(false);
    expect(fitsShape(shapeOf('lineitem', 'reviews'), [{ status: 'approved' }])).toBe(false);
    expect(fitsShape(shapeOf('lineitem', 'changes'), { budget: 20 })).toBe(false);
  });

  it('check each part as its input does: required, numbers within bounds, addresses, choices, keyword lists, points', () => {
    const name = partOf('booking', 'markers', 'properties.name');
    expect(partProblem(name, '')).toEqual({ problem: 'required' });
    expect(partProblem(name, 'Berlin')).toBeUndefined();
    const radius = partOf('booking', 'markers', 'properties.radius');
    expect(partProblem(radius, null)).toBeUndefined();
    expect(partProblem(radius, 10)).toBeUndefined();
    expect(partProblem(radius, 501)).toEqual({ problem: 'max', max: 500 });
    expect(partProblem(radius, -1)).toEqual({ problem: 'min', min: 0 });
    expect(partProblem(radius, '10')).toEqual({ problem: 'number' });
    expect(partProblem(partOf('banner', 'thumbnail', 'width'), 2.5)).toEqual({ problem: 'integer' });
    expect(partProblem(partOf('banner', 'thumbnail', 'downloadLink'), 'ftp://x')).toEqual({ problem: 'url' });
    expect(partProblem(partOf('banner', 'thumbnail', 'downloadLink'), 'https://shop.demo.test/a.png')).toBeUndefined();
    expect(partProblem(partOf('login', 'statPreferences', 'statSortOrder'), 'UP')).toEqual({ problem: 'choice' });
    expect(partProblem(partOf('login', 'statPreferences', 'statType'), undefined)).toEqual({ problem: 'required' });
    expect(partProblem(partOf('lineitem', 'specifics', 'gads.keywords'), ['shoes', 3])).toEqual({ problem: 'texts' });
    expect(partProblem(partOf('lineitem', 'specifics', 'gads.keywords'), [])).toBeUndefined();
    const point = partOf('booking', 'markers', 'geometry');
    expect(partProblem(point, { type: 'Point', coordinates: [13.405, 52.52] })).toBeUndefined();
    expect(partProblem(point, { type: 'Point', coordinates: [13.405] })).toEqual({ problem: 'point' });
    expect(partProblem(point, { type: 'Point', coordinates: [200, 52] })).toEqual({ problem: 'point' });
  });

  it('find a part\'s value at its nested key', () => {
    const marker = bookingMarker({ name: 'Berlin', address: 'Berlin, Germany' });
    expect(valueAt(marker, 'properties.currentPlace.formatted_address')).toBe('Berlin, Germany');
    expect(valueAt(marker, 'properties.nothing.here')).toBeUndefined();
    expect(valueAt(null, 'width')).toBeUndefined();
  });

  it('read reviews per channel, legacy true/false/null as approved/rejected/not reviewed', () => {
    expect(reviewRows({ facebook: { status: 'rejected', reason: 'Blurry image', comment: '' }, outbrain: true, dv360: null })).toEqual([
      { channel: 'facebook', status: 'rejected', reason: 'Blurry image', comment: undefined },
      { channel: 'outbrain', status: 'approved', reason: undefined, comment: undefined },
      { channel: 'dv360', status: 'not_reviewed', reason: undefined, comment: undefined },
    ]);
    expect(reviewRows(null)).toEqual([]);
  });

  it('read changes per field or as a list, as rows of field, old and new value', () => {
    expect(changeRows({ dailyBudget: { old: 5, new: 10 }, landingDomain: { new: 'shop.demo.test' } })).toEqual([
      { field: 'dailyBudget', old: 5, new: 10 },
      { field: 'landingDomain', old: undefined, new: 'shop.demo.test' },
    ]);
    expect(changeRows([{ field: 'bidPrice', old: 0.45, new: 0.5 }])).toEqual([{ field: 'bidPrice', old: 0.45, new: 0.5 }]);
    expect(changeRows({})).toEqual([]);
    expect(changeRows(null)).toEqual([]);
    expect(changeRows({ budget: 20 })).toBeNull();
    expect(changeRows([{ old: 1, new: 2 }])).toBeNull();
  });
});

const shapedFields = resources.flatMap((resource) => Object.entries(resource.fields)
  .filter(([, field]) => field.shape).map(([key, field]) => [`${resource.name}.${key}`, field.shape!] as const));
const issuesOf = (resource: string, field: string, value: unknown) => shapeIssues(shapeOf(resource, field), value).map((issue) => `${issue.path} ${issue.problem.problem}`);

describe('a value written to a JSON field (the server\'s check, shapeIssues)', () => {
  it('is found wrong where it is: a marker\'s point, radius and name, a channel, a statistics row, unknown keys', () => {
    const berlin = bookingMarker({ name: 'Berlin', address: 'Berlin, Germany', lat: 52.52, lng: 13.405, radius: 10 });
    expect(issuesOf('booking', 'markers', [berlin, bookingMarker({ name: 'Hamburg' })])).toEqual([]);
    expect(issuesOf('booking', 'markers', [berlin, { ...berlin, geometry: { type: 'Point' } }])).toEqual(['1.geometry point']);
    expect(issuesOf('booking', 'markers', [{ ...berlin, properties: { ...berlin.properties, radius: 501 } }])).toEqual(['0.properties.radius max']);
    expect(issuesOf('booking', 'markers', [{ type: 'Feature', properties: { radius: 5 } }])).toEqual(['0.properties.name required']);
    expect(issuesOf('booking', 'markers', [{ ...berlin, type: 'FeatureCollection', note: 1 }])).toEqual(['0.type fixed', '0.note unknown']);
    expect(issuesOf('booking', 'markers', [{ ...berlin, properties: 'Berlin' }])).toEqual(['0.properties object']);
    expect(issuesOf('booking', 'markers', [{ ...berlin, properties: { ...berlin.properties, currentPlace: { formatted_address: 'x', lat: 1 } } }]))
      .toEqual(['0.properties.currentPlace.lat unknown']);
    expect(issuesOf('booking', 'markers', [{ ...berlin, 'properties.radius': 900 }])).toEqual(['0.properties.radius unknown']);
    expect(issuesOf('booking', 'markers', { type: 'Feature' })).toEqual([' list']);
    expect(issuesOf('booking', 'markers', [5, null])).toEqual(['0 object', '1 object']);
    expect(issuesOf('campaign', 'channels', [{ name: 'myspace', amount: 5 }, { name: 'facebook', amount: -1 }])).toEqual(['0.name choice', '1.amount min']);
    expect(issuesOf('login', 'statPreferences', [{ statType: 'publisher', statColumns: ['clicks'], statSortOrder: 'UP', colour: 'red' }]))
      .toEqual(['0.statSortOrder choice', '0.colour unknown']);
    expect(issuesOf('banner', 'thumbnail', { width: 2.5, height: 250 })).toEqual(['width integer']);
    expect(issuesOf('banner', 'thumbnail', [])).toEqual([' object']);
    expect(issuesOf('lineitem', 'specifics', { gads: { keywords: 'shoes' }, bidding: { okRange: 101 } })).toEqual(['bidding.okRange max', 'gads.keywords texts']);
    expect(issuesOf('booking', 'cdpSegments', [{ id: 'a' }])).toEqual([' ids']);
    expect(issuesOf('booking', 'cdpSegments', ['a0f1c2d3-0000-4000-8000-000000000001'])).toEqual([]);
    expect(issuesOf('banner', 'thumbnail', null)).toEqual([]);
    expect(issuesOf('booking', 'markers', [])).toEqual([]);
  });

  it('names the entry, the key and the declared part of each issue, and stops at the limit', () => {
    const [issue] = shapeIssues(shapeOf('booking', 'markers'), [{ type: 'Feature', geometry: null, properties: { name: 'X', radius: 900 } }]);
    expect(issue).toMatchObject({ path: '0.properties.radius', index: 0, key: 'properties.radius', part: { type: 'number', max: 500 }, problem: { problem: 'max', max: 500 } });
    expect(shapeIssues(shapeOf('booking', 'markers'), Array.from({ length: 100 }, () => 5))).toHaveLength(20);
    expect(shapeIssues(shapeOf('booking', 'markers'), Array.from({ length: 100 }, () => 5), 3)).toHaveLength(3);
  });

  it('is checked for entered shapes only: reviews, changes, failed channels and logs are the server\'s or staff\'s', () => {
    const entered = shapedFields.filter(([, shape]) => isEnteredShape(shape)).map(([name]) => name);
    expect(entered).toEqual(expect.arrayContaining(['booking.markers', 'banner.thumbnail', 'campaign.channels', 'login.statPreferences', 'booking.cdpSegments', 'lineitem.specifics']));
    expect(entered).not.toEqual(expect.arrayContaining(['banner.reviews']));
    for (const name of ['banner.reviews', 'lineitem.reviews', 'lineitem.changes', 'booking.failedChannels', 'sync-queue.messages', 'optimizer.instructions', 'booking.creatives']) {
      expect(entered, name).not.toContain(name);
    }
  });

  it('is the same as a stored one whatever the order of its keys', () => {
    expect(sameJson({ a: 1, b: [{ c: 2, d: null }] }, { b: [{ d: null, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson({}, [])).toBe(false);
    expect(sameJson(null, null)).toBe(true);
    expect(sameJson(null, {})).toBe(false);
  });
});

describe('the sample value of a shape (sampleOf, for tests that write every JSON field)', () => {
  it.each(shapedFields)('%s: has the shape and passes every check of its parts', (_name, shape) => {
    const sample = sampleOf(shape);
    expect(fitsShape(shape, sample)).toBe(true);
    expect(shapeIssues(shape, sample)).toEqual([]);
    if (shape.kind === 'list') expect(sample).toHaveLength(1);
    if (shape.kind === 'object' || shape.kind === 'list') expect(sameJson(sample, shape.kind === 'list' ? [] : {})).toBe(false);
  });

  it('fills every part within its bounds, the fixed values, nested keys and choices', () => {
    expect(sampleOf(shapeOf('booking', 'markers'))).toEqual([{
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [13.405, 52.52] },
      properties: { name: 'Sample', currentPlace: { formatted_address: 'Sample' }, radius: 1 },
    }]);
    expect(sampleOf(shapeOf('booking', 'allocation'))).toEqual([{ channel: CHANNEL_KEYS[0], weight: 1 }]);
    expect(sampleOf(shapeOf('login', 'statPreferences'))).toEqual([{ statType: 'publisher', statColumns: ['sample'], statSortBy: 'Sample', statSortOrder: 'ASC' }]);
    expect(sampleOf(shapeOf('banner', 'graphic'))).toEqual({ downloadLink: 'https://example.com/sample' });
    expect(sampleOf(shapeOf('booking', 'cdpSegments'))).toEqual([]);
    expect(sampleOf({ kind: 'object', parts: [{ key: 'n', type: 'integer', label: { de: 'n', en: 'n' }, min: 2.5, max: 10 }] })).toEqual({ n: 3 });
    expect(sampleOf({ kind: 'object', parts: [{ key: 'n', type: 'number', label: { de: 'n', en: 'n' }, max: 0.5 }] })).toEqual({ n: 0.5 });
  });
});
