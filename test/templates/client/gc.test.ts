import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

describe('abort and timeout survive garbage collection (node --expose-gc)', () => {
  it('both end a stalled body on time', async () => {
    const script = path.join(import.meta.dirname, 'gc-abort.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', script], { timeout: 20_000 });
    const out = JSON.parse(stdout.trim());
    expect(out.timeout.isTimeoutError).toBe(true);
    expect(out.timeout.ms).toBeLessThan(3000);
    expect(out.abort.isCallerReason).toBe(true);
    expect(out.abort.ms).toBeLessThan(3000);
  });
});
