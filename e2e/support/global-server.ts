import type { TestProject } from 'vitest/node'
import { startServer } from './server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server every spec file shares (unset when E2E_SERVER_PER_FILE asks for one per file). */
    e2eServerUrl: string | undefined
  }
}

/**
 * One built server for the whole run (vitest globalSetup). Starting one costs 6–7 s of CPU (PGlite,
 * migrations), and 23 spec files did it 24 times; every test makes its own merchant and shop
 * (`merchant()` uses fresh addresses), so the files do not see each other's data. Specs that need
 * other settings (developer tools off) still start their own. `E2E_SERVER_PER_FILE=1` gives each
 * file a fresh install again, to rule the shared server out when hunting a failure.
 */
export const setup = async (project: TestProject) => {
  if (process.env.E2E_SERVER_PER_FILE) {
    project.provide('e2eServerUrl', undefined)
    return
  }
  const server = await startServer()
  project.provide('e2eServerUrl', server.url)
  return () => server.stop()
}
