export { formatMoney, setMoneySymbol } from './money'
export { formatFileSize } from './file-size'
export { formatDate, formatDateTime, keyLabel } from './date'
export { displayName } from './display-name'
