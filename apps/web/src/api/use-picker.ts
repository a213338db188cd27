import { useQuery } from '@tanstack/react-query';
import { type EntityName, fetchPicker } from './list-api.ts';

export type PickerRow = { id: number | string; name: string };

/** Active choices of a picker endpoint (`/api/<entity>/index_active`), cached for five minutes. */
export function usePicker(entity: EntityName, isEnabled = true) {
  return useQuery({
    queryKey: ['picker', entity],
    queryFn: ({ signal }) => fetchPicker<PickerRow>(entity, signal).then((answer) => answer.result),
    staleTime: 5 * 60_000,
    enabled: isEnabled,
  });
}
