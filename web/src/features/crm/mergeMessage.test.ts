import { describe, expect, it } from 'vitest';
import { mergeOf } from './mergeMessage';

const client = { contentType: 'ContractorCompany', id: '12' };
const msg = (message: unknown, event = 'user:1') => ({ event, message });

describe('ContractorMerge messages', () => {
  it('reads the progress of the merge into this client', () => {
    const m = msg({ contentType: 'ContractorMerge', status: 'running', total: 40, done: 10, contractor: { contentType: 'ContractorCompany', id: '12' } });
    expect(mergeOf(m, 'user:1', client)).toEqual({ status: 'running', total: 40, done: 10, error: undefined });
  });

  it('leaves out other clients, routes and messages', () => {
    const other = { contentType: 'ContractorMerge', status: 'done', total: 1, done: 1, contractor: { contentType: 'ContractorHuman', id: '12' } };
    expect(mergeOf(msg(other), 'user:1', client)).toBeNull();
    const mine = { ...other, contractor: client };
    expect(mergeOf(msg(mine, 'user:2'), 'user:1', client)).toBeNull();
    expect(mergeOf(msg({ ...mine, contentType: 'ContractorImport' }), 'user:1', client)).toBeNull();
    expect(mergeOf(msg({ ...mine, status: 'weird' }), 'user:1', client)).toBeNull();
    expect(mergeOf(msg(null), 'user:1', client)).toBeNull();
  });
});
