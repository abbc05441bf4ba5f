/**
 * Attempt timeouts without an AbortController and a timer per attempt (on Node 20 the pair costs
 * about as much as 5–10 % of a loopback request). Attempts with the same timeout that start within
 * one short slot share a signal, aborted by one timer once the slot's last attempt is overdue: an
 * attempt times out between `timeoutMs` and `timeoutMs + slot` after it started, the slot being
 * at most MAX_SLOT_MS and a tenth of the timeout. An attempt still finished when its slot fires is
 * not touched: fetch has nothing left to abort. The timer keeps the process alive only while an
 * attempt of its slot is pending, and is cleared once the slot is closed and has none.
 */
import { MAX_TIMER_MS } from './options.js';

/** Longest a timeout may fire late: the width of a slot. */
export const MAX_SLOT_MS = 10;

export interface Deadline {
  /** Aborted when the attempt is overdue, or when the caller's signal aborts (with its reason). */
  readonly signal: AbortSignal;
  /** True when the attempt timed out (not when the caller aborted). */
  timedOut(): boolean;
  /** Ends the attempt: call exactly once, whatever its outcome. */
  release(): void;
}

type Timer = ReturnType<typeof setTimeout>;
/** Node's timers keep the process alive unless unref'd; other runtimes' have no such switch. */
const keepAlive = (timer: Timer, on: boolean): void => void (timer as { ref?: () => unknown; unref?: () => unknown })[on ? 'ref' : 'unref']?.();

interface Slot {
  readonly controller: AbortController;
  readonly timer: Timer;
  readonly closesAt: number;
  pending: number;
}

/** Hands out deadlines for attempts; one per client. */
export function createDeadlines(): (timeoutMs: number, callerSignal: AbortSignal | undefined) => Deadline {
  const open = new Map<number, Slot>();

  function slotFor(timeoutMs: number): Slot {
    const now = performance.now();
    const current = open.get(timeoutMs);
    if (current && now < current.closesAt) return current;
    if (current) {
      open.delete(timeoutMs);
      if (current.pending === 0) clearTimeout(current.timer);
    }
    const width = Math.min(MAX_SLOT_MS, timeoutMs / 10);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (open.get(timeoutMs) === slot) open.delete(timeoutMs);
      controller.abort();
    }, Math.min(MAX_TIMER_MS, timeoutMs + width));
    keepAlive(timer, false);
    const slot: Slot = { controller, timer, closesAt: now + width, pending: 0 };
    open.set(timeoutMs, slot);
    return slot;
  }

  return function deadline(timeoutMs, callerSignal) {
    const slot = slotFor(timeoutMs);
    if (slot.pending++ === 0) keepAlive(slot.timer, true);
    const end = (): void => {
      if (--slot.pending > 0) return;
      keepAlive(slot.timer, false);
      if (open.get(timeoutMs) !== slot) clearTimeout(slot.timer);
    };
    if (!callerSignal) return { signal: slot.controller.signal, timedOut: () => slot.controller.signal.aborted, release: end };

    // The caller's abort ends this attempt only: a controller of its own follows both.
    const own = new AbortController();
    const onTimeout = () => own.abort();
    const onCaller = () => own.abort(callerSignal.reason);
    slot.controller.signal.addEventListener('abort', onTimeout, { once: true });
    if (callerSignal.aborted) onCaller();
    else callerSignal.addEventListener('abort', onCaller, { once: true });
    return {
      signal: own.signal,
      timedOut: () => own.signal.aborted && !callerSignal.aborted,
      release() {
        slot.controller.signal.removeEventListener('abort', onTimeout);
        callerSignal.removeEventListener('abort', onCaller);
        end();
      },
    };
  }
}
