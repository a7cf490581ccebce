/**
 * Starting a new message (spec §5) needs premium, then a phone number, then SMS enabled; the overlay
 * that opens otherwise: upgrade, selectNumber or requestAccess. null: the composer may open.
 */
export function newMessageGate(a: {
  vidaPremium?: boolean | null;
  vidaPhoneNumber?: string | null;
  smsEnabled?: boolean | null;
}): 'upgrade' | 'selectNumber' | 'requestAccess' | null {
  if (!a.vidaPremium) return 'upgrade';
  if (!a.vidaPhoneNumber) return 'selectNumber';
  if (!a.smsEnabled) return 'requestAccess';
  return null;
}
