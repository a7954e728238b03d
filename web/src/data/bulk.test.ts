import { beforeEach, describe, expect, it } from 'vitest';
import { buildBulkBody, compressBody } from './bulk';
import { ingest, resetStore } from './entities';

const emp = (id: number) => ({ contentType: 'Employee', id: String(id), name: `e${id}`, position: 'dev' });
const human = (id: number) => ({ contentType: 'ContractorHuman', id: String(id), firstName: `h${id}` });

describe('entity body compression', () => {
  beforeEach(() => {
    resetStore();
    [1, 2, 3, 4, 5, 6, 7].forEach((i) => ingest(emp(i)));
    [1, 2].forEach((i) => ingest(human(i)));
  });

  it('turns a list of more than 5 known entities into links grouped by type', () => {
    const list = [emp(1), human(1), emp(2), emp(3), human(2), emp(4)];
    expect(compressBody({ name: 'x', auditors: list })).toEqual({
      name: 'x',
      auditors: [
        { contentType: 'Employee', id: '1' },
        { contentType: 'Employee', id: '2' },
        { contentType: 'Employee', id: '3' },
        { contentType: 'Employee', id: '4' },
        { contentType: 'ContractorHuman', id: '1' },
        { contentType: 'ContractorHuman', id: '2' },
      ],
    });
  });

  it('leaves lists of 5 or fewer, and lists holding values or unknown entities, whole', () => {
    const five = [1, 2, 3, 4, 5].map(emp);
    const contacts = [...Array(6).keys()].map((i) => ({ contentType: 'ContactInfo', type: 'phone', value: `+7 ${i}` }));
    const withUnknown = [...[1, 2, 3, 4, 5, 6].map(emp), emp(99)];
    expect(compressBody({ auditors: five })).toEqual({ auditors: five });
    expect(compressBody({ contactInfo: contacts })).toEqual({ contactInfo: contacts });
    expect(compressBody({ executors: withUnknown })).toEqual({ executors: withUnknown });
  });

  it('compresses the bodies of bulk calls', () => {
    const body = buildBulkBody([
      { url: '/api/v3/task/1', method: 'POST', body: { auditors: [1, 2, 3, 4, 5, 6].map(emp) } },
      { url: '/api/v3/task/2', method: 'GET' },
    ]);
    expect(body.calls[0].body).toEqual({ auditors: [1, 2, 3, 4, 5, 6].map((i) => ({ contentType: 'Employee', id: String(i) })) });
    expect(body.calls[1]).toEqual({ url: '/api/v3/task/2', method: 'GET' });
  });
});
