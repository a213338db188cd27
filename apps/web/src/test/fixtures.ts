import type { CurrentUser } from '@usluge/contract';
import type { EntityName, ListPath, PickerEntity } from '../api/list-api.ts';

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

/**
 * Made-up resources for the generic screens' tests (their requests are answered by the tests' own
 * fetch mocks): the API document has no such paths, so they are named here once, with a cast.
 */
export const TEST_ENTITY = 'things' as EntityName;
export const TEST_FORM_ENTITY = 'places' as EntityName;
export const TEST_PICKER = 'kinds' as PickerEntity;
export const TEST_HISTORY_PATH = '/api/things/history' as ListPath;
