export default definePageConfig({ navigationBarTitleText: 'Orders' })
