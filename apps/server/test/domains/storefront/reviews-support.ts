import { sessionToken } from '../../../src/domains/storefront/accounts/account-session'
import { shopOwner } from '../../support/accounts'
import { client, type Owner } from '../../support/catalogue-support'
import { componentOf, text } from '../../support/site-support'
import type { TestApp } from '../../support/test-app'

/** A shop with one product and a published site: a home page and a product page (decisions 0193, 0194). */
export const reviewShop = async (t: TestApp, name: string) => {
  const owner = await shopOwner(t.url, name)
  const api = client(t, owner)
  const tea = (await api.made('products', { name: 'Jasmine tea', price: 1200 }))._id
  const product = await api.made(
    'components',
    componentOf('Product', [{ id: 'name', type: 'text', props: { text: { $exp: 'product.name' }, tag: 'h1' } }], {
      props: { product: { type: 'product' } }
    })
  )
  const home = await api.made('components', componentOf('Home', [text('hello', 'Welcome')]))
  await api.made('pages', { name: 'Home', path: '/', component: home._id })
  await api.made('pages', { name: 'Product', path: '/products/:id', component: product._id })
  const published = await api.create('siteVersions', {})
  if (published.status !== 201) throw new Error(`publish failed: ${JSON.stringify(published.body)}`)
  const subdomain = ((await t.db.knex('shops').where({ _id: owner.shopId }).first('subdomain')) as { subdomain: string })
    .subdomain
  return { owner, api, tea, base: `/s/${subdomain}` }
}

/** A customer of the shop, and the session cookie the storefront would have set on sign-in (decision 0114). */
export const signedInCustomer = async (t: TestApp, owner: Owner, firstName: string) => {
  const customer = await client(t, owner).made('shopUsers', {
    firstName,
    lastName: 'Secret-Surname',
    email: `${firstName.toLowerCase()}-${Math.random().toString(36).slice(2)}@example.com`
  })
  const token = sessionToken(t.context.config.authSecret, owner.shopId, customer._id)
  return { id: customer._id, cookie: `emporia-customer=${token}` }
}

export const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'
