import { AD_STATUS, ROLE, USER_TYPE } from '@usluge/contract';
import {
  correctionDescription,
  leadContactDescription,
  leadRefundDescription,
  topUpDescription,
} from '../../ledger/ledger-descriptions.ts';
import {
  AD_TEXTS,
  DEMAND_SENTENCES,
  OFFER_SENTENCES,
  REJECTION_REASONS,
  type ServiceAdText,
} from './demo-ad-texts.ts';
import {
  asciiSlug,
  DEMO_COMPANIES,
  DEMO_TOWNS,
  DETAILS_BY_FOLDER,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  STREETS_BY_CITY,
} from './demo-people.ts';
import { createRandom, type Random } from './seed-random.ts';
import { AD_STATUS_ORDER } from './seed-reference.ts';

/**
 * The demo data as plain values, decided before anything is written: rows refer to each other by
 * position in the plan's arrays, and the writer (seed-demo.ts) turns positions into ids. Keeping
 * the decisions pure makes the ledger arithmetic easy to get right and to check.
 */

/** Reference rows the demo refers to, read from the database (staff may have changed them). */
export type DemoReferences = {
  now: Date;
  /** Active leaf services with their folder's name. */
  services: readonly { id: number; name: string; credit: number; folder: string }[];
  countries: readonly { id: number; code: string; cities: readonly { id: number; name: string }[] }[];
  currencies: readonly { id: number; shortName: string }[];
  creditPrices: readonly { id: number; price: number; countryCode: string; currency: string }[];
  dayIds: readonly number[];
};

export type PlannedUser = {
  name: string;
  last_name: string | null;
  email: string;
  username: string;
  phone: string;
  details: string | null;
  address: string | null;
  pib: string | null;
  user_type_id: number;
  credit: number;
  email_verified_at: Date | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
  roleIds: number[];
};

export type PlannedStatusChange = {
  from_status_id: number | null;
  to_status_id: number;
  reason: string | null;
  changedByUser: number;
  created_at: Date;
};

/** An ad's own columns; its owner and children are beside it in PlannedAd. */
export type PlannedAdRow = {
  title: string;
  description: string;
  is_offer: boolean;
  currency_id: number;
  price_from: number;
  price_to: number | null;
  ad_status_id: number;
  status_comment: string | null;
  all_countries: boolean;
  all_working_days: boolean;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
};

export type PlannedAd = {
  row: PlannedAdRow;
  postedByUser: number;
  serviceIds: number[];
  places: { countryId: number; cityIds: number[] }[];
  days: { dayId: number; shifts: (readonly [start: string, stop: string])[] }[];
  history: PlannedStatusChange[];
};

export type PlannedLead = {
  ad: number;
  user: number;
  service_id: number;
  credit: number;
  contact_time: Date;
  answer_due_at: Date;
  is_accepted: boolean | null;
  response_time: Date | null;
  /** A declined contact is refunded when declined, an unanswered one when its time ran out. */
  refunded_at: Date | null;
  refund_reason: 'declined' | 'no_answer' | null;
};

/** One ledger entry; staff top-ups and corrections also carry their lead_transactions row. */
export type PlannedLedgerEntry = {
  user: number;
  at: Date;
  description: string;
  amount: number;
  stateAfter: number;
  /** null: the product itself (an unanswered contact's refund). */
  createdByUser: number | null;
  lead: number | null;
  topUp: { creditPriceId: number; stateBefore: number; totalPrice: number } | null;
};

export type DemoPlan = {
  users: PlannedUser[];
  ads: PlannedAd[];
  leads: PlannedLead[];
  /** In the order the entries happened: ids must follow it for credit_state to chain. */
  ledger: PlannedLedgerEntry[];
};

