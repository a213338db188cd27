import { useQuery } from '@tanstack/react-query';
import { fetchPicker, type PickerEntity } from './list-api.ts';

export type PickerRow = { id: number | string; name: string };

/**
 * Active choices of a picker endpoint (`/api/<entity>/index_active`), cached for five minutes;
 * nothing is asked without a picker.
 */
export function usePicker(entity: PickerEntity | undefined, isEnabled = true) {
  return useQuery({
    queryKey: ['picker', entity],
    queryFn: ({ signal }) =>
      entity === undefined
        ? Promise.resolve([])
        : fetchPicker<PickerRow>(entity, signal).then((answer) => answer.result),
    staleTime: 5 * 60_000,
    enabled: entity !== undefined && isEnabled,
  });
}
