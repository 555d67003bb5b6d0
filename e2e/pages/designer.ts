import type { FrameLocator, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { poll } from '../support/app'
import { LOAD_MS } from '../support/budget'

/**
 * The page designer (apps/web/src/features/eshop-pages, Puck underneath; decision 0163): its canvas, the
 * blocks a merchant drags in from the block list, the fields of the selected block, save and publish.
 */
export class DesignerPage {
  constructor(readonly page: Page) {}

  /** The canvas: the storefront's own rendering of the page, in Puck's frame. */
  readonly canvas = (): FrameLocator => this.page.frameLocator('#preview-frame')
  /** Puck renders its panels twice (wide and narrow layouts): the one on screen. */
  readonly visible = (id: string) => this.page.getByTestId(id).filter({ visible: true })
  /** A block on the canvas by its node id, or by the start of it (`for-` for a new list). */
  readonly node = (id: string, prefix = false) =>
    this.canvas().locator(prefix ? `[data-puck-component^="${id}"]` : `[data-puck-component="${id}"]`)
  /** The fields of the selected block. */
  readonly fields = () => this.page.locator('[data-testid^="prop-"]').filter({ visible: true })

  /** The empty drop zone inside a block (a new list's, a new container's). */
  readonly zoneIn = (block: Locator) => block.locator('[data-puck-dropzone]').first()

  /** The canvas has rendered a block of the page. */
  async loaded(id: string) {
    await expect.poll(() => this.node(id).count(), { timeout: LOAD_MS, interval: 200 }).toBeGreaterThan(0)
  }

  /**
   * Drags a block from the block list onto the canvas, dropping it on `target` (a few pixels below its
   * top edge, or at its middle): the pointer moves in steps, as a hand does, so Puck sees a drag.
   */
  async addBlock(type: string, target: Locator, at: 'top' | 'middle' = 'middle') {
    const item = this.visible(`drawer-item:${type}`).first()
    await item.scrollIntoViewIfNeeded()
    await target.scrollIntoViewIfNeeded()
    const from = (await item.boundingBox())!
    const to = (await target.boundingBox())!
    const x = to.x + to.width / 2
    const y = at === 'top' ? to.y + 6 : to.y + to.height / 2
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await this.page.mouse.down()
    await this.page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 4, { steps: 4 })
    await this.page.mouse.move(x, y, { steps: 20 })
    // A short hover over the target: Puck settles on the deepest zone under the pointer only after a
    // few moves there (a nested zone is picked on a debounce).
    await this.page.mouse.move(x + 1, y + 1, { steps: 10 })
    await this.page.mouse.move(x, y, { steps: 10 })
    await this.page.mouse.up()
  }

  /** Selects a block on the canvas: its fields show (a click before Puck is ready is lost: again). */
  async select(block: Locator) {
    await expect
      .poll(
        async () => {
          await block.first().click({ position: { x: 4, y: 4 }, timeout: 5000 })
          return this.fields().count()
        },
        { timeout: LOAD_MS, interval: 500 }
      )
      .toBeGreaterThan(0)
  }

  /** The selected list's data source (already a data source): products of the categories picked by name. */
  async bindCategory(prop: string, name: string) {
    const picker = `prop-${prop}-datasource`
    await this.visible(`${picker}-categories`).click()
    await this.page.getByRole('option', { name }).click()
    await this.page.keyboard.press('Escape')
  }

  /** The selected block's prop linked to a path of the loop's item (`$$0.name`): the expression picker. */
  async linkToItem(prop: string, path: string) {
    const picker = `prop-${prop}-exp`
    await this.visible(picker).click()
    await this.visible(`${picker}-browse-$$0`).click()
    await this.visible(`${picker}-choice-$$0.${path}`).click()
    await expect.poll(() => this.visible(`prop-${prop}`).getAttribute('data-linked'), poll).toBe('true')
  }

  async save() {
    await this.visible('designer-save').click()
    await expect.poll(() => this.visible('designer-save').getAttribute('data-dirty'), poll).toBe('false')
  }

  async publish() {
    await this.visible('designer-publish').click()
    await this.visible('publish-confirm').click()
    await expect.poll(() => this.visible('designer-save').getAttribute('data-dirty'), poll).toBe('false')
  }
}
