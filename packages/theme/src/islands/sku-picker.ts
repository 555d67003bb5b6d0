// The SKU picker (decision 0115): choosing a SKU redraws its price and stock state; add-to-cart reads
// the checked one. The server drew every SKU's money texts into its radio and the two stock words
// into the form, so nothing is fetched and the bundle carries no dictionary.

export const skuPicker = (root: HTMLElement) => {
  const price = root.querySelector<HTMLElement>('[data-sku-price]')
  const stock = root.querySelector<HTMLElement>('[data-sku-stock]')
  const show = () => {
    const chosen = root.querySelector<HTMLInputElement>('input[name="sku"]:checked')
    if (!chosen || !price || !stock) return
    const { price: full = '', dprice = '', inStock, stockText } = chosen.dataset
    const strong = document.createElement('strong')
    strong.textContent = dprice || full
    if (dprice) {
      const struck = document.createElement('s')
      struck.textContent = full
      price.replaceChildren(struck, ' ', strong)
    } else price.replaceChildren(strong)
    // "n left" when the shop shows stock counts (drawn by the server), else the form's two words.
    stock.textContent = stockText ?? (inStock === 'true' ? root.dataset.inStock : root.dataset.outOfStock) ?? ''
    stock.className = inStock === 'true' ? 'ef-skus__in' : 'ef-skus__out'
  }
  root.addEventListener('change', show)
  // With script the choice needs no round trip: the form is never sent.
  root.addEventListener('submit', (event) => event.preventDefault())
}
