/**
 * Where the signed-in staff's token is kept in localStorage. A leaf module: the lazily loaded Feathers
 * client and the code that loads it both read it, and neither may import the other for it.
 */
export const TOKEN_KEY = 'emporia-jwt'
