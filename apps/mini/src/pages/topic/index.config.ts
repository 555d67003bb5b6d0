export default definePageConfig({ navigationBarTitleText: 'Campaign' })
