// Process measurements shared by the HTTP benchmarks (Linux /proc).
import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used so far, in microseconds (0 once it is gone). */
export function cpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of proc(5)) in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}
