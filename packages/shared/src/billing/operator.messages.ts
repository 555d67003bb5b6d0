/**
 * The operator console's server messages (decision 0131), spread into `sharedMessages`:
 * the server names them in `data.key`, the console shows them on the field.
 */
export const operatorMessages = {
  en: {
    'errors.notOperator': 'Only the platform’s operators can do this',
    'operator.unknownAction': 'Choose extend trial or grant plan',
    'operator.unknownShop': 'No such shop',
    'operator.unknownPlan': 'No such plan',
    'operator.daysRange': 'Enter a whole number of days from {min} to {max}',
    'operator.monthsRange': 'Enter a whole number of months from {min} to {max}',
    'operator.notInTrial': 'This shop has had a contract since its trial: grant it a plan instead'
  },
  cht: {
    'errors.notOperator': '只有平台營運人員可以進行此操作',
    'operator.unknownAction': '請選擇延長試用期或授予計劃',
    'operator.unknownShop': '沒有此商店',
    'operator.unknownPlan': '沒有此計劃',
    'operator.daysRange': '請輸入 {min} 至 {max} 之間的整數日數',
    'operator.monthsRange': '請輸入 {min} 至 {max} 之間的整數月數',
    'operator.notInTrial': '此商店在試用期後曾有合約，請改為授予計劃'
  },
  chs: {
    'errors.notOperator': '只有平台运营人员可以进行此操作',
    'operator.unknownAction': '请选择延长试用期或授予计划',
    'operator.unknownShop': '没有此商店',
    'operator.unknownPlan': '没有此计划',
    'operator.daysRange': '请输入 {min} 至 {max} 之间的整数天数',
    'operator.monthsRange': '请输入 {min} 至 {max} 之间的整数月数',
    'operator.notInTrial': '此商店在试用期后曾有合约，请改为授予计划'
  }
} as const
