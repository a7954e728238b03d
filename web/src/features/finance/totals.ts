// Live totals of the invoice editor: the server's row arithmetic
// (docs/deal.md "Sums", docs/finance.md "Totals") done the same way in
// whole kopecks with exact fractions, so what the editor shows is what the
// server will store. The server's figures stay the ones saved.

export interface RowDraft {
  id?: string;
  /** the catalogue's offer the row sells, if any */
  offer?: { contentType: string; id: string } | null;
  name: string;
  quantity: number;
  unit: string;
  price: number;
  vatRate: number | null;
  vatOnTop: boolean;
  discountType: 'percent' | 'absolute';
  discount: number;
}

/** emptyRow is a new blank row: one piece, VAT 20 % included. */
export const emptyRow = (): RowDraft => ({ name: '', quantity: 1, unit: '', price: 0, vatRate: 20, vatOnTop: false, discountType: 'percent', discount: 0 });

export interface RowSums {
  sum: bigint;
  withoutTax: bigint;
  tax: bigint;
}

type Frac = { n: bigint; d: bigint };

/** dec is the decimal a number prints as (0.1 is one tenth). */
function dec(x: number): Frac {
  const s = Number.isFinite(x) ? (/e/i.test(String(x)) ? x.toFixed(12) : String(x)) : '0';
  const [whole, frac = ''] = s.replace('-', '').split('.');
  const d = 10n ** BigInt(frac.length);
  const n = BigInt(whole + frac) * (s.startsWith('-') ? -1n : 1n);
  return { n, d };
}

const mul = (a: Frac, b: Frac): Frac => ({ n: a.n * b.n, d: a.d * b.d });
const int = (k: bigint): Frac => ({ n: k, d: 1n });

/** round is half away from zero, as the server rounds. */
function round(f: Frac): bigint {
  const neg = f.n < 0n !== f.d < 0n;
  const n = f.n < 0n ? -f.n : f.n;
  const d = f.d < 0n ? -f.d : f.d;
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  return neg ? -q : q;
}

/** rowSums prices one row in kopecks. */
export function rowSums(r: RowDraft): RowSums {
  const unit = round(mul(dec(r.price), int(100n)));
  const amount = round(mul(dec(r.quantity), int(unit)));
  let off = 0n;
  if (r.discount > 0) {
    off = r.discountType === 'percent' ? round({ n: amount * dec(r.discount).n, d: 100n * dec(r.discount).d }) : round(mul(dec(r.discount), int(100n)));
  }
  const net = amount - off;
  const rate = dec(r.vatRate ?? 0);
  if (!r.vatOnTop) {
    const withoutTax = round({ n: net * 100n * rate.d, d: 100n * rate.d + rate.n });
    return { sum: net, withoutTax, tax: net - withoutTax };
  }
  const tax = round({ n: net * rate.n, d: 100n * rate.d });
  return { sum: net + tax, withoutTax: net, tax };
}

/** invoiceTotals adds the rows up, each rounded on its own. */
export function invoiceTotals(rows: RowDraft[]): { sum: bigint; tax: bigint } {
  return rows.reduce((t, r) => {
    const s = rowSums(r);
    return { sum: t.sum + s.sum, tax: t.tax + s.tax };
  }, { sum: 0n, tax: 0n });
}

/** rubles is kopecks as the Money value the server reads. */
export function rubles(k: bigint): number {
  return Number(k) / 100;
}
