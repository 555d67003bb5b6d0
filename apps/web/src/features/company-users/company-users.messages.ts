import { defineMessages } from '../../lib/i18n/screen-messages'

/** Company customers (spec §3.10): the screen's own texts in every language (decision 0075). */
export const companyUsersMessages = defineMessages({
  en: {
    'route.companyUsers': 'Company Customers',
    'route.companyUsers/edit': 'Edit Company Customer',
    'route.companyUsers/statement': 'Statement',
    'companyUser.one': 'Company customer',
    'companyUser.email': 'E-mail',
    'companyUser.phone': 'Phone',
    'companyUser.date': 'Customer since',
    'companyUser.address': 'Address',
    'companyUser.limit': 'Credit limit',
    'companyUser.period': 'Payment period (days)',
    'companyUser.remarks': 'Remarks',
    'companyUser.outstanding': 'Outstanding',
    'companyUser.available': 'Available credit',
    'companyUser.payable': 'Payable',
    'companyUser.statement': 'Statement',
    'empty.companyUsers': 'No company customers yet. Add the businesses that buy now and pay later, and your suppliers.',
    'empty.companyUsersAdd': 'Add company customer'
  },
  cht: {
    'route.companyUsers': '企業客戶',
    'route.companyUsers/edit': '編輯企業客戶',
    'route.companyUsers/statement': '月結單',
    'companyUser.one': '企業客戶',
    'companyUser.email': '電郵',
    'companyUser.phone': '電話',
    'companyUser.date': '成為客戶日期',
    'companyUser.address': '地址',
    'companyUser.limit': '信貸限額',
    'companyUser.period': '付款期（日）',
    'companyUser.remarks': '備註',
    'companyUser.outstanding': '未付款項',
    'companyUser.available': '可用信貸額',
    'companyUser.payable': '應付款項',
    'companyUser.statement': '月結單',
    'empty.companyUsers': '還沒有企業客戶。新增先購貨後付款的企業客戶，以及你的供應商。',
    'empty.companyUsersAdd': '新增企業客戶'
  },
  chs: {
    'route.companyUsers': '企业客户',
    'route.companyUsers/edit': '编辑企业客户',
    'route.companyUsers/statement': '对账单',
    'companyUser.one': '企业客户',
    'companyUser.email': '电邮',
    'companyUser.phone': '电话',
    'companyUser.date': '成为客户日期',
    'companyUser.address': '地址',
    'companyUser.limit': '信贷限额',
    'companyUser.period': '付款期（天）',
    'companyUser.remarks': '备注',
    'companyUser.outstanding': '未付款项',
    'companyUser.available': '可用信贷额',
    'companyUser.payable': '应付款项',
    'companyUser.statement': '对账单',
    'empty.companyUsers': '还没有企业客户。添加先购货后付款的企业客户，以及你的供应商。',
    'empty.companyUsersAdd': '添加企业客户'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    companyUsers: keyof typeof companyUsersMessages.en
  }
}
