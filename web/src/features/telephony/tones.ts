// The spec's call sounds (spec 001 §9: call_incoming, call_dialing,
// call_busy), made with the Web Audio API: no sound files to ship. Errors
// playing are ignored (spec 001 §8).
let ctx: AudioContext | undefined;

const patterns: Record<string, { freq: number; beeps: number; length: number }> = {
  call_incoming: { freq: 660, beeps: 3, length: 0.3 },
  call_dialing: { freq: 425, beeps: 1, length: 0.8 },
  call_busy: { freq: 425, beeps: 3, length: 0.15 },
};

export function playTone(name: string) {
  const p = patterns[name];
  if (!p) return;
  try {
    ctx ??= new AudioContext();
    for (let i = 0; i < p.beeps; i++) {
      const at = ctx.currentTime + i * p.length * 2;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = p.freq;
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + p.length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + p.length);
    }
  } catch {
    // No audio here (a test browser, a policy).
  }
}
