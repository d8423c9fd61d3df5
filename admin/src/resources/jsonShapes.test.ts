import { describe, expect, it } from 'vitest';
import { resourceByName } from '@adsuite/config';
import { fitsShape, jsonShapeOf, JSON_SHAPES, reviewRows } from './jsonShapes.ts';

describe('the JSON shapes SPEC names (section 3)', () => {
  it('name only declared JSON fields', () => {
    for (const [resource, fields] of Object.entries(JSON_SHAPES)) {
      for (const field of Object.keys(fields)) expect(resourceByName[resource]?.fields[field]?.type, `${resource}.${field}`).toBe('json');
    }
  });

  it('give a banner\'s thumbnail, video and graphic, placeholders and a booking\'s allocation their parts', () => {
    expect(jsonShapeOf('banner', 'thumbnail')).toEqual({ kind: 'object', parts: [expect.objectContaining({ key: 'width' }), expect.objectContaining({ key: 'height' }), expect.objectContaining({ key: 'downloadLink' })] });
    expect(jsonShapeOf('banner', 'graphic')).toMatchObject({ kind: 'object', parts: [{ key: 'id', type: 'ref', resource: 'graphic' }, { key: 'downloadLink' }] });
    expect(jsonShapeOf('booking', 'allocation')).toMatchObject({ kind: 'list', parts: [{ key: 'channel', type: 'channel' }, { key: 'weight' }] });
    expect(jsonShapeOf('lineitem', 'reviews')).toEqual({ kind: 'reviews' });
    expect(jsonShapeOf('lineitem', 'specifics')).toBeUndefined();
    expect(jsonShapeOf('constructor', 'name')).toBeUndefined();
  });

  it('take a stored value of the shape, and leave any other to the raw editor', () => {
    const thumbnail = jsonShapeOf('banner', 'thumbnail')!;
    expect(fitsShape(thumbnail, null)).toBe(true);
    expect(fitsShape(thumbnail, {})).toBe(true);
    expect(fitsShape(thumbnail, { width: 300, height: 250, downloadLink: 'https://x.example/a.png' })).toBe(true);
    expect(fitsShape(thumbnail, { width: '300' })).toBe(false);
    expect(fitsShape(thumbnail, { width: 300, crop: true })).toBe(false);
    expect(fitsShape(thumbnail, [300, 250])).toBe(false);
    const allocation = jsonShapeOf('bookingtemplate', 'allocation')!;
    expect(fitsShape(allocation, [{ channel: 'facebook', weight: 1 }, { channel: 'platform161', weight: 2 }])).toBe(true);
    expect(fitsShape(allocation, [{ channel: 'facebook', weight: 1, note: 'x' }])).toBe(false);
    expect(fitsShape(allocation, { facebook: 1 })).toBe(false);
    const placeholders = jsonShapeOf('bannertemplate', 'placeholder')!;
    expect(fitsShape(placeholders, [{ key: 'slogan', type: 'text', label: 'Slogan', required: true, max: 90 }, { key: 'logo', type: 'image', label: 'Logo' }])).toBe(true);
    expect(fitsShape(placeholders, [{ key: 'logo', type: 'video', label: 'Logo' }])).toBe(false);
    expect(fitsShape(jsonShapeOf('lineitem', 'reviews')!, { facebook: { status: 'approved' }, outbrain: false, dv360: null })).toBe(true);
    expect(fitsShape(jsonShapeOf('lineitem', 'reviews')!, [{ status: 'approved' }])).toBe(false);
  });

  it('read reviews per channel, legacy true/false/null as approved/rejected/not reviewed', () => {
    expect(reviewRows({ facebook: { status: 'rejected', reason: 'Blurry image', comment: '' }, outbrain: true, dv360: null })).toEqual([
      { channel: 'facebook', status: 'rejected', reason: 'Blurry image', comment: undefined },
      { channel: 'outbrain', status: 'approved', reason: undefined, comment: undefined },
      { channel: 'dv360', status: 'not_reviewed', reason: undefined, comment: undefined },
    ]);
    expect(reviewRows(null)).toEqual([]);
  });
});
