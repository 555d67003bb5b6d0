// The storefront's theme components (issue 18; decision 0108). Filled in by the storefront work.
export * from './commerce'
