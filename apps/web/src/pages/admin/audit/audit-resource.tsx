import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES, type AuditRow } from '@usluge/contract';
import { AUDIT_ENTITY } from '../../../api/audit-api.ts';
import { AuditChanges } from '../../../components/audit/audit-changes.tsx';
import { actionLabelKey, useAuditTexts } from '../../../components/audit/audit-texts.ts';
import { DateTimeText } from '../../../components/list/list-cells.tsx';
import { defineResource } from '../../../components/list/resource-types.ts';

function Actor({ row }: { row: AuditRow }) {
  const texts = useAuditTexts();
  return <>{texts.actor(row.actor_id, row.actor_name)}</>;
}

function Action({ row }: { row: AuditRow }) {
  const texts = useAuditTexts();
  return <>{texts.action(row.action)}</>;
}

function RecordType({ row }: { row: AuditRow }) {
  const texts = useAuditTexts();
  return <>{texts.recordType(row.record_type)}</>;
}

/**
 * The audit trail (`/audit`, administrators): every entry newest first, who (name and id), from
 * which address, what action on which record, and the change before → after (secrets only as
 * changed). Filters on the actor's id, the action, the record's type and id and the time; the
 * report as for every list. Read only: the trail cannot be changed through the product.
 */
export const auditResource = defineResource<AuditRow>({
  entity: AUDIT_ENTITY,
  titleKey: 'pages.audit',
  defaultSort: { key: 'created_at', isDescending: true },
  canAdd: false,
  canEdit: false,
  canDelete: false,
  hasActivityFilter: false,
  reportName: 'revizija',
  rowName: (row) => `#${row.id}`,
  columns: [
    {
      key: 'created_at',
      titleKey: 'audit.columns.createdAt',
      filter: { kind: 'date' },
      isSortable: true,
      width: 150,
      render: (row) => <DateTimeText value={row.created_at} />,
    },
    {
      key: 'actor_id',
      titleKey: 'audit.columns.actor',
      filter: { kind: 'number' },
      width: 140,
      render: (row) => <Actor row={row} />,
    },
    { key: 'ip', titleKey: 'audit.columns.ip', width: 90 },
    {
      key: 'action',
      titleKey: 'audit.columns.action',
      filter: {
        kind: 'select',
        options: AUDIT_ACTIONS.map((action) => ({ value: action, labelKey: actionLabelKey(action) })),
      },
      width: 130,
      render: (row) => <Action row={row} />,
    },
    {
      key: 'record_type',
      titleKey: 'audit.columns.recordType',
      filter: {
        kind: 'select',
        options: AUDIT_RECORD_TYPES.map((type) => ({
          value: type,
          labelKey: `audit.recordTypes.${type}` as const,
        })),
      },
      width: 130,
      render: (row) => <RecordType row={row} />,
    },
    {
      key: 'record_id',
      titleKey: 'audit.columns.recordId',
      filter: { kind: 'number' },
      align: 'right',
      width: 110,
    },
    {
      key: 'changes',
      titleKey: 'audit.columns.changes',
      width: 220,
      render: (row) => <AuditChanges entryId={row.id} changes={row.changes} isCompact />,
    },
  ],
});
