/**
 * `npm run simulate`: many members and a moderator on a running server, through the member API (bearer
 * tokens) and the staff API (cookies), as the mobile app and the back-office would: members sign in,
 * post ads, search, contact ads (paying credits, now and then sending a request twice with one
 * Idempotency-Key), answer contacts, ask for refunds; staff approve or reject what waits. Bounded by
 * a number of steps and a time. It prints what it did, requests per second and failures by route,
 * and checks at the end that every simulated member's balance equals the sum of their ledger and
 * that each entry chains on the one before. Exit status 1 on a server error (5xx) or a ledger that
 * does not add up.
 *
 *   node bench/simulate.ts [--url http://localhost:3000] [--members 12] [--steps 600] [--seconds 60]
 *
 * The staff account: SIMULATE_ADMIN_USERNAME (admin) and SIMULATE_ADMIN_PASSWORD (else ADMIN_PASSWORD).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SIMULATE_URL ?? 'http://localhost:3000' },
    members: { type: 'string', default: '12' },
    steps: { type: 'string', default: '600' },
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string', default: '7' },
  },
});
const base = args.url.replace(/\/$/, '');
const memberCount = Math.min(200, Math.max(2, Number(args.members)));
const maxSteps = Math.min(100_000, Math.max(1, Number(args.steps)));
const deadline = Date.now() + Math.min(3600, Math.max(1, Number(args.seconds))) * 1000;
const adminUsername = process.env.SIMULATE_ADMIN_USERNAME ?? 'admin';
const adminPassword = process.env.SIMULATE_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD;
if (!adminPassword) {
  console.error('Set SIMULATE_ADMIN_PASSWORD (or ADMIN_PASSWORD) to the staff account’s password.');
  process.exit(2);
}

/** A small deterministic generator, so that a run can be repeated. */
let state = Number(args.seed) >>> 0 || 7;
const random = () => {
  state = (state * 1_664_525 + 1_013_904_223) >>> 0;
  return state / 2 ** 32;
};
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];

type RouteStats = { count: number; failures: Map<number, number>; ms: number[] };
const stats = new Map<string, RouteStats>();
let serverErrors = 0;

type Caller = { cookie?: string; token?: string };
type Answer<T> = { status: number; body: T };

/** One request; its route (method and path with ids as {id}) is counted with its status and time. */
async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  caller: Caller,
  body?: unknown,
  key?: string,
): Promise<Answer<T>> {
  const route = `${method} ${path.replace(/\/\d+(?=\/|$)/g, '/{id}').replace(/\?.*$/, '')}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (caller.cookie) {
    headers.cookie = caller.cookie;
    headers.origin = base;
  }
  if (key) headers['idempotency-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const entry: RouteStats = stats.get(route) ?? { count: 0, failures: new Map(), ms: [] };
  entry.count++;
  entry.ms.push(performance.now() - started);
  if (response.status >= 400)
    entry.failures.set(response.status, (entry.failures.get(response.status) ?? 0) + 1);
  if (response.status >= 500) {
    serverErrors++;
    console.error(`${route} → ${response.status}: ${text.slice(0, 200)}`);
  }
  stats.set(route, entry);
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

type Page<Row> = { result: Row[]; total_rows: number };
const firstPage = (itemsPerPage: number, filters: Record<string, unknown> = {}) => ({
  filters,
  options: { page: 1, itemsPerPage },
});

async function signInStaff(): Promise<Caller> {
  const response = await fetch(`${base}/api/loginWeb`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: adminUsername, password: adminPassword, is_web: true }),
  });
  if (response.status !== 200) throw new Error(`staff sign-in answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((part) => part.split(';')[0])
    .join('; ');
  return { cookie };
}

/** A member of the run; `adIds` are their own ads (the app does not offer to contact those). */
type Member = Caller & { id: number; username: string; adIds: Set<number> };
type Reference = { services: number[]; currencyId: number; priceId: number };

async function reference(staff: Caller): Promise<Reference> {
  const services = await call<Page<{ id: number }>>(
    'POST',
    '/api/service_choices/index_active',
    staff,
    firstPage(100),
  );
  const currencies = await call<Page<{ id: number }>>(
    'POST',
    '/api/currencies/index_active',
    staff,
    firstPage(10),
  );
  const prices = await call<Page<{ id: number }>>(
    'POST',
    '/api/credit_prices/index_active',
    staff,
    firstPage(10),
  );
  const currency = currencies.body.result[0];
  const price = prices.body.result[0];
  if (!currency || !price || services.body.result.length === 0)
    throw new Error('no services, currency or credit price');
  return { services: services.body.result.map((s) => s.id), currencyId: currency.id, priceId: price.id };
}

