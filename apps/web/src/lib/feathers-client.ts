import authentication from '@feathersjs/authentication-client'
import { feathers, type ClientService, type Params } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import {
  type servicePaths,
  type Page,
  type Shop,
  type ShopData,
  type ShopPatch,
  type User,
  type UserPatch
} from '@emporia/shared'
import { io } from 'socket.io-client'
import { TOKEN_KEY } from './client'
import * as msgpackParser from 'socket.io-msgpack-parser'

export interface HealthStatus {
  status: 'ok'
}

/** Switches the server offers (public `features find`); everything the shell hides or shows by feature. */
export interface Features {
  register: boolean
  inviteCode: boolean
  verify: boolean
  billing: boolean
  /** Developer test and fixture pages (the server's DEV_TOOLS=1, decision 0067); off when unsaid. */
  devTools?: boolean
  /** Not sent by the server yet: the page editor and domain features default to on (decision 0012). */
  pageEditor?: boolean
  domain?: boolean
}

/** What registering sends (spec §2.8): terms must be accepted, the invite code when codes are on. */
export interface RegisterData {
  email: string
  password: string
  agreeTerms: true
  inviteCode?: string
}

export type ResetData =
  | { action: 'request'; email: string }
  | { action: 'verify'; email: string; token: string }
  | { action: 'reset'; email: string; token: string; password: string }

interface CreateOnly<D, R> {
  create(data: D, params?: Params): Promise<R>
}

/** What each service path answers on this client. */
export interface ServiceTypes {
  [servicePaths.health]: Pick<ClientService<HealthStatus, never, never, HealthStatus>, 'find'>
  [servicePaths.users]: ClientService<User, RegisterData, UserPatch, Page<User>>
  [servicePaths.usersVerify]: CreateOnly<{ token: string }, User>
  [servicePaths.usersResend]: CreateOnly<Record<string, never>, { sent: boolean }>
  /** Answers the user and a fresh token: the change ends every earlier session (decision 0067). */
  [servicePaths.usersChangePassword]: CreateOnly<{ oldPassword: string; password: string }, User & { accessToken?: string }>
  [servicePaths.usersReset]: CreateOnly<ResetData, { sent?: boolean; valid?: boolean; done?: boolean }>
  [servicePaths.shops]: ClientService<Shop, ShopData, ShopPatch, Page<Shop>>
  features: Pick<ClientService<Features, never, never, Features>, 'find'>
  /** Not built yet on the server; the shell only listens to its events (new-order popup). */
  orders: Pick<ClientService<{ _id: string }, never, never, Page<{ _id: string }>>, 'find'>
}

export type ServiceName = keyof ServiceTypes

/** `?msgpack=1` switches this connection to the binary encoding the server offers per connection. */
const wantsMsgpack = new URLSearchParams(window.location.search).get('msgpack') === '1'

export const socket = io('/', {
  path: '/api/socket.io',
  transports: ['websocket'],
  // Spec §9.3: calls give up after 30 s.
  timeout: 30_000,
  ...(wantsMsgpack ? { query: { msgpack: '1' }, parser: msgpackParser } : {})
})

export const client = feathers<ServiceTypes>()
client.configure(socketio(socket, { timeout: 30_000 }))
client.configure(authentication({ storageKey: TOKEN_KEY }))
