export default definePageConfig({ navigationBarTitleText: 'Shop' })
