// How the finance screens write sums: kopecks as money text, in the deal
// screens' style.
import { money } from '../deal/money';

export const kopecksText = (k: bigint) => money({ value: Number(k) / 100, currency: 'RUB' });

/** round2 keeps a typed amount to the kopeck. */
export const round2 = (v: number) => Math.round(v * 100) / 100;

export const STATUSES = ['created', 'drawn', 'paid', 'rejected'] as const;
export const STATUS_COLOR: Record<string, string> = { created: 'gray', drawn: 'blue', paid: 'green', rejected: 'red' };
