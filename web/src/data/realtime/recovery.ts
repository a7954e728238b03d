// Live socket recovery (spec 001 §4.3): while the main tab's socket is not
// connected, every RECOVERY_MS it proves the session with GET
// /api/v3/counter. When that fails too, the page is out of step with the
// server (the session ended, the server moved): every tab reloads, except
// on the sign-in page.
import { RECOVERY_MS } from './constants';

export interface RecoveryDeps {
  /** The keepalive request; it rejects when the server does not answer or refuses. */
  counter(): Promise<unknown>;
  /** Reload every tab (this one included). */
  reloadAll(): void;
}

export class Recovery {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private due = false;

  constructor(private readonly deps: RecoveryDeps) {}

  /** update says whether recovery is due: this tab is main and its socket not connected. */
  update(due: boolean) {
    this.due = due;
    if (!due) {
      clearTimeout(this.timer);
      this.timer = undefined;
    } else if (this.timer === undefined) {
      this.arm();
    }
  }

  /** checkNow probes at once (the server closed the connection on policy grounds). */
  checkNow() {
    clearTimeout(this.timer);
    void this.check();
  }

  stop() {
    this.update(false);
  }

  private arm() {
    this.timer = setTimeout(() => void this.check(), RECOVERY_MS);
  }

  private async check() {
    this.timer = undefined;
    try {
      await this.deps.counter();
    } catch {
      this.deps.reloadAll();
      return;
    }
    if (this.due && this.timer === undefined) this.arm();
  }
}
