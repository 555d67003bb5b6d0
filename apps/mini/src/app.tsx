import type { PropsWithChildren } from 'react'
import './app.css'

/** The mini-program's shell: the pages draw themselves (decision 0207). */
export default function App({ children }: PropsWithChildren) {
  return children
}
