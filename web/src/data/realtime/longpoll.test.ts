import { afterEach, describe, expect, it, vi } from 'vitest';
import { LongPollSocket } from './longpoll';

describe('long-polling transport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts client messages to /comet/{id} and hands on what the GETs collect, until the server closes', async () => {
    const posts: unknown[] = [];
    let gets = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(url).toMatch(/^\/comet\/[A-Za-z0-9]{32}$/);
        if (init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return new Response(JSON.stringify({ accepted: 1 }));
        }
        gets++;
        const body =
          gets === 1
            ? { messages: [{ event: 'ecomet.ready', message: { uid: '1', sessionId: '2' } }] }
            : { messages: [], closed: { code: 1008, reason: 'session ended' } };
        return new Response(JSON.stringify(body));
      }),
    );
    const s = new LongPollSocket();
    const got: string[] = [];
    const closed = new Promise<{ code: number }>((resolve) => (s.onclose = resolve));
    s.onmessage = (ev) => got.push(JSON.parse(String(ev.data)).event);
    await new Promise<void>((resolve) => (s.onopen = () => resolve()));
    s.send(JSON.stringify({ type: 'auth' }));
    expect((await closed).code).toBe(1008);
    expect(posts).toEqual([[{ type: 'auth' }]]);
    expect(got).toEqual(['ecomet.ready']);
    expect(s.readyState).toBe(3);
  });

  it('closes as unauthorized when the server refuses the first message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'unauthorized' }), { status: 401 })));
    const s = new LongPollSocket();
    await new Promise<void>((resolve) => (s.onopen = () => resolve()));
    const closed = new Promise<{ code: number }>((resolve) => (s.onclose = resolve));
    s.send(JSON.stringify({ type: 'auth' }));
    expect((await closed).code).toBe(1008);
  });
});
