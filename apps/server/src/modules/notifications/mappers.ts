import type { Notification } from '@switchboard/core/contracts/notifications';
import { fromJson } from '../../platform/db/columns.ts';
import type { NotificationRow } from './repository.ts';

export function toNotification(r: NotificationRow): Notification {
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    body: r.body,
    data: fromJson(r.data, {}),
    read: r.read_at != null,
    timestamp: Number(r.created_at),
  };
}
