/**
 * Simulated limits: a token bucket (`requestsPerSecond` refill, `burst` capacity) and a count of
 * requests per UTC day against `dailyQuota`. Past either, the request is refused with the seconds
 * until it would be accepted (`Retry-After`).
 */
import type { MockLimits } from './types.js';

const DAY_MS = 86_400_000;
/**
 * Slack for clocks: a client pacing itself at exactly the rate sends when its own timer fires,
 * which Node may fire a millisecond early; 10 ms worth of tokens (at most half a token) is accepted.
 */
const SLACK_SECONDS = 0.01;

export class LimitSimulator {
  private tokens: number;
  private refilledAt: number;
  private day = -1;
  private usedToday = 0;

  constructor(
    private readonly limits: Partial<MockLimits>,
    private readonly now: () => number = () => performance.timeOrigin + performance.now(),
  ) {
    this.tokens = limits.burst ?? 0;
    this.refilledAt = this.now();
  }

  /** Takes one request: `undefined` when accepted, else the seconds to wait (at least 1). */
  take(): number | undefined {
    const now = this.now();
    const day = Math.floor(now / DAY_MS);
    if (day !== this.day) {
      this.day = day;
      this.usedToday = 0;
    }
    const { requestsPerSecond: rate, burst, dailyQuota } = this.limits;
    if (dailyQuota !== undefined && this.usedToday >= dailyQuota) return Math.max(1, Math.ceil(((day + 1) * DAY_MS - now) / 1000));
    if (rate !== undefined && burst !== undefined) {
      this.tokens = Math.min(burst, this.tokens + ((now - this.refilledAt) / 1000) * rate);
      this.refilledAt = now;
      if (this.tokens < 1 - Math.min(0.5, rate * SLACK_SECONDS)) return Math.max(1, Math.ceil((1 - this.tokens) / rate));
      this.tokens = Math.max(0, this.tokens - 1);
    }
    this.usedToday++;
    return undefined;
  }
}
