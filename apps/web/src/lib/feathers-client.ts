import authentication from '@feathersjs/authentication-client'
import { feathers, type ClientService } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { type servicePaths, type Page, type User, type UserData, type UserPatch } from '@emporia/shared'
import { io } from 'socket.io-client'
import * as msgpackParser from 'socket.io-msgpack-parser'

export interface HealthStatus {
  status: 'ok'
}

/** What each service path answers on this client; one entry per path in `servicePaths`. */
export interface ServiceTypes {
  [servicePaths.health]: Pick<ClientService<HealthStatus, never, never, HealthStatus>, 'find'>
  [servicePaths.users]: ClientService<User, UserData, UserPatch, Page<User>>
}

export type ServiceName = keyof ServiceTypes

/** `?msgpack=1` switches this connection to the binary encoding the server offers per connection. */
const wantsMsgpack = new URLSearchParams(window.location.search).get('msgpack') === '1'

export const socket = io('/', {
  path: '/api/socket.io',
  transports: ['websocket'],
  ...(wantsMsgpack ? { query: { msgpack: '1' }, parser: msgpackParser } : {})
})

export const client = feathers<ServiceTypes>()
client.configure(socketio(socket))
client.configure(authentication({ storageKey: 'emporia-jwt' }))
