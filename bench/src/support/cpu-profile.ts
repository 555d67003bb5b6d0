import { readFileSync } from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

interface CpuProfile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

export interface ProfileSummary {
  /** Sampled CPU time, idle excluded. */
  busyMs: number
  functions: { name: string; where: string; selfMs: number; percent: number }[]
  areas: { area: string; selfMs: number; percent: number }[]
}

/** Which package (or part of Node / the repo) a sampled function belongs to. */
const areaOf = (node: ProfileNode): string => {
  const { url, functionName } = node.callFrame
  if (!url) return functionName.startsWith('(') ? functionName : 'native'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (pkg) return pkg[1]
  if (url.startsWith('node:')) return 'node core'
  const repo = /\/(apps\/[^/]+|packages\/[^/]+|bench)\//.exec(url)
  return repo ? repo[1] : url
}

const shortWhere = (node: ProfileNode) => {
  const { url, lineNumber } = node.callFrame
  if (!url) return ''
  const tail = url
    .replace(/^file:\/\//, '')
    .replace(/^.*node_modules\//, '')
    .replace(/^.*\/(apps|packages|bench)\//, '$1/')
  return `${tail}:${lineNumber + 1}`
}

/** Self time per function and per package, from a V8 `.cpuprofile` (`node --cpu-prof`). */
export const summarizeProfile = (file: string, top = 15): ProfileSummary => {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  // timeDeltas[i] is the time since the previous sample: it belongs to sample i's function.
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const functions = new Map<string, { name: string; where: string; us: number }>()
  const areas = new Map<string, number>()
  let busy = 0
  for (const [id, us] of self) {
    const node = byId.get(id)
    if (!node || node.callFrame.functionName === '(idle)') continue
    busy += us
    const name = node.callFrame.functionName || '(anonymous)'
    const where = shortWhere(node)
    const key = `${name}@${where}`
    const entry = functions.get(key) ?? { name, where, us: 0 }
    entry.us += us
    functions.set(key, entry)
    areas.set(areaOf(node), (areas.get(areaOf(node)) ?? 0) + us)
  }
  const pct = (us: number) => Number(((100 * us) / busy).toFixed(1))
  return {
    busyMs: Math.round(busy / 1000),
    functions: [...functions.values()]
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({ name: f.name, where: f.where, selfMs: Math.round(f.us / 1000), percent: pct(f.us) })),
    areas: [...areas.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([area, us]) => ({ area, selfMs: Math.round(us / 1000), percent: pct(us) }))
  }
}
