import { describe, expect, it } from 'vitest'
import { DataTablePage } from '../pages/data-table'
import { EditorPage } from '../pages/editor'
import { Shell } from '../pages/shell'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { createRecord, removeAll } from '../support/records'

type Lang = 'en' | 'cht' | 'chs'

/** What each empty list says and offers (apps/web/src/lib/i18n/lists, `empty.*`). */
const screens: { route: string; text: Record<Lang, string>; action: Record<Lang, string>; opens: 'editor' | string }[] = [
  {
    route: 'products',
    text: {
      en: 'No products yet. Add your first product to start selling.',
      cht: '還沒有產品。新增第一件產品，就可以開始銷售。',
      chs: '还没有产品。新增第一件产品，就可以开始销售。'
    },
    action: { en: 'Add your first product', cht: '新增第一件產品', chs: '新增第一件产品' },
    opens: 'products/edit'
  },
  {
    route: 'products?tab=specs',
    text: {
      en: 'No specs yet. Specs describe your products, such as size or material.',
      cht: '還沒有規格。規格用來描述產品，例如尺寸或材質。',
      chs: '还没有规格。规格用来描述产品，例如尺寸或材质。'
    },
    action: { en: 'Create a spec', cht: '建立規格', chs: '创建规格' },
    opens: 'editor'
  },
  {
    route: 'products?tab=tags',
    text: {
      en: 'No tags yet. Tags group your products so customers can find them.',
      cht: '還沒有標籤。標籤把產品分組，方便顧客尋找。',
      chs: '还没有标签。标签把产品分组，方便顾客寻找。'
    },
    action: { en: 'Create a tag', cht: '建立標籤', chs: '创建标签' },
    opens: 'editor'
  },
  {
    route: 'eshop/categories',
    text: {
      en: 'No categories yet. Categories help customers find your products.',
      cht: '還沒有分類。分類幫助顧客找到你的產品。',
      chs: '还没有分类。分类帮助顾客找到你的产品。'
    },
    action: { en: 'Create a category', cht: '建立分類', chs: '创建分类' },
    opens: 'editor'
  },
  {
    route: 'eshop/brands',
    text: {
      en: 'No brands yet. Add the brands you sell.',
      cht: '還沒有品牌。新增你所售賣的品牌。',
      chs: '还没有品牌。新增你所售卖的品牌。'
    },
    action: { en: 'Add a brand', cht: '新增品牌', chs: '新增品牌' },
    opens: 'editor'
  },
  {
    route: 'productBundles',
    text: {
      en: 'No product bundles yet. A bundle sells several products together at one price.',
      cht: '還沒有產品組合。產品組合以一個價錢出售多件產品。',
      chs: '还没有产品组合。产品组合以一个价钱出售多件产品。'
    },
    action: { en: 'Create a bundle', cht: '建立產品組合', chs: '创建产品组合' },
    opens: 'productBundles/edit'
  },
  {
    route: 'warehouses/inventories',
    text: {
      en: 'No stock entries yet. Record a restock to add your first stock.',
      cht: '還沒有入庫記錄。記錄一次入貨，加入第一批庫存。',
      chs: '还没有入库记录。记录一次入货，加入第一批库存。'
    },
    action: { en: 'Record a restock', cht: '記錄入貨', chs: '记录入货' },
    opens: 'warehouses/inventories/edit'
  },
  {
    // Nobody adds to the ledger: its button goes to where its rows come from.
    route: 'warehouses/inventoryLogs',
    text: {
      en: 'No stock movements yet. Every restock, sale and transfer appears here.',
      cht: '還沒有庫存變動。每次入貨、銷售及轉倉都會顯示在這裡。',
      chs: '还没有库存变动。每次入货、销售及转仓都会显示在这里。'
    },
    action: { en: 'Record a restock', cht: '記錄入貨', chs: '记录入货' },
    opens: 'warehouses/inventories/edit'
  }
]

const langs: Lang[] = ['en', 'cht', 'chs']

describe('empty lists say what to do next (shared data table)', () => {
  const app = useApp()
  let owner: Merchant
  const ownerOnce = async () => (owner ??= await merchant(app.server.url, 'empty'))

  it.each(langs)('every main list with no records has its sentence and first-record button in %s', async (lang) => {
    const who = await ownerOnce()
    const shop = who.shop!._id
    const page = await app.openAs(who, '/dashboard', { lang })
    const shell = new Shell(page)
    const table = new DataTablePage(page)
    for (const screen of screens) {
      await page.goto(app.url(`/${shop}/${screen.route}`))
      await expect.poll(() => shell.text(table.empty()), { ...poll, message: screen.route }).toBe(screen.text[lang])
      expect(await shell.text(table.emptyAction()), screen.route).toBe(screen.action[lang])
      // A primary (contained) button, the one thing to do here.
      expect(await table.emptyAction().getAttribute('class'), screen.route).toMatch(/MuiButton-contained/)
      expect(await table.emptyClear().count(), screen.route).toBe(0)
      await table.emptyAction().click()
      if (screen.opens === 'editor') {
        await expect.poll(() => new EditorPage(page).mode(), { ...poll, message: screen.route }).toBe('new')
      } else {
        await expect.poll(() => shell.pathname(), { ...poll, message: screen.route }).toBe(`/${shop}/${screen.opens}`)
      }
    }
  })

  it('warehouses: after the last one is deleted, the list offers to create one', async () => {
    const who = await ownerOnce()
    // A new shop may come with a default warehouse: remove whatever there is first.
    await removeAll(app.server.url, who, 'warehouses')
    const page = await app.openAs(who, `/${who.shop!._id}/warehouses`, { lang: 'cht' })
    const table = new DataTablePage(page)
    const shell = new Shell(page)
    await expect.poll(() => shell.text(table.empty()), poll).toBe('還沒有倉庫。建立倉庫以記錄你的庫存。')
    expect(await shell.text(table.emptyAction())).toBe('建立倉庫')
    await table.emptyAction().click()
    await expect.poll(() => new EditorPage(page).mode(), poll).toBe('new')
  })

  it('a search that finds nothing says "No results" and clears the search', async () => {
    const who = await ownerOnce()
    await createRecord(app.server.url, who, 'categories', { name: { en: 'Oolong', cht: '烏龍' } })
    for (const lang of langs) {
      const page = await app.openAs(who, `/${who.shop!._id}/eshop/categories`, { lang })
      const table = new DataTablePage(page)
      const shell = new Shell(page)
      await expect.poll(() => table.rows().count(), poll).toBe(1)
      await table.search('nothing like this')
      await expect.poll(() => shell.text(table.empty()), poll).toBe({ en: 'No results', cht: '沒有結果', chs: '没有结果' }[lang])
      expect(await shell.text(table.emptyClear())).toBe({ en: 'Clear search', cht: '清除搜尋', chs: '清除搜索' }[lang])
      // With a search there is no "create" button: the list is not empty, the search is.
      expect(await table.emptyAction().count()).toBe(0)
      await table.emptyClear().click()
      await expect.poll(() => table.rows().count(), poll).toBe(1)
      expect(await page.getByTestId('table-search-input').inputValue()).toBe('')
      expect(new URL(page.url()).searchParams.get('categories') ?? '').not.toContain('nothing')
    }
  })
})
