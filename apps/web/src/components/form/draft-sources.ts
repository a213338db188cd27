import { type Draft, type DraftStep, type JsonObject, saveDraft } from './draft-store.ts';

/**
 * The forms open now that can leave a draft (use-draft.ts registers them), and the draft being
 * restored. No React or UI here: the HTTP wiring keeps the drafts when the session ends.
 */

export type DraftSource = {
  entity: string;
  steps: () => DraftStep[];
  title: () => string;
  /** The form's values now, and which of them the user changed. */
  read: () => { values: JsonObject; changed: string[] };
  hasChanges: () => boolean;
};

const sources = new Set<DraftSource>();

/** Registers an open form; the answer unregisters it. */
export function addDraftSource(source: DraftSource): () => void {
  sources.add(source);
  return () => {
    sources.delete(source);
  };
}

/**
 * The session ended: keeps a draft of every open form that holds changes, for this user and page.
 * Answers how many were kept.
 */
export function keepOpenDrafts(userId: number, path: string, now = Date.now()): number {
  let kept = 0;
  for (const source of sources) {
    if (!source.hasChanges()) continue;
    const draft: Draft = {
      userId,
      path,
      entity: source.entity,
      steps: source.steps(),
      title: source.title(),
      ...source.read(),
      savedAt: now,
    };
    if (saveDraft(draft)) kept += 1;
  }
  return kept;
}

/** The draft being restored: its dialogs open one after another, then its form takes the values. */
let pending: Draft | null = null;
const pendingListeners = new Set<() => void>();

function setPending(next: Draft | null): void {
  pending = next;
  for (const listener of pendingListeners) listener();
}

export function subscribePendingRestore(listener: () => void): () => void {
  pendingListeners.add(listener);
  return () => pendingListeners.delete(listener);
}

export function pendingRestore(): Draft | null {
  return pending;
}

/** 'Vrati': opens the draft's dialogs on this screen and puts its values back. */
export function requestRestore(draft: Draft): void {
  setPending(draft);
}

/** The form took the draft, or the page changed: nothing is being restored. */
export function endRestore(): void {
  if (pending !== null) setPending(null);
}
