// @ts-check
// The machine's load around a measurement. A ratio against a reference measured in the same run
// cancels the speed of the machine, but not a core held by another process: both sides then
// share what is left, and the ratio is squeezed towards 1. Each benchmark that prints a timed
// ratio calls watchLoad() before its measurement and the function it returns after it.
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Above this 1-minute load average, other work shares the cores. */
export const LOAD_LIMIT = 0.5;

/** The 1-minute load average of the machine. */
export const loadAverage = () => os.loadavg()[0] ?? NaN;

/**
 * CPU time of this process (all its threads) and of its children that have ended (and their
 * own ended children), in milliseconds. The children's share comes from /proc (Linux; clock
 * ticks of 10 ms); elsewhere it is left out.
 */
function ownCpuMillis() {
  const self = process.cpuUsage();
  return (self.user + self.system) / 1000 + endedChildrenCpuMillis();
}

/** CPU time of this process's ended children (cutime + cstime of /proc/self/stat), 0 off Linux. */
function endedChildrenCpuMillis() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return 0;
  }
}

/**
 * Prints the load average now and returns the function that prints it again after the
 * measurement, with a WARNING when other work shared the machine.
 *
 * Before: a load average above LOAD_LIMIT means other processes were already working.
 * After: the figure includes the benchmark's own processes (its servers, clients and this
 * process keep one or two cores busy), so what is compared with LOAD_LIMIT is the load average
 * minus the cores this process and its ended children used on average since the first reading.
 * Processes that are not its children (a PostgreSQL server's backends) count as other work.
 * Call the returned function once every child the benchmark started has ended, with the CPU
 * time of any it started but could not reap (`unreapedMillis`: Chromium's renderers end as
 * orphans of its zygote, so their time never reaches this process's children's counters).
 * @param {string} what  the measurement, for the messages
 */
export function watchLoad(what) {
  // The machine's cores, which the load average counts: this process may be pinned to one of them.
  const cores = os.cpus().length;
  const before = loadAverage();
  const startedAt = performance.now();
  const startedCpu = ownCpuMillis();
  const warnBefore =
    before > LOAD_LIMIT
      ? `WARNING: load average ${before.toFixed(2)} before ${what}, above ${LOAD_LIMIT}: other work was using ` +
        `the cores (${cores}), so the ratios against the reference are squeezed towards 1. Do not publish them; ` +
        'run again on a quiet machine.'
      : undefined;
  console.log(`Load average (1 min) before ${what}: ${before.toFixed(2)} (${cores} cores)`);
  if (warnBefore) console.log(warnBefore);
  return ({ unreapedMillis = 0 } = {}) => {
    const after = loadAverage();
    const own = (ownCpuMillis() - startedCpu + unreapedMillis) / (performance.now() - startedAt);
    const other = after - own;
    console.log(
      `\nLoad average (1 min): ${before.toFixed(2)} before ${what}, ${after.toFixed(2)} after it, of which this ` +
        `run's own processes about ${own.toFixed(2)} (cores used on average), so other work about ` +
        `${Math.max(0, other).toFixed(2)}.`,
    );
    // Repeated here, next to the figures.
    if (warnBefore) console.log(warnBefore);
    if (other > LOAD_LIMIT)
      console.log(
        `WARNING: load average ${after.toFixed(2)} after ${what}, ${other.toFixed(2)} above what this run used ` +
          `itself (limit ${LOAD_LIMIT}): other work shared the cores during the measurement, so the ratios ` +
          'against the reference are squeezed towards 1. Do not publish them; run again on a quiet machine.',
      );
    return { before, after, own, warned: warnBefore !== undefined || other > LOAD_LIMIT };
  };
}
