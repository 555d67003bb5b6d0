import { describe, expect, it } from 'vitest'
import { eachLimited, KeyedGate, RenderBusy } from '../../../src/domains/storefront/render-budget'

/** A task that runs until its `finish` is called. */
const held = () => {
  let finish = () => undefined as void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return { task: () => done, finish: () => finish() }
}

describe('the storefront render gate (issue 28)', () => {
  it('runs a few tasks per shop, queues a bounded number more, refuses the rest; other shops pass', async () => {
    const gate = new KeyedGate(2, 1)
    const tasks = [held(), held(), held()]
    const runs = tasks.map((one) => gate.run('busy', one.task))
    expect(gate.load('busy')).toEqual({ running: 2, waiting: 1 })
    await expect(gate.run('busy', async () => 'late')).rejects.toBeInstanceOf(RenderBusy)
    // Another shop never waits behind the busy one.
    expect(await gate.run('calm', async () => 'calm')).toBe('calm')
    tasks.forEach((one) => one.finish())
    await Promise.all(runs)
    expect(gate.load('busy')).toEqual({ running: 0, waiting: 0 })
  })

  it('runs a list at most n at once, every item once', async () => {
    let running = 0
    let most = 0
    const seen: number[] = []
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      most = Math.max(most, ++running)
      await new Promise((resolve) => setImmediate(resolve))
      seen.push(item)
      running--
    })
    expect(most).toBe(3)
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})
