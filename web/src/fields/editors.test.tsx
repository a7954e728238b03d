// @vitest-environment jsdom
// Editors and displays of the tricky kinds, rendered: what a user types
// comes out in the server's JSON shape, and what the server sends reads back.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { initI18n } from '../i18n';
import type { FieldInfo } from '../data/catalog';
import { fieldKind } from './index';
import { FieldEdit, FieldView } from './Field';

beforeAll(async () => {
  await initI18n('en');
});

const f = (name: string, kind: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({
  name, kind, label: name, sortable: false, readOnly: false, required: false, writeOnly: false, ...extra,
});

function wrap(node: React.ReactNode) {
  return render(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
}

// Keeps the value like a form does, reporting every change.
function Controlled({ field, initial, onValue }: { field: FieldInfo; initial: unknown; onValue(v: unknown): void }) {
  const [value, setValue] = useState(initial);
  return (
    <FieldEdit
      field={field}
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

function input(testId: string, index = 0): HTMLInputElement {
  // Text inputs only: a union's member switch is made of radio inputs.
  return screen.getByTestId(testId).querySelectorAll('input:not([type="radio"]):not([type="hidden"])')[index] as HTMLInputElement;
}

describe('DateOnly', () => {
  const field = f('birthday', 'DateOnly');

  it('shows a 0-based month as the real month', () => {
    wrap(<FieldView field={field} value={{ contentType: 'DateOnly', year: 1980, month: 4, day: 6 }} />);
    expect(screen.getByTestId('field-birthday').textContent).toContain('06.05.1980');
  });

  it('sends a typed day with a 0-based month', () => {
    const onValue = vi.fn();
    wrap(<Controlled field={field} initial={{ contentType: 'DateOnly', year: 2026, month: 0, day: 31 }} onValue={onValue} />);
    expect(input('field-birthday').value).toBe('31.01.2026');
    fireEvent.change(input('field-birthday'), { target: { value: '05.12.2025' } });
    expect(onValue).toHaveBeenLastCalledWith({ contentType: 'DateOnly', year: 2025, month: 11, day: 5 });
  });
});

describe('DateInterval', () => {
  const field = f('plannedWork', 'DateInterval');

  it('shows seconds as hours and minutes', () => {
    wrap(<FieldView field={field} value={{ contentType: 'DateInterval', value: 9000 }} />);
    expect(screen.getByTestId('field-plannedWork').textContent).toContain('2 h 30 min');
  });

  it('edits hours and minutes into seconds', () => {
    const onValue = vi.fn();
    wrap(<Controlled field={field} initial={{ contentType: 'DateInterval', value: 9000 }} onValue={onValue} />);
    expect(input('field-plannedWork', 0).value).toBe('2');
    expect(input('field-plannedWork', 1).value).toBe('30');
    fireEvent.change(input('field-plannedWork', 1), { target: { value: '45' } });
    expect(onValue).toHaveBeenLastCalledWith({ contentType: 'DateInterval', value: 9900 });
  });
});

describe('Money', () => {
  const field = f('price', 'Money');

  it('shows the amount with two decimals and the currency', () => {
    wrap(<FieldView field={field} value={{ contentType: 'Money', value: 1430000, currency: 'USD', valueInMain: 1430000, rate: 1 }} />);
    expect(screen.getByTestId('field-price').textContent).toContain('$1,430,000.00');
  });

  it('sends a new amount without a stale valueInMain', () => {
    const onValue = vi.fn();
    wrap(<Controlled field={field} initial={{ contentType: 'Money', value: 100, currency: 'EUR', valueInMain: 9000, rate: 90 }} onValue={onValue} />);
    fireEvent.change(input('field-price', 0), { target: { value: '250' } });
    expect(onValue).toHaveBeenLastCalledWith({ contentType: 'Money', value: 250, currency: 'EUR', rate: 90 });
  });

  it('changes the currency, dropping the old rate', () => {
    const onValue = vi.fn();
    wrap(<Controlled field={field} initial={{ contentType: 'Money', value: 100, currency: 'EUR', valueInMain: 9000, rate: 90 }} onValue={onValue} />);
    fireEvent.change(input('field-price', 1), { target: { value: 'usd' } });
    expect(onValue).toHaveBeenLastCalledWith({ contentType: 'Money', value: 100, currency: 'USD' });
  });
});

describe('date unions', () => {
  const field = f('deadline', 'DateOnly|DateTime|ShiftDate');

  it('shows whichever member the value is', () => {
    wrap(
      <>
        <FieldView field={{ ...field, name: 'a' }} value={{ contentType: 'DateOnly', year: 2026, month: 2, day: 5 }} />
        <FieldView field={{ ...field, name: 'b' }} value={{ contentType: 'ShiftDate', days: 2, hours: 4, minutes: 0, isWorkDays: true }} />
      </>,
    );
    expect(screen.getByTestId('field-a').textContent).toContain('05.03.2026');
    expect(screen.getByTestId('field-b').textContent).toContain('2 d 4 h 0 min (work days)');
  });

  it('edits with the member of the value and switches members keeping the day', () => {
    const onValue = vi.fn();
    wrap(<Controlled field={field} initial={{ contentType: 'DateOnly', year: 2026, month: 2, day: 5 }} onValue={onValue} />);
    expect(input('field-deadline').value).toBe('05.03.2026');
    fireEvent.click(screen.getByText('Date and time'));
    const sent = onValue.mock.lastCall![0] as { contentType: string; value: string };
    expect(sent.contentType).toBe('DateTime');
    expect(new Date(sent.value).getTime()).toBe(new Date(2026, 2, 5).getTime());
    expect(input('field-deadline').value).toBe('05.03.2026 00:00');
  });

  it('edits a relative deadline', () => {
    const onValue = vi.fn();
    wrap(<Controlled field={field} initial={null} onValue={onValue} />);
    fireEvent.click(screen.getByText('Shift'));
    fireEvent.change(screen.getByLabelText('d'), { target: { value: '3' } });
    expect(onValue).toHaveBeenLastCalledWith({ contentType: 'ShiftDate', days: 3, hours: 0, minutes: 0, isWorkDays: false });
  });
});

describe('read-only kinds', () => {
  it('shows contact details by their type, value and comment', () => {
    const contacts = [{ contentType: 'ContactInfo', type: 'phone', value: '+7 900', comment: 'Mobile', isMain: true }];
    wrap(<FieldView field={f('contactInfo', 'array')} value={contacts} />);
    expect(screen.getByTestId('field-contactInfo').textContent).toContain('Phone: +7 900 (Mobile)');
  });

  it('has no inputs for counts and computed values', () => {
    const { Editor } = fieldKind('computed');
    wrap(<Editor field={f('rights', 'computed')} value={{ read: true }} onChange={() => {}} />);
    expect(document.querySelector('input')).toBeNull();
  });
});
