import { describe, expect, it } from 'vitest'
import { appendMenuItem, insertMenuItem, normalizeMenuItem, removeMenuItem } from '../../src/pages/menu-items'
import type { MenuItem } from '../../src/pages/page.schema'

const menu: MenuItem[] = [
  { id: 'a', type: 'item', name: 'A', childs: [{ id: 'a1', name: 'A1' }] },
  { id: 'b', type: 'logo' }
]

describe('menu items (spec §3.15 menuItem, §2.10 menus editor)', () => {
  it('keeps only the props a type shows, with §9.5 defaults', () => {
    expect(normalizeMenuItem({ type: 'logo', name: 'x', to: '/a', icon: 'home' })).toEqual({
      type: 'logo',
      width: '100%',
      height: '100%',
      padding: '0px'
    })
    expect(normalizeMenuItem({ type: 'lang', width: '3px' })).toEqual({ type: 'lang', showFlag: true })
    expect(normalizeMenuItem({ type: 'lang', showFlag: false })).toEqual({ type: 'lang', showFlag: false })
    // No type is an item: the default is written out.
    expect(normalizeMenuItem({ name: 'Shop', to: '/s', width: '9px', childs: [{ type: 'cart', name: 'x' }] })).toEqual({
      type: 'item',
      name: 'Shop',
      to: '/s',
      icon: '',
      align: 'start',
      justify: 'start',
      childs: [{ type: 'cart' }]
    })
    expect(normalizeMenuItem({ type: 'cart', childs: [{ name: 'x' }] })).toEqual({ type: 'cart' })
  })

  it('inserts before and after, appends inside items only, deletes; never changes the list given', () => {
    const before = insertMenuItem(menu, [1], { id: 'n' })
    expect(before.map((item) => item.id)).toEqual(['a', 'n', 'b'])
    expect(insertMenuItem(menu, [1], { id: 'n' }, true).map((item) => item.id)).toEqual(['a', 'b', 'n'])
    expect(insertMenuItem(menu, [0, 0], { id: 'n' }, true)[0].childs!.map((item) => item.id)).toEqual(['a1', 'n'])
    expect(appendMenuItem(menu, [0], { id: 'n' })[0].childs!.map((item) => item.id)).toEqual(['a1', 'n'])
    expect(appendMenuItem(menu, [0, 0], { id: 'n' })[0].childs![0].childs!.map((item) => item.id)).toEqual(['n'])
    expect(appendMenuItem(menu, [1], { id: 'n' })).toEqual(menu)
    expect(removeMenuItem(menu, [0, 0])[0].childs).toEqual([])
    expect(removeMenuItem(menu, [0]).map((item) => item.id)).toEqual(['b'])
    expect(menu.map((item) => item.id)).toEqual(['a', 'b'])
    expect(menu[0].childs).toHaveLength(1)
  })

  it('adds the first item to an empty menu (the plus button), and ignores paths that lead nowhere', () => {
    expect(insertMenuItem([], [0], { id: 'n' })).toEqual([{ id: 'n' }])
    expect(insertMenuItem(menu, [5], { id: 'n' })).toEqual(menu)
    expect(insertMenuItem(menu, [2], { id: 'n' }, true)).toEqual(menu)
    expect(insertMenuItem(menu, [3, 0], { id: 'n' })).toEqual(menu)
    expect(removeMenuItem(menu, [0, 4])).toEqual(menu)
  })
})
