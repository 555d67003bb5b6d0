import AccountCircle from '@mui/icons-material/AccountCircle'
import Apps from '@mui/icons-material/Apps'
import Circle from '@mui/icons-material/FiberManualRecord'
import CreditCard from '@mui/icons-material/CreditCard'
import Dashboard from '@mui/icons-material/Dashboard'
import Inventory from '@mui/icons-material/Inventory'
import LocalOffer from '@mui/icons-material/LocalOffer'
import Login from '@mui/icons-material/Login'
import Logout from '@mui/icons-material/Logout'
import MarkEmailRead from '@mui/icons-material/MarkEmailRead'
import People from '@mui/icons-material/People'
import PersonAdd from '@mui/icons-material/PersonAdd'
import PointOfSale from '@mui/icons-material/PointOfSale'
import ReceiptLong from '@mui/icons-material/ReceiptLong'
import Payments from '@mui/icons-material/Payments'
import Settings from '@mui/icons-material/Settings'
import Storefront from '@mui/icons-material/Storefront'
import Store from '@mui/icons-material/Store'
import Campaign from '@mui/icons-material/Campaign'
import Workspaces from '@mui/icons-material/Workspaces'
import Smartphone from '@mui/icons-material/Smartphone'
import Warehouse from '@mui/icons-material/Warehouse'
import AccountBalance from '@mui/icons-material/AccountBalance'
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings'
import type { ReactElement } from 'react'
import type { MenuIcon } from '../../lib/screens/screen'

// Path imports keep each icon its own small module (the icons package is large as a whole).
export const menuIcons: Record<MenuIcon, ReactElement> = {
  home: <Dashboard />,
  eshop: <Storefront />,
  app: <Smartphone />,
  mini: <Apps />,
  warehouses: <Warehouse />,
  products: <Inventory />,
  bundles: <Workspaces />,
  discounts: <LocalOffer />,
  promotions: <Campaign />,
  orders: <ReceiptLong />,
  payments: <Payments />,
  pos: <PointOfSale />,
  users: <People />,
  subShops: <Store />,
  subsequent: <AccountBalance />,
  settings: <Settings />,
  profile: <AccountCircle />,
  logout: <Logout />,
  login: <Login />,
  register: <PersonAdd />,
  billing: <CreditCard />,
  verify: <MarkEmailRead />,
  operator: <AdminPanelSettings />,
  dot: <Circle sx={{ fontSize: 8 }} />
}
