import type { HookContext } from '@feathersjs/feathers'
import { RequestActivity } from '../../../src/platform/http/request-activity'

const call = (provider?: string) => ({ params: provider ? { provider } : {} }) as unknown as HookContext

describe('request activity (what background work gives way to)', () => {
  it('is busy while an external call runs and for a moment after it, not for internal calls', async () => {
    let now = 1000
    const activity = new RequestActivity(50, () => now)
    expect(activity.busy()).toBe(false)
    let finish: () => void = () => undefined
    const running = activity.hook(call('rest'), () => new Promise<void>((resolve) => (finish = resolve)))
    expect(activity.busy()).toBe(true)
    now += 10_000
    expect(activity.busy()).toBe(true)
    finish()
    await running
    now += 49
    expect(activity.busy()).toBe(true)
    now += 2
    expect(activity.busy()).toBe(false)
    await activity.hook(call(), async () => {
      expect(activity.busy()).toBe(false)
    })
    expect(activity.busy()).toBe(false)
  })

  it('tells how long the callers have kept it busy without a quiet moment', async () => {
    let now = 0
    const activity = new RequestActivity(50, () => now)
    expect(activity.busyFor()).toBe(0)
    // Calls back to back, each within 50 ms of the last: one stretch.
    for (let i = 0; i < 10; i++) {
      await activity.hook(call('rest'), async () => {
        now += 20
      })
      now += 30
    }
    expect(activity.busyFor()).toBe(500)
    // A quiet moment ends the stretch; the next call starts a new one.
    now += 100
    expect(activity.busyFor()).toBe(0)
    await activity.hook(call('rest'), async () => {
      now += 5
    })
    expect(activity.busyFor()).toBe(5)
  })

  it('counts a failed call as ended', async () => {
    let now = 0
    const activity = new RequestActivity(50, () => now)
    await expect(
      activity.hook(call('socketio'), async () => {
        throw new Error('refused')
      })
    ).rejects.toThrow('refused')
    now += 51
    expect(activity.busy()).toBe(false)
  })
})
