import { readFileSync, readdirSync } from 'node:fs'

/** Linux clock ticks per second (`getconf CLK_TCK`); the same on every kernel we run on. */
const TICKS = 100

const procCpu = (pid: number): number => {
  try {
    // Fields after the parenthesised name: state is field 3, utime/stime are 14/15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS
  } catch {
    return 0
  }
}

const postgresPids = (): number[] => {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry))
    } catch {
      // The process ended while we looked.
    }
  }
  return pids
}

export interface CpuShare {
  /** CPU seconds per wall second (1.0 = one core busy), per party of the run. */
  server: number
  postgres: number
  loadGenerator: number
}

/**
 * Who used the 2 cores during a run: the server under test, PostgreSQL's processes and the load
 * generator (this process). Tells a database-bound run from a framework-bound one.
 */
export const cpuMeter = (serverPid?: number) => {
  const wall = performance.now()
  const self = process.cpuUsage()
  const server = serverPid ? procCpu(serverPid) : 0
  const pg = new Map(postgresPids().map((pid) => [pid, procCpu(pid)]))
  return (): CpuShare => {
    const seconds = (performance.now() - wall) / 1000
    const used = process.cpuUsage(self)
    let pgSeconds = 0
    for (const pid of postgresPids()) pgSeconds += procCpu(pid) - (pg.get(pid) ?? 0)
    const share = (cpu: number) => Number((cpu / seconds).toFixed(2))
    return {
      server: share(serverPid ? procCpu(serverPid) - server : 0),
      postgres: share(pgSeconds),
      loadGenerator: share((used.user + used.system) / 1e6)
    }
  }
}
