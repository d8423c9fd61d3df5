/**
 * The bodies and query parameters of the publisher area's routes, checked: every refusal is a 400 naming the
 * field, in the request's language (config/i18n/server/publishers.ts).
 */
import { Invalid, isUuid, text, type ServerText } from '@adsuite/backend/kit';
import { INVITATION_STATUSES } from '@adsuite/config';
import { INVITATION_ACTIONS, INVITATION_ANSWERS, type InvitationAction, type InvitationAnswer } from '@adsuite/config/invitations';
import { MAX_PUBLISHERS, type StaffListQuery } from './invitations.ts';

const refuse = (field: string, message: ServerText) => new Invalid(message, [{ field, message }]);
const bodyOf = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {});

/** `{ action, publishers }` of staff's move: an action of INVITATION_ACTIONS and 1 to MAX_PUBLISHERS distinct publisher ids. */
export function invitationMove(body: unknown): { action: InvitationAction; publishers: string[] } {
  const input = bodyOf(body);
  if (typeof input.action !== 'string' || !(INVITATION_ACTIONS as readonly string[]).includes(input.action)) {
    throw refuse('action', text('publishers.input.action', { options: INVITATION_ACTIONS.join(', ') }));
  }
  const list = input.publishers;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_PUBLISHERS) throw refuse('publishers', text('publishers.input.publishers', { max: MAX_PUBLISHERS }));
  const seen = new Set<string>();
  list.forEach((id, index) => {
    if (!isUuid(id)) throw refuse(`publishers.${index}`, text('publishers.input.publisher_id'));
    if (seen.has(id.toLowerCase())) throw refuse(`publishers.${index}`, text('publishers.input.publisher_twice'));
    seen.add(id.toLowerCase());
  });
  return { action: input.action as InvitationAction, publishers: [...seen] };
}

/** `{ answer }` of a publisher: accept or decline. */
export function invitationAnswer(body: unknown): InvitationAnswer {
  const answer = bodyOf(body).answer;
  if (typeof answer !== 'string' || !(INVITATION_ANSWERS as readonly string[]).includes(answer)) {
    throw refuse('answer', text('publishers.input.answer', { options: INVITATION_ANSWERS.join(', ') }));
  }
  return answer as InvitationAnswer;
}

/** The staff list's `q`, `status` (statuses, comma separated) and `range` ([first, last], at most MAX_PUBLISHERS rows). */
export function staffListQuery(query: Record<string, unknown>): StaffListQuery {
  const once = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw refuse(name, text('query.once', { name }));
    return value;
  };
  const q = (once('q') ?? '').trim();
  if (q.length > 200 || q.includes('\0')) throw refuse('q', text('publishers.input.q', { max: 200 }));
  const statuses = (once('status') ?? '').split(',').map((status) => status.trim()).filter(Boolean);
  if (statuses.some((status) => !(INVITATION_STATUSES as readonly string[]).includes(status))) {
    throw refuse('status', text('publishers.input.status', { options: INVITATION_STATUSES.join(', ') }));
  }
  let offset = 0;
  let limit = 50;
  const range = once('range');
  if (range !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(range);
    } catch {
      parsed = null;
    }
    const pair = Array.isArray(parsed) && parsed.length === 2 && parsed.every((n) => Number.isInteger(n) && n >= 0) ? (parsed as [number, number]) : null;
    if (!pair || pair[1] < pair[0] || pair[1] - pair[0] >= MAX_PUBLISHERS) throw refuse('range', text('publishers.input.range', { max: MAX_PUBLISHERS }));
    [offset, limit] = [pair[0], pair[1] - pair[0] + 1];
  }
  return { q, statuses, offset, limit };
}
