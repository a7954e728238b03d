// Link validation (spec 000 §5): only http, https and ftp addresses outside
// private, loopback and link-local ranges may be saved as links, so a link
// in a card never points into the reader's own network.

const SCHEMES = new Set(['http:', 'https:', 'ftp:']);

// [first octet, second octet low, second octet high] of private IPv4 ranges.
const PRIVATE_V4: [number, number, number][] = [
  [10, 0, 255], // 10/8
  [172, 16, 31], // 172.16/12
  [192, 168, 168], // 192.168/16
  [127, 0, 255], // 127/8
  [169, 254, 254], // 169.254/16
];

function ipv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

function privateV4([a, b]: number[]): boolean {
  return PRIVATE_V4.some(([first, low, high]) => a === first && b >= low && b <= high);
}

// The URL parser writes IPv6 hosts in brackets and in compressed hex form.
function privateV6(host: string): boolean {
  const h = host.slice(1, -1).toLowerCase();
  if (h === '::1') return true;
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (mapped) {
    const hi = parseInt(mapped[1], 16);
    const lo = parseInt(mapped[2], 16);
    return privateV4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  }
  const first = parseInt(h.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80; // fc00::/7, fe80::/10
}

/** isValidLink: an http, https or ftp address not in a private range. */
export function isValidLink(address: string): boolean {
  let u: URL;
  try {
    u = new URL(address.trim());
  } catch {
    return false;
  }
  if (!SCHEMES.has(u.protocol) || !u.hostname) return false;
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (host.startsWith('[')) return !privateV6(host);
  const v4 = ipv4(host);
  return !(v4 && privateV4(v4));
}
