import Taro from '@tarojs/taro'
import { callUrl } from './query'
import { apiBase, stored } from './runtime'

/** A refusal of the shop's server: its message is already in the shopper's language (data.key names it). */
export class ShopError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly key?: string,
    readonly field?: string
  ) {
    super(message)
  }
}

/** The member's session token (weapp sign-in), sent as `Authorization: Bearer` on every call. */
export const TOKEN = 'token'

type Query = Record<string, string | number | null | undefined>

/** The server's Feathers error body: `{ message, data: { key, field } }`. */
const refusal = (body: unknown, status: number): ShopError => {
  const answer = (body && typeof body === 'object' ? body : {}) as { message?: unknown; data?: { key?: string; field?: string } }
  const message = typeof answer.message === 'string' ? answer.message : ''
  return new ShopError(message, status, answer.data?.key, answer.data?.field)
}

/** One JSON call of the shop: `${API_BASE}${path}` with the query, the body and the member's token. */
export const call = async <T>(method: 'GET' | 'POST', path: string, query: Query = {}, body?: unknown): Promise<T> => {
  const token = stored<string>(TOKEN)
  let response: Taro.request.SuccessCallbackResult<string | TaroGeneral.IAnyObject | ArrayBuffer>
  try {
    response = await Taro.request({
      url: callUrl(apiBase(), path, query),
      method,
      ...(body === undefined ? {} : { data: body as Record<string, unknown> }),
      header: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {})
      },
      dataType: 'json',
      // H5 is served from the shop's own origin: its session cookie goes along.
      credentials: 'same-origin'
    })
  } catch {
    throw new ShopError('', 0, 'network')
  }
  if (response.statusCode >= 400) throw refusal(response.data, response.statusCode)
  return response.data as T
}
