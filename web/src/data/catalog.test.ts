import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCatalogs, loadCatalog, typeEndpoint } from './catalog';
import { setLocale } from './transport';
import { envelope, stubFetch } from './fetchStub';

const task = { name: 'Task', endpoint: 'task', label: 'Задача', fields: [{ name: 'name', kind: 'string', label: 'Название' }] };
const human = { name: 'ContractorHuman', endpoint: 'contractorHuman', label: 'Клиент', fields: [] };

describe('catalog', () => {
  afterEach(() => {
    forgetCatalogs();
    setLocale('');
    vi.unstubAllGlobals();
  });

  it('loads once per language and finds types by name and endpoint', async () => {
    const { requests } = stubFetch(() => ({ body: envelope([task, human]) }));
    setLocale('ru');
    const [a, b] = await Promise.all([loadCatalog(), loadCatalog()]);
    expect(a).toBe(b);
    expect(a.byName('Task')?.fields[0].label).toBe('Название');
    expect(a.byEndpoint('contractorHuman')?.name).toBe('ContractorHuman');
    expect(typeEndpoint('ContractorHuman')).toBe('contractorHuman');
    setLocale('en');
    await loadCatalog();
    expect(requests.map((r) => r.headers['Accept-Language'])).toEqual(['ru', 'en']);
  });

  it('tries again after a failure', async () => {
    let fail = true;
    stubFetch(() => (fail ? { status: 500, body: envelope(null, {}, 500) } : { body: envelope([task]) }));
    await expect(loadCatalog()).rejects.toBeDefined();
    fail = false;
    expect((await loadCatalog()).types).toHaveLength(1);
  });
});
