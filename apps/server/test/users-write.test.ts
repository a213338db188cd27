import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { USER_TYPE } from '@usluge/contract';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema/index.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';
import { GPS_IFD_POINTER, jpegWithGps, SVG, smallPng, threeMegabyteJpeg } from './helpers/test-images.ts';

let t: TestApp;
let base = '';
let admin: TestUser;
let adminCookie = '';
let moderatorCookie = '';

/** A multipart form as the web app sends it: text fields, roles as JSON text, maybe an image. */
function userForm(
  fields: Record<string, string | number | number[]>,
  image?: { bytes: Buffer; name: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.set(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  if (image) form.set('image_file', new Blob([new Uint8Array(image.bytes)]), image.name);
  return form;
}

/** What the users routes answer: a row, or an error with its field messages. */
type Answer = {
  id: number;
  image_url: string;
  credit: number;
  details: string | null;
  is_active: boolean;
  message: string;
  errors: Record<string, string[]>;
};
const read = (answer: Response) => answer.json() as Promise<Answer>;

const send = (url: string, form: FormData, cookie = adminCookie, method = 'POST') =>
  fetch(`${base}${url}`, { method, body: form, headers: { cookie, origin: base } });

const company = (suffix: string) => ({
  name: 'Marija',
  last_name: 'Đurović',
  email: `marija.${suffix}@firma.me`,
  username: `marija.${suffix}`,
  phone: '+382 67 111 222',
  details: 'Računovodstvo',
  address: 'Njegoševa 12, Podgorica',
  pib: '02999999',
  user_type_id: USER_TYPE.company,
  roles: [ROLE.member, ROLE.moderator],
  password: 'Lozinka-123',
  confirm_password: 'Lozinka-123',
});

const uploadsIn = (folder: string) => {
  const dir = path.join(t.dataDir, 'uploads', folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};

async function signInAs(username: string, password: string): Promise<{ status: number; cookie: string }> {
  const answer = await fetch(`${base}/api/loginWeb`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: answer.status, cookie };
}

const currentUserStatus = async (cookie: string) =>
  (await fetch(`${base}/api/user`, { headers: { cookie } })).status;

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 3; i++) await createUser(t.db, { username: `popuna-${i}`, roleIds: [] });
  admin = await createUser(t.db, { username: 'users-admin', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'users-mod', roleIds: [ROLE.moderator] });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  adminCookie = (await signInAs('users-admin', 'Lozinka123!')).cookie;
  moderatorCookie = (await signInAs('users-mod', 'Lozinka123!')).cookie;
});
afterAll(() => t.close());

