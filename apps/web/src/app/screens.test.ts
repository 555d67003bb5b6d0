import { describe, expect, it } from 'vitest'
import type { ScreenDef } from '../lib/screens/screen'
import resourceRoutesSource from './router/resource-routes.tsx?raw'
import { drawerGroups, screens } from './screens'

// The declarations import React and the DOM-bound messages; their source says which screen each shows.
const screenFiles = import.meta.glob<Record<string, ScreenDef>>('../features/*/*.screen.ts', { eager: true })
const resourceSources = import.meta.glob<string>('../features/*/*-resource.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true
})
const declared = Object.values(screenFiles).flatMap((module) => Object.entries(module))

describe('the screen registry', () => {
  it('has every feature screen', () => {
    expect(declared.length).toBeGreaterThan(10)
    for (const [name, screen] of declared) expect(screens, name).toContain(screen)
  })

  it('has one resource declaration for each list and tab, and the form of each form', () => {
    for (const [name, screen] of declared) {
      const users = Object.values(resourceSources).filter((source) => new RegExp(`\\bscreen: ${name}\\b`).test(source))
      if (screen.kind === 'list' || screen.kind === 'tab') expect(users.length, name).toBe(1)
      if (screen.kind === 'form') expect(resourceRoutesSource, name).toContain(`[${name}.route]`)
    }
  })

  it('names each route and each drawer entry once', () => {
    const routes = screens.filter((screen) => screen.kind !== 'tab').map((screen) => screen.route)
    expect(new Set(routes).size).toBe(routes.length)
    const keys = screens.flatMap((screen) => (screen.drawer ? [screen.drawer.key ?? screen.route] : []))
    expect(new Set(keys).size).toBe(keys.length)
    const orders = screens.flatMap((screen) => (screen.drawer ? [`${screen.drawer.group ?? ''}:${screen.drawer.order}`] : []))
    const groupOrders = Object.values(drawerGroups).map((group) => `:${group.order}`)
    expect(new Set([...orders, ...groupOrders]).size).toBe(orders.length + groupOrders.length)
  })
})
