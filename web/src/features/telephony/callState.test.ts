import { describe, expect, it } from 'vitest';
import { initialWidget, reduceWidget, soundOf, type CallInfo } from './callState';

const call = (providerId: string, extra: Partial<CallInfo> = {}): CallInfo => ({
  id: '1', providerId, type: 'in', state: 'calling', direction: 'in', fromPhone: '+79120000000', toPhone: '101',
  duration: 0, recordLinks: [], ...extra,
});

describe('the call widget state', () => {
  it('opens by itself on an incoming call in the main tab only', () => {
    const main = reduceWidget(initialWidget, { kind: 'push', command: 'in', callInfo: call('a'), main: true });
    const other = reduceWidget(initialWidget, { kind: 'push', command: 'in', callInfo: call('a'), main: false });
    expect(main).toMatchObject({ state: 'calling', opened: true });
    expect(other).toMatchObject({ state: 'calling', opened: false });
  });
  it('follows talking, hold and the end', () => {
    let w = reduceWidget(initialWidget, { kind: 'push', command: 'in', callInfo: call('a'), main: true });
    w = reduceWidget(w, { kind: 'push', command: 'talking', callInfo: call('a'), main: true });
    expect(w.state).toBe('talking');
    w = reduceWidget(w, { kind: 'push', command: 'hold', callInfo: call('a'), main: true });
    expect(w.state).toBe('hold');
    w = reduceWidget(w, { kind: 'push', command: 'finished', callInfo: call('a'), main: true });
    expect(w).toMatchObject({ state: 'finished', opened: true });
    expect(reduceWidget(w, { kind: 'close' })).toEqual(initialWidget);
  });
  it('keeps the call going when another line rings', () => {
    const w = reduceWidget(initialWidget, { kind: 'push', command: 'talking', callInfo: call('a'), main: true });
    expect(reduceWidget(w, { kind: 'push', command: 'in', callInfo: call('b'), main: true }).call?.providerId).toBe('a');
  });
  it('ignores an unknown command', () => {
    expect(reduceWidget(initialWidget, { kind: 'push', command: 'explode', callInfo: call('a'), main: true })).toBe(initialWidget);
  });
  it('names the spec sounds', () => {
    expect([soundOf('in'), soundOf('out'), soundOf('miss'), soundOf('talking')]).toEqual(['call_incoming', 'call_dialing', 'call_busy', undefined]);
  });
});
