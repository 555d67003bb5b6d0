import { createElement } from 'react'
import { memberChannels, shopUserSchema, type MemberChannel } from '@emporia/shared'
import { defineResource } from '../../components/data-table/resource'
import type { AnyMessageKey } from '../../lib/i18n/lists'
import type { Row } from '../../lib/resource-client'
import { MemberChannels, MemberOrders } from './member-cells'
import { miniMembersScreen } from './mini-members.screen'

const channelLabels: Record<MemberChannel, AnyMessageKey> = { app: 'member.channel.app', mini: 'member.channel.mini' }

/**
 * Members (decision 0204): shop users with an app or mini-program sign-in, newest visit first, with
 * their channels, last visit, orders and points. Not a store of its own: no add, no edit here.
 */
export const miniMembersResource = defineResource({
  screen: miniMembersScreen,
  schema: shopUserSchema,
  name: 'member.one',
  urlKey: 'members',
  empty: { text: 'empty.members' },
  filter: { channel: { $in: [...memberChannels] } },
  defaultSort: { sortBy: ['lastSeenAt'], sortDesc: [true] },
  flags: { noAdd: true, noEdit: true, noClone: true, noRemove: true },
  columns: [
    { value: 'name', text: 'member.name', sortable: true, link: (row) => `/shopUsers/view/${String(row._id)}` },
    { value: 'email', text: 'member.email', sortable: true },
    { value: 'channel', text: 'member.channel', enumList: channelLabels, sortable: true },
    {
      value: 'channels',
      text: 'member.channels',
      render: (row: Row) => createElement(MemberChannels, { channels: row.channels })
    },
    { value: 'lastSeenAt', text: 'member.lastSeenAt', kind: 'datetime', sortable: true },
    { value: '_id', text: 'member.orders', render: (row: Row) => createElement(MemberOrders, { user: String(row._id) }) },
    { value: 'points', text: 'member.points', kind: 'number', sortable: true }
  ],
  fields: [],
  search: [
    { field: 'name', type: 'regstart', label: 'member.name' },
    { field: 'email', type: 'regstart', label: 'member.email' },
    { field: 'channel', type: 'enum', label: 'member.channel', enumList: channelLabels }
  ]
})
