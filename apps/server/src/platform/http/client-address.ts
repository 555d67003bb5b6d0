import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { BlockList, isIP } from 'node:net'
import type { FeathersKoaContext } from '@feathersjs/koa'
import type { Next } from 'koa'
import type { Server } from 'socket.io'

/**
 * Which peers may tell us who the client is (TRUST_PROXY, decision 0119): the `hops` nearest
 * forwarders whoever they are, or only forwarders whose address is in `proxies`. Nothing trusted
 * means X-Forwarded-For and X-Forwarded-Proto are anyone's words and count for nothing.
 */
export interface TrustProxy {
  hops: number
  proxies?: BlockList
}

export const TRUST_NOTHING: TrustProxy = { hops: 0 }

/** A client as every throttle, login limit and cookie sees it. */
export interface Client {
  address: string
  https: boolean
}

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is `10.0.0.1`: one client, one key. */
const plain = (address: string) => (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address)

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')

/**
 * TRUST_PROXY: unset, `0` or `false` trust nothing; a whole number is a hop count (`1`: the one proxy
 * in front, e.g. Caddy on this machine); otherwise comma-separated addresses or CIDR blocks of the
 * proxies (`127.0.0.1`, `10.0.0.0/8, ::1`). Anything else stops the server at start-up: a typo must
 * not silently trust everybody, or nobody.
 */
export const parseTrustProxy = (value: string | undefined): TrustProxy => {
  const text = (value ?? '').trim()
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return TRUST_NOTHING
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 32) throw new Error(`TRUST_PROXY=${text}: more proxies in a row than anyone runs; give 0 to 32`)
    return { hops }
  }
  const proxies = new BlockList()
  for (const entry of text.split(',').map((part) => part.trim())) {
    const [address, prefix, ...rest] = entry.split('/')
    const family = isIP(plain(address ?? ''))
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1
    if (!family || rest.length || bits < 0 || bits > (family === 6 ? 128 : 32))
      throw new Error(`TRUST_PROXY=${text}: "${entry}" is not an address or CIDR block (decision 0119)`)
    proxies.addSubnet(plain(address), bits, family === 6 ? 'ipv6' : 'ipv4')
  }
  return { hops: 0, proxies }
}

const trusts = (trust: TrustProxy, address: string) =>
  Boolean(trust.proxies && isIP(address) && trust.proxies.check(address, familyOf(address)))

const firstValue = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase()

/**
 * The client behind the chain `X-Forwarded-For: a, b` + the socket's peer `c`: read from the right,
 * each trusted hop vouches for the address left of it; the first address nobody vouches for is the
 * client. X-Forwarded-Proto is believed only from a trusted peer. A garbled entry ends the walk at
 * the hop that sent it (a client cannot hide behind junk).
 */
export const resolveClient = (
  trust: TrustProxy,
  peer: string | undefined,
  headers: IncomingHttpHeaders,
  encrypted = false
): Client => {
  const socketAddress = plain(peer ?? '')
  const peerTrusted = trust.hops > 0 || trusts(trust, socketAddress)
  if (!peerTrusted) return { address: socketAddress, https: encrypted }
  const forwarded = ([] as string[])
    .concat(headers['x-forwarded-for'] ?? [])
    .flatMap((value) => value.split(','))
    .map((value) => plain(value.trim()))
  const chain = [...forwarded, socketAddress]
  let index = chain.length - 1
  for (let hop = 1; index > 0; hop++) {
    const vouched = trust.hops > 0 ? hop <= trust.hops : trusts(trust, chain[index])
    if (!vouched || !isIP(chain[index - 1])) break
    index -= 1
  }
  return { address: chain[index], https: encrypted || firstValue(headers['x-forwarded-proto']) === 'https' }
}

const clients = new WeakMap<IncomingMessage, Client>()

/** The client of one request, worked out once (the HTTP and fast-read paths, socket handshakes). */
export const clientOfRequest = (trust: TrustProxy, req: IncomingMessage): Client => {
  let client = clients.get(req)
  if (!client) {
    const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted)
    client = resolveClient(trust, req.socket.remoteAddress, req.headers, encrypted)
    clients.set(req, client)
  }
  return client
}

/**
 * First in the Koa chain: pins the resolved client on Koa's request, so `ctx.ip`, `ctx.protocol`,
 * `ctx.secure` and the cookie jar (Secure cookies) agree with it. Koa's own `app.proxy` stays off:
 * it would believe the headers from any peer.
 */
export const trustForwarding = (trust: TrustProxy) => async (ctx: FeathersKoaContext, next: Next) => {
  const client = clientOfRequest(trust, ctx.req)
  ctx.request.ip = client.address
  if (client.https !== ctx.secure) Object.defineProperty(ctx.request, 'protocol', { value: client.https ? 'https' : 'http' })
  await next()
}

/** The one place a throttle reads the caller's address from (storefront limits, login throttles). */
export const clientAddress = (ctx: FeathersKoaContext) =>
  clients.get(ctx.req)?.address ?? plain(ctx.req.socket.remoteAddress ?? '')

/** The caller's address reaches services as `params.address` (login throttling per address). */
export const rememberClientAddress = async (ctx: FeathersKoaContext, next: Next) => {
  ctx.feathers = { ...ctx.feathers, address: clientAddress(ctx) } as typeof ctx.feathers
  await next()
}

export const rememberSocketAddress = (io: Server, trust: TrustProxy) => {
  io.use((socket, next) => {
    // Feathers' socket transport keeps each socket's params on it; socket.io's Socket type knows nothing of it.
    const params = (socket as unknown as { feathers?: Record<string, unknown> }).feathers
    if (params) params.address = clientOfRequest(trust, socket.request).address
    next()
  })
}
