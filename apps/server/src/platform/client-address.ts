import type { FeathersKoaContext } from '@feathersjs/koa'
import type { Next } from 'koa'
import type { Server } from 'socket.io'

/**
 * The caller's address reaches services as `params.address` (login throttling per address).
 * Behind a proxy, Koa's `app.proxy` decides whether X-Forwarded-For is trusted.
 */
export const rememberClientAddress = async (ctx: FeathersKoaContext, next: Next) => {
  ctx.feathers = { ...ctx.feathers, address: ctx.ip } as typeof ctx.feathers
  await next()
}

export const rememberSocketAddress = (io: Server) => {
  io.use((socket, next) => {
    const params = (socket as unknown as { feathers?: Record<string, unknown> }).feathers
    if (params) params.address = socket.handshake.address
    next()
  })
}
