// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { buildPuckConfig } from './puck-config'

describe("Puck's configuration", () => {
  it('labels blocks, settings and groups with the words given, and keeps code names only without them', () => {
    const words = (key: string) => ({ 'pe.block.for': '逐項重複', 'pe.prop.align': '對齊', 'pe.category.data': '商店資料' })[key]
    const config = buildPuckConfig([], { name: 'n', variables: 'v', declared: 'd', words })
    expect(config.components.for.label).toBe('逐項重複')
    expect(config.categories?.data?.title).toBe('商店資料')
    const flexFields = config.components.flex.fields as Record<string, { label?: string }>
    expect(Object.values(flexFields).map((field) => field.label)).toContain('對齊')
    expect(buildPuckConfig([], { name: 'n', variables: 'v', declared: 'd' }).components.for.label).toBe('for')
  })
})
