import type { Generated } from 'kysely';

/** Table types of the inbox migration (202611220420_inbox), as the database holds them. */
export interface RoomsTable {
  id: Generated<number>;
  room_id: string;
  uuid: string;
  account_id: number;
  agent_id: number | null;
  channel: 'chat' | 'sms';
  contact_account_id: number | null;
  contact_address: string;
  our_address: string | null;
  username: string;
  inbox_type: 'priority' | 'agent';
  status: 'open' | 'closed' | 'archived';
  ai_agent_enabled: Generated<number>;
  is_group: Generated<number>;
  rating: number | null;
  last_message_id: number | null;
  last_inbound_message_id: Generated<number>;
  last_message_at: number;
  created_at: number;
  updated_at: number;
  /** The analysis of its latest close (ConversationAnalysis JSON), and which close it describes. */
  analysis: Generated<unknown>;
  analysis_key: Generated<string | null>;
}

export interface RoomParticipantsTable {
  id: Generated<number>;
  room_pk: number;
  account_id: number | null;
  address: string;
  role: 'owner' | 'agent' | 'contact' | 'member';
  created_at: number;
}

export interface RoomReadsTable {
  room_pk: number;
  user_id: number;
  last_read_message_id: number;
  updated_at: number;
}

export interface MessagesTable {
  id: Generated<number>;
  room_pk: number;
  account_id: number;
  direction: 'inbound' | 'outbound';
  /** 'voice': a call's entry (its call id in external_id). */
  channel: 'chat' | 'sms' | 'voice';
  sender_kind: 'contact' | 'agent' | 'staff' | 'system';
  sender_account_id: number | null;
  sender_address: string | null;
  body: string;
  attachments: unknown;
  status: 'received' | 'queued' | 'sent' | 'delivered' | 'failed' | 'read';
  error: string | null;
  blocked: Generated<number>;
  reactions: unknown;
  external_id: string | null;
  idempotency_key: string | null;
  /** An agent action recorded in the thread (sender kind 'system'): booking, message, transfer, function. */
  event_kind: string | null;
  /** 1 while a person should follow the action up (cleared when staff answer in the room). */
  needs_person: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface ActivityTable {
  id: Generated<number>;
  account_id: number;
  inbox_type: 'priority' | 'agent';
  room_pk: number;
  room_id: string;
  username: string;
  last_message: string;
  count: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface BlocksTable {
  id: Generated<number>;
  account_id: number;
  address: string;
  created_by: number | null;
  created_at: number;
}

export interface DestinationsTable {
  id: Generated<number>;
  account_id: number;
  username: string;
  kind: 'phone' | 'email';
  address: string;
  created_at: number;
}

export interface ConversationsTables {
  rooms: RoomsTable;
  room_participants: RoomParticipantsTable;
  room_reads: RoomReadsTable;
  messages: MessagesTable;
  activity: ActivityTable;
  blocks: BlocksTable;
  destinations: DestinationsTable;
}
