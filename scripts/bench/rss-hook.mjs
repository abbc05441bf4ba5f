// Preloaded with `node --import` where /usr/bin/time is missing: writes this process's peak RSS (KiB) at exit.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
