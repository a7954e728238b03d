// @vitest-environment jsdom
// Links: names resolved lazily and leading to the card; the picker searches
// each target type on the server, with `q` where the type has names.
import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { type FieldInfo, type TypeInfo } from '../data/catalog';
import { envelope, freshDataEachTest, stubFetch, type StubRequest } from '../data/fetchStub';
import { FieldEdit, FieldView } from './Field';
import { searchQuery } from './link/search';

const f = (name: string, kind: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({
  name, kind, label: name, sortable: false, readOnly: false, required: false, writeOnly: false, ...extra,
});

const employee: TypeInfo = {
  name: 'Employee', endpoint: 'employee', label: 'Employee',
  fields: [f('firstName', 'string'), f('lastName', 'string'), f('name', 'string'), f('possibleActions', 'computed')],
};
const group: TypeInfo = { name: 'Group', endpoint: 'group', label: 'Group', fields: [f('title', 'string')] };
const place: TypeInfo = { name: 'Place', endpoint: 'place', label: 'Place', fields: [f('address', 'string')] };

const people = [
  { contentType: 'Employee', id: '2', firstName: 'Anna', lastName: 'Sokolova', name: 'Anna Sokolova' },
  { contentType: 'Employee', id: '7', firstName: 'Maxim', lastName: 'Kozlov', name: 'Maxim Kozlov' },
];

function server(req: StubRequest) {
  if (req.path === '/api/v3/catalog') return { body: envelope([employee, group, place]) };
  if (req.path === '/api/v3/bulk/getEntitiesByLinks') {
    const links = req.body as { id: string }[];
    return { body: envelope(people.filter((p) => links.some((l) => l.id === p.id))) };
  }
  if (req.path === '/api/v3/employee') {
    const q = (req.query as { q?: string }).q?.toLowerCase();
    return { body: envelope(people.filter((p) => !q || p.name.toLowerCase().includes(q))) };
  }
  if (req.path === '/api/v3/group') return { body: envelope([{ contentType: 'Group', id: '1', title: 'Sales' }]) };
  return { status: 404, body: envelope(null, {}, 404) };
}

freshDataEachTest();

function wrap(node: React.ReactNode) {
  return render(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
}

describe('link display', () => {
  it('shows the linked name, last name first, and links to the card', async () => {
    stubFetch(server);
    wrap(<FieldView field={f('owner', 'link', { targets: ['Employee'] })} value={{ contentType: 'Employee', id: '2' }} />);
    const anchor = await screen.findByText('Sokolova Anna');
    expect(anchor.closest('a')?.getAttribute('href')).toBe('/staff/2/card');
  });

  it('shows the first names of a collection and how many more there are', async () => {
    stubFetch(server);
    const links = Array.from({ length: 7 }, (_, i) => ({ contentType: 'Employee', id: String(i === 0 ? 2 : 100 + i) }));
    wrap(<FieldView field={f('auditors', 'links', { targets: ['Employee'] })} value={links} />);
    await screen.findByText('Sokolova Anna');
    expect(screen.getByText('and 2 more')).toBeTruthy();
  });
});

describe('link search', () => {
  it('asks each type for its name fields, with q only where the server can search', () => {
    expect(searchQuery(employee, 'ann')).toEqual({ limit: 20, fields: ['firstName', 'lastName', 'name', 'possibleActions'], onlyRequestedFields: true, q: 'ann' });
    expect(searchQuery(place, 'x')).toEqual({ limit: 20 });
  });

  it('finds entities of every target type and sends the chosen link', async () => {
    const { requests } = stubFetch(server);
    const onValue = vi.fn();
    function Form() {
      const [value, setValue] = useState<unknown>(null);
      return (
        <FieldEdit
          field={f('responsible', 'link', { targets: ['Employee', 'Group'] })}
          value={value}
          onChange={(v) => {
            setValue(v);
            onValue(v);
          }}
        />
      );
    }
    wrap(<Form />);
    const box = screen.getByTestId('field-responsible').querySelector('input:not([type="hidden"])') as HTMLInputElement;
    // Mantine takes changes to an input without focus for autofill, not typing.
    box.focus();
    fireEvent.click(box);
    fireEvent.change(box, { target: { value: 'koz' } });
    const option = await screen.findByText('Kozlov Maxim');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v3/employee' && (r.query as { q?: string }).q === 'koz')).toBe(true));
    expect(requests.some((r) => r.path === '/api/v3/group' && (r.query as { q?: string }).q === 'koz')).toBe(true);
    expect(screen.queryByText('Sokolova Anna')).toBeNull();
    fireEvent.click(option);
    expect(onValue).toHaveBeenLastCalledWith({ contentType: 'Employee', id: '7' });
  });
});
