import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http-error.ts';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { downloadSeedFile, fetchSeedTables } from './seeders-api.ts';

/** Without SEEDERS_ENABLED=true the server has no seeder routes at all: they answer 404. */
function isSwitchedOff(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

/** A long table name may wrap on a phone, after an underscore rather than inside a word. */
function breakableName(name: string): ReactNode {
  return name.split('_').map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in a fixed order
    <Fragment key={index}>
      {index > 0 && '_'}
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * The seeder generator (SPEC.md section 2, issue 11): the database's tables, each with a download
 * of its rows as a seed file that `npm run db:seed` loads. Administrators only.
 */
export function SeedersScreen() {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['seeders', 'tables'],
    queryFn: ({ signal }) => fetchSeedTables(signal),
  });
  const [downloading, setDownloading] = useState<ReadonlySet<string>>(new Set());

  const download = async (table: string) => {
    setDownloading((names) => new Set(names).add(table));
    try {
      const fileName = await downloadSeedFile(table);
      feedback.showSuccess(t('seeders.downloaded', { file: fileName }));
    } catch {
      // The error dialog has said what went wrong.
    } finally {
      setDownloading((names) => {
        const next = new Set(names);
        next.delete(table);
        return next;
      });
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('seeders.title')}
      </Typography>
      {!isSwitchedOff(query.error) && <Typography color="text.secondary">{t('seeders.intro')}</Typography>}
      {query.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {query.isError &&
        (isSwitchedOff(query.error) ? (
          <Alert severity="info">
            <AlertTitle>{t('seeders.disabledTitle')}</AlertTitle>
            {t('seeders.disabledText')}
          </Alert>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                {t('seeders.retry')}
              </Button>
            }
          >
            {t('seeders.loadError')} {query.error.message}
          </Alert>
        ))}
      {query.data && (
        <Paper variant="outlined" sx={{ maxWidth: 640 }}>
          <Table size="small" aria-label={t('seeders.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('seeders.tableName')}</TableCell>
                <TableCell align="right">{t('seeders.download')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={2}>{t('seeders.empty')}</TableCell>
                </TableRow>
              )}
              {query.data.map(({ table_name: name }) => {
                const isDownloading = downloading.has(name);
                return (
                  <TableRow key={name} hover>
                    <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                      {breakableName(name)}
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        startIcon={
                          isDownloading ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />
                        }
                        disabled={isDownloading}
                        aria-label={t('seeders.downloadTable', { name })}
                        onClick={() => void download(name)}
                      >
                        {t('seeders.download')}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
