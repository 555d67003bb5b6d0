import { defineMessages } from '../../lib/i18n/screen-messages'

// TRANSLATE: texts the scaffold could not find in cht and chs are the English ones until translated.
/** CompanyUsers: the screen's own texts in every language (decision 0075). */
export const companyUsersMessages = defineMessages({
  en: {
    'route.companyUsers': 'Company Customers',
    'route.companyUsers/edit': 'Edit CompanyUser',
    'companyUser.one': 'CompanyUser',
    'empty.companyUsers': 'No companyUsers yet.',
    'empty.companyUsersAdd': 'Add CompanyUser'
  },
  cht: {
    'route.companyUsers': '企業客戶',
    'route.companyUsers/edit': 'Edit CompanyUser',
    'companyUser.one': 'CompanyUser',
    'empty.companyUsers': 'No companyUsers yet.',
    'empty.companyUsersAdd': 'Add CompanyUser'
  },
  chs: {
    'route.companyUsers': '企业客户',
    'route.companyUsers/edit': 'Edit CompanyUser',
    'companyUser.one': 'CompanyUser',
    'empty.companyUsers': 'No companyUsers yet.',
    'empty.companyUsersAdd': 'Add CompanyUser'
  }
})

declare module '../../lib/i18n/screen-messages' {
  interface ScreenMessageKeys {
    companyUsers: keyof typeof companyUsersMessages.en
  }
}
