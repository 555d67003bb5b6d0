/**
 * The page model's messages (decision 0106): `componentProblems` and `resolvePage` name these keys (with
 * the shared `format.*` ones); the pages service spreads them into its errors, the editor shows them on
 * the field., spread into `sharedMessages`.
 */
export const pageModelMessages = {
  en: {
    'pages.cannotRestore': 'This version cannot be restored: {name} reads too many data sources',
    'pages.tooManySources': 'A component may read at most {count} data sources',
    'pages.tooManyPageSources': 'A page may read at most {count} data sources, with the components it places',
    'pages.tooManySourcesThrough': 'The component {name} places this one and would read more than {count} data sources',
    'pages.tooManyPageProducts': 'A page may show at most {count} products from its data sources, with the components it places',
    'pages.tooManyProductsThrough':
      'The component {name} places this one and would show more than {count} products from its data sources',
    'pages.unknownComponent': 'Unknown component {type}',
    'pages.componentLoop': 'A component cannot place itself, directly or through others',
    'pages.tooLarge': 'This page is too large; only its first parts are shown',
    'pages.unknownType': 'Unknown type {type}',
    'pages.unknownVariable': 'Unknown variable {name}',
    'pages.untypedVariable': 'Give the variable {name} a type',
    'pages.notAssignable': 'A {type} cannot be used where a {wanted} is wanted',
    'pages.duplicateId': 'Another component already uses this id',
    'pages.duplicateName': 'A prop already has the name {name}',
    'pages.unknownSlot': 'This component has no such place for children',
    'pages.noChildren': 'This component cannot hold other components',
    'pages.badLink': 'Not a valid link: use a page, or an address starting with http://, https://, mailto: or tel:',
    'pages.badColor': 'Not a valid colour',
    'pages.badDimension': 'Not a valid size: a number of 0 or more, with a unit such as px, em, % or vw'
  },
  cht: {
    'pages.cannotRestore': '無法還原此版本：{name} 讀取的資料來源太多',
    'pages.tooManySources': '每個組件最多只能讀取 {count} 個資料來源',
    'pages.tooManyPageSources': '每個頁面（連同其放入的組件）最多只能讀取 {count} 個資料來源',
    'pages.tooManySourcesThrough': '組件 {name} 放入了此組件，將會讀取超過 {count} 個資料來源',
    'pages.tooManyPageProducts': '每個頁面（連同其放入的組件）從資料來源最多只能顯示 {count} 件商品',
    'pages.tooManyProductsThrough': '組件 {name} 放入了此組件，將會從資料來源顯示超過 {count} 件商品',
    'pages.unknownComponent': '不明的組件 {type}',
    'pages.componentLoop': '組件不能直接或間接放入自己',
    'pages.tooLarge': '此頁面太大，只顯示前面的部分',
    'pages.unknownType': '不明的類型 {type}',
    'pages.unknownVariable': '不明的變數 {name}',
    'pages.untypedVariable': '請為變數 {name} 設定類型',
    'pages.notAssignable': '{type} 不能用於需要 {wanted} 的地方',
    'pages.duplicateId': '另一個組件已使用此 ID',
    'pages.duplicateName': '已有屬性名為 {name}',
    'pages.unknownSlot': '此組件沒有這個放置子組件的位置',
    'pages.noChildren': '此組件不能包含其他組件',
    'pages.badLink': '連結無效：請選擇頁面，或輸入以 http://、https://、mailto: 或 tel: 開頭的地址',
    'pages.badColor': '顏色無效',
    'pages.badDimension': '尺寸無效：請輸入 0 或以上的數字，可加單位如 px、em、% 或 vw'
  },
  chs: {
    'pages.cannotRestore': '无法还原此版本：{name} 读取的数据源太多',
    'pages.tooManySources': '每个组件最多只能读取 {count} 个数据源',
    'pages.tooManyPageSources': '每个页面（连同其放入的组件）最多只能读取 {count} 个数据源',
    'pages.tooManySourcesThrough': '组件 {name} 放入了此组件，将会读取超过 {count} 个数据源',
    'pages.tooManyPageProducts': '每个页面（连同其放入的组件）从数据源最多只能显示 {count} 件商品',
    'pages.tooManyProductsThrough': '组件 {name} 放入了此组件，将会从数据源显示超过 {count} 件商品',
    'pages.unknownComponent': '未知的组件 {type}',
    'pages.componentLoop': '组件不能直接或间接放入自己',
    'pages.tooLarge': '此页面太大，只显示前面的部分',
    'pages.unknownType': '未知的类型 {type}',
    'pages.unknownVariable': '未知的变量 {name}',
    'pages.untypedVariable': '请为变量 {name} 设置类型',
    'pages.notAssignable': '{type} 不能用于需要 {wanted} 的地方',
    'pages.duplicateId': '另一个组件已使用此 ID',
    'pages.duplicateName': '已有属性名为 {name}',
    'pages.unknownSlot': '此组件没有这个放置子组件的位置',
    'pages.noChildren': '此组件不能包含其他组件',
    'pages.badLink': '链接无效：请选择页面，或输入以 http://、https://、mailto: 或 tel: 开头的地址',
    'pages.badColor': '颜色无效',
    'pages.badDimension': '尺寸无效：请输入 0 或以上的数字，可加单位如 px、em、% 或 vw'
  }
} as const
