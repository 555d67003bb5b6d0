import { io, type Socket } from 'socket.io-client'
import msgpackParser from 'socket.io-msgpack-parser'

export const json = async (url: string, init: RequestInit & { token?: string } = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const response = await fetch(url, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined }
}

/** Registers and signs in a user over REST; answers its token and id. */
export const signUp = async (base: string, email = `u${Math.random().toString(36).slice(2)}@example.com`) => {
  await json(`${base}/api/users`, { method: 'POST', body: JSON.stringify({ email, password: 'secret-123', agreeTerms: true }) })
  const { body } = await json(`${base}/api/authentication`, {
    method: 'POST',
    body: JSON.stringify({ strategy: 'local', email, password: 'secret-123' })
  })
  return { token: body?.accessToken as string, userId: (body?.user as { _id: string })._id, email }
}

export const connect = async (base: string, options: { msgpack?: boolean } = {}): Promise<Socket> => {
  const socket = io(base, {
    path: '/api/socket.io',
    transports: ['websocket'],
    forceNew: true,
    ...(options.msgpack ? { query: { msgpack: '1' }, parser: msgpackParser } : {})
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return socket
}

/** A Feathers call over the socket protocol: emit(method, path, ...args, callback). */
export const call = <T = Record<string, unknown>>(socket: Socket, method: string, path: string, ...args: unknown[]) =>
  new Promise<T>((resolve, reject) => {
    socket.emit(method, path, ...args, (error: unknown, result: T) => (error ? reject(error) : resolve(result)))
  })
