import { describe, expect, it } from 'vitest';
import { canShare, canWrite, widgetChoice, type SpaceElement } from './spaceApi';

describe('widgetChoice', () => {
  it('shows a saved report as a chart of that report', () => {
    expect(widgetChoice('ReportDesktopWidget:12')).toEqual({ layoutType: 'BarChart', source: { contentType: 'ReportDesktopWidget', reportId: '12' } });
  });

  it('shows a list as a table and the deals by state as a chart', () => {
    expect(widgetChoice('TaskDesktopWidget')).toEqual({ layoutType: 'Table', source: { contentType: 'TaskDesktopWidget' } });
    expect(widgetChoice('DealDesktopWidget').layoutType).toBe('BarChart');
  });
});

describe('access', () => {
  const at = (accessLevel: SpaceElement['accessLevel']) => ({ accessLevel }) as SpaceElement;
  it('writes with write or full access, shares and deletes with full', () => {
    expect([canWrite(at('read')), canWrite(at('write')), canWrite(at('full'))]).toEqual([false, true, true]);
    expect([canShare(at('write')), canShare(at('full'))]).toEqual([false, true]);
  });
});
