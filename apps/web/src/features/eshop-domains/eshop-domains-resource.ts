import { dnsRecordTypes, type DnsRecordType, type Domain } from '@emporia/shared'
import { createElement } from 'react'
import { defineResource } from '../../components/data-table/resource'
import { StatusChip } from '../../components/ui/status-chip'
import type { Values } from '../../lib/form-values'
import { listT, type AnyMessageKey } from '../../lib/i18n/lists'
import { domainStatusColours, domainStatusLabels, domainTypeLabels } from './domain-labels'
import { DnsSetupField } from './dns-setup-field'
import { DomainStatusPanel } from './domain-status-panel'
import { eshopDomainsScreen } from './eshop-domains.screen'

const dnsTypeLabels = Object.fromEntries(dnsRecordTypes.map((type) => [type, `domain.dnsType.${type}`])) as Record<
  DnsRecordType,
  AnyMessageKey
>

/** A new domain is its name (and perhaps its DNS setup); the server fills in the rest and lowercases the name. */
const prepareDomain = (values: Values): Values => {
  const out: Values = { ...values }
  if (typeof out.name === 'string') out.name = out.name.trim()
  if (Array.isArray(out.dnsRecords))
    out.dnsRecords = (out.dnsRecords as Values[]).map((record) => ({
      ...record,
      ttl: typeof record.ttl === 'number' ? record.ttl : 1,
      priority: typeof record.priority === 'number' ? record.priority : null
    }))
  return out
}

/**
 * Domains (spec §3.13; decision 0112): a list with status chips; the editor parks a domain the merchant
 * owns (its name), then shows its status, the records to add with their live status, "Verify now" and the
 * alias, its DNS-provider setup and DNS records. Buying a new one is the purchase page's.
 */
export const eshopDomainsResource = defineResource({
  screen: eshopDomainsScreen,
  name: 'domain.one',
  urlKey: 'domains',
  empty: { text: 'empty.domains', action: 'empty.domainsAdd' },
  links: [{ key: 'purchase', label: 'domain.buy', route: '/eshop/domains/purchase' }],
  columns: [
    { value: 'name', text: 'domain.name', sortable: true },
    {
      value: 'status',
      text: 'domain.status',
      sortable: true,
      enumList: domainStatusLabels,
      render: (row: Domain) =>
        createElement(StatusChip, {
          label: listT(domainStatusLabels[row.status]),
          colour: domainStatusColours[row.status],
          testId: `domain-chip-${row.name}`
        })
    },
    { value: 'type', text: 'domain.type', enumList: domainTypeLabels, sortable: true },
    { value: 'expiresAt', text: 'domain.expiresAt', kind: 'date', sortable: true },
    { value: 'updatedAt', text: 'res.updatedAt', kind: 'datetime', sortable: true }
  ],
  fields: [
    { name: 'name', label: 'domain.name', type: 'text', required: true, createOnly: true, wide: true },
    { name: 'statusPanel', label: 'domain.status', type: 'custom', component: DomainStatusPanel, display: true, wide: true },
    { name: 'dnsSetup', label: 'domain.dnsSetup', type: 'custom', component: DnsSetupField, wide: true },
    {
      name: 'dnsRecords',
      label: 'domain.dnsRecords',
      type: 'list',
      wide: true,
      fields: [
        { name: 'name', label: 'domain.dns.name', type: 'text', required: true },
        { name: 'type', label: 'domain.dns.type', type: 'select', required: true, source: { enumList: dnsTypeLabels } },
        { name: 'content', label: 'domain.dns.content', type: 'text', required: true },
        { name: 'ttl', label: 'domain.dns.ttl', type: 'number', integer: true },
        { name: 'priority', label: 'domain.dns.priority', type: 'number', integer: true },
        { name: 'proxied', label: 'domain.dns.proxied', type: 'boolean' }
      ]
    }
  ],
  search: [
    { field: 'name', type: 'regexp', label: 'domain.name' },
    { field: 'status', type: 'enum', label: 'domain.status', enumList: domainStatusLabels },
    { field: 'type', type: 'enum', label: 'domain.type', enumList: domainTypeLabels }
  ],
  defaults: () => ({ dnsSetup: null, dnsRecords: [] }),
  prepare: prepareDomain
})
