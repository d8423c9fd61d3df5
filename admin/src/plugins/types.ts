/**
 * What a plugin's browser half (`plugins/<name>/ui/index.tsx`, default export) gives the admin: screens at
 * paths, and menu entries. Who may open a path is not the plugin's to say: the route table of
 * @adsuite/config (`ROUTE_RULES`) holds every path's roles.
 */
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@adsuite/config';
import type { Identity } from '../auth/authProvider.ts';
import type { FieldInputProps } from '../resources/fieldInputs.ts';
import type { BookingStatusWidget } from './bookingStatus.tsx';

export interface PluginRoute {
  path: string;
  /** Message key of the route title: the page title reads `<title> | AdSuite` (SPEC section 2 "Layout"). */
  title: string;
  component: ComponentType;
  /** Rendered without the side panel (SPEC section 2 "Layout": /banner/create, /banner/template, /affiliate). */
  fullWidth?: boolean;
  /** A stand-in until a real screen exists: another plugin's route with the same path replaces it. */
  placeholder?: boolean;
  /**
   * Called when the admin starts at this path with a session, before its first render, if the route guard will
   * open the page to the stored role: start loading the screen's code and data (routes/startEarly.ts).
   */
  preload?: (start: EarlyStart) => void;
}

export interface EarlyStart {
  client: QueryClient;
  /** Whether the signed-in role may read a resource (its type: no record's tenant checked). */
  mayRead: (resource: string) => boolean;
  /** The signed-in user, once the server answered (it also selects an advertiser when none is stored yet). */
  identity: Promise<Identity>;
}

/** `main` entries stand in the side menu; the others in the panel sub menu's sections. */
export type MenuSection = 'main' | 'management' | 'adtech' | 'admin' | 'sysop';

export interface MenuEntry {
  /** Path, optionally with a query (`/banners?bannerType=html_ad`). */
  to: string;
  /** Message key of the label. */
  label: string;
  section: MenuSection;
  /** Who sees the entry (SPEC section 6 "Navigation visibility"); it also shows only when its route opens. */
  roles: readonly Role[];
  icon?: ComponentType;
  /** Position in the main menu (lower first); panel sections are sorted by label. */
  rank?: number;
}

export interface PluginUi {
  name: string;
  routes?: PluginRoute[];
  menu?: MenuEntry[];
  /** Small components the layout places: `topBar` ones stand in the top bar and decide themselves whom they show to. */
  widgets?: {
    topBar?: ComponentType[];
    /** Buttons on a generated edit screen's toolbar, by resource name; each decides itself whom and when it shows. */
    recordActions?: Record<string, ComponentType[]>;
    /** Notices above a generated list, by resource name; each decides itself whom it shows to. */
    listNotices?: Record<string, ComponentType[]>;
    /** Inputs of single fields of a generated form, by resource and field name, in place of the generated ones. */
    fieldInputs?: Record<string, Record<string, ComponentType<FieldInputProps>>>;
    /** Controls under a booking's status in other plugins' booking tables (the dashboard's); each decides itself when it shows. */
    bookingStatus?: BookingStatusWidget[];
  };
}
