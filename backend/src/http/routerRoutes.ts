/**
 * Every `method path` an Express app routes, read from its router stack (the fuzz test sends to each, the
 * OpenAPI test requires each to be documented). Paths are Express's (`:id`, `{/:ids}`); routes given as regular
 * expressions are left out.
 */
interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

export interface RoutedPath {
  method: string;
  path: string;
}

function join(prefix: string, path: string): string {
  if (path === '/' || path === '') return prefix || '/';
  return `${prefix}${path}`.replace(/\/+/g, '/');
}

export function routesOf(app: { router: { stack: unknown[] } }): RoutedPath[] {
  const out: RoutedPath[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        if (typeof layer.route.path !== 'string') continue;
        for (const method of Object.keys(layer.route.methods)) if (method !== '_all') out.push({ method: method.toUpperCase(), path: join(prefix, layer.route.path) });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, typeof layer.rawPath === 'string' ? join(prefix, layer.rawPath) : prefix);
      }
    }
  };
  walk(app.router.stack as Layer[], '');
  return out;
}
