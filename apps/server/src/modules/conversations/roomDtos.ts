/** Rooms as the inbox shows them: last message, members, the reader's read state and contact names, batched. */
import type { DbOrTx } from '../../db.ts';
import { isSet } from '../../platform/db/columns.ts';
import { contactNamesByAddress } from '../contacts/index.ts';
import { toRoomDto, type RoomDto } from './mappers.ts';
import { messagesRepository, roomsRepository, type RoomRow } from './repository.ts';

export async function loadRoomDtos(trx: DbOrTx, rows: (RoomRow & { last_read?: number | null })[], userId: number): Promise<RoomDto[]> {
  // Related rows in two batched queries, never one per room.
  const [lasts, parts] = await Promise.all([
    messagesRepository.byIds(
      trx,
      rows.map((r) => r.last_message_id).filter((id): id is number => id != null),
    ),
    roomsRepository.participants(
      trx,
      rows.filter((r) => isSet(r.is_group)).map((r) => r.id),
    ),
  ]);
  const lastById = new Map(lasts.map((m) => [m.id, m]));
  const usersByRoom = new Map<number, string[]>();
  for (const p of parts) usersByRoom.set(p.room_pk, [...(usersByRoom.get(p.room_pk) ?? []), p.address]);
  const reads = rows.some((r) => r.last_read === undefined)
    ? await roomsRepository.readsOf(
        trx,
        userId,
        rows.map((r) => r.id),
      )
    : null;
  // Contact names, one query per organization on the page (a page is one organization's inbox).
  const names = new Map<number, Map<string, string>>();
  for (const orgId of new Set(rows.map((r) => r.account_id)))
    names.set(
      orgId,
      await contactNamesByAddress(
        trx,
        orgId,
        rows.filter((r) => r.account_id === orgId).map((r) => r.contact_address),
      ),
    );
  return rows.map((r) => ({
    ...toRoomDto(
      r,
      r.last_message_id != null ? lastById.get(r.last_message_id) : undefined,
      usersByRoom.get(r.id) ?? [r.contact_address],
      r.last_read !== undefined ? r.last_read : (reads?.get(r.id) ?? null),
    ),
    contactName: names.get(r.account_id)?.get(r.contact_address) ?? null,
  }));
}

export async function roomDtoOf(trx: DbOrTx, room: RoomRow, userId: number): Promise<RoomDto> {
  return (await loadRoomDtos(trx, [room], userId))[0]!;
}
