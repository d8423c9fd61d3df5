/**
 * Records a generated list opens in a dialog of their own when a row is clicked and the user has no edit screen
 * for them (read-only resources): the outbox's mails, rendered. By resource name.
 */
import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import { OutboxMail } from '../screens/OutboxMail.tsx';

export type RecordView = ComponentType<{ record: RaRecord; onClose: () => void }>;

const VIEWS: Record<string, RecordView> = { outbox: OutboxMail };

export const recordViewOf = (resource: string): RecordView | undefined => (Object.hasOwn(VIEWS, resource) ? VIEWS[resource] : undefined);
