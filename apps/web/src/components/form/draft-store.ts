/**
 * Drafts of forms whose session ended while they were open, kept in this browser only (never sent
 * to the server) until the same user signs in again and restores or discards them. Each draft is
 * one localStorage entry keyed by the user, the page, the form's entity and the dialogs that lead
 * to it (with their row ids). Old drafts expire and the whole store is bounded.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * One dialog on the way to the form, outermost first: what opened it (`form`, `action:credits`, …)
 * and the row it was opened for, as the list answered it (null: adding). The last step is the form's.
 */
export type DraftStep = { dialog: string; row: JsonObject | null };

export type Draft = {
  userId: number;
  /** The page's path, without its query. */
  path: string;
  /** The resource the form writes (`os_countries`, `lead_transactions`, …). */
  entity: string;
  steps: DraftStep[];
  /** The dialog's title when it was kept, to name the draft. */
  title: string;
  /** The form's values (without secrets and files). */
  values: JsonObject;
  /** The fields the user changed: restoring sets only these, over what the form opens with. */
  changed: string[];
  /** Milliseconds since the epoch. */
  savedAt: number;
};

const PREFIX = 'draft.v1:';
/** A draft older than this is dropped: the record has most likely moved on. */
export const DRAFT_TTL_MS = 3 * 24 * 60 * 60 * 1000;
/** At most this many drafts in this browser (the oldest go first). */
export const MAX_DRAFTS = 20;
/** A draft longer than this (as JSON) is not kept: forms hold text, not files. */
export const MAX_DRAFT_CHARS = 64_000;

const listeners = new Set<() => void>();
let version = 0;

function emit(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: changes here, and in another tab of this browser. */
export function subscribeDrafts(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && !event.key.startsWith(PREFIX)) return;
    version += 1;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function draftsVersion(): number {
  return version;
}

function rowIdOf(row: JsonObject | null): string {
  const id = row?.id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : 'new';
}

/** The same dialog for the same row. */
export function isSameStep(a: DraftStep, b: DraftStep): boolean {
  return a.dialog === b.dialog && rowIdOf(a.row) === rowIdOf(b.row);
}

export function draftKey(draft: Pick<Draft, 'userId' | 'path' | 'entity' | 'steps'>): string {
  const steps = draft.steps.map((step) => `${step.dialog}#${rowIdOf(step.row)}`).join('/');
  return `${PREFIX}${draft.userId}:${draft.path}:${draft.entity}:${steps}`;
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseDraft(text: string | null): Draft | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!isJsonObject(value)) return null;
    const { userId, path, entity, steps, title, values, changed, savedAt } = value;
    if (typeof userId !== 'number' || typeof path !== 'string' || typeof entity !== 'string') return null;
    if (typeof title !== 'string' || typeof savedAt !== 'number' || !isJsonObject(values)) return null;
    if (!Array.isArray(changed) || !changed.every((key) => typeof key === 'string')) return null;
    if (!Array.isArray(steps) || steps.length === 0) return null;
    const parsedSteps: DraftStep[] = [];
    for (const step of steps) {
      if (!isJsonObject(step) || typeof step.dialog !== 'string') return null;
      if (step.row !== null && !isJsonObject(step.row)) return null;
      parsedSteps.push({ dialog: step.dialog, row: step.row });
    }
    return { userId, path, entity, steps: parsedSteps, title, values, changed: changed as string[], savedAt };
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Every stored draft with its key; expired and unreadable entries are removed on the way. */
function readAll(now: number): { key: string; draft: Draft }[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  const found: { key: string; draft: Draft }[] = [];
  for (const key of keys) {
    const draft = parseDraft(store.getItem(key));
    if (draft === null || now - draft.savedAt > DRAFT_TTL_MS || draft.savedAt > now + DRAFT_TTL_MS) {
      store.removeItem(key);
    } else {
      found.push({ key, draft });
    }
  }
  return found;
}

/** The user's drafts of one page, oldest first. */
export function draftsOf(userId: number, path: string, now = Date.now()): Draft[] {
  return readAll(now)
    .map((entry) => entry.draft)
    .filter((draft) => draft.userId === userId && draft.path === path)
    .sort((a, b) => a.savedAt - b.savedAt);
}

/** Keeps a draft (replacing one of the same form); false when it is too large or storage refuses it. */
export function saveDraft(draft: Draft): boolean {
  const store = storage();
  if (!store) return false;
  const text = JSON.stringify(draft);
  if (text.length > MAX_DRAFT_CHARS) return false;
  const key = draftKey(draft);
  const others = readAll(draft.savedAt)
    .filter((entry) => entry.key !== key)
    .sort((a, b) => a.draft.savedAt - b.draft.savedAt);
  for (const entry of others.slice(0, Math.max(0, others.length - (MAX_DRAFTS - 1)))) {
    store.removeItem(entry.key);
  }
  try {
    store.setItem(key, text);
  } catch {
    // Storage full or blocked: the draft cannot be kept.
    return false;
  }
  emit();
  return true;
}

export function removeDraft(draft: Pick<Draft, 'userId' | 'path' | 'entity' | 'steps'>): void {
  const store = storage();
  if (!store) return;
  const key = draftKey(draft);
  if (store.getItem(key) === null) return;
  store.removeItem(key);
  emit();
}

/**
 * A form's values as JSON a draft can hold: files (a chosen image or photo) and anything else that
 * JSON cannot carry are left out, in objects and in lists.
 */
export function toJsonValue(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (Array.isArray(value)) {
    return value.map(toJsonValue).filter((item): item is JsonValue => item !== undefined);
  }
  if (typeof value !== 'object' || value instanceof Blob) return undefined;
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
    return undefined;
  }
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    const json = toJsonValue(item);
    if (json !== undefined) out[key] = json;
  }
  return out;
}

/** `toJsonValue` of an object (a form's values, a row); an empty object for anything else. */
export function toJsonObject(value: unknown): JsonObject {
  const json = toJsonValue(value);
  return isJsonObject(json) ? json : {};
}
