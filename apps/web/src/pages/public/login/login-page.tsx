import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@usluge/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../../api/http-error.ts';
import { homePathFor } from '../../../app/shell/admin-menu.tsx';
import { RETURN_TO_PARAM, safeReturnPath } from '../../../auth/return-to.ts';
import { ensureSession, login } from '../../../auth/session-api.ts';
import { getCurrentUser, isAuthenticatedFlagSet } from '../../../auth/session-store.ts';
import { PublicCardLayout } from '../../../components/layout/public-card-layout.tsx';

type FieldErrors = { username?: string; password?: string };

/** The page the visitor came from (a session that ended), when it is one they may open; else home. */
function pageAfterLogin(user: CurrentUser, returnTo: string | null): string {
  const roleIds = user.roles.map((role) => role.id);
  return safeReturnPath(returnTo, roleIds) ?? homePathFor(user);
}

/**
 * SPEC.md section 2, /login: focus on username, Enter submits, show/hide password, red alert on
 * failure. After signing in (or when signed in already) the visitor goes on to the page named by
 * `returnTo` (where their session ended), else to the admin home.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = searchParams.get(RETURN_TO_PARAM);
  // With a session (or the flag that there may be one) the form waits for the check, not to flash.
  const [isCheckingSession, setCheckingSession] = useState(
    () => getCurrentUser() !== null || isAuthenticatedFlagSet(),
  );
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [isPasswordShown, setPasswordShown] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = `${t('login.title')} · ${t('common.appName')}`;
  }, [t]);

  useEffect(() => {
    let isCurrent = true;
    void ensureSession().then((user) => {
      if (!isCurrent) return;
      if (user) void navigate(pageAfterLogin(user, returnTo), { replace: true });
      else setCheckingSession(false);
    });
    return () => {
      isCurrent = false;
    };
  }, [navigate, returnTo]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: FieldErrors = {};
    if (username.trim() === '') errors.username = t('validation.required');
    if (password === '') errors.password = t('validation.required');
    setFieldErrors(errors);
    if (errors.username || errors.password) return;

    setSubmitting(true);
    setFailure(null);
    try {
      const user = await login(username.trim(), password);
      await navigate(pageAfterLogin(user, returnTo), { replace: true });
    } catch (error) {
      setFailure(
        error instanceof HttpError
          ? (error.serverError ??
              error.serverMessage ??
              // A proxy's own 429 says nothing the form can show.
              t(error.status === 429 ? 'login.tooManyAttempts' : 'common.contactAdministrator'))
          : t('login.failed'),
      );
      setSubmitting(false);
    }
  };

  const toggleLabel = isPasswordShown ? t('login.hidePassword') : t('login.showPassword');
  if (isCheckingSession) return null;

  return (
    <PublicCardLayout>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(e) => void onSubmit(e)}
        aria-labelledby="login-title"
      >
        <div>
          <Typography id="login-title" variant="h5" component="h1">
            {t('login.title')}
          </Typography>
          <Typography color="text.secondary">{t('login.subtitle')}</Typography>
        </div>
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={fieldErrors.username !== undefined}
          helperText={fieldErrors.username}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type={isPasswordShown ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password !== undefined}
          helperText={fieldErrors.password ?? t('login.passwordHint')}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={toggleLabel}
                    aria-pressed={isPasswordShown}
                    onClick={() => setPasswordShown((shown) => !shown)}
                    edge="end"
                  >
                    {isPasswordShown ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {t('login.submit')}
        </Button>
        {failure !== null && (
          <Alert severity="error" variant="filled" role="alert">
            {failure}
          </Alert>
        )}
      </Stack>
    </PublicCardLayout>
  );
}
