// @vitest-environment jsdom
// The rows editor totals each row as the server will, while it is typed:
// 3 × 33.33 with 20 % VAT included is 99.99; on top of 99.99 it is 119.99.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RowsEditor, emptyRow } from './RowsEditor';
import { invoiceTotals, type RowDraft } from './totals';

function Editor({ start }: { start: RowDraft[] }) {
  const [rows, setRows] = useState(start);
  const t = invoiceTotals(rows);
  return (
    <MantineProvider>
      <RowsEditor rows={rows} onChange={setRows} readOnly={false} />
      <output data-testid="total">{String(t.sum)}</output>
      <output data-testid="tax">{String(t.tax)}</output>
    </MantineProvider>
  );
}

describe('rows editor', () => {
  it('totals rows live, each rounded on its own', () => {
    render(<Editor start={[{ ...emptyRow(), name: 'Работа', price: 33.33, quantity: 3 }]} />);
    expect(screen.getByTestId('total').textContent).toBe('9999');
    expect(screen.getByTestId('tax').textContent).toBe('1666');

    fireEvent.click(screen.getByTestId('invoice-add-row'));
    const prices = screen.getAllByTestId('row-price');
    fireEvent.change(prices[1], { target: { value: '0.1' } });
    fireEvent.change(screen.getAllByTestId('row-quantity')[1], { target: { value: '7' } });
    expect(screen.getAllByTestId('row-sum')[1].textContent).toContain('0,7');
    expect(screen.getByTestId('total').textContent).toBe('10069');
  });

  it('holds a paid invoice\'s rows read-only', () => {
    render(
      <MantineProvider>
        <RowsEditor rows={[{ ...emptyRow(), name: 'Лицензия', price: 100 }]} onChange={() => undefined} readOnly />
      </MantineProvider>,
    );
    expect((screen.getByTestId('row-name') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('row-price') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('invoice-add-row')).toBeNull();
  });
});
