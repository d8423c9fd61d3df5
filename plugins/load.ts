/**
 * The enabled plugins' server halves, in the order of registry.ts: what the server's entries (backend/src/main.ts,
 * the test kit) hand to startServer, so the core itself never imports the plugin list.
 */
import type { ServerPlugin } from '@adsuite/backend/kit';
import { PLUGINS } from './registry.ts';
import { SERVER_PLUGINS } from './servers.ts';

export async function loadServerPlugins(): Promise<ServerPlugin[]> {
  const plugins: ServerPlugin[] = [];
  for (const name of PLUGINS) {
    const load = SERVER_PLUGINS[name];
    if (!load) continue;
    const plugin = (await load()).default;
    if (!plugin?.name) throw new Error(`plugins/${name}/server/index.ts must export a ServerPlugin by default`);
    plugins.push(plugin);
  }
  return plugins;
}
