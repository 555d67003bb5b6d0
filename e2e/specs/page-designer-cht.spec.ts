import { beforeAll, describe, expect, it } from 'vitest'
import type { PageNode } from '@emporia/shared'
import { DesignerPage } from '../pages/designer'
import { EditorPage } from '../pages/editor'
import { expectNoLatinWords } from '../support/latin-words'
import { merchant, type Merchant } from '../support/api'
import { poll, useApp } from '../support/app'
import { seedProduct } from '../support/catalogue'
import { createRecord, findRecords } from '../support/records'

/*
 * The page designer as a merchant reading Chinese meets it (decision 0173): a list bound to a category and
 * a text linked to each product's name read in Chinese, choices and linked paths included, and so does what
 * the drag library tells a screen reader; one undo and one redo; the page's settings close on save; and a
 * phone, where the designer does not fit, says so in Chinese and still reaches the page's settings.
 */

const CATEGORY = '烏龍茶'
const PRODUCT = '凍頂烏龍'
const tree: PageNode[] = [
  { id: 'featured-title', type: 'text', props: { text: { en: 'Featured', cht: '精選', chs: '精选' }, tag: 'h2' } }
]

describe('the page designer in cht', () => {
  const app = useApp()
  let owner: Merchant
  let home = ''

  beforeAll(async () => {
    const url = app.server.url
    owner = await merchant(url, 'designercht')
    const category = (await createRecord(url, owner, 'categories', { name: { cht: CATEGORY } }))._id
    await seedProduct(url, owner, { name: { cht: PRODUCT }, price: 12000, categories: [category], avail: 'both' })
    home = (await createRecord(url, owner, 'components', { name: '首頁', dataType: {}, data: {}, props: {}, content: tree }))._id
    // As the setup wizard makes it: a name in each language and a description for search engines.
    await createRecord(url, owner, 'pages', {
      name: { en: 'Home', cht: '首頁', chs: '首页' },
      path: '/',
      component: home,
      seo: { description: { en: 'Teas from the hills', cht: '山上的茶', chs: '山上的茶' } }
    })
  })

  it("reads in Chinese from the block list to a linked text, the drag's announcement too; one undo, one redo", async () => {
    const page = await app.openAs(owner, `/${owner.shop!._id}/eshop/pages`, {
      lang: 'cht',
      viewport: { width: 1440, height: 900 }
    })
    const designer = new DesignerPage(page)
    await page.getByTestId('table-row').filter({ hasText: '首頁' }).first().click()
    await expect.poll(() => page.url(), poll).toContain(`/eshop/pages/design/${home}`)
    await designer.loaded('featured-title')
    await designer.addBlock('for', designer.node('featured-title'))
    const list = designer.node('for-', true)
    await expect.poll(() => list.count(), poll).toBe(1)
    // What the drag library told a screen reader about the drop, in Chinese and by the block's name.
    const announced = () => page.locator('[id^="dnd-kit-announcement"]').first().textContent()
    await expect.poll(announced, poll).toMatch(/逐項重複/)
    if (!(await designer.visible('prop-source-source').count())) await designer.select(list)
    await designer.visible('prop-source-source').click()
    await designer.bindCategory('source', CATEGORY)
    await designer.addBlock('text', designer.zoneIn(list))
    await expect.poll(() => list.locator('[data-puck-component^="text-"]').count(), poll).toBe(1)
    if (!(await designer.visible('prop-text-exp').count())) await designer.select(list.locator('[data-puck-component^="text-"]'))
    await designer.linkToItem('text', 'name')
    await expect.poll(() => list.locator('.ef-text').filter({ hasText: PRODUCT }).count(), poll).toBeGreaterThan(0)
    // The linked path and the text's choices in words: "每一項 › 名稱", "段落", "照原文".
    expect(await designer.visible('prop-text-exp').textContent()).toBe('每一項 › 名稱')
    expect(await designer.visible('prop-tag-value').textContent()).toBe('段落')
    expect(await designer.visible('prop-format-value').textContent()).toBe('照原文')
    await page.screenshot({ path: '/tmp/h5-designer-cht.png' })
    // The shop's own name (on the canvas' header) is the merchant's words.
    await expectNoLatinWords(page, { allow: ['designercht shop'], where: 'the designer with a linked text selected' })
    // Undo and redo once each: the screen's toolbar, not Puck's own pair beside it.
    await expect.poll(() => page.getByRole('button', { name: '復原' }).filter({ visible: true }).count(), poll).toBe(1)
    expect(await page.getByRole('button', { name: '重做' }).filter({ visible: true }).count()).toBe(1)
  })

  it('saves the page settings and closes them; the component field reads clear of its label', async () => {
    const page = await app.openAs(owner, `/${owner.shop!._id}/eshop/pages/design/${home}`, {
      lang: 'cht',
      viewport: { width: 1440, height: 900 }
    })
    const designer = new DesignerPage(page)
    const editor = new EditorPage(page)
    await designer.loaded('featured-title')
    // The first frame the component's field shows its name: the label is already above it.
    const firstShown = page.evaluate(
      () =>
        new Promise<{ labelBottom: number; inputTop: number }>((resolve) => {
          const tick = () => {
            const input = document.querySelector<HTMLInputElement>('[data-testid="field-component"]')
            const label = input?.closest('.MuiFormControl-root')?.querySelector('label')
            if (input?.value && label)
              resolve({ labelBottom: label.getBoundingClientRect().bottom, inputTop: input.getBoundingClientRect().top })
            else requestAnimationFrame(tick)
          }
          requestAnimationFrame(tick)
        })
    )
    await designer.visible('designer-page-settings').click()
    await expect.poll(() => page.getByTestId('field-name-cht').inputValue(), poll).toBe('首頁')
    await expect.poll(() => page.getByTestId('field-component').inputValue(), poll).toBe('首頁')
    const shown = await firstShown
    expect(shown.labelBottom).toBeLessThanOrEqual(shown.inputTop)
    await page.getByTestId('field-name-cht').fill('主頁')
    await editor.save()
    await expect.poll(() => editor.dialog().count(), poll).toBe(0)
    await expect
      .poll(async () => (await findRecords<{ name: { cht?: string } }>(app.server.url, owner, 'pages')).data[0]?.name.cht, poll)
      .toBe('主頁')
    expect(page.url()).toContain(`/design/${home}`)
  })

  it('on a phone says in Chinese that designing needs a larger screen, and opens the page settings', async () => {
    const page = await app.openAs(owner, `/${owner.shop!._id}/eshop/pages`, {
      lang: 'cht',
      viewport: { width: 390, height: 844 }
    })
    await page.getByTestId('table-row').first().click()
    await expect.poll(() => page.url(), poll).toContain(`/eshop/pages/design/${home}`)
    await expect.poll(() => page.getByTestId('designer-small-screen').count(), poll).toBe(1)
    expect(await page.getByTestId('designer-small-screen').textContent()).toContain('較大的螢幕')
    await expectNoLatinWords(page, { allow: ['designercht shop'], where: 'the designer on a phone' })
    await page.getByTestId('designer-page-settings').click()
    await expect.poll(() => page.getByTestId('editor-dialog').count(), poll).toBe(1)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await page
      .getByTestId('designer-small-screen')
      .screenshot({ path: '/tmp/h5-designer-phone.png' })
      .catch(() => undefined)
  })
})
