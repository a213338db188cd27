import AssessmentIcon from '@mui/icons-material/Assessment';
import CampaignIcon from '@mui/icons-material/Campaign';
import CategoryIcon from '@mui/icons-material/Category';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FlagIcon from '@mui/icons-material/Flag';
import GroupIcon from '@mui/icons-material/Group';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaidIcon from '@mui/icons-material/Paid';
import PublicIcon from '@mui/icons-material/Public';
import RuleFolderIcon from '@mui/icons-material/RuleFolder';
import ScienceIcon from '@mui/icons-material/Science';
import StorageIcon from '@mui/icons-material/Storage';
import BadgeIcon from '@mui/icons-material/SwitchAccount';
import TollIcon from '@mui/icons-material/Toll';
import type { Area } from '@usluge/contract';
import type { ReactNode } from 'react';

export const MENU_ICONS: Record<Area, ReactNode> = {
  adsOnApproval: <FactCheckIcon />,
  ads: <CampaignIcon />,
  // Record pages have no menu item; their icon is their list's, should one ever show it.
  adPage: <CampaignIcon />,
  adReports: <FlagIcon />,
  notifications: <NotificationsIcon />,
  userTypes: <BadgeIcon />,
  users: <GroupIcon />,
  userPage: <GroupIcon />,
  countries: <PublicIcon />,
  cities: <LocationCityIcon />,
  services: <CategoryIcon />,
  currencies: <PaidIcon />,
  rejectionReasons: <RuleFolderIcon />,
  credits: <TollIcon />,
  reports: <AssessmentIcon />,
  refunds: <CurrencyExchangeIcon />,
  audit: <ManageSearchIcon />,
  dashboard: <DashboardIcon />,
  test: <ScienceIcon />,
  seeders: <StorageIcon />,
};
