// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { skuPicker } from '../src/islands/sku-picker'

/** A product page's details as the server draws them: the headline for the first SKU, then the picker. */
const page = (checked: string) => {
  document.body.innerHTML = `
    <div class="details">
      <h1 class="ef-text">Tea set</h1>
      <span class="ef-text" id="headline">$15.00</span>
      <form class="ef-skus" data-island="skuPicker" data-in-stock="In stock" data-out-of-stock="Out of stock">
        <input type="radio" name="sku" value="small" data-price="$15.00" data-dprice="" data-in-stock="true" ${checked === 'small' ? 'checked' : ''} />
        <input type="radio" name="sku" value="medium" data-price="$20.00" data-dprice="" data-in-stock="true" ${checked === 'medium' ? 'checked' : ''} />
        <input type="radio" name="sku" value="large" data-price="$25.00" data-dprice="$22.00" data-in-stock="true" ${checked === 'large' ? 'checked' : ''} />
        <p><span data-sku-price></span><span data-sku-stock></span></p>
      </form>
    </div>`
  const root = document.querySelector<HTMLElement>('form')!
  skuPicker(root)
  const choose = (value: string) => {
    for (const input of root.querySelectorAll<HTMLInputElement>('input[name="sku"]')) input.checked = input.value === value
    root.dispatchEvent(new Event('change', { bubbles: true }))
  }
  return { choose, headline: () => document.getElementById('headline')!.textContent }
}

describe('the SKU picker (decision 0139)', () => {
  it('redraws the headline price with the chosen SKU’s', () => {
    const { choose, headline } = page('small')
    choose('medium')
    expect(headline()).toBe('$20.00')
    expect(document.querySelector('[data-sku-price]')!.textContent).toBe('$20.00')
    choose('small')
    expect(headline()).toBe('$15.00')
  })

  it('draws the page again for a SKU whose headline has another shape (on sale)', () => {
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {})
    const { choose } = page('small')
    choose('large')
    expect(replace).toHaveBeenCalledWith(expect.stringContaining('sku=large'))
    replace.mockRestore()
  })
})
