import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clickTarget, withClickId } from './routes.ts';

describe("the click's redirect target", () => {
  const targets = [
    'https://shop.example/landing',
    'https://shop.example/landing?utm_source=adsuite&b=1',
    'https://shop.example/p?q=a b&c=%7E',
    'https://shop.example/p#top',
    'https://shop.example/p?adsuite_click=older',
    'https://shop.example/p?',
    'https://SHOP.example:443/Ä?x=ü',
    'not a url',
  ];

  it('is the target with the click id, as the URL API appends it, for every kind of target, the first time and after', () => {
    for (const target of targets) {
      for (let i = 0; i < 2; i++) {
        const id = randomUUID();
        expect(clickTarget(target, id)).toBe(withClickId(target, id));
      }
      expect(clickTarget(target, null)).toBe(withClickId(target, null));
    }
  });

  it('appends the id to a plain target and to its query, and replaces an id the target had', () => {
    const id = randomUUID();
    expect(clickTarget('https://shop.example/landing', id)).toBe(`https://shop.example/landing?adsuite_click=${id}`);
    expect(clickTarget('https://shop.example/landing?utm_source=adsuite', id)).toBe(`https://shop.example/landing?utm_source=adsuite&adsuite_click=${id}`);
    expect(clickTarget('https://shop.example/p?adsuite_click=older#top', id)).toBe(`https://shop.example/p?adsuite_click=${id}#top`);
    expect(clickTarget('not a url', id)).toBe('not a url');
  });
});
