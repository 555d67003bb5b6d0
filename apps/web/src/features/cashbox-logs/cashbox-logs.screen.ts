import { defineScreen } from '../../lib/screens/screen'

/**
 * The cashbox log (spec §3.11 cash check, §4.8, §5.3; decision 0081): counts of the drawer and cash
 * put in or taken out, each with what the drawer should have held. Only for shops that keep it.
 */
export const cashboxLogsScreen = defineScreen({
  route: 'cashboxLogs',
  kind: 'list',
  edit: true,
  service: 'cashboxLogs',
  area: 'cashboxLogs',
  drawer: { order: 130, icon: 'payments' }
})
