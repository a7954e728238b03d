// @vitest-environment jsdom
// The card's merge progress follows the socket's ContractorMerge
// messages for its client, and at the end reads the client again and
// says so.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '../../i18n';
import type { ServerMessage } from '../../data/realtime';
import { MergeProgress } from './MergeProgress';

const listeners = new Set<(m: ServerMessage) => void>();
const get = vi.fn();

vi.mock('../../app/session', () => ({ useSession: () => ({ currentUser: { contentType: 'Employee', id: '1' } }) }));
vi.mock('../../data/entities', () => ({ ingest: vi.fn() }));
vi.mock('../../data/api', () => ({ api: { get: (...args: unknown[]) => get(...args) } }));
vi.mock('../../data/realtime', () => ({
  useLiveRoutes: () => undefined,
  onRealtimeEvent: (fn: (m: ServerMessage) => void) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
}));

beforeAll(async () => {
  await initI18n('en');
});

const client = { contentType: 'ContractorCompany', id: '12' };
const say = (message: unknown) => act(() => listeners.forEach((fn) => fn({ event: 'user:1', message })));

describe('MergeProgress', () => {
  it('moves with the socket and ends the merge when told', async () => {
    get.mockImplementation((path: string) =>
      Promise.resolve({ data: path.endsWith('/merge') ? { status: 'running', total: 10, done: 0 } : { contentType: 'ContractorCompany', id: '12' } }));
    const onEnd = vi.fn();
    render(<MantineProvider><MergeProgress base="contractorCompany/12" client={client} onEnd={onEnd} /></MantineProvider>);
    await waitFor(() => expect(screen.getByTestId('merge-progress').textContent).toContain('0 of 10 moved'));
    say({ contentType: 'ContractorMerge', status: 'running', total: 10, done: 6, contractor: client });
    expect(screen.getByTestId('merge-progress').textContent).toContain('6 of 10 moved');
    say({ contentType: 'ContractorMerge', status: 'running', total: 10, done: 9, contractor: { contentType: 'ContractorCompany', id: '99' } });
    expect(screen.getByTestId('merge-progress').textContent).toContain('6 of 10 moved');
    say({ contentType: 'ContractorMerge', status: 'done', total: 10, done: 10, contractor: client });
    await waitFor(() => expect(onEnd).toHaveBeenCalledOnce());
    expect(get).toHaveBeenCalledWith('contractorCompany/12', undefined, { batch: false });
  });

  it('shows why a merge failed', async () => {
    get.mockImplementation(() => Promise.resolve({ data: { status: 'running', total: 3, done: 1 } }));
    const onEnd = vi.fn();
    render(<MantineProvider><MergeProgress base="contractorCompany/12" client={client} onEnd={onEnd} /></MantineProvider>);
    await waitFor(() => expect(screen.getByTestId('merge-progress')).toBeTruthy());
    say({ contentType: 'ContractorMerge', status: 'failed', total: 3, done: 1, error: 'A duplicate is gone', contractor: client });
    expect(screen.getByTestId('merge-failed').textContent).toContain('A duplicate is gone');
    expect(onEnd).not.toHaveBeenCalled();
  });
});
