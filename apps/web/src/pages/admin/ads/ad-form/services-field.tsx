import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../../../api/http-client.ts';
import type { ServiceNode } from '../../services/services-api.ts';

/** A service that can be chosen, with the folders above it as its group ('Dom › Bašta'). */
export type ServiceChoice = { id: number; name: string; group: string };

/** The services (leaves) of the tree, in the tree's order, each under its folders' path. */
export function serviceChoices(nodes: readonly ServiceNode[], path: readonly string[] = []): ServiceChoice[] {
  return nodes.flatMap((node) =>
    node.is_service
      ? [{ id: node.id, name: node.name, group: path.join(' › ') }]
      : serviceChoices(node.services, [...path, node.name]),
  );
}

/** The catalogue the ad form picks from: `POST /api/services/index_active`, active nodes. */
function useServiceChoices() {
  return useQuery({
    queryKey: ['picker', 'services-tree'],
    queryFn: ({ signal }) =>
      http
        .post<{ result: ServiceNode[] }>('/api/services/index_active', {}, { signal })
        .then((answer) => serviceChoices(answer.result)),
    staleTime: 5 * 60_000,
  });
}

/**
 * Several services, searched by typing, grouped by their folders. `known` names chosen services
 * the catalogue no longer offers (an edited ad's deactivated service).
 */
export function ServicesField({
  value,
  known,
  onChange,
  onBlur,
  error,
}: {
  value: readonly number[];
  known: readonly { id: number; name: string }[];
  onChange: (ids: number[]) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const choices = useServiceChoices();
  const options = choices.data ?? [];
  const chosen = value.map(
    (id) =>
      options.find((option) => option.id === id) ?? {
        id,
        name: known.find((service) => service.id === id)?.name ?? `#${id}`,
        group: '',
      },
  );
  return (
    <Autocomplete
      multiple
      options={options}
      value={chosen}
      groupBy={(option) => option.group}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={choices.isPending}
      loadingText={t('common.loading')}
      noOptionsText={t('adForm.noServices')}
      onChange={(_, next) => onChange(next.map((option) => option.id))}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('adForm.services')}
          required
          error={error !== undefined}
          helperText={error}
        />
      )}
    />
  );
}
