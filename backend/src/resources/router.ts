/** `/api/<name>` for every declared resource, in the ra-data-simple-rest protocol. Thin: parse, call, answer. */
import { Router, type Request } from 'express';
import type { ResourceDef } from '@adsuite/config';
import type { Core } from '../core.ts';
import { contextOf } from '../auth/context.ts';
import { parseListQuery } from './listQuery.ts';
import { createRecord, deleteRecord, getRecord, listRecords, recoverRecord, updateRecord } from './service.ts';

const flag = (req: Request, name: string) => req.query[name] === 'true' || req.query[name] === '1';

function resourceRouter(core: Core, resource: ResourceDef): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const query = parseListQuery(resource, req.query as Record<string, unknown>);
    const { rows, total, offset } = await listRecords(core, contextOf(req), resource, query);
    const end = rows.length ? offset + rows.length - 1 : offset;
    res.set('Content-Range', `${resource.name} ${offset}-${end}/${total}`);
    res.set('Access-Control-Expose-Headers', 'Content-Range');
    res.json(rows);
  });

  router.get('/:id', async (req, res) => {
    const { populate, lookup } = parseListQuery(resource, { populate: req.query.populate, lookup: req.query.lookup });
    res.json(await getRecord(core, contextOf(req), resource, req.params.id, populate, lookup));
  });

  router.post('/', async (req, res) => {
    res.status(201).json(await createRecord(core, contextOf(req), resource, req.body));
  });

  router.put('/:id', async (req, res) => {
    res.json(await updateRecord(core, contextOf(req), resource, req.params.id, req.body));
  });

  router.delete('/:id', async (req, res) => {
    res.json(await deleteRecord(core, contextOf(req), resource, req.params.id, flag(req, 'hard')));
  });

  router.post('/:id/recover', async (req, res) => {
    res.json(await recoverRecord(core, contextOf(req), resource, req.params.id));
  });

  return router;
}

export function resourcesRouter(core: Core): Router {
  const router = Router();
  for (const resource of core.resources) router.use(`/${resource.name}`, resourceRouter(core, resource));
  return router;
}
