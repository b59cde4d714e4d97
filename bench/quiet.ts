/**
 * Waits for the machine to go quiet before a server's turn. A browser that
 * has just run its part keeps working for a while (it collects the garbage of
 * a 10,000-element page, unloads documents), and with 2 cores whoever runs
 * next paid for it. Ours always ran right after chrome-devtools-mcp's heavy
 * run; measured on one machine within the hour, without the wait and with it:
 * our click 25.8 ms and 17.2 ms, navigate 267 ms and 164 ms, 10k snapshot
 * 375 ms and 329 ms, while the peers' clicks and snapshots moved by 3 % or less.
 */
import os from 'node:os';

/** Busy below this share of the machine counts as quiet (the bench's own idle servers and pollers). */
const QUIET_SHARE = 0.1;
const WINDOW_MS = 250;
/** Quiet windows in a row that make a quiet machine. */
const WINDOWS = 2;
const MAX_WAIT_MS = 10_000;

function busyTicks(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** Resolves once the machine has been quiet for WINDOWS × WINDOW_MS, or after MAX_WAIT_MS; says which. */
export async function machineQuiet(): Promise<boolean> {
  const deadline = Date.now() + MAX_WAIT_MS;
  let quiet = 0;
  while (Date.now() < deadline) {
    const before = busyTicks();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const after = busyTicks();
    const share = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    quiet = share <= QUIET_SHARE ? quiet + 1 : 0;
    if (quiet >= WINDOWS) return true;
  }
  return false;
}
