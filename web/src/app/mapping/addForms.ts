// Add-form addresses (spec 000 §2): any address ending in /{entity}/add,
// or /bp/{slug}/add, opens the create form of that entity.

export interface AddTarget {
  contentType: string;
  /** Values the form starts with and the user does not choose (the deal's program). */
  fixed?: Record<string, unknown>;
}

const entities: Record<string, (q: URLSearchParams) => string> = {
  task: (q) => (q.get('type')?.toLowerCase() === 'project' ? 'Project' : 'Task'),
  project: () => 'Project',
  crm: (q) => (['company', 'contractorcompany'].includes(q.get('type')?.toLowerCase() ?? '') ? 'ContractorCompany' : 'ContractorHuman'),
  deals: () => 'Deal',
  staff: () => 'Employee',
  event: () => 'Todo',
  offers: () => 'Offer',
  consignments: () => 'Consignment',
};

/** addTarget names what an add-form address creates, undefined when it is none. */
export function addTarget(pathname: string, search = ''): AddTarget | undefined {
  const segs = pathname.split('/').filter(Boolean);
  if (segs.at(-1) !== 'add' || segs.length < 2) return undefined;
  if (segs.length >= 3 && segs.at(-3) === 'bp') {
    const slug = segs.at(-2)!;
    return /^\d+$/.test(slug) ? { contentType: 'Deal', fixed: { program: { contentType: 'Program', id: slug } } } : { contentType: 'Deal' };
  }
  const pick = entities[segs.at(-2)!];
  return pick ? { contentType: pick(new URLSearchParams(search)) } : undefined;
}