export const DEMO_AD_COUNT = 200;
const INDIVIDUAL_MEMBER_COUNT = 36;
const INACTIVE_MEMBER_COUNT = 4;
/** Members who signed up in the last month and have not posted or contacted anyone yet. */
const NEWCOMER_COUNT = 14;
const NEWCOMER_DAYS = 30;
/** The newcomers' own random stream: adding them changes nothing else in the demo. */
const NEWCOMER_RANDOM_SEED = 20_261_101;
const INACTIVE_AD_COUNT = 8;
const AD_STATUS_COUNTS: Readonly<Record<number, number>> = {
  [AD_STATUS.awaitingApproval]: 40,
  [AD_STATUS.approved]: 95,
  [AD_STATUS.rejected]: 25,
  [AD_STATUS.finished]: 40,
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo plan: ${what} missing`);
  return value;
}

/** Money in whole cents, so totals such as 150 × 0.55 stay exact. */
const toCents = (amount: number) => Math.round(amount * 100);

const DAY_PATTERNS: readonly (readonly number[])[] = [
  [1, 2, 3, 4, 5],
  [1, 2, 3, 4, 5],
  [1, 2, 3, 4, 5, 6],
  [1, 2, 3, 4, 5, 6, 7],
  [6, 7],
  [1, 3, 5],
  [2, 4, 6],
];

type Shift = readonly [start: string, stop: string];

const WEEKDAY_SHIFTS: readonly (readonly Shift[])[] = [
  [['08:00', '16:00']],
  [
    ['08:00', '12:00'],
    ['13:00', '17:00'],
  ],
  [
    ['09:00', '13:00'],
    ['17:00', '20:00'],
  ],
  [['07:00', '15:00']],
  [['10:00', '18:00']],
  [['16:00', '21:00']],
  [['08:30', '14:30']],
  [
    ['07:30', '11:30'],
    ['12:00', '16:00'],
  ],
];

const WEEKEND_SHIFTS: readonly (readonly Shift[])[] = [
  [['09:00', '14:00']],
  [['10:00', '13:00']],
  [
    ['09:00', '12:00'],
    ['17:00', '20:00'],
  ],
];

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return must(hours, 'hours') * 60 + must(minutes, 'minutes');
};

/** The same rules the ad form enforces: 5 minutes at least, no shift before the previous one ends. */
function assertShifts(shifts: readonly Shift[]): void {
  let previousStop = -1;
  for (const [start, stop] of shifts) {
    if (minutesOf(stop) - minutesOf(start) < 5 || minutesOf(start) < previousStop) {
      throw new Error(`demo plan: bad shifts ${JSON.stringify(shifts)}`);
    }
    previousStop = minutesOf(stop);
  }
}

const ALLOWED_STATUS_CHANGES = new Set(AD_STATUS_ORDER.map(([from, to]) => `${from}>${to}`));

/** The statuses an ad went through, ending in its current one; every step is an allowed change. */
function statusPath(random: Random, status: number): number[] {
  const { awaitingApproval: waiting, approved, rejected, finished } = AD_STATUS;
  let path: number[];
  if (status === waiting) path = random.chance(0.15) ? [waiting, rejected, waiting] : [waiting];
  else if (status === approved) {
    const roll = random.next();
    if (roll < 0.8) path = [waiting, approved];
    else if (roll < 0.93) path = [waiting, rejected, approved];
    else path = [waiting, approved, finished, approved];
  } else if (status === rejected) {
    path = random.chance(0.6) ? [waiting, rejected] : [waiting, approved, rejected];
  } else path = [waiting, approved, finished];
  for (let i = 1; i < path.length; i++) {
    if (!ALLOWED_STATUS_CHANGES.has(`${path[i - 1]}>${path[i]}`)) {
      throw new Error(`demo plan: status change ${path[i - 1]} → ${path[i]} is not allowed`);
    }
  }
  return path;
}

/** How long after the previous status an ad reaches the next one: [shortest, longest] in ms. */
function statusDelay(from: number, to: number): readonly [number, number] {
  if (from === AD_STATUS.awaitingApproval) return [HOUR, 3 * DAY];
  if (from === AD_STATUS.approved && to === AD_STATUS.finished) return [5 * DAY, 60 * DAY];
  if (from === AD_STATUS.approved) return [DAY, 20 * DAY];
  return [2 * HOUR, 5 * DAY];
}

const fallbackText = (name: string): ServiceAdText => ({
  offers: [`Nudim uslugu: ${name}`],
  demands: [`Potrebna usluga: ${name}`],
  offerDetail: '',
  demandDetail: '',
  price: [10, 200],
});

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function planDemo(random: Random, refs: DemoReferences): DemoPlan {
  const nowMs = refs.now.getTime();
  const time = {
    daysAgo: (min: number, max: number) => new Date(nowMs - random.int(min * DAY, max * DAY)),
    /** A moment after `from` that still leaves half of the time until now for later steps. */
    later: (from: Date, minMs: number, maxMs: number) => {
      const start = from.getTime();
      const upper = Math.min(start + maxMs, start + (nowMs - start) / 2);
      return new Date(random.int(Math.min(start + minMs, upper), upper));
    },
    nowMs,
  };

  const servicesByFolder = new Map<string, DemoReferences['services'][number][]>();
  for (const service of refs.services) {
    const list = servicesByFolder.get(service.folder) ?? [];
    list.push(service);
    servicesByFolder.set(service.folder, list);
  }
  const folders = [...servicesByFolder.keys()];
  if (folders.length === 0) throw new Error('demo plan: no active services to advertise');

  const { users, folderOf } = planUsers(random, folders, time.daysAgo, nowMs);
  const indexesWhere = (test: (user: PlannedUser) => boolean) =>
    users.flatMap((user, index) => (user.is_active && test(user) ? [index] : []));
  const people: People = {
    users,
    folderOf,
    // Newcomers have done nothing yet: no ads, contacts or credits.
    members: indexesWhere(
      (user) => user.roleIds.includes(ROLE.member) && user.created_at.getTime() < nowMs - NEWCOMER_DAYS * DAY,
    ),
    staff: indexesWhere((user) => user.roleIds.some((id) => id !== ROLE.member)),
    admins: indexesWhere((user) => user.roleIds.includes(ROLE.administrator)),
    korisnik: users.findIndex((user) => user.username === DEMO_MEMBER_USERNAME),
  };

  const ads = planAds(random, refs, people, servicesByFolder, folders, time);
  const leads = planLeads(random, refs, people, ads, time);
  const ledger = planLedger(random, refs, people, ads, leads, time);
  for (const entry of ledger) {
    const user = must(users[entry.user], 'ledger user');
    user.credit = entry.stateAfter;
    if (entry.at > user.updated_at) user.updated_at = entry.at;
  }
  return { users, ads, leads, ledger };
}

/** The documented demo accounts (see seed-demo.ts). */
export const DEMO_MEMBER_USERNAME = 'korisnik';
export const DEMO_MODERATOR_USERNAME = 'moderator';

type Time = {
  daysAgo: (min: number, max: number) => Date;
  later: (from: Date, minMs: number, maxMs: number) => Date;
  nowMs: number;
};

type People = {
  users: PlannedUser[];
  /** The services folder each member works in (their offers come mostly from it). */
  folderOf: Map<number, string>;
  /** Active users by role, as positions in `users`. */
  members: number[];
  staff: number[];
  admins: number[];
  korisnik: number;
};

type StaffPerson = { first: string; last: string; username: string; roleIds: number[] };

const STAFF_AND_DOCUMENTED: readonly StaffPerson[] = [
  { first: 'Nikola', last: 'Vujović', username: 'nikola.vujovic', roleIds: [ROLE.administrator] },
  { first: 'Jelena', last: 'Perović', username: 'jelena.perovic', roleIds: [ROLE.administrator] },
  { first: 'Milica', last: 'Radović', username: DEMO_MODERATOR_USERNAME, roleIds: [ROLE.moderator] },
  { first: 'Stefan', last: 'Bošković', username: 'stefan.boskovic', roleIds: [ROLE.moderator] },
  { first: 'Ana', last: 'Đurović', username: 'ana.djurovic', roleIds: [ROLE.moderator] },
  // A moderator who also uses the marketplace: their credit balance is shown and used.
  {
    first: 'Danilo',
    last: 'Kovačević',
    username: 'danilo.kovacevic',
    roleIds: [ROLE.member, ROLE.moderator],
  },
  { first: 'Marko', last: 'Petrović', username: DEMO_MEMBER_USERNAME, roleIds: [ROLE.member] },
];

/**
 * Staff and the documented accounts, then companies, then individuals. Usernames are unique
 * (the index is case-insensitive; all of ours are lower case): a repeated name gets a number.
 */
function planUsers(
  random: Random,
  folders: readonly string[],
  daysAgo: Time['daysAgo'],
  nowMs: number,
): { users: PlannedUser[]; folderOf: Map<number, string> } {
  const users: PlannedUser[] = [];
  const folderOf = new Map<number, string>();
  const usernames = new Set<string>();
  const pibs = new Set<string>();
  const uniqueUsername = (base: string) => {
    let candidate = base;
    for (let n = 2; usernames.has(candidate); n++) candidate = `${base}${n}`;
    usernames.add(candidate);
    return candidate;
  };
  const phone = () => `+382 6${random.pick([3, 7, 8, 9])} ${random.int(100, 999)} ${random.int(100, 999)}`;
  const address = (town: string) =>
    `${random.pick(STREETS_BY_CITY[town] ?? ['Njegoševa'])} ${random.int(1, 120)}, ${town}`;
  const folderOr = (folder: string) => (folders.includes(folder) ? folder : random.pick(folders));
  const verifiedAt = (created_at: Date, probability: number) =>
    random.chance(probability) ? new Date(created_at.getTime() + 10 * MINUTE) : null;
  const add = (user: Omit<PlannedUser, 'credit' | 'updated_at'>, folder?: string) => {
    users.push({ ...user, credit: 0, updated_at: user.created_at });
    if (folder !== undefined) folderOf.set(users.length - 1, folder);
  };

  for (const person of STAFF_AND_DOCUMENTED) {
    const username = uniqueUsername(person.username);
    const created_at = daysAgo(380, 420);
    const isMember = person.roleIds.includes(ROLE.member);
    add(
      {
        name: person.first,
        last_name: person.last,
        email: `${username}@example.com`,
        username,
        phone: phone(),
        details: null,
        address: isMember ? address('Podgorica') : null,
        pib: null,
        user_type_id: USER_TYPE.individual,
        email_verified_at: verifiedAt(created_at, 1),
        is_active: true,
        created_at,
        roleIds: person.roleIds,
      },
      // The documented member is a handyman, so their ads and contacts tell one story.
      isMember ? folderOr('Popravke i instalacije') : undefined,
    );
  }

  for (const company of DEMO_COMPANIES) {
    const slug = asciiSlug(company.name.replace(/ d\.o\.o\.$/, ''));
    let pib = '';
    do pib = `02${random.int(100_000, 999_999)}`;
    while (pibs.has(pib));
    pibs.add(pib);
    const created_at = daysAgo(190, 360);
    add(
      {
        name: company.name,
        last_name: null,
        email: `info@${slug.replaceAll('.', '-')}.example.com`,
        username: uniqueUsername(slug),
        phone: phone(),
        details: company.details,
        address: address(company.town),
        pib,
        user_type_id: USER_TYPE.company,
        email_verified_at: verifiedAt(created_at, 0.9),
        is_active: true,
        created_at,
        roleIds: [ROLE.member],
      },
      folderOr(company.folder),
    );
  }

  const inactive = new Set(
    random.sample(
      Array.from({ length: INDIVIDUAL_MEMBER_COUNT }, (_, i) => i),
      INACTIVE_MEMBER_COUNT,
    ),
  );
  // Podgorica listed twice: about a third of the country lives there.
  const towns = ['Podgorica', ...DEMO_TOWNS];
  for (let i = 0; i < INDIVIDUAL_MEMBER_COUNT; i++) {
    const first = random.chance(0.5) ? random.pick(MALE_FIRST_NAMES) : random.pick(FEMALE_FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const username = uniqueUsername(asciiSlug(`${first} ${last}`));
    const folder = random.pick(folders);
    const created_at = daysAgo(190, 360);
    const details = DETAILS_BY_FOLDER[folder];
    add(
      {
        name: first,
        last_name: last,
        email: `${username}@example.com`,
        username,
        phone: phone(),
        details: details && random.chance(0.5) ? random.pick(details) : null,
        address: random.chance(0.4) ? address(random.pick(towns)) : null,
        pib: null,
        user_type_id: USER_TYPE.individual,
        email_verified_at: verifiedAt(created_at, 0.85),
        is_active: !inactive.has(i),
        created_at,
        roleIds: [ROLE.member],
      },
      folder,
    );
  }

  // Sign-ups of the last month, for the dashboard's new members per day.
  const recent = createRandom(NEWCOMER_RANDOM_SEED);
  for (let i = 0; i < NEWCOMER_COUNT; i++) {
    const first = recent.chance(0.5) ? recent.pick(MALE_FIRST_NAMES) : recent.pick(FEMALE_FIRST_NAMES);
    const last = recent.pick(LAST_NAMES);
    const username = uniqueUsername(asciiSlug(`${first} ${last}`));
    const created_at = new Date(nowMs - recent.int(HOUR, (NEWCOMER_DAYS - 1) * DAY));
    add({
      name: first,
      last_name: last,
      email: `${username}@example.com`,
      username,
      phone: `+382 6${recent.pick([3, 7, 8, 9])} ${recent.int(100, 999)} ${recent.int(100, 999)}`,
      details: null,
      address: null,
      pib: null,
      user_type_id: USER_TYPE.individual,
      email_verified_at: recent.chance(0.6) ? new Date(created_at.getTime() + 10 * MINUTE) : null,
      is_active: true,
      created_at,
      roleIds: [ROLE.member],
    });
  }
  return { users, folderOf };
}

type ServiceRef = DemoReferences['services'][number];

function planAds(
  random: Random,
  refs: DemoReferences,
  people: People,
  servicesByFolder: Map<string, ServiceRef[]>,
  folders: readonly string[],
  time: Time,
): PlannedAd[] {
  const { users, folderOf, members, staff, korisnik } = people;
  if (members.length === 0 || staff.length === 0) throw new Error('demo plan: no members or staff');
  // Companies advertise three times as often as individuals.
  const posters = members.flatMap((index) =>
    index === korisnik ? [] : Array<number>(users[index]?.pib ? 3 : 1).fill(index),
  );
  const statuses = random.sample(
    Object.entries(AD_STATUS_COUNTS).flatMap(([status, count]) => Array<number>(count).fill(Number(status))),
    DEMO_AD_COUNT,
  );
  const inactive = new Set(
    random.sample(
      Array.from({ length: DEMO_AD_COUNT }, (_, i) => i),
      INACTIVE_AD_COUNT,
    ),
  );
  const montenegro = refs.countries.find((country) => country.code === 'ME') ?? refs.countries[0];
  const eur = refs.currencies.find((currency) => currency.shortName === 'EUR') ?? refs.currencies[0];
  const usd = refs.currencies.find((currency) => currency.shortName === 'USD') ?? eur;
  if (!montenegro || !eur || !usd) throw new Error('demo plan: no countries or currencies');
  const cityName = new Map(refs.countries.flatMap((country) => country.cities.map((c) => [c.id, c.name])));

  return statuses.map((status, index) => {
    const postedByUser = index < 6 && korisnik >= 0 ? korisnik : random.pick(posters);
    const poster = must(users[postedByUser], 'poster');
    const is_offer = random.chance(poster.pib ? 0.85 : 0.5);

    const ownFolder = folderOf.get(postedByUser);
    const folder = ownFolder && random.chance(0.8) ? ownFolder : random.pick(folders);
    const folderServices = must(servicesByFolder.get(folder), 'folder services');
    const serviceRoll = random.next();
    const chosen = random.sample(folderServices, serviceRoll < 0.55 ? 1 : serviceRoll < 0.85 ? 2 : 3);
    const main = must(chosen[0], 'main service');
    const text = AD_TEXTS[main.name] ?? fallbackText(main.name);

    const all_countries = random.chance(0.1);
    const places: PlannedAd['places'] = [];
    if (!all_countries) {
      const others = refs.countries.filter((country) => country !== montenegro);
      const primary = others.length > 0 && random.chance(0.2) ? random.pick(others) : montenegro;
      const placeCountries = [primary];
      const second = others.filter((country) => country !== primary);
      if (second.length > 0 && random.chance(0.15)) placeCountries.push(random.pick(second));
      for (const country of placeCountries) {
        // Mostly the larger towns, which come first in the list; sometimes the whole country.
        const towns = random.chance(0.8) ? country.cities.slice(0, 12) : country.cities;
        const cityIds = random.chance(0.15) ? [] : random.sample(towns, random.int(1, 3)).map((c) => c.id);
        places.push({ countryId: country.id, cityIds });
      }
    }
    const onlyCity =
      places.length === 1 && places[0]?.cityIds.length === 1
        ? cityName.get(places[0].cityIds[0] ?? -1)
        : undefined;
    const title = `${random.pick(is_offer ? text.offers : text.demands)}${onlyCity ? ` – ${onlyCity}` : ''}`;
    const sentences = [
      is_offer ? text.offerDetail : text.demandDetail,
      ...random.sample(is_offer ? OFFER_SENTENCES : DEMAND_SENTENCES, random.int(1, 2)),
    ];
    if (is_offer && chosen.length > 1) {
      sentences.push(
        `Radimo i: ${chosen
          .slice(1)
          .map((service) => lowerFirst(service.name))
          .join(', ')}.`,
      );
    }

    const [low, high] = text.price;
    const step = high >= 100 ? 5 : 1;
    const price_from = Math.max(step, Math.round(random.int(low, low + (high - low) * 0.4) / step) * step);
    const price_to = random.chance(0.35)
      ? null
      : price_from + step * random.int(1, Math.max(1, Math.floor((high - price_from) / step)));

    const all_working_days = random.chance(0.15);
    const days: PlannedAd['days'] = [];
    if (!all_working_days) {
      const weekday = random.pick(WEEKDAY_SHIFTS);
      const weekend = random.pick(WEEKEND_SHIFTS);
      for (const dayId of random.pick(DAY_PATTERNS)) {
        if (!refs.dayIds.includes(dayId)) continue;
        const shifts = dayId >= 6 ? weekend : weekday;
        assertShifts(shifts);
        days.push({ dayId, shifts: [...shifts] });
      }
    }

    const history: PlannedStatusChange[] = [];
    let at = time.daysAgo(2, 180);
    let previous: number | null = null;
    for (const next of statusPath(random, status)) {
      if (previous !== null) {
        const [shortest, longest] = statusDelay(previous, next);
        at = time.later(at, shortest, longest);
      }
      // Resubmitting a rejected ad is the owner's doing; every other change is staff's.
      const isOwners = previous === null || next === AD_STATUS.awaitingApproval;
      history.push({
        from_status_id: previous,
        to_status_id: next,
        reason: next === AD_STATUS.rejected ? random.pick(REJECTION_REASONS) : null,
        changedByUser: isOwners ? postedByUser : random.pick(staff),
        created_at: at,
      });
      previous = next;
    }
    const last = must(history.at(-1), 'last status change');
    const is_active = !inactive.has(index);

    return {
      row: {
        title,
        description: sentences.filter(Boolean).join(' '),
        is_offer,
        currency_id: random.chance(0.85) ? eur.id : usd.id,
        price_from,
        price_to,
        ad_status_id: status,
        status_comment: status === AD_STATUS.rejected ? last.reason : null,
        all_countries,
        all_working_days,
        is_active,
        created_at: must(history[0], 'first status').created_at,
        // Deactivating an ad is its last change.
        updated_at: is_active ? last.created_at : time.later(last.created_at, HOUR, 10 * DAY),
      },
      postedByUser,
      serviceIds: chosen.map((service) => service.id),
      places,
      days,
      history,
    };
  });
}

/** Periods an ad was approved and active, the only time members can contact it. */
function approvedPeriods(ad: PlannedAd, nowMs: number): [number, number][] {
  const periods: [number, number][] = [];
  let openedAt: number | null = null;
  for (const change of ad.history) {
    if (change.to_status_id === AD_STATUS.approved) openedAt = change.created_at.getTime();
    else if (openedAt !== null) {
      periods.push([openedAt, change.created_at.getTime()]);
      openedAt = null;
    }
  }
  // A deactivated ad's last change (updated_at) is its deactivation.
  if (openedAt !== null)
    periods.push([openedAt, ad.row.is_active ? nowMs - HOUR : ad.row.updated_at.getTime()]);
  return periods.filter(([from, to]) => to - from > 2 * HOUR);
}

/** The product's default time to answer a contact (LEAD_ANSWER_HOURS): older unanswered ones are refunded. */
const DEMO_ANSWER_HOURS = 72;

function planLeads(random: Random, refs: DemoReferences, people: People, ads: PlannedAd[], time: Time) {
  const credit = new Map(refs.services.map((service) => [service.id, service.credit]));
  const leads: PlannedLead[] = [];
  ads.forEach((ad, adIndex) => {
    const periods = approvedPeriods(ad, time.nowMs);
    if (periods.length === 0) return;
    const count =
      ad.row.ad_status_id === AD_STATUS.approved
        ? random.int(0, 4)
        : ad.row.ad_status_id === AD_STATUS.finished
          ? random.int(1, 4)
          : random.int(0, 2);
    const contacts = random.sample(
      people.members.filter((member) => member !== ad.postedByUser),
      count,
    );
    // The documented member should have a contact history worth looking at.
    if (contacts.length > 0 && people.korisnik >= 0 && ad.postedByUser !== people.korisnik) {
      if (!contacts.includes(people.korisnik) && random.chance(0.1)) contacts[0] = people.korisnik;
    }
    const planned = contacts.map((user) => {
      const [from, to] = random.pick(periods);
      const contactMs = random.int(from + 30 * MINUTE, to);
      const service_id = random.pick(ad.serviceIds);
      const age = time.nowMs - contactMs;
      let is_accepted: boolean | null = null;
      let responseMs: number | null = null;
      if (age > 2 * DAY) {
        const roll = random.next();
        is_accepted = roll < 0.55 ? true : roll < 0.8 ? false : null;
        if (is_accepted !== null) responseMs = contactMs + random.int(HOUR, 48 * HOUR);
      } else if (random.chance(0.3)) {
        is_accepted = true;
        responseMs = contactMs + random.int(10 * MINUTE, Math.max(10 * MINUTE, age / 2));
      }
      const refund =
        is_accepted === false && responseMs !== null
          ? { refunded_at: new Date(responseMs), refund_reason: 'declined' as const }
          : is_accepted === null && age > DEMO_ANSWER_HOURS * HOUR
            ? {
                refunded_at: new Date(contactMs + DEMO_ANSWER_HOURS * HOUR),
                refund_reason: 'no_answer' as const,
              }
            : { refunded_at: null, refund_reason: null };
      return {
        ad: adIndex,
        user,
        service_id,
        credit: must(credit.get(service_id), 'service credit'),
        contact_time: new Date(contactMs),
        answer_due_at: new Date(contactMs + DEMO_ANSWER_HOURS * HOUR),
        is_accepted,
        response_time: responseMs === null ? null : new Date(responseMs),
        ...refund,
      };
    });
    planned.sort((a, b) => a.contact_time.getTime() - b.contact_time.getTime());
    leads.push(...planned);
  });
  return leads;
}

type LedgerEvent =
  | { at: Date; user: number; kind: 'lead' | 'refund'; lead: number; cents: number }
  | { at: Date; user: number; kind: 'top-up' | 'correction'; cents: number };

const TOP_UP_AMOUNTS = [50, 100, 150, 200, 300, 500];

/**
 * Top-ups, corrections and lead payments in time order, with the running balance of each user.
 * A contact the member could not afford is preceded by a top-up (as staff would have had to do);
 * a correction that would go below zero is left out. Amounts are in cents until the end.
 */
function planLedger(
  random: Random,
  refs: DemoReferences,
  people: People,
  ads: PlannedAd[],
  leads: PlannedLead[],
  time: Time,
): PlannedLedgerEntry[] {
  const { users, members, admins } = people;
  if (admins.length === 0 || refs.creditPrices.length === 0) throw new Error('demo plan: no admin or price');
  const homePrice =
    refs.creditPrices.find((price) => price.countryCode === 'ME' && price.currency === 'EUR') ??
    must(refs.creditPrices[0], 'credit price');

  const events: LedgerEvent[] = leads.flatMap((lead, index): LedgerEvent[] => [
    { at: lead.contact_time, user: lead.user, kind: 'lead', lead: index, cents: -toCents(lead.credit) },
    ...(lead.refunded_at === null || lead.credit === 0
      ? []
      : [
          {
            at: lead.refunded_at,
            user: lead.user,
            kind: 'refund' as const,
            lead: index,
            cents: toCents(lead.credit),
          },
        ]),
  ]);
  const firstContact = new Map<number, number>();
  for (const lead of leads) {
    const at = lead.contact_time.getTime();
    firstContact.set(lead.user, Math.min(firstContact.get(lead.user) ?? at, at));
  }
  const toppedUp: { user: number; at: Date }[] = [];
  for (const member of members) {
    const user = must(users[member], 'member');
    const first = firstContact.get(member);
    let at: Date | null = null;
    if (first !== undefined) {
      at = new Date(Math.max(user.created_at.getTime() + HOUR, first - random.int(DAY, 10 * DAY)));
    } else if (random.chance(0.4)) {
      at = time.later(user.created_at, DAY, 200 * DAY);
    }
    if (at === null) continue;
    events.push({ at, user: member, kind: 'top-up', cents: toCents(random.pick(TOP_UP_AMOUNTS)) });
    toppedUp.push({ user: member, at });
  }
  for (const { user, at } of random.sample(toppedUp, 6)) {
    const amount = random.pick([-20, -10, 10, 20, 50]);
    events.push({ at: time.later(at, DAY, 30 * DAY), user, kind: 'correction', cents: toCents(amount) });
  }
  // Stable: equal moments keep the order above (a lead before a correction of the same instant).
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  const balances = new Map<number, number>();
  const ledger: PlannedLedgerEntry[] = [];
  const staffEntry = (user: number, at: Date, cents: number, kind: 'top-up' | 'correction') => {
    const price = random.chance(0.7) ? homePrice : random.pick(refs.creditPrices);
    const before = balances.get(user) ?? 0;
    const amount = cents / 100;
    balances.set(user, before + cents);
    ledger.push({
      user,
      at,
      description:
        kind === 'top-up'
          ? topUpDescription(amount, price.price, price.currency)
          : correctionDescription(amount),
      amount,
      stateAfter: (before + cents) / 100,
      createdByUser: random.pick(admins),
      lead: null,
      topUp: {
        creditPriceId: price.id,
        stateBefore: before / 100,
        totalPrice: (cents * toCents(price.price)) / 10_000,
      },
    });
  };

  for (const event of events) {
    const balance = balances.get(event.user) ?? 0;
    if (event.kind === 'lead') {
      if (balance + event.cents < 0) {
        const previousAt = ledger.at(-1)?.at.getTime() ?? 0;
        const at = new Date(Math.max(previousAt, event.at.getTime() - 30 * MINUTE));
        const needed = Math.ceil(-(balance + event.cents) / 5000) * 5000;
        staffEntry(event.user, at, Math.max(needed, toCents(random.pick(TOP_UP_AMOUNTS))), 'top-up');
      }
      const before = balances.get(event.user) ?? 0;
      balances.set(event.user, before + event.cents);
      const ad = must(ads[must(leads[event.lead], 'lead').ad], 'lead ad');
      ledger.push({
        user: event.user,
        at: event.at,
        description: leadContactDescription(ad.row.title),
        amount: event.cents / 100,
        stateAfter: (before + event.cents) / 100,
        createdByUser: event.user,
        lead: event.lead,
        topUp: null,
      });
    } else if (event.kind === 'refund') {
      const lead = must(leads[event.lead], 'refunded lead');
      const ad = must(ads[lead.ad], 'lead ad');
      balances.set(event.user, balance + event.cents);
      ledger.push({
        user: event.user,
        at: event.at,
        description: leadRefundDescription(ad.row.title, lead.refund_reason ?? 'no_answer'),
        amount: event.cents / 100,
        stateAfter: (balance + event.cents) / 100,
        createdByUser: lead.refund_reason === 'declined' ? ad.postedByUser : null,
        lead: event.lead,
        topUp: null,
      });
    } else if (balance + event.cents >= 0) {
      staffEntry(event.user, event.at, event.cents, event.kind);
    }
  }
  return ledger;
}
