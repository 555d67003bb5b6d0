import {
  servicePaths,
  type LocaleId,
  type Shop,
  type Theme,
  type ThemeColors,
  type ThemeInstallMode,
  type ThemeInstallResult
} from '@emporia/shared'
import { loadClient } from '../../lib/client'
import { rowsOf } from '../../lib/page-of'

/** A new shop (spec §2.9 step one); the caller then makes it the current shop. */
export const createShop = async (values: { name: string; subdomain: string }): Promise<Shop> => {
  const { client } = await loadClient()
  return client.service(servicePaths.shops).create({ name: values.name.trim(), subdomain: values.subdomain.trim() })
}

/** Renames an existing shop or moves its subdomain, when the wizard's first step changed them. */
export const patchShop = async (id: string, values: { name: string; subdomain: string }): Promise<Shop> => {
  const { client } = await loadClient()
  return client.service(servicePaths.shops).patch(id, { name: values.name.trim(), subdomain: values.subdomain.trim() })
}

/** The shop's theme (its installed template and colours), or undefined before the first install. */
export const fetchTheme = async (shop: string): Promise<Theme | undefined> => {
  const { client } = await loadClient()
  return rowsOf(await client.service(servicePaths.themes).find({ query: { shop, $limit: 1 } }))[0]
}

/** Installs a template into the shop and publishes it (`themes/install`, decision 0110). */
export const installTemplate = async (
  shop: string,
  data: { template: string; colors: ThemeColors; mode: ThemeInstallMode; locale: LocaleId }
): Promise<ThemeInstallResult> => {
  const { client } = await loadClient()
  return client.service(servicePaths.themeInstall).create(data, { query: { shop } })
}

/** Enabled shipping methods of the shop, counted (the wizard's last step asks whether the shop can sell). */
export const countShippingMethods = async (shop: string): Promise<number> => {
  const { client } = await loadClient()
  const found = await client
    .service(servicePaths.shippingMethods)
    .find({ query: { shop, enabled: true, $limit: 1, $select: ['_id'] } })
  return Array.isArray(found) ? found.length : found.total
}

/** Cash on pick-up: a way to pay and a way to get the goods in one setting (decision 0152). */
export const offerPickUp = async (shop: Shop): Promise<Shop> => {
  const { client } = await loadClient()
  return client.service(servicePaths.shops).patch(shop._id, { pickUp: { ...(shop.pickUp ?? {}), enabled: true } })
}
