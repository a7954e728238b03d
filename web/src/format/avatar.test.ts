import { describe, expect, it } from 'vitest';
import { avatarColor, AVATAR_PALETTE } from './avatar';

describe('avatarColor', () => {
  it('has a palette of 14 distinct colours', () => {
    expect(new Set(AVATAR_PALETTE).size).toBe(14);
  });

  it('picks by id modulo 14', () => {
    expect(avatarColor(0)).toBe(AVATAR_PALETTE[0]);
    expect(avatarColor('15')).toBe(AVATAR_PALETTE[1]);
    expect(avatarColor(27)).toBe(AVATAR_PALETTE[13]);
  });

  it('picks by e-mail deterministically, ignoring case', () => {
    const a = avatarColor('Anna@Example.com');
    expect(AVATAR_PALETTE).toContain(a);
    expect(avatarColor('anna@example.com')).toBe(a);
  });

  it('spreads different e-mails over the palette', () => {
    const colours = new Set(Array.from({ length: 100 }, (_, i) => avatarColor(`user${i}@example.com`)));
    expect(colours.size).toBeGreaterThan(10);
  });
});
