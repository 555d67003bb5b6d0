export default defineAppConfig({
  pages: [
    'pages/home/index',
    'pages/categories/index',
    'pages/products/index',
    'pages/product/index',
    'pages/topic/index',
    'pages/cart/index',
    'pages/checkout/index',
    'pages/order/index',
    'pages/sign-in/index',
    'pages/orders/index'
  ],
  window: { navigationBarTitleText: 'Shop', navigationBarBackgroundColor: '#ffffff', navigationBarTextStyle: 'black' }
})
