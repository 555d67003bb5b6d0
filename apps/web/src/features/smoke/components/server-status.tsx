import { useConnection } from '../../../lib/connection'
import { useHealth } from '../api/use-health'

const healthText = (health: ReturnType<typeof useHealth>) => {
  if (health.data) return `Server: ${health.data.status}`
  if (health.isError) return 'Server: unreachable'
  return 'Server: checking…'
}

export const ServerStatus = () => {
  const health = useHealth()
  const connection = useConnection()
  return (
    <section aria-labelledby="server-heading">
      <h2 id="server-heading">Server</h2>
      <dl>
        <dt>API</dt>
        <dd data-testid="health-status">{healthText(health)}</dd>
        <dt>Connection</dt>
        <dd data-testid="connection-status" className={`status-${connection.status}`}>
          {connection.status}
        </dd>
        <dt>Latency</dt>
        <dd data-testid="connection-latency">{connection.latencyMs === undefined ? '—' : `${connection.latencyMs} ms`}</dd>
        {connection.lastDisconnectAt && (
          <>
            <dt>Last disconnect</dt>
            <dd data-testid="last-disconnect">{connection.lastDisconnectAt.toLocaleTimeString()}</dd>
          </>
        )}
      </dl>
    </section>
  )
}
