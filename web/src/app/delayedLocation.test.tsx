// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { ROUTER_DELAY_MS, useDelayedLocation } from './delayedLocation';

function Probe() {
  const delayed = useDelayedLocation();
  const navigate = useNavigate();
  return (
    <>
      <span data-testid="delayed">{delayed.pathname}</span>
      <button onClick={() => navigate('/b')}>push</button>
      <button onClick={() => navigate('/c')}>push2</button>
      <button onClick={() => navigate(-1)}>back</button>
    </>
  );
}

function setup() {
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: ['/a'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useDelayedLocation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('follows a push after 100 ms, once for a burst', async () => {
    setup();
    await act(async () => screen.getByText('push').click());
    await act(async () => screen.getByText('push2').click());
    expect(screen.getByTestId('delayed').textContent).toBe('/a');
    await act(async () => vi.advanceTimersByTime(ROUTER_DELAY_MS - 1));
    expect(screen.getByTestId('delayed').textContent).toBe('/a');
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('delayed').textContent).toBe('/c');
  });

  it('follows back and forward at once', async () => {
    setup();
    await act(async () => screen.getByText('push').click());
    await act(async () => vi.advanceTimersByTime(ROUTER_DELAY_MS));
    await act(async () => screen.getByText('back').click());
    expect(screen.getByTestId('delayed').textContent).toBe('/a');
  });
});
