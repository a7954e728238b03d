// The widget's state, driven by the server's push commands on
// bums.call.user:{uid} (spec 001 §4.1): in, out, talking, hold, finished,
// fail, miss. Every tab reduces the same messages, so the state is the
// same in all of them; only the main tab opens the widget by itself.
export type CallState = 'idle' | 'calling' | 'talking' | 'hold' | 'finished';

export interface CallInfo {
  id: string;
  providerId: string;
  type: string;
  state: string;
  direction: string;
  fromPhone: string;
  toPhone: string;
  duration: number;
  recordLinks: string[];
  transferredTo?: string;
  todo?: { contentType: string; id: string } | null;
}

export interface Widget {
  state: CallState;
  call?: CallInfo;
  /** opened: the panel is shown. */
  opened: boolean;
}

export const initialWidget: Widget = { state: 'idle', opened: false };

export type WidgetAction =
  | { kind: 'push'; command: string; callInfo: CallInfo; main: boolean }
  | { kind: 'open' }
  | { kind: 'close' };

const stateOf: Record<string, CallState> = {
  in: 'calling',
  out: 'calling',
  talking: 'talking',
  hold: 'hold',
  finished: 'finished',
  fail: 'finished',
  miss: 'finished',
};

/** phoneOf is the far side's number. */
export function phoneOf(c: CallInfo): string {
  return c.direction === 'out' ? c.toPhone : c.fromPhone;
}

export function reduceWidget(w: Widget, a: WidgetAction): Widget {
  switch (a.kind) {
    case 'open':
      return { ...w, opened: true };
    case 'close':
      return w.state === 'finished' ? initialWidget : { ...w, opened: false };
    case 'push': {
      const state = stateOf[a.command];
      if (!state) {
        console.warn('artel telephony: unexpected push command', a.command);
        return w;
      }
      // A message of another call while one is going on is a second line
      // the widget does not show; a finished call gives way to a new one.
      if (w.call && w.call.providerId !== a.callInfo.providerId && w.state !== 'finished' && w.state !== 'idle') return w;
      // Spec 000 §2: the widget opens by itself on calling, talking or
      // hold, in the main tab only; other tabs follow the state.
      const opens = a.main && state !== 'finished';
      return { state, call: a.callInfo, opened: w.opened || opens };
    }
  }
}

/** soundOf names the spec's sound for a push (spec 001 §9), if any. */
export function soundOf(command: string): 'call_incoming' | 'call_dialing' | 'call_busy' | undefined {
  if (command === 'in') return 'call_incoming';
  if (command === 'out') return 'call_dialing';
  if (command === 'fail' || command === 'miss') return 'call_busy';
  return undefined;
}

/** headingKey is the widget's title: the call's direction while it rings, its state, or its result. */
export function headingKey(state: string, call: CallInfo): string {
  if (state === 'calling') return call.direction === 'out' ? 'telephony.state.outgoing' : 'telephony.state.incoming';
  if (state === 'talking') return 'telephony.state.talking';
  if (state === 'hold') return 'telephony.state.hold';
  if (call.type === 'miss') return 'telephony.result.miss';
  if (call.type === 'fail') return 'telephony.result.fail';
  return 'telephony.result.finished';
}
