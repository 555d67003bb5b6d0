export default definePageConfig({ navigationBarTitleText: 'Products' })
