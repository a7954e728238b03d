import { describe, expect, it, vi } from 'vitest';
import { expectedOrigin, handleMessage, type Host, type WidgetInfo } from './bridge';

const widget: WidgetInfo = { uuid: 'u-1', url: '', name: 'W', appName: 'App', scope: ['task:read'], settings: { a: '1' } };
const frame = { name: 'the widget frame' };

function host(entity: Record<string, unknown> | null = { contentType: 'Task', id: '7', name: 'Call' }): Host {
  return { placeholder: 'task_card_block', entity, openCard: vi.fn(), notice: vi.fn(), resize: vi.fn() };
}

const msg = (type: string, data?: unknown, extra: Partial<{ source: unknown; origin: string }> = {}) => ({
  source: frame,
  origin: 'null',
  data: { artel: 1, id: 1, type, data },
  ...extra,
});

describe('widget bridge', () => {
  it('gives the card to a widget whose app may read its type', () => {
    const r = handleMessage(msg('getContext'), frame, widget, host());
    expect(r).toMatchObject({ ok: true, id: 1, data: { placeholder: 'task_card_block', entity: { contentType: 'Task', id: '7', name: 'Call' }, settings: { a: '1' } } });
  });

  it('refuses the card to an app without its scope', () => {
    const r = handleMessage(msg('getContext'), frame, { ...widget, scope: ['deal:read'] }, host());
    expect(r).toEqual({ artel: 1, id: 1, ok: false, error: 'scope' });
  });

  it('opens only cards of types the app may read', () => {
    const h = host();
    expect(handleMessage(msg('openCard', { contentType: 'Deal', id: '5' }), frame, widget, h)).toMatchObject({ ok: false, error: 'scope' });
    expect(h.openCard).not.toHaveBeenCalled();
    expect(handleMessage(msg('openCard', { contentType: 'Task', id: '5' }), frame, widget, h)).toMatchObject({ ok: true });
    expect(h.openCard).toHaveBeenCalledWith({ contentType: 'Task', id: '5' });
    expect(handleMessage(msg('openCard', { contentType: 'Task', id: '../x' }), frame, widget, h)).toMatchObject({ ok: false, error: 'bad_request' });
  });

  it('ignores messages from another frame, another origin or not of the API', () => {
    const h = host();
    expect(handleMessage(msg('getContext', {}, { source: { other: true } }), frame, widget, h)).toBeNull();
    expect(handleMessage(msg('getContext', {}, { origin: 'https://evil.example' }), frame, widget, h)).toBeNull();
    expect(handleMessage({ source: frame, origin: 'null', data: 'hello' }, frame, widget, h)).toBeNull();
    expect(handleMessage(msg('getContext'), null, widget, h)).toBeNull();
  });

  it('takes a URL widget only from the sandbox\'s opaque origin', () => {
    const w = { ...widget, url: 'https://board.example.com/w?x=1' };
    expect(expectedOrigin(w)).toBe('null');
    expect(handleMessage(msg('getContext', {}, { origin: 'https://board.example.com' }), frame, w, host())).toBeNull();
    expect(handleMessage(msg('getContext'), frame, w, host())).toMatchObject({ ok: true });
  });

  it('bounds notices and sizes, and refuses unknown types', () => {
    const h = host();
    handleMessage(msg('notice', { text: 'x'.repeat(1000) }), frame, widget, h);
    expect((h.notice as ReturnType<typeof vi.fn>).mock.calls[0][0]).toHaveLength(300);
    handleMessage(msg('resize', { height: 99999 }), frame, widget, h);
    expect(h.resize).toHaveBeenCalledWith(2000);
    expect(handleMessage(msg('api', { path: '/api/v3/deal' }), frame, widget, h)).toMatchObject({ ok: false, error: 'unknown_type' });
  });
});
