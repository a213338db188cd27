import { useCallback, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { HttpError } from '../../api/http-error.ts';
import { feedback } from '../feedback/feedback-store.ts';

/** A save refused because someone changed the record after this form read it (a 409 with `current`). */
export type WriteConflict<Values> = {
  /** The server's words ('Neko je u međuvremenu izmijenio ovaj zapis …'). */
  message: string;
  /** What the form started from: the record as this user read it. */
  started: Values;
  /** The record as it is saved now, as form values. */
  current: Values;
  /** The user's values when the save was refused. */
  mine: Values;
  /** The version of `current`: a save after the user's choice sends it. */
  version: string | undefined;
};

/** What the user chose last: their edits on top of the saved record, or the saved record alone. */
export type ConflictOutcome = 'reapplied' | 'discarded';

/** The saved record read as form values, with its version. */
export type CurrentRecord<Values> = { values: Values; version: string | undefined };

/** Equal as form values: ids and texts by value (a number typed over '12'), files by identity. */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Blob || b instanceof Blob) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => isSameValue(item, b[index]))
    );
  }
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => isSameValue(a[key], b[key]));
  }
  // An empty field is '' in a form and null in a row.
  return String(a ?? '') === String(b ?? '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The top-level fields whose values differ between two sets of form values. */
export function changedKeys<Values extends FieldValues>(from: Values, to: Values): Path<Values>[] {
  const keys = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...keys].filter((key) => !isSameValue(from[key], to[key])) as Path<Values>[];
}

/**
 * Keeps an edit form's version (the `updated_at` it read, sent with the save) and turns a stale
 * save's 409 into a conflict the form shows: what the other person changed, and a choice to apply
 * the user's edits on top of the saved record (the form resets to it, the fields the user changed
 * get the user's values again) or to discard them (the form shows the saved record). Either way the
 * next save sends the saved record's version. One mechanism for every edit form (the generic form
 * dialog, the ad form).
 */
export function useWriteConflict<Values extends FieldValues, Output>({
  form,
  startValues,
  version: startVersion,
  readCurrent,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  /** The record's values as this form read it (not a restored draft): what the user started from. */
  startValues: Values;
  /** The record's `updated_at` as read; undefined for a new record. */
  version: string | undefined;
  /** The 409's `current` (the row as the list answers it) as form values and version. */
  readCurrent: (current: Record<string, unknown>) => CurrentRecord<Values> | Promise<CurrentRecord<Values>>;
}) {
  const [version, setVersion] = useState(startVersion);
  const [conflict, setConflict] = useState<WriteConflict<Values> | null>(null);
  const [outcome, setOutcome] = useState<ConflictOutcome | null>(null);
  const [isReading, setReading] = useState(false);
  const started = useRef(startValues);

  /** Shows a stale save's conflict and answers true; false for any other failure. */
  const catchStale = useCallback(
    (error: unknown): boolean => {
      if (!(error instanceof HttpError) || error.current === null) return false;
      const mine = form.getValues();
      const message = error.serverMessage ?? error.message;
      setReading(true);
      Promise.resolve(readCurrent(error.current))
        .then((current) => {
          setConflict({
            message,
            started: started.current,
            current: current.values,
            mine,
            version: current.version,
          });
          setOutcome(null);
        })
        // The saved record could not be read: say what happened; the form keeps the user's values.
        .catch(() => feedback.showError(message))
        .finally(() => setReading(false));
      return true;
    },
    [form, readCurrent],
  );

  const resolve = (isReapplied: boolean) => {
    if (!conflict) return;
    form.reset(conflict.current);
    if (isReapplied) {
      for (const key of changedKeys(conflict.started, conflict.mine)) {
        form.setValue(key, conflict.mine[key] as PathValue<Values, typeof key>, { shouldDirty: true });
      }
    }
    started.current = conflict.current;
    setVersion(conflict.version);
    setConflict(null);
    setOutcome(isReapplied ? 'reapplied' : 'discarded');
  };

  return {
    /** The version the next save sends. */
    version,
    conflict,
    outcome,
    /** True while a conflict waits for the user's choice: saving now would be refused again. */
    isBlocking: conflict !== null || isReading,
    catchStale,
    reapply: () => resolve(true),
    discard: () => resolve(false),
  };
}

export type WriteConflictState<Values extends FieldValues> = ReturnType<
  typeof useWriteConflict<Values, unknown>
>;
