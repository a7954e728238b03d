// @vitest-environment jsdom
// The form against a stubbed server: only changes are sent, field errors
// show beside their fields, other failures as a notification.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../../i18n';
import { setBatching } from '../../data/api';
import type { FieldInfo, TypeInfo } from '../../data/catalog';
import { resetStore } from '../../data/entities';
import { envelope, stubFetch, type StubAnswer, type StubRequest } from '../../data/fetchStub';
import { EntityForm } from './EntityForm';

const f = (name: string, kind: string, extra: Partial<FieldInfo> = {}): FieldInfo => ({
  name, kind, label: name, sortable: false, readOnly: false, required: false, writeOnly: false, ...extra,
});
const tag: TypeInfo = { name: 'Tag', endpoint: 'tag', label: 'Tag', fields: [f('name', 'string', { required: true }), f('isGlobal', 'boolean')] };

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  setBatching(false);
  resetStore();
});
afterEach(() => {
  setBatching(true);
  vi.unstubAllGlobals();
});

function show(handler: (req: StubRequest) => StubAnswer, onSaved = vi.fn()) {
  const stub = stubFetch(handler);
  const router = createMemoryRouter([{ path: '/', element: <EntityForm type={tag} onSaved={onSaved} /> }]);
  render(
    <MantineProvider>
      <ModalsProvider>
        <Notifications />
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>,
  );
  return { ...stub, onSaved };
}

function typeName(text: string) {
  fireEvent.change(screen.getByTestId('field-name').querySelector('input')!, { target: { value: text } });
}

describe('EntityForm', () => {
  it('creates with the typed fields and hands over the saved entity', async () => {
    const { requests, onSaved } = show(() => ({ body: envelope({ contentType: 'Tag', id: '9', name: 'Urgent', isGlobal: false }) }));
    typeName('Urgent');
    fireEvent.click(screen.getByTestId('save-button'));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/v3/tag', body: { name: 'Urgent' } });
    expect(onSaved.mock.lastCall![0]).toMatchObject({ contentType: 'Tag', id: '9' });
  });

  it('shows the server error of a field beside it', async () => {
    const { onSaved } = show(() => ({
      status: 422,
      body: envelope(null, { errors: [{ field: 'name', message: 'Required field', type: 'required' }] }, 422),
    }));
    typeName('');
    fireEvent.click(screen.getByTestId('save-button'));
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(screen.getByTestId('field-name').textContent).toContain('Required field');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('tells other failures in a notification', async () => {
    show(() => ({ status: 403, body: envelope(null, { errors: [{ field: null, message: 'No access', type: 'access_denied' }] }, 403) }));
    typeName('Urgent');
    fireEvent.click(screen.getByTestId('save-button'));
    expect(await screen.findByText('Could not save')).toBeTruthy();
    expect(screen.getByText('No access')).toBeTruthy();
    expect(screen.getByTestId('field-name').textContent).not.toContain('No access');
  });
});
