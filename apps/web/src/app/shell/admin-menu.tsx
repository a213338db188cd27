import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { AREA_ACCESS, type CurrentUser, canAccess } from '@usluge/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { ADMIN_AREAS, type AdminArea, HOME_AFTER_LOGIN, isAreaOffered } from '../admin-areas.ts';
import { MENU_ICONS } from './menu-icons.tsx';

type MenuUser = Pick<CurrentUser, 'roles' | 'seeders_enabled'>;

/** The menu items the user's roles may open (DESIGN.md section 5), of those this server offers. */
export function visibleMenuAreas(user: MenuUser): AdminArea[] {
  const roleIds = user.roles.map((role) => role.id);
  return ADMIN_AREAS.filter(
    (a) => a.menuGroup !== null && canAccess(AREA_ACCESS[a.area], roleIds) && isAreaOffered(a.area, user),
  );
}

/** Where a signed-in user starts: the first menu item their roles may open (ads on approval). */
export function homePathFor(user: MenuUser): string {
  return visibleMenuAreas(user)[0]?.path ?? HOME_AFTER_LOGIN;
}

export function AdminMenu({ user, onNavigate }: { user: MenuUser; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const managementId = useId();
  const areas = visibleMenuAreas(user);
  const main = areas.filter((a) => a.menuGroup === 'main');
  const management = areas.filter((a) => a.menuGroup === 'management');

  // Each link in its own <li>; NavLink marks the current one with aria-current="page".
  const item = (area: AdminArea) => (
    <ListItem key={area.area} disablePadding>
      <ListItemButton
        component={NavLink}
        to={area.path}
        selected={pathname === area.path}
        onClick={onNavigate}
      >
        <ListItemIcon>{MENU_ICONS[area.area]}</ListItemIcon>
        <ListItemText primary={t(area.titleKey)} />
      </ListItemButton>
    </ListItem>
  );

  // One list; the management group is a nested list named by its heading.
  return (
    <nav aria-label={t('shell.navigation')}>
      <List>
        {main.map(item)}
        {management.length > 0 && (
          <ListItem disablePadding sx={{ display: 'block' }}>
            <ListSubheader id={managementId} component="div" disableSticky sx={{ bgcolor: 'transparent' }}>
              {t('shell.management')}
            </ListSubheader>
            <List disablePadding aria-labelledby={managementId}>
              {management.map(item)}
            </List>
          </ListItem>
        )}
      </List>
    </nav>
  );
}
