import { useEffect, useState } from 'react'
import type { ListServicePath } from '@emporia/shared'
import { Stack, Typography } from '@mui/material'
import { DataTable } from '../../components/data-table/data-table'
import { NestedTable } from '../../components/data-table/nested-table'
import type { ResourceDefinition } from '../../components/data-table/resource'
import type { LiveFlags } from '../../components/data-table/use-virtual-pages'
import { VirtualTable } from '../../components/data-table/virtual-table'
import { resourceService, type ServiceEvents } from '../../lib/resource-client'

/**
 * Table fixtures over real services for the browser tests (`/emporia/test?fixture=…`): the
 * behaviours of the generic table that no declared screen uses yet (decision 0030).
 */
const byName = { sortBy: ['name'], sortDesc: [false] }
const nameColumn = { value: 'name', text: 'res.name', kind: 'translatable', sortable: true } as const
const nameField = { name: 'name', label: 'res.name', type: 'translatable', required: true } as const

/** One spec's `options` array (spec §3.7 enum options {id, name}), edited with $push / $set / $pull. */
const specOptions: ResourceDefinition = {
  path: 'specs',
  name: 'demo.list',
  itemKey: 'id',
  columns: [nameColumn],
  fields: [nameField]
}

/** Categories in keyset mode (`$cursor`) by their order: previous / next only, no count. */
const cursorCategories: ResourceDefinition = {
  path: 'categories',
  name: 'res.category',
  cursor: true,
  defaultSort: { sortBy: ['order'], sortDesc: [false] },
  columns: [nameColumn, { value: 'order', text: 'res.order', kind: 'number', sortable: true }],
  fields: [nameField]
}

/** Warehouses as a virtual table, sorted by name. */
const virtualWarehouses: ResourceDefinition = {
  path: 'warehouses',
  name: 'res.warehouse',
  defaultSort: byName,
  columns: [nameColumn],
  fields: []
}

/** Specs whose `tag` holds a category id, shown as that category's name (a lookup column, spec §7.8). */
const specCategories: ResourceDefinition = {
  path: 'specs',
  name: 'demo.list',
  defaultSort: byName,
  columns: [nameColumn, { value: 'tag', text: 'res.category', lookup: { path: 'categories' } }],
  fields: [],
  flags: { noAdd: true, noEdit: true, noClone: true, noRemove: true, noExport: true }
}

/** `?live=none` or `?live=patch,create`: the virtual table's §6.5 flags; absent means the defaults. */
const liveFlags = (value: string | null): LiveFlags | undefined => {
  if (value === null) return undefined
  const on = new Set(value.split(','))
  return { patch: on.has('patch'), create: on.has('create'), remove: on.has('remove') }
}

/** How many events of a service this page has heard: proof that a table ignoring them had them to ignore. */
const EventCounter = ({ path }: { path: ListServicePath }) => {
  const [counts, setCounts] = useState({ patched: 0, created: 0, removed: 0 })
  useEffect(() => {
    let source: ServiceEvents | undefined
    let stopped = false
    const listeners = (['patched', 'created', 'removed'] as const).map(
      (event) => [event, () => setCounts((current) => ({ ...current, [event]: current[event] + 1 }))] as const
    )
    void resourceService(path).then((service) => {
      if (stopped) return
      source = service
      for (const [event, listener] of listeners) source.on(event, listener)
    })
    return () => {
      stopped = true
      for (const [event, listener] of listeners) source?.removeListener(event, listener)
    }
  }, [path])
  return (
    <Typography
      variant="caption"
      data-testid="dev-live-events"
      data-patched={counts.patched}
      data-created={counts.created}
      data-removed={counts.removed}
    >
      {`patched ${counts.patched} · created ${counts.created} · removed ${counts.removed}`}
    </Typography>
  )
}

export const DevFixture = ({ params }: { params: URLSearchParams }) => {
  const fixture = params.get('fixture')
  if (fixture === 'nested') {
    const spec = params.get('spec') ?? ''
    return <NestedTable definition={specOptions} subpath="options" parentId={spec} />
  }
  if (fixture === 'cursor') return <DataTable definition={cursorCategories} />
  if (fixture === 'lookup') return <DataTable definition={specCategories} />
  if (fixture === 'virtual')
    return (
      <Stack spacing={1}>
        <EventCounter path={virtualWarehouses.path} />
        <VirtualTable definition={virtualWarehouses} live={liveFlags(params.get('live'))} />
      </Stack>
    )
  return <Typography data-testid="dev-fixture-unknown">{fixture}</Typography>
}
