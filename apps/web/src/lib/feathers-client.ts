import authentication from '@feathersjs/authentication-client'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import type { Registration, ServiceMethods, ServiceShape, ServiceTypes } from '@emporia/shared'
import { io } from 'socket.io-client'
import { TOKEN_KEY } from './token-key'
import { wantsMsgpack } from './socket-encoding'
import * as msgpackParser from 'socket.io-msgpack-parser'
import { twoStepSetupHook } from './two-step-required'

/** Switches the server offers (public `features find`); everything the shell hides or shows by feature. */
export interface Features {
  register: boolean
  inviteCode: boolean
  verify: boolean
  billing: boolean
  /** Developer test and fixture pages (the server's DEV_TOOLS=1, decision 0067); off when unsaid. */
  devTools?: boolean
  /** Customer service's e-mail (the server's SUPPORT_EMAIL), named by the dashboard's welcome text. */
  supportEmail?: string
  /** The operator's captcha (decision 0201): the registration and reset screens show its widget. */
  captcha?: { siteKey: string; scriptUrl: string }
  /** Not sent by the server yet: the page editor and domain features default to on (decision 0012). */
  pageEditor?: boolean
  domain?: boolean
}

/** What registering sends (spec §2.8): terms must be accepted, the invite code when codes are on. */
export type RegisterData = Pick<Registration, 'email' | 'password' | 'agreeTerms' | 'inviteCode' | 'captchaToken'>

type EventsOnly = ServiceMethods<ServiceShape<Record<string, unknown>, never, never>>

/** The shared service map plus the paths only this client calls, whose answers have no shared schema. */
export interface ClientServiceTypes extends ServiceTypes {
  features: ServiceMethods<ServiceShape<Features, never, never, Record<string, unknown>, Features>>
  /** Export progress events (decision 0022); the export itself is an HTTP download. */
  export: EventsOnly
  'attachments/token': ServiceMethods<ServiceShape<{ token: string }, Record<string, never>, never>>
}

export type ServiceName = keyof ClientServiceTypes

/** The binary encoding the server offers per connection: on iOS 15 and later, or asked by `?msgpack=1` (spec §7.1). */
const msgpack = wantsMsgpack({
  search: window.location.search,
  userAgent: navigator.userAgent,
  maxTouchPoints: navigator.maxTouchPoints
})

export const socket = io('/', {
  path: '/api/socket.io',
  transports: ['websocket'],
  // Spec §9.3: calls give up after 30 s.
  timeout: 30_000,
  ...(msgpack ? { query: { msgpack: '1' }, parser: msgpackParser } : {})
})
// The iOS client announces the encoding on every connection (spec §7.1); the server confirms it.
if (msgpack) socket.on('connect', () => void socket.emit('initMsgPack'))

export const client = feathers<ClientServiceTypes>()
client.configure(socketio(socket, { timeout: 30_000 }))
client.configure(authentication({ storageKey: TOKEN_KEY }))
// A shop requiring two-step sign-in of its admins sends one without it to set it up (decision 0136).
client.hooks({ error: { all: [twoStepSetupHook] } })
