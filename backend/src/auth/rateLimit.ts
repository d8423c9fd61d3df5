/** Sliding-window counters of sign-in attempts per e-mail and per IP address (in this process). */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  /** Records an attempt for `key` and tells whether it is still within `max` in the window. */
  hit(key: string, max: number, now = Date.now()): boolean {
    const recent = (this.attempts.get(key) ?? []).filter((at) => now - at < this.windowMs);
    recent.push(now);
    this.attempts.set(key, recent);
    if (this.attempts.size > 100_000) this.prune(now);
    return recent.length <= max;
  }

  reset(key: string) {
    this.attempts.delete(key);
  }

  private prune(now: number) {
    for (const [key, times] of this.attempts) {
      if (times.every((at) => now - at >= this.windowMs)) this.attempts.delete(key);
    }
  }
}
