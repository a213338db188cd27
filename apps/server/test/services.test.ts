import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ServiceNode } from '@usluge/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, serviceCreditHistory, services } from '../src/db/schema/index.ts';
import { createTestApp, createUser, ROLE, type TestApp, type TestUser } from './helpers/test-app.ts';
import { SVG, smallPng } from './helpers/test-images.ts';

let t: TestApp;
let base = '';
let admin = '';
let moderator = '';
let member = '';
let adminUser: TestUser;

type Answer = ServiceNode & { message: string; errors: Record<string, string[]> };
type Tree = { result: ServiceNode[]; total_rows: number };

const json = (method: string, url: string, body?: unknown, cookie = admin) =>
  fetch(`${base}${url}`, {
    method,
    headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** The service form as the screen sends it: multipart, maybe with an icon. */
function save(
  url: string,
  fields: Record<string, string | number | boolean | null>,
  icon?: Buffer,
  cookie = admin,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value === null ? '' : String(value));
  if (icon) form.set('icon', new Blob([new Uint8Array(icon)]), 'ikona.png');
  return fetch(`${base}${url}`, { method: 'POST', body: form, headers: { cookie, origin: base } });
}

const tree = async (body: Record<string, unknown> = {}, cookie = admin) =>
  (await (await json('POST', '/api/services/index_active', body, cookie)).json()) as Tree;

const find = (nodes: ServiceNode[], name: string): ServiceNode | undefined => {
  for (const node of nodes) {
    if (node.name === name) return node;
    const inner = find(node.services, name);
    if (inner) return inner;
  }
  return undefined;
};

const creditHistory = async (serviceId: number) =>
  t.db
    .select({ credit: serviceCreditHistory.credit })
    .from(serviceCreditHistory)
    .where(eq(serviceCreditHistory.service_id, serviceId))
    .orderBy(serviceCreditHistory.id);

/** A folder holding a subfolder holding a service. */
async function folderWithSubfolder(groupName: string, subName: string, leafName: string) {
  const group = (await (await save('/api/services/store', { name: groupName })).json()) as Answer;
  const sub = (await (
    await save('/api/services/store', { name: subName, service_id: group.id })
  ).json()) as Answer;
  const leaf = (await (
    await save('/api/services/store', { name: leafName, is_service: true, credit: 30, service_id: sub.id })
  ).json()) as Answer;
  return { group, sub, leaf };
}

async function signIn(username: string) {
  const answer = await json('POST', '/api/loginWeb', { username, password: 'Lozinka123!' }, '');
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

let folder: Answer;
let mowing: Answer;

let SMALL_PNG: Buffer;

beforeAll(async () => {
  SMALL_PNG = await smallPng();
  t = await createTestApp();
  adminUser = await createUser(t.db, { username: 'svc-admin', roleIds: [ROLE.administrator] });
  await createUser(t.db, { username: 'svc-mod', roleIds: [ROLE.moderator] });
  await createUser(t.db, { username: 'svc-member', roleIds: [ROLE.member] });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [admin, moderator] = [await signIn('svc-admin'), await signIn('svc-mod')];
  // Members cannot sign in on the web: a session of theirs is made as the mobile app would have it.
  member = await signIn('svc-member');
  folder = (await (
    await save('/api/services/store', { name: 'Čišćenje', is_service: false })
  ).json()) as Answer;
  mowing = (await (
    await save('/api/services/store', {
      name: 'Pranje tepiha',
      is_service: true,
      credit: 12,
      service_id: folder.id,
    })
  ).json()) as Answer;
});
afterAll(() => t.close());

describe('the services tree', () => {
  it('answers folders with their children, favourites first, then by name (Š beside S)', async () => {
    await save('/api/services/store', {
      name: 'Šišanje živice',
      is_service: true,
      credit: 5,
      service_id: folder.id,
    });
    await save('/api/services/store', {
      name: 'Sađenje',
      is_service: true,
      credit: 5,
      service_id: folder.id,
    });
    await save('/api/services/store', {
      name: 'Zidanje',
      is_service: true,
      credit: 5,
      service_id: folder.id,
    });
    const favourite = await json('GET', `/api/services/set-unset-favorite-service/${mowing.id}`);
    expect(((await favourite.json()) as Answer).is_favorite).toBe(true);
    const { result, total_rows } = await tree();
    const ours = find(result, 'Čišćenje');
    expect(ours?.services.map((node) => node.name)).toEqual([
      'Pranje tepiha',
      'Sađenje',
      'Šišanje živice',
      'Zidanje',
    ]);
    expect(ours?.services[0]).toMatchObject({
      is_service: true,
      credit: 12,
      service_id: folder.id,
      is_favorite: true,
    });
    const seeded = find(result, 'Baštenski radovi');
    expect(seeded?.is_service).toBe(false);
    expect(seeded?.services.length).toBeGreaterThan(2);
    const all = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(services)
      .where(eq(services.is_active, true));
    expect(total_rows).toBe(all[0]?.n);
  });

  it('answers one level at a time, saying which nodes have children', async () => {
    const top = await tree({ is_single_level: true });
    expect(top.result.every((node) => node.service_id === null && node.services.length === 0)).toBe(true);
    expect(top.result.find((node) => node.id === folder.id)?.has_children).toBe(true);
    const inside = await tree({ is_single_level: true, filters: { service_id: folder.id } });
    expect(inside.result.map((node) => node.name)).toContain('Zidanje');
    expect(inside.result.find((node) => node.name === 'Zidanje')?.has_children).toBe(false);
  });

  it('finds services by a part of their name, with their folders around them', async () => {
    const { result } = await tree({ filters: { name: 'tepih' } });
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ id: folder.id, is_match: false });
    expect(result[0]?.services.map((node) => [node.name, node.is_match])).toEqual([['Pranje tepiha', true]]);
    expect((await tree({ filters: { name: '%' } })).result).toEqual([]);
  });

  it('is open to moderators (the ad form reads it) and closed to members', async () => {
    expect((await json('POST', '/api/services/index_active', {}, moderator)).status).toBe(200);
    expect((await json('POST', '/api/services/index_active', {}, member)).status).toBe(403);
  });
});

