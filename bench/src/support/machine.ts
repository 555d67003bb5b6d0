import { execFileSync } from 'node:child_process'
import os from 'node:os'
import { postgresVersion } from './postgres'

const lscpuModel = () => {
  try {
    return /Model name:\s*(.+)/.exec(execFileSync('lscpu', { encoding: 'utf8' }))?.[1].trim() ?? 'unknown'
  } catch {
    return os.cpus()[0]?.model ?? 'unknown'
  }
}

/** The code that was measured: the server changes under the bench, so results name their commit. */
export const revision = () => {
  try {
    // Pathspecs from the repository's top: the bench runs with bench/ as its working directory.
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--', ':(top)apps', ':(top)packages'], {
      encoding: 'utf8'
    }).trim()
    return dirty ? `${commit} (with uncommitted server changes)` : commit
  } catch {
    return 'unknown'
  }
}

/** What the figures were measured on: they mean little without it. */
export const describeMachine = async () => ({
  revision: revision(),
  cores: os.availableParallelism(),
  cpu: lscpuModel(),
  memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
  kernel: `${os.type()} ${os.release()}`,
  node: process.version,
  postgres: await postgresVersion().catch(() => 'unreachable')
})
