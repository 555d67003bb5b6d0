import { request } from 'node:http'
import type { Application } from '@feathersjs/koa'
import type { PageNode, SiteSnapshot } from '@emporia/shared'
import { newObjectId } from '../../src/platform/object-id'

/** A GET with any Host header (fetch may not set one), answering status, headers and the text. */
export const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const url = new URL(path, base)
    const req = request(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') })
      )
    })
    req.on('error', reject)
    req.end()
  })

type Row = Record<string, unknown>

/**
 * A stand-in for part A's `siteVersions` service while it is not merged: versions kept in memory,
 * `find` without snapshots and `get` with, as part A's brief specifies. Registered only when the real
 * service is absent; its `created` event is the publish the storefront's cache listens to.
 */
export class VersionsDouble {
  readonly rows: Row[] = []
  async find(params: { query?: Row }) {
    const shop = params.query?.shop
    return this.rows
      .filter((row) => row.shop === shop)
      .sort((a, b) => Number(b.version) - Number(a.version))
      .slice(0, 1)
      .map(({ snapshot: _snapshot, ...rest }) => rest)
  }
  async get(id: string, params: { query?: Row }) {
    const found = this.rows.find((row) => row._id === id && row.shop === params.query?.shop)
    if (!found) throw new Error('not found')
    return found
  }
  async create(data: { shop: string; snapshot: SiteSnapshot }) {
    const version = this.rows.filter((row) => row.shop === data.shop).length + 1
    const row = { _id: newObjectId(), shop: data.shop, version, snapshot: data.snapshot }
    this.rows.push(row)
    return row
  }
}

export const registerVersionsDouble = (app: Application) => {
  if (app.services.siteVersions) return undefined
  const double = new VersionsDouble()
  app.use('siteVersions', double as never, { methods: ['find', 'get', 'create'], events: [] })
  return double
}

const stamps = { createdAt: '2026-11-26T00:00:00.000Z', updatedAt: '2026-11-26T00:00:00.000Z' }
export const component = (shop: string, content: PageNode[], extra: Row = {}) => ({
  _id: newObjectId(),
  shop,
  name: 'c',
  dataType: {},
  data: {},
  props: {},
  content,
  ...stamps,
  ...extra
})
export const page = (shop: string, path: string, componentId: string, extra: Row = {}) => ({
  _id: newObjectId(),
  shop,
  name: { en: path },
  path,
  component: componentId,
  ...stamps,
  ...extra
})
