import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/**
 * The `Idempotency-Key` of one opening of a dialog or confirmation: made when it opens (or when
 * the component mounts, for a form mounted per opening), kept across retries of its submit, so a
 * retry after a lost answer is answered once; `renew` starts a new action within the same opening
 * (the review's next ad).
 */
export function useIdempotencyKey(isOpen = true): { key: string; renew: () => void } {
  const [state, setState] = useState(() => ({ isOpen, key: crypto.randomUUID() }));
  if (state.isOpen !== isOpen) {
    // Opened again: a new action, a new key (set while rendering, so the first submit has it).
    setState({ isOpen, key: isOpen ? crypto.randomUUID() : state.key });
  }
  const renew = useCallback(() => setState((now) => ({ ...now, key: crypto.randomUUID() })), []);
  return { key: state.key, renew };
}

export type WriteMutationOptions<Data, Vars> = Omit<UseMutationOptions<Data, Error, Vars>, 'mutationFn'> & {
  /** The write, given the Idempotency-Key of this opening to send. */
  mutationFn: (vars: Vars, idempotencyKey: string) => Promise<Data>;
  /** For a component that stays mounted while closed: a new key on each opening. */
  isOpen?: boolean;
};

/**
 * A user's write (a dialog's save, a decision): `submit` runs it once at a time — a double click
 * or a second Enter while it is in flight is dropped, even before the busy state has re-rendered
 * the button disabled — and sends the opening's Idempotency-Key (useIdempotencyKey). `isPending`
 * is true from the submit until the answer is handled.
 */
export function useWriteMutation<Data, Vars>({
  mutationFn,
  isOpen = true,
  onSettled,
  ...options
}: WriteMutationOptions<Data, Vars>) {
  const idempotency = useIdempotencyKey(isOpen);
  const inFlight = useRef(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const mutation = useMutation<Data, Error, Vars>({
    ...options,
    mutationFn: (vars) => mutationFn(vars, idempotency.key),
    onSettled: (...args) => {
      inFlight.current = false;
      setSubmitting(false);
      return onSettled?.(...args);
    },
  });
  const { mutate } = mutation;
  const submit = useCallback(
    (vars: Vars) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      mutate(vars);
    },
    [mutate],
  );
  return {
    ...mutation,
    submit,
    isPending: mutation.isPending || isSubmitting,
    renewKey: idempotency.renew,
  };
}
