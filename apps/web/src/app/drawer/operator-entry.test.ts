import { describe, expect, it } from 'vitest'
import { routeSpecs } from '../router/route-paths'
import { buildMenu } from './menu'

const features = { register: true, inviteCode: false, verify: true, billing: true }
const keys = (operator: boolean | undefined, signedIn = true) =>
  buildMenu({ signedIn, verified: true, userId: 'a'.repeat(24), features, operator }).map((item) => item.key)

describe('the operator console is reached by clicking (decision 0131)', () => {
  it('has an entry in the drawer for an operator only, above the profile', () => {
    expect(keys(true)).toEqual(['eshop', 'operator', 'profile', 'logout'])
    expect(keys(false)).not.toContain('operator')
    expect(keys(undefined)).not.toContain('operator')
    expect(keys(true, false)).not.toContain('operator')
    const entry = buildMenu({ signedIn: true, verified: true, features, operator: true }).find((item) => item.key === 'operator')
    expect(entry).toMatchObject({ href: '/emporia/operator', label: 'operator.menu' })
  })

  it('is a route of its own under the product’s prefix, needing no shop', () => {
    expect(routeSpecs.find((spec) => spec.path === 'emporia/operator')).toMatchObject({
      page: 'operator',
      access: 'user',
      shop: false,
      layout: 'default'
    })
  })
})
