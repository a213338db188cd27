import { USER_TYPE } from '@usluge/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRecipients, users } from '../src/db/schema/index.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';

let t: TestApp;
let moderator = '';
let companyMember: TestUser;
let otherCompanyMember: TestUser;
let individual: TestUser;
let inactiveCompany: TestUser;

const store = (payload: Record<string, unknown>, cookie = moderator) =>
  t.request({ method: 'POST', url: '/api/notifications/store', payload, cookie });

const recipientsOf = async (notificationId: number) =>
  (
    await t.db
      .select({ userId: notificationRecipients.user_id })
      .from(notificationRecipients)
      .where(eq(notificationRecipients.notification_id, notificationId))
  )
    .map((row) => row.userId)
    .sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 3; i++) await createUser(t.db, { username: `n-filler-${i}`, roleIds: [] });
  await createUser(t.db, { username: 'n-mod', roleIds: [ROLE.moderator] });
  companyMember = await createUser(t.db, { username: 'firma-1', roleIds: [ROLE.member] });
  otherCompanyMember = await createUser(t.db, { username: 'firma-2', roleIds: [ROLE.member] });
  inactiveCompany = await createUser(t.db, {
    username: 'firma-off',
    roleIds: [ROLE.member],
    isActive: false,
  });
  individual = await createUser(t.db, { username: 'osoba-1', roleIds: [ROLE.member] });
  for (const user of [companyMember, otherCompanyMember, inactiveCompany]) {
    await t.db.update(users).set({ user_type_id: USER_TYPE.company }).where(eq(users.id, user.id));
  }
  moderator = await t.signIn('n-mod');
});
afterAll(() => t.close());

describe('sending a notification', () => {
  it('reaches every active member of the chosen types and every chosen user, each once', async () => {
    const answer = await store({
      subject: 'Održavanje sistema',
      notification_text: 'U nedjelju od 2 do 4 časa aplikacija neće raditi.',
      notification_user_types: [USER_TYPE.company],
      notification_for_users: [individual.id, companyMember.id],
    });
    expect(answer.statusCode).toBe(201);
    const row = answer.json();
    expect(row).toMatchObject({
      subject: 'Održavanje sistema',
      sender: 'Ime n-mod Prezime',
      user_types: [{ id: USER_TYPE.company, name: 'Pravno lice' }],
      recipients_count: 3,
    });
    expect(row.users.map((u: { id: number }) => u.id).sort()).toEqual(
      [companyMember.id, individual.id].sort(),
    );
    expect(await recipientsOf(row.id)).toEqual(
      [companyMember.id, otherCompanyMember.id, individual.id].sort((a, b) => a - b),
    );
  });

  it('requires a subject, a text and at least one target', async () => {
    const answer = await store({ subject: '', notification_text: '' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual({
      subject: ['Obavezno polje.'],
      notification_text: ['Obavezno polje.'],
      notification_user_types: ['Obavezno polje'],
      notification_for_users: ['Obavezno polje'],
    });
    const unknownUser = await store({
      subject: 'A',
      notification_text: 'B',
      notification_for_users: [99_999],
    });
    expect(unknownUser.statusCode).toBe(422);
    expect(unknownUser.json().errors).toEqual({
      notification_for_users: ['Izabrana vrijednost ne postoji.'],
    });
  });

  it('lists what was sent, newest first, for staff only', async () => {
    await store({ subject: 'Druga', notification_text: 'Tekst', notification_for_users: [individual.id] });
    const list = await t.request({
      method: 'POST',
      url: '/api/notifications/index',
      payload: {},
      cookie: moderator,
    });
    expect(list.json().result.map((row: { subject: string }) => row.subject)).toEqual([
      'Druga',
      'Održavanje sistema',
    ]);
    const member = await t.signIn('osoba-1');
    expect(
      (await t.request({ method: 'POST', url: '/api/notifications/index', payload: {}, cookie: member }))
        .statusCode,
    ).toBe(403);
    expect(
      (await store({ subject: 'X', notification_text: 'Y', notification_for_users: [individual.id] }, member))
        .statusCode,
    ).toBe(403);
  });
});
