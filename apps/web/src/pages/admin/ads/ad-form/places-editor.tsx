import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchListAt, PICKER_REQUEST } from '../../../../api/list-api.ts';
import { type PickerRow, usePicker } from '../../../../api/use-picker.ts';
import type { PlaceValue } from './ad-form-values.ts';

/** The active cities of one country (`/api/os_cities/index_active` filtered by os_country_id). */
function useCitiesOf(countryId: number | '') {
  return useQuery({
    queryKey: ['picker', 'os_cities', countryId],
    queryFn: ({ signal }) =>
      fetchListAt<PickerRow>(
        '/api/os_cities/index_active',
        { ...PICKER_REQUEST, filters: { os_country_id: countryId } },
        signal,
      ).then((answer) => answer.result),
    enabled: countryId !== '',
    staleTime: 5 * 60_000,
  });
}

export type PlaceErrorOf = (index: number, field: keyof PlaceValue) => string | undefined;

/** One row: a country and, optionally, some of its cities (none chosen: the whole country). */
function PlaceRow({
  index,
  place,
  countries,
  takenCountries,
  onChange,
  onRemove,
  onBlur,
  errorOf,
}: {
  index: number;
  place: PlaceValue;
  countries: readonly PickerRow[];
  takenCountries: ReadonlySet<number>;
  onChange: (next: PlaceValue) => void;
  onRemove: () => void;
  onBlur: () => void;
  errorOf: PlaceErrorOf;
}) {
  const { t } = useTranslation();
  const cities = useCitiesOf(place.os_country_id);
  const cityChoices = cities.data ?? [];
  const chosenCities = place.cities.map(
    (id) => cityChoices.find((city) => city.id === id) ?? { id, name: cities.isPending ? '…' : `#${id}` },
  );
  const countryError = errorOf(index, 'os_country_id');
  const citiesError = errorOf(index, 'cities');

  return (
    <Box
      role="group"
      aria-label={t('adForm.placeRow', { n: index + 1 })}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(160px, 1fr) 2fr auto' },
        gap: 1,
        alignItems: 'start',
      }}
    >
      <TextField
        select
        size="small"
        label={t('adForm.country')}
        required
        value={place.os_country_id}
        onChange={(event) => onChange({ os_country_id: Number(event.target.value), cities: [] })}
        onBlur={onBlur}
        error={countryError !== undefined}
        helperText={countryError}
        fullWidth
      >
        {countries.map((country) => (
          <MenuItem
            key={country.id}
            value={country.id}
            disabled={takenCountries.has(Number(country.id)) && country.id !== place.os_country_id}
          >
            {country.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ gridColumn: { xs: '1 / 2', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' } }}>
        <Autocomplete
          multiple
          size="small"
          options={cityChoices}
          value={chosenCities}
          disabled={place.os_country_id === ''}
          loading={cities.isFetching}
          getOptionLabel={(city) => city.name}
          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
          noOptionsText={t('adForm.noCities')}
          loadingText={t('common.loading')}
          onChange={(_, chosen) => onChange({ ...place, cities: chosen.map((city) => Number(city.id)) })}
          onBlur={onBlur}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('adForm.cities')}
              error={citiesError !== undefined}
              // The whole country only while no city is chosen.
              helperText={citiesError ?? (chosenCities.length === 0 ? t('adForm.citiesHint') : undefined)}
            />
          )}
        />
      </Box>
      <IconButton aria-label={t('adForm.removeCountry', { n: index + 1 })} onClick={onRemove}>
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}

/** Rows of a country and its cities, added and removed; a country at most once. */
export function PlacesEditor({
  value,
  onChange,
  onBlur,
  errorOf,
}: {
  value: readonly PlaceValue[];
  onChange: (next: PlaceValue[]) => void;
  onBlur: () => void;
  errorOf: PlaceErrorOf;
}) {
  const { t } = useTranslation();
  const countries = usePicker('os_countries');
  const taken = new Set(value.flatMap((place) => (place.os_country_id === '' ? [] : [place.os_country_id])));
  const choices = [...(countries.data ?? [])];
  // A chosen country no longer active stays visible (an older ad).
  for (const place of value) {
    if (place.os_country_id !== '' && !choices.some((c) => c.id === place.os_country_id)) {
      choices.push({ id: place.os_country_id, name: countries.isPending ? '…' : `#${place.os_country_id}` });
    }
  }

  return (
    <Stack spacing={1.5}>
      {value.map((place, index) => (
        <PlaceRow
          // Rows have no id of their own; their place is who they are.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          index={index}
          place={place}
          countries={choices}
          takenCountries={taken}
          onChange={(next) => onChange(value.map((old, i) => (i === index ? next : old)))}
          onRemove={() => onChange(value.filter((_, i) => i !== index))}
          onBlur={onBlur}
          errorOf={errorOf}
        />
      ))}
      <div>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...value, { os_country_id: '', cities: [] }])}
        >
          {t('adForm.addCountry')}
        </Button>
      </div>
    </Stack>
  );
}
