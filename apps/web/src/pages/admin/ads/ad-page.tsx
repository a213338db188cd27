import { AREA_PATHS, type LeadRow } from '@usluge/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError } from '../../../api/http-error.ts';
import {
  parseRecordId,
  RecordPage,
  RecordPageState,
  RecordSection,
} from '../../../components/layout/record-page.tsx';
import { HistoryTable } from '../../../components/list/history-table.tsx';
import type { ColumnConfig } from '../../../components/list/resource-types.ts';
import { ReportAdButton } from '../ad-reports/report-ad-dialog.tsx';
import { AdDetailsView, PosterName, useAdDetails } from './ad-details.tsx';
import { LEAD_COLUMNS } from './ad-leads-dialog.tsx';

/** The contacts of the ad, each buyer's name leading to their page (for whoever may open it). */
const PAGE_LEAD_COLUMNS: readonly ColumnConfig<LeadRow>[] = LEAD_COLUMNS.map((column) =>
  column.key === 'name'
    ? {
        ...column,
        render: (lead: LeadRow) => (
          <PosterName id={lead.user_id} name={[lead.name, lead.last_name].filter(Boolean).join(' ')} />
        ),
      }
    : column,
).filter((column) => column.key !== 'last_name');

/**
 * `/ads/{id}`: one ad at its own address, what the details dialog shows (hints, changes since the
 * approval, facts, photos with the lightbox, status history, audit trail) and its contacts.
 */
export function AdPage() {
  const { t } = useTranslation();
  const adId = parseRecordId(useParams().id);
  // The page says itself what went wrong: a missing ad is a state of the page, not an error dialog.
  const details = useAdDetails(adId, { isErrorDialogSuppressed: true });
  const listPath = AREA_PATHS.ads;
  if (adId === null) return <RecordPageState state="notFound" listPath={listPath} />;
  if (details.isPending) return <RecordPageState state="loading" listPath={listPath} />;
  if (details.isError) {
    const isMissing = details.error instanceof HttpError && details.error.status === 404;
    return <RecordPageState state={isMissing ? 'notFound' : 'failed'} listPath={listPath} />;
  }
  const ad = details.data;
  return (
    <RecordPage
      listPath={listPath}
      overline={t('recordPages.ad')}
      title={ad.title}
      actions={<ReportAdButton adId={adId} title={ad.title} />}
    >
      <RecordSection title={t('ads.details.title')}>
        {/* On a page the lightbox is a dialog of its own: nothing else to keep open or closed. */}
        <AdDetailsView ad={ad} onLightboxChange={() => {}} sectionLevel="h3" />
      </RecordSection>
      <RecordSection title={t('recordPages.leadHistory')}>
        <HistoryTable<LeadRow>
          title={t('recordPages.leadHistory')}
          path="/api/leads/index"
          filters={{ ad_id: { operator: 'equals', value: adId } }}
          columns={PAGE_LEAD_COLUMNS}
          sort={{ key: 'contact_time', isDescending: true }}
        />
      </RecordSection>
    </RecordPage>
  );
}
