import { describe, expect, it } from 'vitest';
import { approverIds, decisionKey, isApprover, myVisa, statusKey, visaStatus } from './negotiation';

const emp = (id: string) => ({ contentType: 'Employee', id });

describe('negotiation', () => {
  it('takes negotiationExecutors first, then executors, employees only', () => {
    const task = { contentType: 'Task', id: '1', negotiationExecutors: [emp('2'), { contentType: 'Group', id: '9' }], executors: [emp('3')] };
    expect(approverIds(task)).toEqual(['2']);
    expect(approverIds({ ...task, negotiationExecutors: [] })).toEqual(['3']);
    expect(isApprover(task, '3')).toBe(false);
    expect(isApprover(task, '2')).toBe(true);
  });
  it('finds my visa', () => {
    const visas = [{ contentType: 'NegotiationVisa', id: '1', status: 'bad', userCreated: emp('2') }];
    expect(myVisa(visas, '2')).toBe('bad');
    expect(myVisa(visas, '3')).toBeNull();
  });
  it('reads statuses and decisions', () => {
    expect(visaStatus('ok')).toBe('ok');
    expect(visaStatus(undefined)).toBe('not_rated');
    expect(statusKey('bad')).toBe('task.negotiation.statusBad');
    expect(decisionKey(true)).toBe('task.negotiation.decisionYes');
    expect(decisionKey(false)).toBe('task.negotiation.decisionNo');
    expect(decisionKey(null)).toBe('task.negotiation.decisionPending');
  });
});
