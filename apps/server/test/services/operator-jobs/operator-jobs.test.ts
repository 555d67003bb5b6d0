import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobsStatus } from '@emporia/shared'
import { JOB } from '../../../src/app-jobs'
import { shopOwner } from '../../support/accounts'
import { dialects } from '../../support/databases'
import { startTestApp, type TestApp } from '../../support/test-app'
import { PATIENCE } from '../../support/waits'
import { OPERATOR, account, get } from '../operator-actions/operator-support'

/** Issue 33, decision 0145: the job queue's state for the platform's operators only. */
describe.each(await dialects())('operator jobs (%s)', (dialect) => {
  let t: TestApp
  let operator: { token: string }

  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { operatorEmails: [OPERATOR] } })
    operator = await account(t, OPERATOR)
  })
  afterAll(() => t.close())

  it('refuses anyone but an operator (403 errors.notOperator) and a visitor (401)', async () => {
    const merchant = await shopOwner(t.url, 'Curious')
    expect(await get(t, 'operator/jobs', merchant.token)).toMatchObject({
      status: 403,
      body: { data: { key: 'errors.notOperator' } }
    })
    expect((await get(t, 'operator/jobs')).status).toBe(401)
  })

  it('counts each queue of the app by state, the start-up sweeps among them', async () => {
    const status = async () => (await get(t, 'operator/jobs', operator.token)).body as unknown as JobsStatus
    const names = (await status()).queues.map((queue) => queue.name)
    expect(names).toEqual(expect.arrayContaining([JOB.unpaidOrders, JOB.reservations, JOB.pointExpiry, JOB.rankExpiry]))
    // Each sweep ran once at start.
    await expect
      .poll(async () => (await status()).queues.find((queue) => queue.name === JOB.unpaidOrders)?.completed, PATIENCE)
      .toBeGreaterThanOrEqual(1)
    expect((await status()).failures).toEqual([])
  })
})
