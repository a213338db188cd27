import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { AREA_ACCESS, canAccess } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { ADMIN_AREAS, type AdminArea } from '../admin-areas.ts';
import { MENU_ICONS } from './menu-icons.tsx';

/** The menu items a user with these roles may open (DESIGN.md section 5). */
export function visibleMenuAreas(roleIds: readonly number[]): AdminArea[] {
  return ADMIN_AREAS.filter((a) => a.menuGroup !== null && canAccess(AREA_ACCESS[a.area], roleIds));
}

export function AdminMenu({ roleIds, onNavigate }: { roleIds: readonly number[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const areas = visibleMenuAreas(roleIds);
  const main = areas.filter((a) => a.menuGroup === 'main');
  const management = areas.filter((a) => a.menuGroup === 'management');

  const item = (area: AdminArea) => (
    <ListItemButton
      key={area.area}
      component={NavLink}
      to={area.path}
      selected={pathname === area.path}
      onClick={onNavigate}
    >
      <ListItemIcon>{MENU_ICONS[area.area]}</ListItemIcon>
      <ListItemText primary={t(area.titleKey)} />
    </ListItemButton>
  );

  return (
    <nav aria-label={t('shell.navigation')}>
      <List>{main.map(item)}</List>
      {management.length > 0 && (
        <List subheader={<ListSubheader component="div">{t('shell.management')}</ListSubheader>}>
          {management.map(item)}
        </List>
      )}
    </nav>
  );
}
