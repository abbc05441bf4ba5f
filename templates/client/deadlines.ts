/**
 * Attempt timeouts without an AbortController and a timer per attempt (on Node 20 the pair costs
 * about as much as 5–10 % of a loopback request). Attempts with the same timeout that start within
 * one short slot share a signal, aborted by one timer once the slot's last attempt is overdue: an
 * attempt times out between `timeoutMs` and `timeoutMs + slot` after it started, the slot being
 * at most MAX_SLOT_MS and a tenth of the timeout. An attempt still finished when its slot fires is
 * not touched: fetch has nothing left to abort. The timer keeps the process alive only while an
 * attempt of its slot is pending, and is cleared once the slot is closed and has none.
 *
 * fetch keeps the signal it was given (and its listeners) until a full garbage collection, so
 * nothing of an attempt is left on it: the slot rejects its pending attempts' `aborted` promises
 * itself, from a set each attempt leaves when it ends.
 */
import { whenAborted } from './abort.js';
import { MAX_TIMER_MS } from './options.js';

/** Longest a timeout may fire late: the width of a slot. */
export const MAX_SLOT_MS = 10;

export interface Deadline {
  /** Aborted when the attempt is overdue, or when the caller's signal aborts (with its reason). */
  readonly signal: AbortSignal;
  /**
   * Rejects with `signal.reason` if `signal` aborts before `release`; never resolves; its rejection
   * is handled. For racing what fetch might not end itself (a read whose abort was lost).
   */
  readonly aborted: Promise<never>;
  /** True when the attempt timed out (not when the caller aborted). */
  timedOut(): boolean;
  /** Ends the attempt: call once, whatever its outcome. */
  release(): void;
}

type Timer = ReturnType<typeof setTimeout>;
type Reject = (reason: unknown) => void;
/** Node's timers keep the process alive unless unref'd; other runtimes' have no such switch. */
const keepAlive = (timer: Timer, on: boolean): void => void (timer as { ref?: () => unknown; unref?: () => unknown })[on ? 'ref' : 'unref']?.();
const ignore = (): void => {};

/** A promise that only rejects, and the function that rejects it. */
function rejectable(): { promise: Promise<never>; reject: Reject } {
  let reject!: Reject;
  const promise = new Promise<never>((_, r) => (reject = r));
  promise.catch(ignore);
  return { promise, reject };
}

/** The attempts of one timeout started within one slot. */
class Slot {
  readonly signal: AbortSignal;
  /** Attempts started at or after this time open a new slot. */
  readonly closesAt: number;
  readonly #controller = new AbortController();
  readonly #timer: Timer;
  readonly #open: Map<number, Slot>;
  readonly #timeoutMs: number;
  /** The pending attempts' `aborted` rejecters. */
  readonly #pending = new Set<Reject>();

  constructor(open: Map<number, Slot>, timeoutMs: number, now: number) {
    const width = Math.min(MAX_SLOT_MS, timeoutMs / 10);
    this.signal = this.#controller.signal;
    this.closesAt = now + width;
    this.#open = open;
    this.#timeoutMs = timeoutMs;
    this.#timer = setTimeout(
      () => {
        if (open.get(timeoutMs) === this) open.delete(timeoutMs);
        this.#controller.abort();
        for (const reject of this.#pending) reject(this.signal.reason);
      },
      Math.min(MAX_TIMER_MS, timeoutMs + width),
    );
    keepAlive(this.#timer, false);
  }

  /** A deadline for one more attempt of this slot. */
  join(): Deadline {
    const { promise, reject } = rejectable();
    if (this.signal.aborted) reject(this.signal.reason);
    else {
      if (this.#pending.size === 0) keepAlive(this.#timer, true);
      this.#pending.add(reject);
    }
    const { signal } = this;
    return { signal, aborted: promise, timedOut: () => signal.aborted, release: () => this.#leave(reject) };
  }

  /** No more attempts join this slot; with none pending, its timer is cleared. */
  close(): void {
    this.#open.delete(this.#timeoutMs);
    if (this.#pending.size === 0) clearTimeout(this.#timer);
  }

  #leave(reject: Reject): void {
    if (!this.#pending.delete(reject) || this.#pending.size > 0) return;
    keepAlive(this.#timer, false);
    if (this.#open.get(this.#timeoutMs) !== this) clearTimeout(this.#timer);
  }
}

/** Hands out deadlines for attempts; one per client. */
export function createDeadlines(): (timeoutMs: number, callerSignal: AbortSignal | undefined) => Deadline {
  const open = new Map<number, Slot>();

  function slotFor(timeoutMs: number): Slot {
    const now = performance.now();
    const current = open.get(timeoutMs);
    if (current && now < current.closesAt) return current;
    current?.close();
    const slot = new Slot(open, timeoutMs, now);
    open.set(timeoutMs, slot);
    return slot;
  }

  return function deadline(timeoutMs, callerSignal) {
    const timeout = slotFor(timeoutMs).join();
    if (!callerSignal) return timeout;

    // The caller's abort ends this attempt only: a controller of its own follows both.
    const own = new AbortController();
    const { promise, reject } = rejectable();
    const onCaller = () => own.abort(callerSignal.reason);
    const onAbort = () => reject(own.signal.reason);
    own.signal.addEventListener('abort', onAbort, { once: true });
    timeout.aborted.catch(() => own.abort());
    const unwatch = callerSignal.aborted ? (onCaller(), undefined) : whenAborted(callerSignal, onCaller);
    return {
      signal: own.signal,
      aborted: promise,
      timedOut: () => own.signal.aborted && !callerSignal.aborted,
      release() {
        own.signal.removeEventListener('abort', onAbort);
        unwatch?.();
        timeout.release();
      },
    };
  };
}
