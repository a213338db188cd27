import { api } from '../../../api/api-client.ts';
import { fileNameFromDisposition } from '../../../api/report-api.ts';
import { saveFile } from '../../../api/save-file.ts';

export type SeedTable = { table_name: string };

/**
 * `POST /api/all_tables/pgsql`: the tables a seed file can be made of. The screen shows a failure
 * itself: a 404 means the server runs without SEEDERS_ENABLED, which is not an error to report.
 */
export async function fetchSeedTables(signal: AbortSignal): Promise<SeedTable[]> {
  const answer = await api.post('/api/all_tables/pgsql', { signal, isErrorDialogSuppressed: true });
  return answer.result;
}

/**
 * `GET /api/seeder_generator/{table}`: saves the table's seed file under the name the server gives
 * (`<table>.seed.ndjson`). Answers the file name; a failure opens the error dialog and rejects.
 */
export async function downloadSeedFile(table: string): Promise<string> {
  const answer = await api.getForFile('/api/seeder_generator/{table}', { params: { table } });
  const fileName = fileNameFromDisposition(answer.contentDisposition) ?? `${table}.seed.ndjson`;
  saveFile(answer.blob, fileName);
  return fileName;
}