/** Members made by staff (as the back-office does), topped up, then signed in to the app. */
async function createMembers(staff: Caller, ref: Reference, run: string): Promise<Member[]> {
  const members: Member[] = [];
  for (let index = 0; index < memberCount; index++) {
    const username = `sim-${run}-${index}`;
    const password = `Sim-${run}-lozinka`;
    const created = await call<{ id: number }>(
      'POST',
      '/api/users/store',
      staff,
      {
        name: `Član ${index}`,
        last_name: 'Simulacija',
        email: `${username}@simulacija.example`,
        username,
        phone: `+382 67 ${String(100_000 + index)}`,
        user_type_id: 2,
        roles: [2],
        password,
        confirm_password: password,
      },
      randomUUID(),
    );
    if (created.status !== 201) throw new Error(`creating a member answered ${created.status}`);
    await call(
      'POST',
      '/api/lead_transactions/store',
      staff,
      {
        credit_amount: 20 + Math.floor(random() * 80),
        credit_price_id: ref.priceId,
        credit_for_user_id: created.body.id,
      },
      randomUUID(),
    );
    const login = await call<{ access_token: string }>('POST', '/api/login', {}, { username, password });
    if (login.status !== 200) throw new Error(`member sign-in answered ${login.status}`);
    members.push({ id: created.body.id, username, token: login.body.access_token, adIds: new Set() });
  }
  return members;
}

type Did = Record<string, number>;
const did: Did = {};
const count = (what: string) => {
  did[what] = (did[what] ?? 0) + 1;
};

async function postAd(member: Member, ref: Reference) {
  const services = [...new Set([pick(ref.services), pick(ref.services)])].filter((id) => id !== undefined);
  const from = 10 + Math.floor(random() * 90);
  const answer = await call<{ id: number }>(
    'POST',
    '/api/me/ads/store',
    member,
    {
      title: `Usluga ${Math.floor(random() * 10_000)} (${member.username})`,
      description: 'Pouzdano i na vrijeme.',
      is_offer: random() < 0.7,
      services,
      currency_id: ref.currencyId,
      price_from: from,
      price_to: from + 20,
      allCountries: true,
      allWorkingDays: true,
      places: [],
      ad_days: [],
    },
    randomUUID(),
  );
  if (answer.status === 201) {
    member.adIds.add(answer.body.id);
    count('ads posted');
  }
}

async function moderate(staff: Caller) {
  const waiting = await call<Page<{ id: number; updated_at: string }>>(
    'POST',
    '/api/jobs/index',
    staff,
    firstPage(10, { status: 1 }),
  );
  for (const ad of waiting.body.result ?? []) {
    const isApproved = random() < 0.85;
    const decided = await call(
      'PUT',
      `/api/jobs/changeStatus/${ad.id}`,
      staff,
      isApproved
        ? { ad_status_id: 2, status_comment: null, updated_at: ad.updated_at }
        : { ad_status_id: 3, status_comment: 'Opis ne odgovara usluzi.', updated_at: ad.updated_at },
      randomUUID(),
    );
    if (decided.status === 200) count(isApproved ? 'ads approved' : 'ads rejected');
  }
}

type SearchRow = { id: number; services: { id: number }[] };

async function searchAndContact(member: Member) {
  const found = await call<Page<SearchRow>>('POST', '/api/ads/search', member, firstPage(20));
  count('searches');
  const ad = pick((found.body.result ?? []).filter((row) => !member.adIds.has(row.id)));
  const service = ad && pick(ad.services);
  if (!ad || !service) return;
  await call('GET', `/api/ads/public/${ad.id}`, member);
  const key = randomUUID();
  const body = { ad_id: ad.id, service_id: service.id };
  // Now and then the app retries a contact whose answer it did not get: one key, one payment.
  const answers =
    random() < 0.2
      ? await Promise.all([
          call('POST', '/api/leads/contact', member, body, key),
          call('POST', '/api/leads/contact', member, body, key),
        ])
      : [await call('POST', '/api/leads/contact', member, body, key)];
  if (answers[0]?.status === 201) count('contacts paid');
  else if (answers[0]?.status === 409) count('contacts refused (one open already, or too few credits)');
}

type LeadRow = { id: number; is_accepted: boolean | null; refunded_at: string | null };

async function answerContacts(member: Member) {
  const received = await call<Page<LeadRow>>(
    'POST',
    '/api/me/leads/index',
    member,
    firstPage(10, { direction: 'received' }),
  );
  for (const lead of (received.body.result ?? []).filter(
    (row) => row.is_accepted === null && !row.refunded_at,
  )) {
    // Some contacts stay unanswered: the server refunds them when their time runs out.
    if (random() < 0.25) continue;
    const isAccepted = random() < 0.7;
    const answer = await call(
      'PUT',
      `/api/leads/answer/${lead.id}`,
      member,
      { is_accepted: isAccepted },
      randomUUID(),
    );
    if (answer.status === 200) count(isAccepted ? 'contacts accepted' : 'contacts declined (refunded)');
  }
}

