import { defineMessages } from './screen-messages'

/** The hardware layer's failures as a cashier reads them (decision 0140; codes in lib/pos-hardware/hardware-errors.ts). */
export const posHardwareMessages = defineMessages({
  en: {
    'posHardware.error.unsupported': 'This browser cannot use this kind of device. Use Chrome or Edge on a computer.',
    'posHardware.error.notConnected': 'No printer is connected to this till. Connect one under Devices.',
    'posHardware.error.cancelled': 'No device was chosen.',
    'posHardware.error.disconnected': 'The device was disconnected. Check its cable or power and connect it again.',
    'posHardware.error.denied': 'The browser did not allow access to the device.',
    'posHardware.error.busy': 'The device is in use by another window or program. Close it there and try again.',
    'posHardware.error.failed': 'The device did not respond. Check it and try again.'
  },
  cht: {
    'posHardware.error.unsupported': '此瀏覽器無法使用這類裝置。請在電腦上使用 Chrome 或 Edge。',
    'posHardware.error.notConnected': '此收銀機未連接打印機。請在「裝置」中連接。',
    'posHardware.error.cancelled': '未有選擇裝置。',
    'posHardware.error.disconnected': '裝置已中斷連接。請檢查電線或電源，然後重新連接。',
    'posHardware.error.denied': '瀏覽器不允許存取此裝置。',
    'posHardware.error.busy': '裝置正被其他視窗或程式使用。請在該處關閉後再試。',
    'posHardware.error.failed': '裝置沒有回應。請檢查後再試。'
  },
  chs: {
    'posHardware.error.unsupported': '此浏览器无法使用这类设备。请在电脑上使用 Chrome 或 Edge。',
    'posHardware.error.notConnected': '此收银机未连接打印机。请在“设备”中连接。',
    'posHardware.error.cancelled': '未选择设备。',
    'posHardware.error.disconnected': '设备已断开连接。请检查电线或电源，然后重新连接。',
    'posHardware.error.denied': '浏览器不允许访问此设备。',
    'posHardware.error.busy': '设备正被其他窗口或程序使用。请在该处关闭后再试。',
    'posHardware.error.failed': '设备没有响应。请检查后再试。'
  }
})

declare module './screen-messages' {
  interface ScreenMessageKeys {
    posHardware: keyof typeof posHardwareMessages.en
  }
}
