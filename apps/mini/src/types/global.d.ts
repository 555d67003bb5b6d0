/** Filled in by the server per shop (decision 0207): the storefront's base for the calls, and the shop's id. */
declare const EMPORIA_API_BASE: string
declare const EMPORIA_SHOP: string
