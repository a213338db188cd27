import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BulkResult } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import type { BulkProgress } from './bulk-run.ts';

/** Numbers as the interface language writes them ('1.234' in Montenegrin, '1,234' in English). */
export function useCountFormat(): (count: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'sr-Latn-ME');
  return (count) => format.format(count);
}

/** How far a bulk action is: a bar and '450 / 1.234'. */
export function BulkProgressBar({ progress }: { progress: BulkProgress }) {
  const { t } = useTranslation();
  const formatCount = useCountFormat();
  const percent = progress.total > 0 ? Math.min(100, Math.round((progress.done / progress.total) * 100)) : 0;
  const text = t('list.bulk.progress', {
    done: formatCount(progress.done),
    total: formatCount(progress.total),
  });
  return (
    <Stack spacing={1}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('list.bulk.progressLabel')}
        aria-valuetext={text}
      />
      <Typography variant="body2" aria-hidden>
        {text}
      </Typography>
    </Stack>
  );
}

/**
 * What a bulk action did: how many rows changed and were already as asked, and each refused row
 * named (`nameOf`: a row of the page by its name, another by its id) with the server's reason.
 */
export function BulkResultSummary({
  result,
  nameOf,
}: {
  result: BulkResult;
  nameOf: (id: number) => string;
}) {
  const { t } = useTranslation();
  const formatCount = useCountFormat();
  return (
    <Stack spacing={2}>
      <Alert severity="success">
        <Typography>{t('list.bulk.changed', { count: formatCount(result.changed.length) })}</Typography>
        {result.unchanged.length > 0 && (
          <Typography>{t('list.bulk.unchanged', { count: formatCount(result.unchanged.length) })}</Typography>
        )}
      </Alert>
      {result.refused.length > 0 && (
        <Alert severity="warning">
          <Typography component="h3" variant="subtitle2">
            {t('list.bulk.refused', { count: formatCount(result.refused.length) })}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}>
            {result.refused.map((refusal) => (
              <li key={refusal.id}>
                <strong>{nameOf(refusal.id)}</strong>: {refusal.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Stack>
  );
}
