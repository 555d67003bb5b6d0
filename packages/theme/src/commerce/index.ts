// The storefront's cart and checkout (decision 0109): words, money and the pages' components.
export * from './commerce-messages'
export * from './format-money'
