import { describe, expect, it } from 'vitest'
import { en } from '../../lib/i18n/resources/en'
import { screenMessages } from '../screen-messages'
import { routeSpecs, samplePath } from './route-paths'

describe('routeSpecs', () => {
  it('has a unique name and a translated title for every route', () => {
    const names = routeSpecs.map((spec) => spec.name)
    expect(new Set(names).size).toBe(names.length)
    const titles = { ...en, ...screenMessages.en }
    for (const name of names) expect(titles, name).toHaveProperty(`route.${name}`)
  })

  it('covers the spec route list', () => {
    const paths = new Set(routeSpecs.map((spec) => spec.path))
    for (const path of [
      '',
      'dashboard',
      'login/reset/verify',
      'register/verify',
      'profile/changePassword',
      'eshop/domains/purchase',
      'settings/shopRankGroups',
      'warehouses/inventoryLots',
      'products/edit/{-$id}',
      'bulkOrders/view/{-$id}',
      'orders/$id',
      'o/{-$id}',
      'p/{-$id}',
      'posScreen',
      'mini/topics/edit/{-$id}',
      'emporia/weight',
      'settings/xero/callback'
    ])
      expect(paths, path).toContain(path)
    expect(routeSpecs.length).toBeGreaterThanOrEqual(89)
  })

  it('builds sample URLs with or without an id', () => {
    const edit = routeSpecs.find((spec) => spec.path === 'products/edit/{-$id}')!
    expect(samplePath(edit)).toBe('/products/edit')
    expect(samplePath(edit, 'c'.repeat(24))).toBe(`/products/edit/${'c'.repeat(24)}`)
    expect(
      samplePath(
        routeSpecs.find((spec) => spec.path === 'orders/$id')!,
        'd'.repeat(24)
      )
    ).toBe(`/orders/${'d'.repeat(24)}`)
  })
})
