// Avatar colours (spec 000 §3): a palette of 14, picked by id or e-mail so a
// person keeps one colour everywhere and across sessions.

export const AVATAR_PALETTE = [
  '#e03131', '#c2255c', '#9c36b5', '#6741d9', '#3b5bdb', '#1971c2', '#0c8599',
  '#099268', '#2f9e44', '#66a80f', '#e8590c', '#f08c00', '#5c7cfa', '#868e96',
] as const;

/** avatarColor: numeric ids take id mod 14; other keys (e-mails) a string hash. */
export function avatarColor(idOrEmail: string | number): string {
  const key = String(idOrEmail).trim().toLowerCase();
  let index: number;
  if (/^\d+$/.test(key)) {
    index = Number(BigInt(key) % BigInt(AVATAR_PALETTE.length));
  } else {
    let hash = 0;
    for (const ch of key) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
    index = hash % AVATAR_PALETTE.length;
  }
  return AVATAR_PALETTE[index];
}
