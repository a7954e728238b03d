// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { HttpError, NetworkError } from './transport';
import { bulkHandler, envelope, settle, stubFetch } from './fetchStub';
import { isFailedDependency } from './bulk';

const entity = (url: string) => {
  const id = url.match(/task\/(\d+)/)![1];
  return envelope({ contentType: 'Task', id });
};

describe('GET batching', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gathers five GETs into one bulk after 100 ms and the sixth into a second', async () => {
    const { requests } = stubFetch(bulkHandler(entity));
    const calls = [1, 2, 3, 4, 5, 6].map((n) => api.get<{ id: string }>(`task/${n}`, { fields: ['name'] }));
    await vi.advanceTimersByTimeAsync(99);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.data.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(requests.map((r) => r.path)).toEqual(['/api/v3/bulk', '/api/v3/bulk']);
    const first = requests[0].body as { calls: { url: string; method: string }[] };
    expect(first.calls).toHaveLength(5);
    expect(first.calls[0]).toEqual({ url: `/api/v3/task/1?${encodeURIComponent('{"fields":["name"]}')}`, method: 'GET' });
    expect((requests[1].body as { calls: unknown[] }).calls).toHaveLength(1);
  });

  it('sends writes, unbatched GETs and other paths directly', async () => {
    const { requests } = stubFetch(() => ({ body: envelope({ contentType: 'Task', id: '1' }) }));
    await api.post('task/1', { name: 'x' });
    await api.delete('task/1');
    await api.get('task/1', undefined, { batch: false });
    await api.get('/api/v3/bulk/getEntitiesByLinks', undefined);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/v3/task/1',
      'DELETE /api/v3/task/1',
      'GET /api/v3/task/1',
      'GET /api/v3/bulk/getEntitiesByLinks',
    ]);
  });

  it('rejects a cancelled batched call with its AbortError and answers its batch mates', async () => {
    const { requests } = stubFetch(bulkHandler(entity));
    const ctl = new AbortController();
    const cancelled = api.get('task/1', undefined, { signal: ctl.signal });
    const kept = api.get<{ id: string }>('task/2');
    ctl.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(100);
    expect((await kept).data.id).toBe('2');
    expect((requests[0].body as { calls: unknown[] }).calls).toHaveLength(1);
  });

  it('lets a call cancelled while its bulk is on the way leave without breaking the others', async () => {
    let answer: () => void = () => {};
    stubFetch(async (req) => {
      await new Promise<void>((r) => (answer = r));
      return bulkHandler(entity)(req);
    });
    const ctl = new AbortController();
    const cancelled = api.get('task/1', undefined, { signal: ctl.signal });
    const kept = api.get<{ id: string }>('task/2');
    await vi.advanceTimersByTimeAsync(100);
    ctl.abort();
    await expect(cancelled).rejects.toBeInstanceOf(DOMException);
    answer();
    await settle();
    expect((await kept).data.id).toBe('2');
  });
});

describe('bulk errors', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('maps failed items: server entries kept, FakeBulkError when none, 424 as failed dependency', async () => {
    stubFetch(
      bulkHandler((url) => {
        if (url.includes('task/1')) return envelope(null, { errors: [{ field: 'name', message: 'required', type: 'required' }] }, 422);
        if (url.includes('task/2')) return { data: null, meta: { status: 404, errors: [] } };
        if (url.includes('task/3')) return { data: null, meta: { status: 424 } };
        return entity(url);
      }),
    );
    const results = await settleAll([api.get('task/1'), api.get('task/2'), api.get('task/3'), api.get('task/4')], 100);
    const [validation, missing, dependency, fine] = results;
    expect(validation).toBeInstanceOf(HttpError);
    expect((validation as HttpError).status).toBe(422);
    expect((validation as HttpError).errors).toEqual([{ field: 'name', message: 'required', type: 'required' }]);
    expect((missing as HttpError).errors).toEqual([{ field: null, type: 'FakeBulkError', message: '404 Not Found' }]);
    expect(isFailedDependency(dependency)).toBe(true);
    expect((dependency as HttpError).errors[0].type).toBe('FailedDependency');
    expect(fine).toMatchObject({ data: { id: '4' } });
  });

  it('gives every caller an Unknown error with status and text when the bulk request fails', async () => {
    stubFetch(() => ({ status: 500, body: envelope(null, {}, 500) }));
    const [a, b] = await settleAll([api.get('task/1'), api.get('task/2')], 100);
    for (const err of [a, b]) {
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).errors).toEqual([{ field: null, type: 'Unknown', message: '500 Error' }]);
    }
  });

  it('passes a network failure on to every caller', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    const [a] = await settleAll([api.get('task/1')], 100);
    expect(a).toBeInstanceOf(NetworkError);
  });
});

/** settleAll advances the batch wait and answers each promise's value or error. */
async function settleAll(promises: Promise<unknown>[], ms: number): Promise<unknown[]> {
  const out = promises.map((p) => p.then((v) => v, (e: unknown) => e));
  await vi.advanceTimersByTimeAsync(ms);
  return Promise.all(out);
}

describe('onRequestError', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hears every failed call once and nothing of successes', async () => {
    const { onRequestError } = await import('./api');
    const heard: unknown[] = [];
    const off = onRequestError((err) => heard.push(err));
    stubFetch((req) =>
      req.path === '/api/v3/task/1'
        ? { status: 401, body: { meta: { status: 401, errors: [{ message: 'no', type: 'unauthorized' }] }, data: null } }
        : { body: envelope({ contentType: 'Task', id: '2' }) },
    );
    await expect(api.post('task/1', {})).rejects.toBeInstanceOf(HttpError);
    await api.post('task/2', {});
    off();
    await expect(api.post('task/1', {})).rejects.toBeInstanceOf(HttpError);
    expect(heard).toHaveLength(1);
    expect((heard[0] as HttpError).status).toBe(401);
  });
});
