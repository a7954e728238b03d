// @vitest-environment jsdom
// A saved report's pie tile: each group a slice in proportion to its
// value, with a legend; empty groups draw no slice.
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '../../i18n';
import { MiniPie, slices } from './MiniPie';
import type { Built } from './reportApi';

beforeAll(async () => {
  await initI18n('en');
});

describe('slices', () => {
  it('shares the circle in proportion to the values', () => {
    const s = slices([1, 3, 0]);
    expect(s.map((x) => x.share)).toEqual([0.25, 0.75, 0]);
    expect(s[1].from).toBeCloseTo(Math.PI / 2);
    expect(s[1].to).toBeCloseTo(2 * Math.PI);
  });

  it('gives nothing to share when every value is zero or less', () => {
    expect(slices([0, -2]).map((x) => x.share)).toEqual([0, 0]);
  });
});

describe('MiniPie', () => {
  const built: Built = {
    group: 'manager',
    columns: [{ alias: 'n', operation: 'count', field: '' }],
    rows: [{ key: '1', label: 'Анна', n: 3 }, { key: '2', label: 'Борис', n: 1 }, { key: '3', label: '', n: 0 }],
  };

  it('draws a slice per group with a value and names every group', () => {
    render(<MantineProvider><MiniPie built={built} /></MantineProvider>);
    expect(screen.getAllByTestId('widget-slice')).toHaveLength(2);
    expect(screen.getByText(/Анна: 3/)).toBeTruthy();
    expect(screen.getByText(/—: 0/)).toBeTruthy();
  });

  it('says so when the report has no rows', () => {
    render(<MantineProvider><MiniPie built={{ ...built, rows: [] }} /></MantineProvider>);
    expect(screen.getByTestId('report-empty')).toBeTruthy();
  });
});
