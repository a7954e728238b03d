// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { useUnsavedChanges } from './unsaved';

function Editor({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return (
    <>
      <span data-testid="path">{useLocation().pathname + useLocation().search}</span>
      <Link to="/other">away</Link>
      <Link to="/edit?tab=2">tab</Link>
    </>
  );
}

function setup(dirty: boolean) {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Editor dirty={dirty} /> },
      { path: '/other', element: <span data-testid="path">/other</span> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(
    <MantineProvider>
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>,
  );
  return router;
}

describe('useUnsavedChanges', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lets a clean screen go', async () => {
    setup(false);
    await act(async () => screen.getByText('away').click());
    expect(screen.getByTestId('path').textContent).toBe('/other');
  });

  it('holds a dirty screen until the user confirms leaving', async () => {
    setup(true);
    await act(async () => screen.getByText('away').click());
    expect(screen.getByTestId('path').textContent).toBe('/edit');
    await act(async () => (await screen.findByTestId('unsaved-leave')).click());
    expect(screen.getByTestId('path').textContent).toBe('/other');
  });

  it('stays when the user cancels', async () => {
    setup(true);
    await act(async () => screen.getByText('away').click());
    await act(async () => (await screen.findByTestId('unsaved-stay')).click());
    expect(screen.getByTestId('path').textContent).toBe('/edit');
  });

  it('does not hold changes of the query on the same page', async () => {
    setup(true);
    await act(async () => screen.getByText('tab').click());
    expect(screen.getByTestId('path').textContent).toBe('/edit?tab=2');
  });

  it('asks the browser before the tab closes while dirty', () => {
    setup(true);
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(true);
  });
});