async function askRefund(member: Member) {
  const sent = await call<Page<LeadRow>>(
    'POST',
    '/api/me/leads/index',
    member,
    firstPage(10, { direction: 'sent' }),
  );
  const lead = pick((sent.body.result ?? []).filter((row) => row.is_accepted === true && !row.refunded_at));
  if (!lead) return;
  const asked = await call(
    'POST',
    '/api/refund_requests/store',
    member,
    { lead_id: lead.id, reason: 'invalid_contact', text: 'Broj telefona ne postoji.' },
    randomUUID(),
  );
  if (asked.status === 201) count('refunds asked');
}

async function readInbox(member: Member) {
  const inbox = await call<{ unread_count: number }>(
    'POST',
    '/api/me/notifications/index',
    member,
    firstPage(10),
  );
  if (inbox.body.unread_count > 0) {
    await call('PUT', '/api/me/notifications/read', member, { all: true }, randomUUID());
    count('inboxes read');
  }
}

type LedgerRow = { id: number; credit_amount: number; credit_state: number };

/** Balance = sum of the ledger, and each entry's state = the previous one's + its amount. */
async function checkLedger(member: Member): Promise<string | null> {
  const me = await call<{ credit: number }>('GET', '/api/me', member);
  const entries: LedgerRow[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await call<Page<LedgerRow>>('POST', '/api/me/ledger', member, {
      filters: {},
      options: { page, itemsPerPage: 100, sortBy: ['updated_at'], sortDesc: [false] },
    });
    entries.push(...answer.body.result);
    if (answer.body.result.length < 100) break;
  }
  entries.sort((a, b) => a.id - b.id);
  let state = 0;
  for (const entry of entries) {
    state = Math.round((state + entry.credit_amount) * 100) / 100;
    if (Math.abs(state - entry.credit_state) > 0.001)
      return `${member.username}: entry ${entry.id} says ${entry.credit_state}, the sum is ${state}`;
  }
  if (Math.abs(state - me.body.credit) > 0.001)
    return `${member.username}: balance ${me.body.credit}, ledger ${state}`;
  return null;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

async function main() {
  const started = Date.now();
  const run = randomUUID().slice(0, 8);
  const staff = await signInStaff();
  const ref = await reference(staff);
  const members = await createMembers(staff, ref, run);
  console.log(`run ${run}: ${members.length} members signed in to the app, against ${base}`);

  const actions: [number, (member: Member) => Promise<void>][] = [
    [0.15, (member) => postAd(member, ref)],
    [0.35, searchAndContact],
    [0.2, answerContacts],
    [0.1, askRefund],
    [0.2, readInbox],
  ];
  let steps = 0;
  // Members act in parallel, a few at a time, as phones would; staff moderate between rounds.
  while (steps < maxSteps && Date.now() < deadline) {
    const round = members.map(async (member) => {
      let roll = random();
      for (const [weight, action] of actions) {
        roll -= weight;
        if (roll <= 0) return action(member);
      }
    });
    await Promise.all(round);
    steps += members.length;
    await moderate(staff);
  }
  const problems = (await Promise.all(members.map(checkLedger))).filter((problem) => problem !== null);
  const seconds = (Date.now() - started) / 1000;
  const requests = [...stats.values()].reduce((sum, entry) => sum + entry.count, 0);

  console.log(`\nwhat the members and staff did (${steps} member steps in ${seconds.toFixed(1)} s):`);
  for (const [what, times] of Object.entries(did).sort()) console.log(`  ${what}: ${times}`);
  console.log(`\n${requests} requests, ${(requests / seconds).toFixed(1)} per second`);
  console.log('route                                         count   p50 ms   p95 ms   answers ≥ 400');
  for (const [route, entry] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
    const failures = [...entry.failures].map(([status, n]) => `${status}×${n}`).join(' ');
    console.log(
      `${route.padEnd(45)} ${String(entry.count).padStart(5)} ${percentile(entry.ms, 0.5).toFixed(1).padStart(8)} ${percentile(entry.ms, 0.95).toFixed(1).padStart(8)}   ${failures}`,
    );
  }
  console.log(
    problems.length === 0
      ? `\nledger: every balance of the ${members.length} members equals its ledger`
      : `\nledger: ${problems.length} balances do not add up:\n  ${problems.join('\n  ')}`,
  );
  if (serverErrors > 0) console.log(`server errors: ${serverErrors}`);
  process.exitCode = problems.length > 0 || serverErrors > 0 ? 1 : 0;
}

await main();
