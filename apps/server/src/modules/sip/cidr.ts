/** IPv4 addresses and CIDR ranges (whitelist entries). */
function toInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

/** True when `ip` is `entry` or lies in its range. */
export function ipMatches(ip: string, entry: string): boolean {
  const addr = toInt(ip.replace(/^::ffff:/, ''));
  const [base, bitsText] = entry.split('/');
  const net = toInt(base ?? '');
  if (addr == null || net == null) return false;
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  if (bits === 0) return true;
  // Unsigned arithmetic: floor-divide instead of bit operations (which are signed 32-bit in JS).
  const masked = (n: number) => n - (n % 2 ** (32 - bits));
  return masked(addr) === masked(net);
}
