// The storefront's only script (decision 0108): finds the server's `data-island` markers and hydrates
// them with small vanilla handlers. Other parts (the cart, part K) add theirs with `registerIsland`.
import { appInstall } from './app-install'
import { drawer } from './drawer'
import { menus } from './menus'
import { numPicker } from './num-picker'
import { productFilter } from './product-filter'
import { skuPicker } from './sku-picker'
import { slider } from './slider'
import { tab } from './tab'

type Hydrate = (root: HTMLElement) => void
const islands: Record<string, Hydrate> = { slider, drawer, tab, numPicker, productFilter, skuPicker }

/** Hydrates every island not hydrated yet (call again after adding server HTML). */
export const hydrateIslands = (scope: ParentNode = document) => {
  scope.querySelectorAll<HTMLElement>('[data-island]').forEach((root) => {
    const hydrate = islands[root.dataset.island ?? '']
    if (!hydrate || root.dataset.hydrated) return
    root.dataset.hydrated = 'true'
    hydrate(root)
  })
}

/** Adds an island kind (the cart's, part K) and hydrates its markers already on the page. */
export const registerIsland = (name: string, hydrate: Hydrate) => {
  islands[name] = hydrate
  hydrateIslands()
}

// The script is loaded with `defer`: the document is parsed when this runs.
menus()
hydrateIslands()
appInstall()
