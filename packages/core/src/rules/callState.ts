/**
 * The client's call state (spec §3 "Call state", §4 "Call"): none or one active call. Start sets the
 * data; toggle changes the type; end clears it; the watch-kick flag is set and reset; updating the
 * destination sets it to the meeting identifier with a `meeting-` prefix.
 */
export interface CallState {
  /** The destination: an agent's username, or `meeting-<id>` once a meeting is joined. */
  username: string;
  type: string;
  isLive: boolean;
  viewerOnly: boolean;
  meetingId: string | null;
  campaignId: string | null;
  /** Transient: staff took over, the AI leaves. */
  kick?: boolean;
  /** Transient: the call is being placed. */
  calling?: boolean;
}

export type CallAction =
  | { type: 'start'; call: Partial<CallState> & Pick<CallState, 'username' | 'type'> }
  | { type: 'toggle'; callType: string }
  | { type: 'end' }
  | { type: 'kick'; kick: boolean }
  | { type: 'destination'; meetingId: string };

export const MEETING_PREFIX = 'meeting-';

export function callReducer(state: CallState | null, action: CallAction): CallState | null {
  switch (action.type) {
    case 'start':
      return { isLive: false, viewerOnly: false, meetingId: null, campaignId: null, ...action.call };
    case 'end':
      return null;
    case 'toggle':
      return state && { ...state, type: action.callType };
    case 'kick':
      return state && { ...state, kick: action.kick };
    case 'destination':
      return state && { ...state, meetingId: action.meetingId, username: `${MEETING_PREFIX}${action.meetingId}` };
  }
}
