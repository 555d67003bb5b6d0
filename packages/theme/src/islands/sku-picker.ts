// The SKU picker (decision 0115): choosing a SKU redraws its price and stock state; add-to-cart reads
// the checked one. The server drew every SKU's money texts into its radio and the two stock words
// into the form, so nothing is fetched and the bundle carries no dictionary.

// The page's headline price (decision 0139) was drawn by the server for the SKU checked at first: its
// texts beside the picker are redrawn with the chosen SKU's. When one SKU is on sale and the other not,
// the headline's shape changes, and the page is drawn again for the choice (`?sku=`).

const headline = (root: HTMLElement) =>
  [...(root.parentElement?.querySelectorAll<HTMLElement>('.ef-text') ?? [])].filter((text) => !root.contains(text))

const followHeadline = (root: HTMLElement) => {
  const first = root.querySelector<HTMLInputElement>('input[name="sku"]:checked')
  let drawn = { price: first?.dataset.price ?? '', dprice: first?.dataset.dprice ?? '' }
  return (chosen: HTMLInputElement) => {
    const next = { price: chosen.dataset.price ?? '', dprice: chosen.dataset.dprice ?? '' }
    if (Boolean(next.dprice) !== Boolean(drawn.dprice)) {
      const url = new URL(window.location.href)
      url.searchParams.set('sku', chosen.value)
      window.location.replace(url.toString())
      return
    }
    for (const text of headline(root)) {
      if (text.textContent === drawn.price) text.textContent = next.price
      else if (drawn.dprice && text.textContent === drawn.dprice) text.textContent = next.dprice
    }
    drawn = next
  }
}

export const skuPicker = (root: HTMLElement) => {
  const price = root.querySelector<HTMLElement>('[data-sku-price]')
  const stock = root.querySelector<HTMLElement>('[data-sku-stock]')
  const follow = followHeadline(root)
  const show = () => {
    const chosen = root.querySelector<HTMLInputElement>('input[name="sku"]:checked')
    if (!chosen || !price || !stock) return
    follow(chosen)
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
