import { servicePaths, type Page, type ShopDeletion, type Theme, type ThemePatch } from '@emporia/shared'
import { loadClient } from '../../lib/client'
import { getCurrentShopId, shopQuery } from '../../lib/shop'

/** The current shop's theme, or undefined before the website is set up (the wizard installs it). */
export const fetchShopTheme = async (): Promise<Theme | undefined> => {
  const { client } = await loadClient()
  const answer = (await client.service(servicePaths.themes).find({ query: { shop: getCurrentShopId(), $limit: 1 } })) as
    Page<Theme> | Theme[]
  return (Array.isArray(answer) ? answer : answer.data)[0]
}

/** Saves the theme's SEO defaults (`themes` patch); answers the theme as saved. */
export const saveThemeSeo = async (theme: string, seo: ThemePatch['seo']): Promise<Theme> => {
  const { client } = await loadClient()
  return client.service(servicePaths.themes).patch(theme, { seo }, { query: { shop: getCurrentShopId() } })
}

/** Asks for the current shop's deletion after the grace period (decision 0211): its name typed again. */
export const requestShopDeletion = async (confirmName: string): Promise<ShopDeletion> => {
  const { shop } = shopQuery() as { shop: string }
  const { client } = await loadClient()
  return client.service(servicePaths.shopDeletion).create({ shop, confirmName })
}

/** Cancels the current shop's deletion; the shop opens again. */
export const cancelShopDeletion = async (): Promise<ShopDeletion> => {
  const { shop } = shopQuery() as { shop: string }
  const { client } = await loadClient()
  return client.service(servicePaths.shopDeletion).remove(shop, { query: { shop } })
}
