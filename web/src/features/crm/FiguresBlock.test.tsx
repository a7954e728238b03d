// @vitest-environment jsdom
// The figures block shows what the server sent and nothing for a reader
// the server gave no figures (no right to deals, invoices or finance).
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { FiguresBlock } from './FiguresBlock';

const money = (value: number) => ({ contentType: 'Money', value, currency: 'RUB', valueInMain: value, rate: 1 });

describe('FiguresBlock', () => {
  it('shows the deal figures a seller gets, without invoices', () => {
    render(
      <MantineProvider>
        <FiguresBlock entity={{ contentType: 'ContractorCompany', id: '1', countDeals: 3, summDeals: money(350), countActiveDeals: 1, summActiveDeals: money(100) }} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('figure-deals-count').textContent).toBe('3');
    expect(screen.getByTestId('figure-active-deals-count').textContent).toBe('1');
    expect(screen.queryByTestId('figure-invoices')).toBeNull();
  });

  it('is absent without figures', () => {
    render(
      <MantineProvider>
        <FiguresBlock entity={{ contentType: 'ContractorHuman', id: '2', name: 'Анна' }} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('client-figures')).toBeNull();
  });
});
