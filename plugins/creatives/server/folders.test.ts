import { describe, expect, it } from 'vitest';
import { useCreativesServer } from './testkit.ts';
import { badge } from './pictures.ts';

const kit = useCreativesServer();
const WIZARD = 'wizard@demo.test';
const SHOP_USER = 'advertiser@demo.test';
const OTHER_USER = 'other@demo.test';

const folders = (email: string, query: string) => kit.call(email, `/api/graphics/folders?${query}`);

describe('the graphics library\'s folder tree', () => {
  it('moves folders and graphics within the tree and refuses a move into a folder\'s own subtree', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    const make = async (name: string, parent: string | null) => {
      const { status, body } = await kit.call(WIZARD, '/api/graphics/folder', { method: 'POST', body: { name, parent, advertiser: shop.id } });
      expect(status).toBe(201);
      return body.id as string;
    };
    const a = await make('Season A', null);
    const b = await make('Season B', a);
    const c = await make('Season C', b);

    // Into its own subfolder, or into itself: refused, in the reader's language, and nothing moved.
    const cycle = await kit.call(WIZARD, `/api/graphics/folder/${a}`, { method: 'PATCH', body: { parent: c } });
    expect(cycle).toMatchObject({ status: 400, body: { message: 'A folder cannot be moved into itself or into one of its subfolders.', errors: [{ field: 'parent' }] } });
    const german = await kit.call(WIZARD, '/api/graphics/move', { method: 'POST', body: { folders: [a], target: a }, headers: { Language: 'de' } });
    expect(german).toMatchObject({ status: 400, body: { message: 'Ein Ordner kann nicht in sich selbst oder in einen seiner Unterordner verschoben werden.' } });
    expect((await kit.core().model('folder').findByPk(a, { raw: true }))).toMatchObject({ parent: null });
    // The generic API sets a parent on create only: it cannot make a cycle either.
    const generic = await kit.call(WIZARD, `/api/folder/${a}`, { method: 'PUT', body: { name: 'Season A', parent: c, advertiser: shop.id } });
    expect(generic.status).toBe(400);
    expect((await kit.core().model('folder').findByPk(a, { raw: true }))).toMatchObject({ parent: null });

    // C moves up to Root; then A (with B) moves into C: the breadcrumb follows.
    expect((await kit.call(WIZARD, `/api/graphics/folder/${c}`, { method: 'PATCH', body: { parent: null, name: 'Season C (top)' } })).body).toMatchObject({ id: c, parent: null, name: 'Season C (top)' });
    const moved = await kit.call(WIZARD, '/api/graphics/move', { method: 'POST', body: { folders: [a], target: c } });
    expect(moved).toMatchObject({ status: 200, body: { target: c, folders: 1, graphics: 0 } });
    const inside = await folders(WIZARD, `advertiser=${shop.id}&parent=${b}`);
    expect(inside.body.path.map((folder: { name: string }) => folder.name)).toEqual(['Season C (top)', 'Season A', 'Season B']);
    const root = await folders(WIZARD, `advertiser=${shop.id}`);
    expect(root.body.folders.map((folder: { name: string }) => folder.name)).toContain('Season C (top)');
    expect(root.body.folders.map((folder: { name: string }) => folder.name)).not.toContain('Season A');
    const tree = await kit.call(WIZARD, `/api/graphics/tree?advertiser=${shop.id}`);
    expect(tree.body.folders.find((folder: { id: string }) => folder.id === b).path).toEqual(['Season C (top)', 'Season A', 'Season B']);

    // A folder holding another is not deleted; an empty one is.
    expect((await kit.call(WIZARD, `/api/graphics/folder/${a}`, { method: 'DELETE' })).status).toBe(400);
    expect((await kit.call(WIZARD, `/api/graphics/folder/${b}`, { method: 'DELETE' })).status).toBe(200);
    expect((await folders(WIZARD, `advertiser=${shop.id}&parent=${a}`)).body.folders).toEqual([]);
  });

  it('uploads an image into a folder, where it shows with its real size and the ad server serves it', async () => {
    const shop = await kit.advertiser('Demo Shop GmbH');
    const folder = await kit.call(SHOP_USER, '/api/graphics/folder', { method: 'POST', body: { name: 'Uploads', parent: null } });
    expect(folder.status).toBe(201);
    const uploaded = await kit.uploadGraphic(SHOP_USER, badge(64, '#336699'), 'round-logo.png', { folder: folder.body.id });
    expect(uploaded).toMatchObject({ status: 201, body: { name: 'round-logo', folder: folder.body.id, advertiser: shop.id, width: 64, height: 64, mimeType: 'image/png' } });
    const listed = await folders(SHOP_USER, `parent=${folder.body.id}`);
    expect(listed.body).toMatchObject({ total: 1, path: [{ name: 'Uploads' }], graphics: [{ id: uploaded.body.id, url: uploaded.body.url }] });
    const served = await fetch(`${kit.server().url}${uploaded.body.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(badge(64, '#336699'))).toBe(true);

    // Moved to Root with the folder's other graphics, all at once.
    const second = await kit.uploadGraphic(SHOP_USER, badge(32, '#993366'), 'second.png', { folder: folder.body.id, name: 'Second logo' });
    expect(second.body.name).toBe('Second logo');
    const move = await kit.call(SHOP_USER, '/api/graphics/move', { method: 'POST', body: { graphics: [uploaded.body.id, second.body.id], target: null } });
    expect(move).toMatchObject({ status: 200, body: { graphics: 2 } });
    expect((await folders(SHOP_USER, `parent=${folder.body.id}`)).body.total).toBe(0);
    const atRoot = await folders(SHOP_USER, 'search=logo');
    expect(atRoot.body.graphics.map((graphic: { name: string }) => graphic.name)).toEqual(expect.arrayContaining(['round-logo', 'Second logo']));
  });

  it('refuses what is not an image, and keeps each advertiser to its own folders', async () => {
    const before = await kit.core().model('graphic').count();
    const text = await kit.uploadGraphic(SHOP_USER, Buffer.from('name;price\nbag;3\n'), 'prices.png');
    expect(text.status).toBe(400);
    const none = await kit.uploadGraphic(SHOP_USER, Buffer.alloc(0), 'empty.png');
    expect(none.status).toBe(400);
    const shopFolder = (await folders(SHOP_USER, '')).body.folders[0];
    // Another advertiser neither sees the folder nor uploads or moves into it.
    expect((await folders(OTHER_USER, `parent=${shopFolder.id}`)).status).toBe(404);
    expect((await kit.uploadGraphic(OTHER_USER, badge(16, '#000000'), 'x.png', { folder: shopFolder.id })).status).toBe(404);
    const own = await kit.call(OTHER_USER, '/api/graphics/folder', { method: 'POST', body: { name: 'Mine' } });
    expect((await kit.call(OTHER_USER, '/api/graphics/move', { method: 'POST', body: { folders: [own.body.id], target: shopFolder.id } })).status).toBe(404);
    expect((await kit.call(OTHER_USER, `/api/graphics/folder/${shopFolder.id}`, { method: 'PATCH', body: { name: 'Taken' } })).status).toBe(404);
    expect(await kit.core().model('graphic').count()).toBe(before);
  });
});
