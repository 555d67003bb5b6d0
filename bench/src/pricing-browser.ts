// The pricing bench's page script (bench/src/pricing-engine.ts bundles it for Chromium): the shared
// engine as the web app and the offline POS ship it, plus the bench's cart, on `window`.
import { evaluate } from '../../packages/shared/src/promotions/evaluate'
import { pricingFixture } from './pricing-fixture'

Object.assign(globalThis, { pricingBench: { evaluate, pricingFixture } })
