/**
 * The entries of the top bar's advertiser/publisher selector (SPEC section 2 "Top bar"): shown only with more
 * than one entry; `(A)`/`(P)` prefixes when both kinds exist; names cut to 20 characters, 7 on small screens.
 */
import type { CurrentUser } from '../api/http.ts';

export type TenantKind = 'advertiser' | 'publisher';

export interface TenantChoice {
  /** `advertiser:<id>` or `publisher:<id>`. */
  value: string;
  kind: TenantKind;
  id: string;
  label: string;
  /** The whole name, for the tooltip. */
  name: string;
}

export const NAME_LENGTH = { wide: 20, narrow: 7 } as const;

const cut = (name: string, length: number) => (name.length > length ? `${name.slice(0, length)}…` : name);

export function tenantChoices(user: Pick<CurrentUser, 'advertisers' | 'publishers'>, narrow = false): TenantChoice[] {
  const advertisers = user.advertisers ?? [];
  const publishers = user.publishers ?? [];
  const both = advertisers.length > 0 && publishers.length > 0;
  const length = narrow ? NAME_LENGTH.narrow : NAME_LENGTH.wide;
  const choice = (kind: TenantKind, { id, name }: { id: string; name: string }): TenantChoice => ({
    value: `${kind}:${id}`,
    kind,
    id: String(id),
    name,
    label: `${both ? (kind === 'advertiser' ? '(A) ' : '(P) ') : ''}${cut(name, length)}`,
  });
  return [...advertisers.map((a) => choice('advertiser', a)), ...publishers.map((p) => choice('publisher', p))];
}

/** The entry shown as selected: the publisher when the user works as one, else the advertiser. */
export function selectedChoice(
  choices: TenantChoice[],
  selection: { type?: string | null; advertiser?: string | null; publisher?: string | null },
): string {
  const wanted = selection.type === 'publisher' ? `publisher:${selection.publisher}` : `advertiser:${selection.advertiser}`;
  return choices.some((choice) => choice.value === wanted) ? wanted : '';
}

/** What switching saves on the user (PATCH /api/auth/login) and where the app reloads. */
export function switchTo(choice: Pick<TenantChoice, 'kind' | 'id'>): { changes: Record<string, string>; reloadTo: string } {
  return choice.kind === 'publisher'
    ? { changes: { selectedPublisher: choice.id, selectedType: 'publisher' }, reloadTo: '/p/' }
    : { changes: { selectedAdvertiser: choice.id, selectedType: 'advertiser' }, reloadTo: '/' };
}
