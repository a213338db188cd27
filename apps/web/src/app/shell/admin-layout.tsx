import BlockIcon from '@mui/icons-material/Block';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AREA_ACCESS, canAccess } from '@usluge/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigate, useNavigation } from 'react-router';
import { requireSessionLoader } from '../../auth/require-session.ts';
import { logout } from '../../auth/session-api.ts';
import { useCurrentUser } from '../../auth/session-store.ts';
import { useOpenDialog } from '../../components/form/open-dialogs.ts';
import { LanguageSwitch } from '../../components/layout/language-switch.tsx';
import { focusMainContent, MAIN_CONTENT_ID, SkipLink } from '../../components/layout/skip-link.tsx';
import { StatusScreen } from '../../components/layout/status-screen.tsx';
import { ThemeToggle } from '../../components/layout/theme-toggle.tsx';
import { isAdminRouteHandle, isAreaOffered } from '../admin-areas.ts';
import { NavigationGuard } from '../navigation-guard.tsx';
import { appQueryClient } from '../query-client.ts';
import { AdminMenu } from './admin-menu.tsx';
import { DraftOffer } from './draft-offer.tsx';
import { GlobalSearch } from './global-search.tsx';

const DRAWER_WIDTH = 264;

/** Every admin route goes through the session guard first. */
export const adminLoader = requireSessionLoader;

/** The admin shell: app bar, collapsible drawer with the menu, and the current screen. */
export function AdminLayout() {
  const { t } = useTranslation();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [isDrawerOpen, setDrawerOpen] = useState(isWide);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const matches = useMatches();
  const handle = matches.map((m) => m.handle).findLast(isAdminRouteHandle);
  const roleIds = user?.roles.map((r) => r.id) ?? [];
  const isAllowed = handle === undefined || canAccess(AREA_ACCESS[handle.area], roleIds);
  // A page this server does not offer (the seeder generator without SEEDERS_ENABLED) is not found.
  const isOffered = handle === undefined || isAreaOffered(handle.area, user);
  const title = !isOffered ? t('notFound.title') : handle ? t(handle.titleKey) : t('common.appName');

  // Wide: the menu beside the screen, open; narrow: over it, closed. Set while rendering, so a window
  // narrowed with the menu open never shows it over the screen for a moment (its modal would leave
  // the rest of the page hidden from assistive technology).
  const [wasWide, setWasWide] = useState(isWide);
  if (wasWide !== isWide) {
    setWasWide(isWide);
    setDrawerOpen(isWide);
  }
  // On a phone the menu lies over the screen like a dialog: Back closes it.
  useOpenDialog(!isWide && isDrawerOpen, () => setDrawerOpen(false));

  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);

  if (!user) return null;

  const onLogout = async () => {
    try {
      await logout();
    } finally {
      appQueryClient.clear();
      await navigate('/login', { replace: true });
    }
  };

  const isDrawerShown = isDrawerOpen;
  const drawerToggleLabel = isDrawerShown ? t('shell.closeDrawer') : t('shell.openDrawer');

  /**
   * On a phone the drawer lies over the screen: choosing an item closes it, and the focus goes on
   * to the new screen, as after a page load, instead of back to the menu button.
   */
  const onNavigate = () => {
    if (isWide) return;
    setDrawerOpen(false);
    setTimeout(focusMainContent);
  };

  const drawerToggle = (
    <IconButton
      color="inherit"
      edge="start"
      aria-label={drawerToggleLabel}
      aria-expanded={isDrawerShown}
      aria-controls="admin-drawer"
      onClick={() => setDrawerOpen((open) => !open)}
    >
      {isDrawerShown ? <MenuOpenIcon /> : <MenuIcon />}
    </IconButton>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <NavigationGuard />
      <SkipLink />
      <AppBar position="fixed" sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          {/* No tooltip on a phone: there the menu opens over the screen, and the tooltip would stay over it. */}
          {isWide ? <Tooltip title={drawerToggleLabel}>{drawerToggle}</Tooltip> : drawerToggle}
          <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
            {t('common.appName')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Typography sx={{ display: { xs: 'none', sm: 'block' } }} data-testid="greeting">
            {t('shell.greeting', { name: user.name })}
          </Typography>
          <GlobalSearch />
          <LanguageSwitch color="inherit" />
          <ThemeToggle />
          {/* On a phone the word does not fit beside the search, language and theme: the icon alone. */}
          {isWide ? (
            <Button color="inherit" startIcon={<LogoutIcon />} onClick={() => void onLogout()}>
              {t('shell.logout')}
            </Button>
          ) : (
            <IconButton color="inherit" aria-label={t('shell.logout')} onClick={() => void onLogout()}>
              <LogoutIcon />
            </IconButton>
          )}
        </Toolbar>
        {navigation.state === 'loading' && (
          <LinearProgress color="secondary" sx={{ position: 'absolute', bottom: 0, left: 0, right: 0 }} />
        )}
      </AppBar>
      <Drawer
        id="admin-drawer"
        variant={isWide ? 'persistent' : 'temporary'}
        open={isDrawerShown}
        // Over the screen the drawer is a dialog, which needs a name.
        slotProps={isWide ? undefined : { paper: { 'aria-label': t('shell.navigation') } }}
        onClose={() => setDrawerOpen(false)}
        sx={{
          width: isWide && isDrawerShown ? DRAWER_WIDTH : 0,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <AdminMenu user={user} onNavigate={onNavigate} />
      </Drawer>
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}
      >
        <Toolbar />
        {!isOffered ? (
          <StatusScreen title={title} text={t('notFound.text')} icon={<SearchOffIcon fontSize="large" />} />
        ) : isAllowed ? (
          <>
            <DraftOffer userId={user.id} />
            <Outlet />
          </>
        ) : (
          <StatusScreen
            title={title}
            text={t('placeholder.noAccessText')}
            icon={<BlockIcon fontSize="large" />}
          />
        )}
      </Box>
    </Box>
  );
}
