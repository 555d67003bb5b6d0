import { Decoder as JsonDecoder, Encoder as JsonEncoder, type Packet } from 'socket.io-parser'
import msgpackParser from 'socket.io-msgpack-parser'
import type { Server, Socket } from 'socket.io'

type Listener = (packet: Packet) => void

/**
 * One socket.io server speaks two encodings (spec §7.1): JSON text for most clients, and
 * msgpack binary for a connection whose handshake query says `msgpack=1`. Incoming frames are
 * told apart by their kind (text or binary); outgoing ones by the connection's choice.
 */
class HybridDecoder {
  private readonly json = new JsonDecoder()
  private readonly msgpack = new msgpackParser.Decoder()
  private listeners: Listener[] = []

  constructor() {
    this.json.on('decoded', (packet: Packet) => this.emit(packet))
    this.msgpack.on('decoded', (packet: Packet) => this.emit(packet))
  }

  on(event: string, listener: Listener) {
    if (event === 'decoded') this.listeners.push(listener)
    return this
  }

  off(event?: string, listener?: Listener) {
    this.listeners = listener ? this.listeners.filter((l) => l !== listener) : []
    return this
  }

  removeListener(event?: string, listener?: Listener) {
    return this.off(event, listener)
  }

  removeAllListeners() {
    this.listeners = []
    return this
  }

  private emit(packet: Packet) {
    for (const listener of this.listeners) listener(packet)
  }

  add(chunk: unknown) {
    // A text frame, or a binary attachment the JSON decoder is waiting for, is JSON's (`reconstructor`
    // is the decoder's internal, not in socket.io-parser's types).
    const reconstructing = Boolean((this.json as unknown as { reconstructor?: unknown }).reconstructor)
    if (typeof chunk === 'string' || reconstructing) this.json.add(chunk)
    else this.msgpack.add(chunk)
  }

  destroy() {
    this.json.destroy()
    this.listeners = []
  }
}

export const hybridParser = { Encoder: JsonEncoder, Decoder: HybridDecoder }

const msgpackEncoder = new msgpackParser.Encoder()
const jsonDecoder = () => new JsonDecoder()

interface EngineClient {
  encoder: { encode: (packet: Packet) => unknown }
  writeToEngine: (packets: unknown[], opts: { preEncoded?: boolean }) => void
}

/**
 * Switches a `msgpack=1` connection to binary before its first reply. Broadcasts arrive already
 * JSON-encoded (the adapter encodes once for all sockets); those are re-encoded once per
 * broadcast for all msgpack connections, not once per socket.
 */
export const useMsgpackPerConnection = (io: Server) => {
  const translated = new WeakMap<unknown[], unknown[]>()
  const translate = (packets: unknown[]): unknown[] => {
    let result = translated.get(packets)
    if (!result) {
      const decoded: Packet[] = []
      const decoder = jsonDecoder()
      decoder.on('decoded', (packet: Packet) => decoded.push(packet))
      for (const chunk of packets) decoder.add(chunk)
      // The msgpack parser's encode answers an array of frames; its types say one ArrayBuffer.
      result = decoded.flatMap((packet) => msgpackEncoder.encode(packet) as unknown as unknown[])
      translated.set(packets, result)
    }
    return result
  }
  io.use((socket: Socket, next) => {
    const wantsMsgpack = String(socket.handshake.query.msgpack ?? '') === '1'
    if (wantsMsgpack) {
      // The client's encoder is socket.io's internal: its Client type keeps it private.
      const client = socket.client as unknown as EngineClient
      if (client.encoder !== msgpackEncoder) {
        client.encoder = msgpackEncoder
        const write = client.writeToEngine.bind(client)
        client.writeToEngine = (packets, opts) => write(opts?.preEncoded ? translate(packets) : packets, opts)
      }
      // The iOS client announces itself with `initMsgPack` (spec §7.1); the encoding is already
      // chosen by then, so the answer only confirms it.
      socket.on('initMsgPack', (...args: unknown[]) => {
        const ack = args[args.length - 1]
        if (typeof ack === 'function') ack(null, { msgpack: true })
      })
    }
    next()
  })
}
