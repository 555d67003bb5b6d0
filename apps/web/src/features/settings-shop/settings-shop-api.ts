import { servicePaths, type Page, type Theme, type ThemePatch } from '@emporia/shared'
import { loadClient } from '../../lib/client'
import { getCurrentShopId } from '../../lib/shop'

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