describe('the services picker (service_choices)', () => {
  it('lists the active services alone, flat, for filters; moderators may read it, members not', async () => {
    const body = { filters: { name: 'tepih' }, options: { page: 1, itemsPerPage: 1000 } };
    const answer = await json('POST', '/api/service_choices/index_active', body, moderator);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { result: unknown[] }).result).toEqual([
      { id: mowing.id, name: 'Pranje tepiha' },
    ]);
    const all = (await // What the web's pickers send.
    (
      await json('POST', '/api/service_choices/index_active', {
        options: { page: 1, itemsPerPage: 1000, sortBy: ['updated_at'], sortDesc: [false] },
        show_only_active: true,
      })
    ).json()) as { result: { id: number }[] };
    expect(all.result.some((row) => row.id === folder.id)).toBe(false);
    expect(all.result.some((row) => row.id === mowing.id)).toBe(true);
    expect((await json('POST', '/api/service_choices/index_active', {}, member)).status).toBe(403);
  });
});

describe('writing the catalogue', () => {
  it('requires a name, and a credit of at most 6 digits with 2 decimals for a service', async () => {
    const empty = (await (
      await save('/api/services/store', { name: '', is_service: true, credit: '' })
    ).json()) as Answer;
    expect(empty.errors).toEqual({ name: ['Obavezno polje.'], credit: ['Obavezno polje.'] });
    for (const [credit, message] of [
      ['1000000', 'Maks 6 cifara.'],
      ['1.234', 'Najviše 2 decimale.'],
      ['-1', 'Vrijednost mora biti najmanje 0.'],
    ] as const) {
      const answer = (await (
        await save('/api/services/store', { name: 'X', is_service: true, credit })
      ).json()) as Answer;
      expect(answer.errors).toEqual({ credit: [message] });
    }
    const folderAnswer = (await (
      await save('/api/services/store', { name: 'Folder bez kredita', credit: 9 })
    ).json()) as Answer;
    expect(folderAnswer).toMatchObject({ is_service: false, credit: null });
  });

  it('puts children only under folders, never under the node itself or its descendants', async () => {
    const underService = await save('/api/services/store', {
      name: 'Dijete',
      is_service: true,
      credit: 1,
      service_id: mowing.id,
    });
    expect(underService.status).toBe(422);
    expect(((await underService.json()) as Answer).errors).toEqual({
      service_id: ['„Pranje tepiha“ je usluga, a ne folder: usluge se mogu dodavati samo u foldere.'],
    });
    const inner = (await (
      await save('/api/services/store', { name: 'Podfolder', service_id: folder.id })
    ).json()) as Answer;
    for (const parent of [folder.id, inner.id]) {
      const cycle = await save(`/api/services/update/${folder.id}`, { name: 'Čišćenje', service_id: parent });
      expect(cycle.status).toBe(422);
      expect(((await cycle.json()) as Answer).errors).toEqual({
        service_id: ['Čvor ne može biti premješten u sebe ili u svoj podfolder.'],
      });
    }
    const becomeService = await save(`/api/services/update/${folder.id}`, {
      name: 'Čišćenje',
      is_service: true,
      credit: 3,
    });
    expect(((await becomeService.json()) as Answer).errors).toEqual({
      is_service: ['Folder koji ima stavke ne može postati usluga.'],
    });
  });

  it('moves a service to another folder; a folder never into its own subfolder (422, said in English too)', async () => {
    const garden = (await (
      await save('/api/services/store', { name: 'Bašta', service_id: null })
    ).json()) as Answer;
    const hedge = (await (
      await save('/api/services/store', {
        name: 'Šišanje žive ograde',
        is_service: true,
        credit: 4,
        service_id: folder.id,
      })
    ).json()) as Answer;
    const moved = await save(`/api/services/update/${hedge.id}`, {
      name: hedge.name,
      is_service: true,
      credit: 4,
      service_id: garden.id,
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Answer).service_id).toBe(garden.id);
    const [row] = await t.db
      .select({ parent: services.service_id })
      .from(services)
      .where(eq(services.id, hedge.id));
    expect(row?.parent).toBe(garden.id);
    expect(find((await tree()).result, 'Bašta')?.services.map((node) => node.id)).toEqual([hedge.id]);

    const inner = (await (
      await save('/api/services/store', { name: 'Cvijeće', service_id: garden.id })
    ).json()) as Answer;
    const form = new FormData();
    form.set('name', 'Bašta');
    form.set('service_id', String(inner.id));
    const cycle = await fetch(`${base}/api/services/update/${garden.id}`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin, origin: base, 'accept-language': 'en' },
    });
    expect(cycle.status).toBe(422);
    expect(((await cycle.json()) as Answer).errors).toEqual({
      service_id: ['A node cannot be moved into itself or into one of its own subfolders.'],
    });
    const [unchanged] = await t.db
      .select({ parent: services.service_id })
      .from(services)
      .where(eq(services.id, garden.id));
    expect(unchanged?.parent).toBeNull();
  });

  it('keeps every change of a credit cost in the history, and nothing for other edits', async () => {
    expect(await creditHistory(mowing.id)).toEqual([{ credit: 12 }]);
    const fields = { name: 'Pranje tepiha', is_service: true, service_id: folder.id };
    await save(`/api/services/update/${mowing.id}`, { ...fields, credit: 15.5 });
    await save(`/api/services/update/${mowing.id}`, {
      ...fields,
      credit: 15.5,
      description: 'Dubinsko pranje',
    });
    expect(await creditHistory(mowing.id)).toEqual([{ credit: 12 }, { credit: 15.5 }]);
    const listed = await json('POST', '/api/services/service-credits-history', {
      filters: { service_id: mowing.id },
    });
    const rows = ((await listed.json()) as { result: { credit: number; changed_by: string }[] }).result;
    expect(rows.map((row) => row.credit)).toEqual([15.5, 12]);
    expect(rows[0]?.changed_by).toBe('Ime svc-admin Prezime');
  });

  it('stores an icon through the upload checks, and refuses an SVG', async () => {
    const withIcon = (await (
      await save('/api/services/store', { name: 'S ikonom', service_id: folder.id }, await smallPng())
    ).json()) as Answer;
    expect(withIcon.icon_url).toMatch(/^\/api\/image\/service_icons\/[0-9a-f-]{36}\.png$/);
    expect((await fetch(`${base}${withIcon.icon_url}`)).headers.get('content-type')).toBe('image/png');
    const svg = await save('/api/services/store', { name: 'SVG ikona' }, SVG);
    expect(svg.status).toBe(422);
  });

  it('removes an icon with remove_icon (JSON too): icon_url null and the file gone; not beside a new icon', async () => {
    const withIcon = (await (
      await save('/api/services/store', { name: 'Bez ikone uskoro', service_id: folder.id }, await smallPng())
    ).json()) as Answer;
    const file = path.join(t.dataDir, 'uploads', 'service_icons', path.basename(withIcon.icon_url ?? ''));
    expect(fs.existsSync(file)).toBe(true);
    const form = { name: 'Bez ikone uskoro', service_id: folder.id, remove_icon: true };
    const both = await fetch(`${base}/api/services/update/${withIcon.id}`, {
      method: 'POST',
      body: (() => {
        const multipart = new FormData();
        for (const [name, value] of Object.entries(form)) multipart.set(name, String(value));
        multipart.set('icon', new Blob([new Uint8Array(SMALL_PNG)]), 'nova.png');
        return multipart;
      })(),
      headers: { cookie: admin, origin: base, 'accept-language': 'en' },
    });
    expect(both.status).toBe(422);
    expect(((await both.json()) as Answer).errors).toEqual({
      icon: ['Send a new image or remove the current one, not both.'],
    });
    expect(fs.existsSync(file)).toBe(true);

    const removed = await json('POST', `/api/services/update/${withIcon.id}`, form);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as Answer).icon_url).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
    const [row] = await t.db
      .select({ icon_url: services.icon_url })
      .from(services)
      .where(eq(services.id, withIcon.id));
    expect(row?.icon_url).toBeNull();
  });

  it('deactivates a folder with its whole subtree, and restores a node only under an active parent', async () => {
    const { group, sub, leaf } = await folderWithSubfolder('Selidbe', 'Kombi', 'Prevoz klavira');
    const off = (await (await json('DELETE', `/api/services/destroy/${group.id}`)).json()) as Answer;
    expect(off).toMatchObject({ id: group.id, is_active: false, changed_nodes: 3 });
    const active = await tree();
    expect(find(active.result, 'Selidbe')).toBeUndefined();
    const withInactive = await tree({ show_inactive_items: true });
    expect(find(withInactive.result, 'Prevoz klavira')?.is_active).toBe(false);
    const refused = await json('DELETE', `/api/services/destroy/${leaf.id}`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Answer).message).toBe('Najprije vratite nadređeni folder „Kombi“.');
    expect(
      ((await (await json('DELETE', `/api/services/destroy/${group.id}`)).json()) as Answer).is_active,
    ).toBe(true);
    expect(
      ((await (await json('DELETE', `/api/services/destroy/${sub.id}`)).json()) as Answer).is_active,
    ).toBe(true);
    expect(
      ((await (await json('DELETE', `/api/services/destroy/${leaf.id}`)).json()) as Answer).is_active,
    ).toBe(true);
  });

  it('records a toggle for each node deactivated or restored with a folder, beside the folder’s own', async () => {
    const lastToggleOf = async (id: number) => {
      const [entry] = await t.db
        .select({ actorId: auditLog.actor_id, changes: auditLog.changes })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.record_type, 'services'),
            eq(auditLog.record_id, id),
            eq(auditLog.action, 'toggle'),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(1);
      return entry;
    };
    const { group, sub, leaf } = await folderWithSubfolder('Zanati', 'Stolarija', 'Popravka vrata');

    const off = (await (await json('DELETE', `/api/services/destroy/${group.id}`)).json()) as Answer;
    expect(off.changed_nodes).toBe(3);
    expect(await lastToggleOf(group.id)).toEqual({
      actorId: adminUser.id,
      changes: { is_active: { before: true, after: false } },
    });
    for (const node of [sub, leaf]) {
      expect(await lastToggleOf(node.id)).toEqual({
        actorId: adminUser.id,
        changes: {
          is_active: { before: true, after: false },
          deactivated_with_id: { before: null, after: group.id },
        },
      });
    }

    const on = (await (
      await json('DELETE', `/api/services/destroy/${group.id}?with_items=true`)
    ).json()) as Answer;
    expect(on.changed_nodes).toBe(3);
    for (const node of [sub, leaf]) {
      expect(await lastToggleOf(node.id)).toEqual({
        actorId: adminUser.id,
        changes: {
          is_active: { before: false, after: true },
          deactivated_with_id: { before: group.id, after: null },
        },
      });
    }
  });

  it('lets moderators read but not write, and refuses a favourite toggle from another site', async () => {
    expect((await save('/api/services/store', { name: 'Ne' }, undefined, moderator)).status).toBe(403);
    expect(
      (await json('GET', `/api/services/set-unset-favorite-service/${mowing.id}`, undefined, moderator))
        .status,
    ).toBe(403);
    const crossSite = await fetch(`${base}/api/services/set-unset-favorite-service/${mowing.id}`, {
      headers: { cookie: admin, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    const [stored] = await t.db
      .select({ isFavorite: services.is_favorite })
      .from(services)
      .where(eq(services.id, mowing.id));
    expect(stored?.isFavorite).toBe(true);
  });
});