describe('creating a user', () => {
  it('stores a company user with roles, a hashed password and a re-encoded image without its EXIF', async () => {
    const answer = await send(
      '/api/users/store',
      userForm(company('a'), { bytes: await jpegWithGps(), name: 'ja.jpg' }),
    );
    expect(answer.status).toBe(201);
    const row = await read(answer);
    expect(row).toMatchObject({
      name: 'Marija',
      full_name: 'Marija Đurović',
      email: 'marija.a@firma.me',
      user_type_id: USER_TYPE.company,
      user_types: { id: USER_TYPE.company, name: 'Pravno lice' },
      address: 'Njegoševa 12, Podgorica',
      pib: '02999999',
      roles: [
        { id: ROLE.member, name: 'Korisnik' },
        { id: ROLE.moderator, name: 'Moderator' },
      ],
      credit: 0,
      is_active: true,
    });
    expect(row).not.toHaveProperty('password_hash');
    expect(row.image_url).toMatch(/^\/api\/image\/user_images\/[0-9a-f-]{36}\.jpg$/);
    const image = await fetch(`${base}${row.image_url}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.includes(GPS_IFD_POINTER) && bytes.includes(Buffer.from('Tajna kamera'))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    const [stored] = await t.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, row.id));
    expect(stored?.hash).toMatch(/^\$argon2id\$/);
    expect((await signInAs('marija.a', 'Lozinka-123')).status).toBe(200);
  });

  it('takes a png sent as .jpg as the png it is', async () => {
    const answer = await send(
      '/api/users/store',
      userForm(company('png'), { bytes: await smallPng(), name: 'slika.jpg' }),
    );
    expect(answer.status).toBe(201);
    expect((await read(answer)).image_url).toMatch(/\.png$/);
  });

  it('refuses what SPEC.md 5 refuses, each message on its field, and stores nothing', async () => {
    const before = uploadsIn('user_images');
    const answer = await send(
      '/api/users/store',
      userForm(
        {
          ...company('bad'),
          address: '',
          pib: '',
          confirm_password: 'drugacija',
          roles: [],
          email: 'nije-adresa',
        },
        { bytes: await jpegWithGps(), name: 'x.jpg' },
      ),
    );
    expect(answer.status).toBe(422);
    expect((await read(answer)).errors).toEqual({
      email: ['E-mail mora biti u formatu pr. ime@primjer.com.'],
      roles: ['Obavezno polje'],
      address: ['Obavezno polje.'],
      pib: ['Obavezno polje.'],
      confirm_password: ['Lozinke se ne poklapaju.'],
    });
    const short = await send(
      '/api/users/store',
      userForm({ ...company('short'), password: 'kratka', confirm_password: 'kratka' }),
    );
    expect((await read(short)).errors).toEqual({ password: ['Minimum 8 karaktera.'] });
    const empty = await send('/api/users/store', userForm({}));
    expect(Object.keys((await read(empty)).errors).sort()).toEqual(
      ['confirm_password', 'email', 'name', 'password', 'phone', 'roles', 'user_type_id', 'username'].sort(),
    );
    expect(uploadsIn('user_images')).toEqual(before);
  });

  it('does not ask an individual for address and PIB', async () => {
    const individual = { ...company('ind'), user_type_id: USER_TYPE.individual, address: '', pib: '' };
    expect((await send('/api/users/store', userForm(individual))).status).toBe(201);
  });

  it('refuses an e-mail or username that exists in another case (409 on the field), keeping no image', async () => {
    const before = uploadsIn('user_images');
    const email = await send(
      '/api/users/store',
      userForm({ ...company('dup'), email: 'MARIJA.A@FIRMA.ME' }, { bytes: await smallPng(), name: 'a.png' }),
    );
    expect(email.status).toBe(409);
    expect(await read(email)).toEqual({
      message: 'Korisnik sa ovom e-mail adresom već postoji.',
      errors: { email: ['Korisnik sa ovom e-mail adresom već postoji.'] },
    });
    const username = await send('/api/users/store', userForm({ ...company('dup2'), username: 'Marija.A' }));
    expect((await read(username)).errors).toEqual({
      username: ['Korisnik sa ovim korisničkim imenom već postoji.'],
    });
    expect(uploadsIn('user_images')).toEqual(before);
  });

  it('refuses an SVG, a text file named .png and a 3 MB image with clear messages', async () => {
    const svg = await send('/api/users/store', userForm(company('svg'), { bytes: SVG, name: 'slika.svg' }));
    expect(svg.status).toBe(422);
    expect((await read(svg)).errors).toEqual({
      image_file: ['Dozvoljene su samo slike u formatu PNG ili JPEG.'],
    });
    const text = await send(
      '/api/users/store',
      userForm(company('txt'), { bytes: Buffer.from('zdravo'), name: 'a.png' }),
    );
    expect(text.status).toBe(422);
    const big = await send(
      '/api/users/store',
      userForm(company('big'), { bytes: await threeMegabyteJpeg(), name: 'b.jpg' }),
    );
    expect(big.status).toBe(413);
    expect((await read(big)).errors).toEqual({ image_file: ['Slika može imati najviše 2 MB.'] });
  });

  it('never writes the balance from the form', async () => {
    const answer = await send('/api/users/store', userForm({ ...company('credit'), credit: 9999 }));
    expect((await read(answer)).credit).toBe(0);
  });

  it('is for administrators only', async () => {
    expect((await send('/api/users/store', userForm(company('mod')), moderatorCookie)).status).toBe(403);
  });
});

describe('editing a user', () => {
  let user: { id: number; image_url: string };
  beforeAll(async () => {
    const answer = await send(
      '/api/users/store',
      userForm(company('edit'), { bytes: await smallPng(), name: 'a.png' }),
    );
    user = await read(answer);
  });

  it('keeps the password when none is sent, and replaces the image, removing the old file', async () => {
    const oldFile = path.basename(user.image_url);
    const { password: _p, confirm_password: _c, ...withoutPassword } = company('edit');
    const answer = await send(
      `/api/users/update/${user.id}`,
      userForm(
        { ...withoutPassword, details: 'Novi opis' },
        { bytes: await jpegWithGps(), name: 'nova.jpg' },
      ),
    );
    expect(answer.status).toBe(200);
    const row = await read(answer);
    expect(row.details).toBe('Novi opis');
    expect(row.image_url).not.toBe(user.image_url);
    expect(uploadsIn('user_images')).not.toContain(oldFile);
    expect(uploadsIn('user_images')).toContain(path.basename(row.image_url));
    expect((await signInAs('marija.edit', 'Lozinka-123')).status).toBe(200);
    user = row;
  });

  it('changes the password when one is sent, ending the sessions opened with the old one', async () => {
    const session = await signInAs('marija.edit', 'Lozinka-123');
    expect(await currentUserStatus(session.cookie)).toBe(200);
    const answer = await send(
      `/api/users/update/${user.id}`,
      userForm({ ...company('edit'), password: 'Nova-Lozinka-9', confirm_password: 'Nova-Lozinka-9' }),
    );
    expect(answer.status).toBe(200);
    expect(await currentUserStatus(session.cookie)).toBe(401);
    expect((await signInAs('marija.edit', 'Lozinka-123')).status).toBe(401);
    expect((await signInAs('marija.edit', 'Nova-Lozinka-9')).status).toBe(200);
  });

  it('keeps the image when the form sends none', async () => {
    const answer = await send(`/api/users/update/${user.id}`, userForm({ ...company('edit'), password: '' }));
    expect((await read(answer)).image_url).toBe(user.image_url);
  });

  it('refuses remove_image with a new image at once (422 on the image), keeping the stored one', async () => {
    const answer = await send(
      `/api/users/update/${user.id}`,
      userForm(
        { ...company('edit'), password: '', remove_image: 'true' },
        { bytes: await smallPng(), name: 'b.png' },
      ),
    );
    expect(answer.status).toBe(422);
    expect((await read(answer)).errors).toEqual({
      image_file: ['Pošaljite novu sliku ili uklonite postojeću, ne oboje.'],
    });
    const [row] = await t.db.select({ image_url: users.image_url }).from(users).where(eq(users.id, user.id));
    expect(row?.image_url).toBe(user.image_url);
    expect(uploadsIn('user_images')).toContain(path.basename(user.image_url));
  });

  it('removes the image with remove_image: the column null, the file deleted, the audit entry showing it', async () => {
    const file = path.basename(user.image_url);
    const answer = await send(
      `/api/users/update/${user.id}`,
      userForm({ ...company('edit'), password: '', remove_image: 'true' }),
    );
    expect(answer.status).toBe(200);
    expect((await read(answer)).image_url).toBeNull();
    expect(uploadsIn('user_images')).not.toContain(file);
    const [entry] = await t.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.record_type, 'users'), eq(auditLog.record_id, user.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.action).toBe('update');
    expect(entry?.changes).toMatchObject({ image_url: { before: user.image_url, after: null } });
    // Removing again, with nothing stored, changes nothing and fails nothing.
    const again = await send(
      `/api/users/update/${user.id}`,
      userForm({ ...company('edit'), password: '', remove_image: 'true' }),
    );
    expect(again.status).toBe(200);
  });
});

describe('deactivating and restoring', () => {
  it('ends the sessions of a deactivated user at once; restoring does not bring them back', async () => {
    const created = await read(await send('/api/users/store', userForm(company('off'))));
    const session = await signInAs('marija.off', 'Lozinka-123');
    expect(await currentUserStatus(session.cookie)).toBe(200);
    const off = await fetch(`${base}/api/users/destroy/${created.id}`, {
      method: 'DELETE',
      headers: { cookie: adminCookie, origin: base },
    });
    expect((await read(off)).is_active).toBe(false);
    expect(await currentUserStatus(session.cookie)).toBe(401);
    const on = await fetch(`${base}/api/users/destroy/${created.id}`, {
      method: 'DELETE',
      headers: { cookie: adminCookie, origin: base },
    });
    expect((await read(on)).is_active).toBe(true);
    expect(await currentUserStatus(session.cookie)).toBe(401);
    expect((await signInAs('marija.off', 'Lozinka-123')).status).toBe(200);
  });

  it('applies new roles to a session in use at once', async () => {
    const created = await read(
      await send('/api/users/store', userForm({ ...company('roles'), roles: [ROLE.administrator] })),
    );
    const session = await signInAs('marija.roles', 'Lozinka-123');
    const usersList = () =>
      fetch(`${base}/api/users/index`, {
        method: 'POST',
        headers: { cookie: session.cookie, origin: base, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await usersList()).status).toBe(200);
    const demoted = await send(
      `/api/users/update/${created.id}`,
      userForm({ ...company('roles'), roles: [ROLE.moderator], password: '' }),
    );
    expect(demoted.status).toBe(200);
    expect((await usersList()).status).toBe(403);
    expect(await currentUserStatus(session.cookie)).toBe(200);
  });

  it('does not let an administrator deactivate themself or drop their own Administrator role', async () => {
    const self = await fetch(`${base}/api/users/destroy/${admin.id}`, {
      method: 'DELETE',
      headers: { cookie: adminCookie, origin: base },
    });
    expect(self.status).toBe(409);
    expect((await read(self)).message).toBe('Ne možete deaktivirati sopstveni nalog.');
    const demote = await send(
      `/api/users/update/${admin.id}`,
      userForm({
        ...company('self'),
        username: 'users-admin',
        email: 'users-admin@example.test',
        roles: [ROLE.moderator],
      }),
    );
    expect(demote.status).toBe(422);
    expect((await read(demote)).errors).toEqual({ roles: ['Ne možete sebi ukloniti ulogu Administrator.'] });
    expect(await currentUserStatus(adminCookie)).toBe(200);
  });
});
