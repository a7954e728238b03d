// @vitest-environment jsdom
// The History block draws a collection's change as "added X, Y / removed Z"
// with the people's names, and an extra field under its own label.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { type FieldInfo, type TypeInfo } from '../../data/catalog';
import { envelope, freshDataEachTest, stubFetch, type StubRequest } from '../../data/fetchStub';
import { HistoryBlock } from './HistoryBlock';

const f = (name: string, kind: string, label: string): FieldInfo => ({
  name, kind, label, sortable: false, readOnly: false, required: false, writeOnly: false,
});
const taskType: TypeInfo = { name: 'Task', endpoint: 'task', label: 'Task', fields: [f('executors', 'links', 'Executors')] };
const employee: TypeInfo = { name: 'Employee', endpoint: 'employee', label: 'Employee', fields: [f('name', 'string', 'Name')] };
const people = [
  { contentType: 'Employee', id: '2', name: 'Anna Sokolova' },
  { contentType: 'Employee', id: '4', name: 'Egor Ivanov' },
  { contentType: 'Employee', id: '5', name: 'Olga Petrova' },
  { contentType: 'Employee', id: '6', name: 'Roman Orlov' },
];
const emp = (id: string) => ({ contentType: 'Employee', id });
const time = { contentType: 'DateTime', value: '2026-11-21T06:00:00+00:00' };
const change = (id: string, field: string, oldValue: unknown, newValue: unknown) => ({
  contentType: 'FieldChange', id, field, oldValue, newValue, author: emp('5'), timeCreated: time,
});

function server(req: StubRequest) {
  if (req.path === '/api/v3/catalog') return { body: envelope([taskType, employee]) };
  if (req.path === '/api/v3/bulk/getEntitiesByLinks') {
    const links = req.body as { id: string }[];
    return { body: envelope(people.filter((p) => links.some((l) => l.id === p.id))) };
  }
  if (req.path === '/api/v3/task/extraFields') return { body: envelope([{ contentType: 'StringField', name: 'CustomField3', hrName: 'Channel', type: 'string' }]) };
  if (req.path === '/api/v3/task/1/history') {
    return {
      body: envelope(
        [change('3', 'CustomField3', 'Site', 'Call'), change('2', 'executors', null, [emp('2'), emp('4')]), change('1', 'executors', [emp('6')], null)],
        { pagination: { count: 3, limit: 20, hasMoreNext: false } },
      ),
    };
  }
  return { status: 404, body: envelope(null, {}, 404) };
}

freshDataEachTest();

describe('history block', () => {
  it('shows added and removed links by name and extra fields by label', async () => {
    stubFetch(server);
    render(
      <MantineProvider>
        <MemoryRouter>
          <HistoryBlock type={taskType} entity={{ contentType: 'Task', id: '1' }} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const added = await screen.findByTestId('task-history-added');
    expect(await within(added).findByText('Anna Sokolova')).toBeTruthy();
    expect(await within(added).findByText('Egor Ivanov')).toBeTruthy();
    expect(added.textContent).toMatch(/^added Anna Sokolova, Egor Ivanov$/);
    const removed = screen.getByTestId('task-history-removed');
    expect(await within(removed).findByText('Roman Orlov')).toBeTruthy();
    const rows = screen.getAllByTestId('task-history-row');
    expect(rows.map((r) => r.getAttribute('data-field'))).toEqual(['CustomField3', 'executors']);
    expect(rows[1].textContent).toContain('changed Executors:');
    expect(await within(rows[0]).findByText('changed Channel:')).toBeTruthy();
    expect(rows[0].textContent).toContain('Site');
    expect(rows[0].textContent).toContain('Call');
  });
});
