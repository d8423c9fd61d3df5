/** One loader per page: each page is its own chunk, so the landing page carries no login or privacy code. */
import type { ComponentType } from 'react';
import type { Place } from '../navigation.ts';
import type { PageName, Route } from '../routes.ts';

export interface PageProps {
  route: Route;
  place: Place;
}

type Page = ComponentType<PageProps>;

const LOADERS: Record<PageName, () => Promise<Page>> = {
  landing: () => import('./Landing.tsx').then((module) => module.Landing),
  login: () => import('./Login.tsx').then((module) => module.Login),
  register: () => import('./Register.tsx').then((module) => module.Register),
  resetpassword: () => import('./ResetPassword.tsx').then((module) => module.ResetPassword),
  confirm: () => import('./Confirm.tsx').then((module) => module.Confirm),
  faq: () => import('./Faq.tsx').then((module) => module.Faq),
  privacy: () => import('./Privacy.tsx').then((module) => module.Privacy),
  terms: () => import('./Terms.tsx').then((module) => module.Terms),
  notfound: () => import('./Status.tsx').then((module) => module.NotFound),
  forbidden: () => import('./Status.tsx').then((module) => module.Forbidden),
};

const loaded = new Map<PageName, Page>();

export const loadedPage = (name: PageName) => loaded.get(name);

export async function loadPage(name: PageName): Promise<Page> {
  const page = loaded.get(name) ?? (await LOADERS[name]());
  loaded.set(name, page);
  return page;
}
