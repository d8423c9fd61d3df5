/** Which menu entries a user sees, grouped as the side menu shows them. */
import type { MenuEntry, MenuSection } from '../plugins/types.ts';

type PanelSection = Exclude<MenuSection, 'main'>;

/** The panel's sections in the order SPEC names them, with their message keys. */
export const PANEL_SECTIONS: Record<PanelSection, string> = {
  management: 'app.menu.sections.management',
  adtech: 'app.menu.sections.adtech',
  admin: 'app.menu.sections.admin',
  sysop: 'app.menu.sections.sysop',
};

export interface VisibleMenu {
  main: MenuEntry[];
  panel: { section: PanelSection; entries: MenuEntry[] }[];
}

export function visibleMenu(
  entries: MenuEntry[],
  role: string | undefined,
  mayOpen: (path: string) => boolean,
  labelOf: (entry: MenuEntry) => string,
): VisibleMenu {
  const seen = new Set<string>();
  const visible = entries.filter((entry) => {
    const key = `${entry.section} ${entry.to}`;
    if (!role || !entry.roles.includes(role as never) || seen.has(key) || !mayOpen(entry.to)) return false;
    seen.add(key);
    return true;
  });
  const main = visible.filter((entry) => entry.section === 'main').sort((a, b) => (a.rank ?? 100) - (b.rank ?? 100));
  const panel = (Object.keys(PANEL_SECTIONS) as PanelSection[])
    .map((section) => ({
      section,
      entries: visible.filter((entry) => entry.section === section).sort((a, b) => labelOf(a).localeCompare(labelOf(b))),
    }))
    .filter(({ entries: list }) => list.length > 0);
  return { main, panel };
}
