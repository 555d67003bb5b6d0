import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadTill } from './features/pos/sell/catalogue-load'
import './app/app.css'

// Opened on the till: its catalogue is fetched and packed while the app loads (decision 0144).
preloadTill(window.location.pathname)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>
)
