/** The account pages the mails link to; app/routes.tsx loads them from this one chunk. */
export { DeleteAccountPage } from './delete-account-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
export { VerifyAccountPage } from './verify-account-page.tsx';
