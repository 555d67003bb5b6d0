import dns2 from 'dns2'

const { Packet } = dns2
// Runtime constants the package's types leave out.
const RCODE = (Packet as unknown as { RCODE: { NXDOMAIN: number; SERVFAIL: number } }).RCODE

/** A zone as the tests set it: per lowercased name, its TXT values, CNAME target and A addresses. */
export type Zone = Map<string, { txt?: string[]; cname?: string; a?: string[]; fail?: boolean }>

/**
 * A real DNS server on a free loopback port (decision 0112), answering from `zone`, which the tests
 * change as a merchant edits their DNS. The server under test asks it through DNS_SERVERS, over UDP,
 * exactly as it would ask any resolver. `fail` answers SERVFAIL (a broken DNS host).
 */
export const startDnsServer = async () => {
  const zone: Zone = new Map()
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request)
      const [question] = request.questions
      const name = question.name.toLowerCase()
      const entry = zone.get(name)
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 1 }
      type Answer = (typeof response.answers)[number]
      const answer = (record: Record<string, unknown>) => response.answers.push({ ...base, ...record } as unknown as Answer)
      if (!entry) response.header.rcode = RCODE.NXDOMAIN
      else if (entry.fail) response.header.rcode = RCODE.SERVFAIL
      else if (question.type === Packet.TYPE.TXT) for (const data of entry.txt ?? []) answer({ type: Packet.TYPE.TXT, data })
      else if (question.type === Packet.TYPE.CNAME && entry.cname) answer({ type: Packet.TYPE.CNAME, domain: entry.cname })
      else if (question.type === Packet.TYPE.A) for (const address of entry.a ?? []) answer({ type: Packet.TYPE.A, address })
      send(response)
    }
  })
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } })
  const port = (addresses as unknown as { udp: { port: number } }).udp.port
  return { zone, server: `127.0.0.1:${port}`, close: () => server.close() }
}
