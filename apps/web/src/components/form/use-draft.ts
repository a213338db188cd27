import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { FieldValues, UseFormReset } from 'react-hook-form';
import { useFormFrame } from './dialog-form.tsx';
import { addDraftSource, endRestore, pendingRestore, subscribePendingRestore } from './draft-sources.ts';
import {
  type Draft,
  type DraftStep,
  isSameStep,
  type JsonObject,
  removeDraft,
  toJsonObject,
} from './draft-store.ts';
import type { FormField } from './form-types.ts';

/**
 * How a form's draft survives the end of its session: while a form is open it is a draft source
 * (draft-sources.ts); when the session ends (app/http-wiring.ts) the sources holding changes are
 * kept (draft-store.ts).
 * After signing in, the page offers them (app/shell/draft-offer.tsx); restoring one asks the
 * screen to open the same dialogs again (useDraftHost), and the form takes the values (useDraft).
 */

/** A dialog on the way to a form, with the row it was opened for (as the screen holds it). */
type ScopeStep = { dialog: string; row: unknown };

const DraftScopeContext = createContext<readonly ScopeStep[]>([]);

/**
 * Marks the dialogs inside as opened by `dialog` for `row` (a list's row action, `action:credits`):
 * a draft of a form inside is restored by opening this dialog first.
 */
export function DraftScope({ dialog, row, children }: { dialog: string; row: unknown; children: ReactNode }) {
  const parent = useContext(DraftScopeContext);
  const scope = useMemo(() => [...parent, { dialog, row }], [parent, dialog, row]);
  return createElement(DraftScopeContext, { value: scope }, children);
}

function toSteps(scope: readonly ScopeStep[]): DraftStep[] {
  return scope.map((step) => ({
    dialog: step.dialog,
    row: step.row === null || step.row === undefined ? null : toJsonObject(step.row),
  }));
}

function startsWith(steps: readonly DraftStep[], scope: readonly ScopeStep[]): boolean {
  const own = toSteps(scope);
  return (
    own.length <= steps.length && own.every((step, index) => isSameStep(step, steps[index] as DraftStep))
  );
}

/**
 * A screen or dialog that opens dialogs holding forms: when a draft being restored goes through
 * one of them, `open` is called with that dialog's name and row (as JSON; null when adding) to
 * open it. The draft's values (a new node's parent) are there too.
 */
export function useDraftHost(open: (dialog: string, row: unknown, draft: Draft) => void): void {
  const scope = useContext(DraftScopeContext);
  const restoring = useSyncExternalStore(subscribePendingRestore, pendingRestore, pendingRestore);
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    if (restoring === null || !startsWith(restoring.steps, scope)) return;
    const next = restoring.steps[scope.length];
    if (next) latest.current(next.dialog, next.row, restoring);
  }, [restoring, scope]);
}

type DraftOptions = {
  /** The resource the form writes. */
  entity: string;
  /** The row being edited, as the screen holds it; null when adding. */
  row: unknown;
  /** What its host calls the form's dialog: `form` (a screen's add/edit dialog) by default. */
  dialog?: string;
  /** The values to keep (a draft leaves out files and anything JSON cannot carry). */
  read: () => unknown;
  /** Which of the values the user changed; all of them by default. */
  changedKeys?: (values: JsonObject) => string[];
  /** Puts a restored draft's changed values into the form, as unsaved changes. */
  apply: (changed: JsonObject) => void;
};

/**
 * Makes a form inside a FormDialogFrame a draft source, and restores a draft into it when it opens
 * for one. A restored draft leaves the store: it is the form's unsaved changes now, and it is kept
 * again if the session ends again.
 */
export function useDraft({ entity, row, dialog = 'form', read, changedKeys, apply }: DraftOptions): void {
  const scope = useContext(DraftScopeContext);
  const frame = useFormFrame();
  const latest = useRef({ read, changedKeys, apply });
  latest.current = { read, changedKeys, apply };
  useEffect(() => {
    const steps = () => toSteps([...scope, { dialog, row }]);
    const restoring = pendingRestore();
    if (restoring !== null && restoring.entity === entity) {
      const own = steps();
      const isMine =
        own.length === restoring.steps.length &&
        own.every((step, index) => isSameStep(step, restoring.steps[index] as DraftStep));
      if (isMine) {
        endRestore();
        removeDraft(restoring);
        const changed: JsonObject = {};
        for (const key of restoring.changed) {
          const value = restoring.values[key];
          if (value !== undefined) changed[key] = value;
        }
        latest.current.apply(changed);
      }
    }
    return addDraftSource({
      entity,
      steps,
      title: () => document.getElementById(frame.titleId)?.textContent?.trim() ?? '',
      read: () => {
        const values = toJsonObject(latest.current.read());
        return { values, changed: latest.current.changedKeys?.(values) ?? Object.keys(values) };
      },
      hasChanges: frame.hasChanges,
    });
  }, [scope, entity, dialog, row, frame]);
}

/** The names of a form's secret fields (passwords), which a draft never holds. */
export function secretFieldNames<Values extends FieldValues>(fields: readonly FormField<Values>[]): string[] {
  return fields.filter((field) => field.kind === 'password').map((field) => field.name);
}

/**
 * useDraft for a react-hook-form form: the draft is its values without `secretFields` (through
 * `toDraft` when given). Restoring sets the fields the user had changed over the values the form
 * opens with (an ad as it is saved now), which stay its defaults, so they show as unsaved changes.
 */
export function useFormDraft<Values extends FieldValues>(
  form: { getValues: () => Values; reset: UseFormReset<Values> },
  options: {
    entity: string;
    row: unknown;
    dialog?: string;
    secretFields?: readonly string[];
    toDraft?: (values: Values) => unknown;
  },
): void {
  const { secretFields = [], toDraft } = options;
  const kept = (values: Values): JsonObject => {
    const json = toJsonObject(toDraft ? toDraft(values) : values);
    for (const name of secretFields) delete json[name];
    return json;
  };
  // What the form opened with: the fields that differ from it are the user's changes.
  const [opened] = useState(() => kept(form.getValues()));
  useDraft({
    entity: options.entity,
    row: options.row,
    dialog: options.dialog,
    read: () => kept(form.getValues()),
    changedKeys: (values) =>
      Object.keys(values).filter((key) => JSON.stringify(values[key]) !== JSON.stringify(opened[key])),
    apply: (values) => {
      const restored = { ...form.getValues(), ...values } as Values;
      form.reset(restored, { keepDefaultValues: true });
    },
  });
}
