import { SmokePage } from '../features/smoke/smoke-page'
import { Providers } from './providers'

// Until the router arrives with the shell, every path shows the smoke page.
export const App = () => (
  <Providers>
    <SmokePage />
  </Providers>
)
