// A process drawn as a flow: its states in order, left to right, and
// each transition as an arrow, forward ones arching above the states and
// backward ones below. Plain SVG: a few boxes and curves need no graph
// library.
import type { StateInfo } from './dealApi';
import type { TransitionInfo } from './processApi';

const W = 150;
const GAP = 50;
const H = 44;
const TOP = 90;

const fill: Record<string, string> = { positive: 'var(--mantine-color-green-1)', negative: 'var(--mantine-color-red-1)' };

function colorOf(s: StateInfo) {
  if (!s.color) return 'var(--mantine-color-blue-6)';
  return s.color.startsWith('#') ? s.color : `var(--mantine-color-${s.color}-6)`;
}

export function ProcessFlow({ states, transitions }: { states: StateInfo[]; transitions: TransitionInfo[] }) {
  const index = new Map(states.map((s, i) => [s.id, i]));
  const width = Math.max(states.length * (W + GAP), W);
  const height = TOP * 2 + H;
  const cx = (i: number) => i * (W + GAP) + W / 2;
  return (
    <svg width={width} height={height} role="img" data-testid="process-flow" style={{ display: 'block' }}>
      <defs>
        <marker id="flow-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill="var(--mantine-color-gray-6)" />
        </marker>
      </defs>
      {transitions.map((t) => {
        const a = index.get(t.from);
        const b = index.get(t.to);
        if (a === undefined || b === undefined || a === b) return null;
        const forward = b > a;
        const span = Math.abs(b - a);
        const y = forward ? TOP : TOP + H;
        const bend = forward ? y - 20 - span * 14 : y + 20 + span * 14;
        const x1 = cx(a) + (forward ? 12 : -12);
        const x2 = cx(b) + (forward ? -12 : 12);
        return (
          <g key={t.id} data-testid="process-flow-arrow" data-from={t.from} data-to={t.to}>
            <path d={`M ${x1} ${y} Q ${(x1 + x2) / 2} ${bend} ${x2} ${y}`} fill="none" stroke="var(--mantine-color-gray-6)" strokeWidth={1.5} markerEnd="url(#flow-arrow)" />
            <title>{t.name}</title>
          </g>
        );
      })}
      {states.map((s, i) => (
        <g key={s.id} data-testid="process-flow-state" data-name={s.name}>
          <rect x={i * (W + GAP)} y={TOP} width={W} height={H} rx={8} fill={fill[s.type ?? ''] ?? 'var(--mantine-color-body)'} stroke={colorOf(s)} strokeWidth={2} />
          <text x={cx(i)} y={TOP + H / 2 + 5} textAnchor="middle" fontSize={13} fill="var(--mantine-color-text)">
            {s.name.length > 20 ? `${s.name.slice(0, 19)}…` : s.name}
          </text>
        </g>
      ))}
    </svg>
  );
}
