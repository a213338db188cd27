import type { CurrentUser } from '@usluge/contract';

export const ADMIN_USER: CurrentUser = {
  id: 1,
  name: 'Ana',
  last_name: 'Marković',
  email: 'ana@usluge.me',
  username: 'admin',
  phone: null,
  details: null,
  image_url: null,
  roles: [{ id: 1, name: 'Administrator' }],
  seeders_enabled: true,
};

export const MODERATOR_USER: CurrentUser = {
  ...ADMIN_USER,
  id: 3,
  name: 'Marko',
  username: 'moderator',
  roles: [{ id: 3, name: 'Moderator' }],
};
