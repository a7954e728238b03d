// A short tone for a new message in a chat whose sound is on. Made with
// the Web Audio API: no sound file to ship.
let ctx: AudioContext | undefined;

export function chime() {
  try {
    ctx ??= new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
  } catch {
    // No audio here (a test browser, a policy): a message needs no sound.
  }
}
