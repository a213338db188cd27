/** The first staff account the server seeds; ADMIN_PASSWORD is given to it at start. */
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'e2e-Admin-Lozinka-1';
