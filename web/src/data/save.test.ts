// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entries, getSlot, ingest, readEntity, registerEntity, resetStore, setFailed } from './entities';
import { addToCollection, deleteEntity, saveEntity } from './save';
import { HttpError } from './transport';
import { InternalError, TEMP_PREFIX, UNSAVED_MESSAGE, isTempId } from './types';
import { envelope, stubFetch } from './fetchStub';

const refused = { status: 422, body: envelope(null, { errors: [{ field: 'name', message: 'bad name', type: 'invalid' }] }, 422) };

describe('saving entities', () => {
  beforeEach(() => resetStore());
  afterEach(() => vi.unstubAllGlobals());

  it('shows a change at once and rolls it back when the server refuses it', async () => {
    ingest({ contentType: 'Task', id: '1', name: 'old' });
    stubFetch(() => refused);
    const saving = saveEntity('Task', '1', { name: 'new' });
    expect(getSlot('Task:1').entity?.name).toBe('new');
    const err = await saving.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).errors).toEqual([{ field: 'name', message: 'bad name', type: 'invalid' }]);
    expect(getSlot('Task:1').entity?.name).toBe('old');
  });

  it('rolls back only the refused change, keeping another made meanwhile', async () => {
    ingest({ contentType: 'Task', id: '1', name: 'old', isUrgent: false });
    stubFetch((req) => ((req.body as { name?: string }).name ? refused : { body: envelope({ contentType: 'Task', id: '1', isUrgent: true }) }));
    const a = saveEntity('Task', '1', { name: 'new' });
    const b = saveEntity('Task', '1', { isUrgent: true });
    await Promise.allSettled([a, b]);
    expect(getSlot('Task:1').entity).toMatchObject({ name: 'old', isUrgent: true });
  });

  it('keeps what the server answered for a change', async () => {
    ingest({ contentType: 'Task', id: '1', name: 'old' });
    const { requests } = stubFetch(() => ({ body: envelope({ contentType: 'Task', id: '1', name: 'New' }) }));
    const saved = await saveEntity('Task', '1', { name: 'new' });
    expect(saved.name).toBe('New');
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v3/task/1', body: { name: 'new' } });
  });

  it('creates under a temporary id, then moves to the real one; links follow', async () => {
    let answer: () => void = () => {};
    const { requests } = stubFetch(async () => {
      await new Promise<void>((r) => (answer = r));
      return { body: envelope({ contentType: 'Task', id: '77', name: 'Write' }) };
    });
    const creating = saveEntity('Task', undefined, { name: 'Write' });
    const temp = registeredTemp('Task');
    expect(temp.name).toBe('Write');
    ingest({ contentType: 'Task', id: '2', parent: { contentType: 'Task', id: temp.id }, auditors: [{ contentType: 'Task', id: temp.id }] });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    answer();
    const saved = await creating;
    expect(saved).toMatchObject({ contentType: 'Task', id: '77', name: 'Write' });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v3/task', body: { name: 'Write' } });
    expect(getSlot(`Task:${temp.id}`).entity).toBeUndefined();
    expect(getSlot('Task:2').entity).toMatchObject({ parent: { id: '77' }, auditors: [{ id: '77' }] });
  });

  it('removes a new entity the server refused', async () => {
    stubFetch(() => refused);
    await expect(saveEntity('Task', undefined, { name: '' })).rejects.toBeInstanceOf(HttpError);
    expect(tempKeys()).toEqual([]);
  });

  it('refuses to edit, delete or add to an unsaved entity', async () => {
    let answer: () => void = () => {};
    stubFetch(async () => {
      await new Promise<void>((r) => (answer = r));
      return { body: envelope({ contentType: 'Task', id: '5' }) };
    });
    const creating = saveEntity('Task', undefined, { name: 'x' });
    const temp = registeredTemp('Task');
    const refusals = await Promise.all([
      saveEntity('Task', temp.id, { name: 'y' }).catch((e: unknown) => e),
      deleteEntity(temp).catch((e: unknown) => e),
      addToCollection(temp, 'comments', { content: 'hi' }).catch((e: unknown) => e),
    ]);
    for (const err of refusals) {
      expect(err).toBeInstanceOf(InternalError);
      expect((err as Error).message).toBe(UNSAVED_MESSAGE);
    }
    answer();
    await creating;
  });

  it('refuses to register an entity whose id is already stored', () => {
    ingest({ contentType: 'Task', id: '9' });
    expect(() => registerEntity({ contentType: 'Task', id: '9' })).toThrow(InternalError);
    expect(isTempId(registerEntity({ contentType: 'Task' }).id)).toBe(true);
  });

  it('keeps a fetch error with the entity and rethrows it on read', () => {
    const err = new Error('gone');
    setFailed('Task:3', err);
    expect(() => readEntity('Task:3')).toThrow(err);
  });

  it('deletes on the server, then forgets the entity', async () => {
    ingest({ contentType: 'Task', id: '4' });
    const { requests } = stubFetch(() => ({ body: envelope(null) }));
    await deleteEntity({ contentType: 'Task', id: '4' });
    expect(requests[0]).toMatchObject({ method: 'DELETE', path: '/api/v3/task/4' });
    expect(getSlot('Task:4').entity).toBeUndefined();
  });
});

function tempKeys(): string[] {
  return entries()
    .map(([key]) => key)
    .filter((key) => key.includes(`:${TEMP_PREFIX}`));
}

function registeredTemp(contentType: string) {
  return getSlot(tempKeys().find((k) => k.startsWith(`${contentType}:`))!).entity!;
}
