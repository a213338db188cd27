import { USER_TYPE } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, mailOutbox, sessions, transactions, users } from '../src/db/schema/index.ts';
import { MAX_ATTEMPTS } from '../src/mail/mail-worker.ts';
import { type ReceivedMail, startSmtpPeer } from './helpers/smtp-peer.ts';
import { createTestApp, createUser, ROLE, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const PUBLIC_URL = 'https://usluge.test';

const call = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload, headers });

/** Delivers the outbox now and answers the mail that reached the SMTP peer last. */
async function lastMail(): Promise<ReceivedMail> {
  await t.app.mail.deliverDue();
  const mail = smtp.received.at(-1);
  if (!mail) throw new Error('no mail arrived');
  return mail;
}

const tokenIn = (mail: ReceivedMail, path: string) => {
  const match = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}${path}([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${mail.text}`);
  return decodeURIComponent(match[1]);
};

const member = {
  name: 'Jelena',
  last_name: 'Vuković',
  email: 'jelena@primjer.me',
  username: 'jelena.v',
  phone: '+382 69 123 456',
  user_type_id: USER_TYPE.individual,
  password: 'Moja-Lozinka-1',
};

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      ACCOUNT_MAX_REQUESTS_PER_ADDRESS: '4',
      ACCOUNT_MAX_REQUESTS_PER_IP: '1000',
    },
  });
  for (let i = 0; i < 3; i++) await createUser(t.db, { username: `acc-filler-${i}`, roleIds: [] });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('registering and verifying', () => {
  it('creates a member and mails a verification link that works once', async () => {
    const answer = await call('/api/register', member);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().message).toBe('Nalog je otvoren. Poslali smo vam e-mail sa linkom za potvrdu.');
    const mail = await lastMail();
    expect(mail.to).toEqual(['jelena@primjer.me']);
    expect(mail.subject).toBe('Usluge: Potvrdite svoj nalog');
    expect(mail.text).toContain('Zdravo Jelena,');
    const token = tokenIn(mail, '/verify-account/');
    const [user] = await t.db
      .select({ id: users.id, verified: users.email_verified_at })
      .from(users)
      .where(eq(users.username, 'jelena.v'));
    expect(user?.verified).toBeNull();
    expect((await call('/api/verify-account', { token })).json()).toEqual({
      message: 'Nalog je potvrđen. Možete se prijaviti.',
      is_already_verified: false,
    });
    // Opened again (a reload after success): the account is already verified, not an invalid link.
    const again = await call('/api/verify-account', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: 'Nalog je već potvrđen. Možete se prijaviti.',
      is_already_verified: true,
    });
    const inEnglish = await call('/api/verify-account', { token }, { 'accept-language': 'en' });
    expect(inEnglish.json().message).toBe('Your account is already confirmed. You can sign in.');
    const unknown = await call('/api/verify-account', { token: `${token.slice(0, -2)}xy` });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Link nije ispravan, već je iskorišćen ili je istekao.');
    const [after] = await t.db
      .select({ verified: users.email_verified_at })
      .from(users)
      .where(eq(users.username, 'jelena.v'));
    expect(after?.verified).toBeInstanceOf(Date);
    const stored = await t.db.select({ hash: accountTokens.token_hash }).from(accountTokens);
    expect(stored.every((row) => row.hash !== token)).toBe(true);
  });

  it('writes the mail in English when asked', async () => {
    await call(
      '/api/register',
      { ...member, email: 'ana@primjer.me', username: 'ana.en' },
      { 'accept-language': 'en' },
    );
    const mail = await lastMail();
    expect(mail.subject).toBe('Usluge: Confirm your account');
    expect(mail.text).toContain('Hello Jelena,');
  });

  it('refuses an address already registered, on the field', async () => {
    const answer = await call('/api/register', { ...member, username: 'drugi' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().errors).toEqual({ email: ['Korisnik sa ovom e-mail adresom već postoji.'] });
  });
});

describe('a new password', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const before = smtp.received.length;
    const known = await call('/api/forgot-password', { email: 'JELENA@primjer.me' });
    const unknown = await call('/api/forgot-password', { email: 'nepoznat@primjer.me' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    await t.app.mail.deliverDue();
    expect(smtp.received.length).toBe(before + 1);
  });

  it('sets a new password with the token, once, ending every session of the user', async () => {
    const session = await t.signIn('jelena.v', 'Moja-Lozinka-1');
    expect((await t.request({ method: 'GET', url: '/api/user', cookie: session })).statusCode).toBe(200);
    await call('/api/forgot-password', { email: 'jelena@primjer.me' });
    const mail = await lastMail();
    expect(mail.subject).toBe('Usluge: Nova lozinka');
    const token = tokenIn(mail, '/reset-password/');
    expect((await call('/api/check-uuid', { token })).json()).toEqual({ full_name: 'Jelena Vuković' });
    const set = await call('/api/set-new-password', { token, new_password: 'Nova-Lozinka-2' });
    expect(set.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', cookie: session })).statusCode).toBe(401);
    expect((await call('/api/set-new-password', { token, new_password: 'Treca-Lozinka-3' })).statusCode).toBe(
      422,
    );
    await t.signIn('jelena.v', 'Nova-Lozinka-2');
  });

  it('refuses an expired token', async () => {
    await call('/api/forgot-password', { email: 'jelena@primjer.me' });
    const token = tokenIn(await lastMail(), '/reset-password/');
    await t.db.update(accountTokens).set({ expires_at: sql`now() - interval '1 minute'` });
    const answer = await call('/api/check-uuid', { token });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe('Link nije ispravan, već je iskorišćen ili je istekao.');
  });
});

describe('deleting an account', () => {
  it('answers the same whether or not the account exists', async () => {
    const known = await call('/api/delete-account', { username: 'ana.en', email: 'ana@primjer.me' });
    const unknown = await call('/api/delete-account', { username: 'niko', email: 'niko@primjer.me' });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
  });

  it('removes the personal data once confirmed, keeping the ledger, and ends the sessions', async () => {
    const user = await createUser(t.db, { username: 'brisem', roleIds: [ROLE.member] });
    await t.db
      .insert(transactions)
      .values({ user_id: user.id, description: 'Dopuna kredita', credit_amount: 50, credit_state: 50 });
    await t.db.update(users).set({ credit: 50 }).where(eq(users.id, user.id));
    const session = await t.signIn('brisem');
    await call('/api/delete-account', { username: 'BRISEM', email: 'brisem@example.test' });
    const mail = await lastMail();
    expect(mail.subject).toBe('Usluge: Potvrdite brisanje naloga');
    expect(mail.to).toEqual(['brisem@example.test']);
    const token = tokenIn(mail, '/delete-account\\?token=');
    const answer = await call('/api/delete-account/confirm', { token });
    expect(answer.json().message).toBe('Nalog je obrisan.');
    const [after] = await t.db
      .select({
        name: users.name,
        email: users.email,
        phone: users.phone,
        isActive: users.is_active,
        credit: users.credit,
      })
      .from(users)
      .where(eq(users.id, user.id));
    expect(after).toEqual({
      name: 'Obrisan korisnik',
      email: `obrisan-${user.id}@obrisan.invalid`,
      phone: null,
      isActive: false,
      credit: 50,
    });
    expect(
      await t.db
        .select({ state: transactions.credit_state })
        .from(transactions)
        .where(eq(transactions.user_id, user.id)),
    ).toEqual([{ state: 50 }]);
    expect((await t.request({ method: 'GET', url: '/api/user', cookie: session })).statusCode).toBe(401);
    const open = await t.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(sql`${sessions.user_id} = ${user.id} and ${sessions.revoked_at} is null`);
    expect(open).toEqual([]);
    expect((await call('/api/delete-account/confirm', { token })).statusCode).toBe(422);
  });
});

describe('limits and delivery', () => {
  it('limits the calls per address (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call('/api/forgot-password', { email: 'limit@primjer.me' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    const refused = await call('/api/forgot-password', { email: 'LIMIT@primjer.me' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('retries a mail the server refused, and delivers it on a later round', async () => {
    smtp.rejectNext(1);
    const before = smtp.received.length;
    expect((await call('/api/forgot-password', { email: 'ana@primjer.me' })).statusCode).toBe(200);
    expect(await t.app.mail.deliverDue()).toBe(0);
    const [pending] = await t.db
      .select({ attempts: mailOutbox.attempts, error: mailOutbox.error, sentAt: mailOutbox.sent_at })
      .from(mailOutbox)
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    expect(pending).toMatchObject({ attempts: 1, sentAt: null });
    expect(pending?.error).toMatch(/451/);
    // Not due again yet: the backoff holds it back.
    expect(await t.app.mail.deliverDue()).toBe(0);
    await t.db
      .update(mailOutbox)
      .set({ next_attempt_at: sql`now()` })
      .where(sql`${mailOutbox.sent_at} is null`);
    expect(await t.app.mail.deliverDue()).toBe(1);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('keeps why on each mail when SMTP_URL cannot be used, and fails the mail after its last attempt', async () => {
    // Passes the configuration's check (smtp://…) but is no URL nodemailer can open.
    const broken = await createTestApp({ env: { SMTP_URL: 'smtp://[mail.primjer.me' } });
    try {
      await createUser(broken.db, { username: 'smtp-broken', roleIds: [ROLE.member] });
      const answer = await broken.request({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'smtp-broken@example.test' },
      });
      expect(answer.statusCode).toBe(200);
      const outbox = () =>
        broken.db
          .select({ attempts: mailOutbox.attempts, error: mailOutbox.error, failedAt: mailOutbox.failed_at })
          .from(mailOutbox);
      expect(await broken.app.mail.deliverDue()).toBe(0);
      expect(await outbox()).toEqual([{ attempts: 1, error: 'Invalid URL', failedAt: null }]);
      // Every later attempt is tried anew and says why; the last fails the mail.
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        await broken.db.update(mailOutbox).set({ next_attempt_at: sql`now()` });
        await broken.app.mail.deliverDue();
      }
      const [mail] = await outbox();
      expect(mail?.error).toBe('Invalid URL');
      expect(mail?.failedAt).not.toBeNull();
    } finally {
      await broken.close();
    }
  });
});
