import { defineScreen } from '../../lib/screens/screen'

/** Domains (spec §2.2, §3.13; decision 0112): the list and editor, and the purchase page `purchase`. */
export const eshopDomainsScreen = defineScreen({
  route: 'eshop/domains',
  kind: 'list',
  edit: true,
  service: 'domains',
  more: ['purchase'],
  morePages: { purchase: 'domainPurchase' },
  feature: 'domain',
  drawer: { group: 'eshop', order: 50 }
})
