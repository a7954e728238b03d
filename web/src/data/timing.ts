// Debounce: run once after `wait` ms of quiet, but no later than `maxWait`
// after the first request, so a steady stream of requests still gets served.

export class Debounce {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private first = 0;

  constructor(
    private readonly wait: number,
    private readonly run: () => void,
    private readonly maxWait = Infinity,
  ) {}

  schedule(): void {
    const now = Date.now();
    if (this.timer === undefined) this.first = now;
    else clearTimeout(this.timer);
    const delay = Math.max(0, Math.min(this.wait, this.first + this.maxWait - now));
    this.timer = setTimeout(() => this.flush(), delay);
  }

  get pending(): boolean {
    return this.timer !== undefined;
  }

  flush(): void {
    if (this.timer === undefined) return;
    this.cancel();
    this.run();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
