import FolderIcon from '@mui/icons-material/CreateNewFolder';
import ServiceIcon from '@mui/icons-material/HomeRepairService';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCredits, type ServiceCreditHistoryRow } from '@usluge/contract';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../api/http-error.ts';
import { AuditTimelineSection } from '../../../components/audit/audit-timeline-section.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { useDraftHost } from '../../../components/form/use-draft.ts';
import { HistoryDialog, historyQueryKey } from '../../../components/list/history-table.tsx';
import type { ColumnConfig, ResourceMessages } from '../../../components/list/resource-types.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { type NewNodePreset, serviceForm } from './service-form.tsx';
import { ServiceSearchBox } from './service-search-box.tsx';
import { type NodeActions, ServiceTree } from './service-tree.tsx';
import { expandedForSearch, findNode, folderChoicesFor } from './service-tree-model.ts';
import {
  fetchServiceTree,
  SERVICE_CREDIT_HISTORY_PATH,
  SERVICE_TREE_KEY,
  SERVICES_ENTITY,
  type ServiceNode,
  serviceTreeQueryKey,
  toggleFavourite,
  toggleServiceActive,
} from './services-api.ts';

/** The texts of one kind of node: the form's titles and every confirmation and success message. */
const FOLDER_MESSAGES = {
  addTitle: 'services.folder.addTitle',
  editTitle: 'services.folder.editTitle',
  deactivateQuestion: 'services.folder.deactivateQuestion',
  restoreQuestion: 'services.folder.restoreQuestion',
  created: 'services.folder.created',
  updated: 'services.folder.updated',
  deactivated: 'services.folder.deactivated',
  restored: 'services.folder.restored',
} as const satisfies ResourceMessages;

const SERVICE_MESSAGES = {
  addTitle: 'services.service.addTitle',
  editTitle: 'services.service.editTitle',
  deactivateQuestion: 'services.service.deactivateQuestion',
  restoreQuestion: 'services.service.restoreQuestion',
  created: 'services.service.created',
  updated: 'services.service.updated',
  deactivated: 'services.service.deactivated',
  restored: 'services.service.restored',
} as const satisfies ResourceMessages;

function messagesOf(isService: boolean) {
  return isService ? SERVICE_MESSAGES : FOLDER_MESSAGES;
}

/** SPEC.md 3, 'Service credit history': when, and the credit; who changed it too. */
const HISTORY_COLUMNS: readonly ColumnConfig<ServiceCreditHistoryRow>[] = [
  { key: 'updated_at', titleKey: 'columns.updated_at', filter: { kind: 'date' }, width: 150 },
  {
    key: 'credit',
    titleKey: 'services.credit',
    align: 'right',
    render: (row) => formatCredits(row.credit, currentLanguage()),
  },
  { key: 'changed_by', titleKey: 'services.changedBy' },
];

/** A deactivation or restore; `isWithItems`: a folder's restore with the items deactivated with it. */
type ActivityChange = { node: ServiceNode; idempotencyKey: string; isWithItems: boolean };

type OpenDialog =
  | { kind: 'none' }
  | { kind: 'form'; node: ServiceNode | null; preset: NewNodePreset }
  | { kind: 'favourite'; node: ServiceNode }
  | { kind: 'active'; node: ServiceNode }
  | { kind: 'history'; node: ServiceNode };

const NO_NODES: readonly ServiceNode[] = [];
const TOP_LEVEL_FOLDER: NewNodePreset = { parentId: null, isService: false };

/**
 * `/services`: the catalogue of folders and services as a tree, with the search (matches marked,
 * their folders opened), inactive nodes on request, and per node the favourite star, add inside
 * (folders), credit history (services), edit and deactivate / restore.
 */
export function ServicesScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [search, setSearch] = useState('');
  const [isInactiveShown, setInactiveShown] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  // 'Vrati' on a draft kept when a session ended opens the node's form again (use-draft.ts); a new
  // node's folder and kind are the draft's own values.
  useDraftHost((dialogName, row, draft) => {
    if (dialogName !== 'form') return;
    const { service_id: parentId, is_service: isService } = draft.values;
    setDialog({
      kind: 'form',
      node: row as ServiceNode | null,
      preset: { parentId: typeof parentId === 'number' ? parentId : null, isService: isService === true },
    });
  });
  // What the user opened, and (apart from it) what a search opened: clearing the search goes back.
  const [expanded, setExpanded] = useState<string[]>([]);
  const [searchExpanded, setSearchExpanded] = useState<string[]>([]);
  const isSearching = search.trim() !== '';

  const tree = useQuery({
    queryKey: serviceTreeQueryKey({ isInactiveShown, search }),
    queryFn: ({ signal }) => fetchServiceTree({ isInactiveShown, search }, signal),
    placeholderData: keepPreviousData,
  });
  const nodes = tree.data?.result ?? NO_NODES;
  const isCurrent = !tree.isPlaceholderData;

  // A search answer holds the matches and their folders: open every folder so each match shows.
  useEffect(() => {
    if (isSearching && isCurrent) setSearchExpanded(expandedForSearch(nodes));
  }, [isSearching, isCurrent, nodes]);

  const reload = () => queryClient.invalidateQueries({ queryKey: SERVICE_TREE_KEY });

  const actions = useMemo<NodeActions>(
    () => ({
      onFavourite: (node) => setDialog({ kind: 'favourite', node }),
      onAddChild: (node, isService) =>
        setDialog({ kind: 'form', node: null, preset: { parentId: node.id, isService } }),
      onHistory: (node) => setDialog({ kind: 'history', node }),
      onEdit: (node) =>
        setDialog({ kind: 'form', node, preset: { parentId: node.service_id, isService: node.is_service } }),
      onToggleActive: (node) => setDialog({ kind: 'active', node }),
    }),
    [],
  );

  // A stale toggle (someone changed the node meanwhile): the error dialog says so, the tree reloads.
  const reloadIfStale = (error: Error) => {
    if (error instanceof HttpError && error.isStaleWrite) void reload();
  };

  const favourite = useMutation({
    mutationFn: ({ node, idempotencyKey }: { node: ServiceNode; idempotencyKey: string }) =>
      toggleFavourite(node, idempotencyKey),
    onSuccess: (node) => {
      feedback.showSuccess(
        t(node.is_favorite ? 'services.favourited' : 'services.unfavourited', { name: node.name }),
      );
      void reload();
    },
    onError: reloadIfStale,
  });

  const activity = useMutation({
    mutationFn: ({ node, idempotencyKey, isWithItems }: ActivityChange) =>
      toggleServiceActive(node, idempotencyKey, isWithItems),
    onSuccess: (answer, { node, isWithItems }) => {
      const messages = messagesOf(node.is_service);
      const count = answer.changed_nodes ?? 1;
      let message = t(messages.deactivated, { name: node.name, count });
      if (answer.is_active) {
        message = isWithItems
          ? t('services.folder.restoredWithItems', { name: node.name, count })
          : t(messages.restored, { name: node.name });
      }
      feedback.showSuccess(message);
      void reload();
    },
    onError: reloadIfStale,
  });

  // Dialogs keep their last text while they fade out.
  const lastDialog = useRef<Exclude<OpenDialog, { kind: 'none' }> | null>(null);
  if (dialog.kind !== 'none') lastDialog.current = dialog;
  const shown = lastDialog.current;
  const close = () => setDialog({ kind: 'none' });

  const formPreset = shown?.kind === 'form' ? shown.preset : TOP_LEVEL_FOLDER;
  const formNode = shown?.kind === 'form' ? shown.node : null;
  // The whole active tree (the screen's own answer when it shows no search): the folders a node
  // may move into, and the name of the one a new node goes into.
  const wholeTree = useQuery({
    queryKey: serviceTreeQueryKey({ isInactiveShown: false, search: '' }),
    queryFn: ({ signal }) => fetchServiceTree({ isInactiveShown: false, search: '' }, signal),
    enabled: dialog.kind === 'form',
  });
  const allNodes = wholeTree.data?.result ?? NO_NODES;
  const folderChoices = useMemo(
    () => [{ value: '', label: t('services.topLevel') }, ...folderChoicesFor(allNodes, formNode?.id ?? null)],
    [allNodes, formNode, t],
  );
  const form = useMemo(
    () => serviceForm({ parentId: formPreset.parentId, isService: formPreset.isService }, folderChoices),
    [formPreset.parentId, formPreset.isService, folderChoices],
  );
  const targetFolder =
    formPreset.parentId === null ? null : (findNode(allNodes, formPreset.parentId)?.name ?? null);
  const formSubtitle = formNode
    ? undefined
    : formPreset.parentId === null
      ? t('services.addAtTop')
      : targetFolder === null
        ? undefined
        : t('services.addInto', { folder: targetFolder });
  const formMessages = messagesOf(formNode ? formNode.is_service : formPreset.isService);

  const confirmNode = shown?.kind === 'favourite' || shown?.kind === 'active' ? shown.node : null;
  const confirm = confirmTexts(shown, t);

  let emptyText: string | null = null;
  if (nodes.length === 0 && !tree.isPending) {
    if (tree.isError) emptyText = t('list.loadFailed');
    else emptyText = isSearching ? t('services.noMatches') : t('list.noData');
  }

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('pages.services')}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void reload()}>
          {t('list.refresh')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<FolderIcon />}
          onClick={() => setDialog({ kind: 'form', node: null, preset: TOP_LEVEL_FOLDER })}
        >
          {t('services.addFolder')}
        </Button>
        <Button
          variant="contained"
          startIcon={<ServiceIcon />}
          onClick={() => setDialog({ kind: 'form', node: null, preset: { parentId: null, isService: true } })}
        >
          {t('services.addService')}
        </Button>
      </Stack>

      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <ServiceSearchBox onSearch={setSearch} />
        <FormControlLabel
          control={
            <Switch checked={isInactiveShown} onChange={(event) => setInactiveShown(event.target.checked)} />
          }
          label={t('services.showInactive')}
        />
      </Stack>

      <Paper variant="outlined" sx={{ p: { xs: 0.5, md: 1 } }}>
        <Box sx={{ height: 4 }}>{tree.isFetching && <LinearProgress aria-label={t('common.loading')} />}</Box>
        {emptyText !== null ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {emptyText}
          </Typography>
        ) : (
          <ServiceTree
            nodes={nodes}
            label={t('services.tree')}
            search={isCurrent ? search : ''}
            isWide={isWide}
            expandedItems={isSearching ? searchExpanded : expanded}
            onExpandedItemsChange={isSearching ? setSearchExpanded : setExpanded}
            actions={actions}
          />
        )}
      </Paper>

      {form.renderDialog({
        entity: SERVICES_ENTITY,
        messages: formMessages,
        row: formNode,
        ...(formSubtitle === undefined ? {} : { subtitle: formSubtitle }),
        isOpen: dialog.kind === 'form',
        onClose: close,
        onSaved: () => {
          close();
          // A new node inside a folder: open the folder so it shows.
          if (!formNode && formPreset.parentId !== null) {
            const parent = String(formPreset.parentId);
            setExpanded((ids) => (ids.includes(parent) ? ids : [...ids, parent]));
            setSearchExpanded((ids) => (ids.includes(parent) ? ids : [...ids, parent]));
          }
          void reload();
          void queryClient.invalidateQueries({ queryKey: historyQueryKey(SERVICE_CREDIT_HISTORY_PATH) });
        },
      })}

      <ConfirmDialog
        isOpen={dialog.kind === 'favourite' || dialog.kind === 'active'}
        title={confirm.title}
        text={confirm.text}
        confirmLabel={confirm.confirmLabel}
        isBusy={favourite.isPending || activity.isPending}
        onCancel={close}
        onConfirm={(idempotencyKey) => {
          if (!confirmNode) return;
          const change = { node: confirmNode, idempotencyKey };
          const answer =
            dialog.kind === 'favourite'
              ? favourite.mutateAsync(change)
              : activity.mutateAsync({ ...change, isWithItems: confirm.isWithItemsOffered });
          return answer.finally(close);
        }}
        alternative={
          confirm.isWithItemsOffered && confirmNode
            ? {
                label: t('services.restoreFolderOnly'),
                onConfirm: (idempotencyKey) =>
                  activity
                    .mutateAsync({ node: confirmNode, idempotencyKey, isWithItems: false })
                    .finally(close),
              }
            : undefined
        }
      />

      {shown?.kind === 'history' && (
        <HistoryDialog<ServiceCreditHistoryRow>
          isOpen={dialog.kind === 'history'}
          onClose={close}
          title={t('services.historyTitle', { name: shown.node.name })}
          width={600}
          path={SERVICE_CREDIT_HISTORY_PATH}
          filters={{ service_id: { operator: 'equals', value: shown.node.id } }}
          columns={HISTORY_COLUMNS}
        >
          {/* Who changed the service (name, credits, folder …) and when, beside its credit history. */}
          <Box sx={{ mb: 1 }}>
            <AuditTimelineSection recordType="services" recordId={shown.node.id} />
          </Box>
        </HistoryDialog>
      )}
    </Stack>
  );
}

// TFunction itself: ReturnType<typeof useTranslation>['t'] is instantiated too deep for tsc once
// the catalogue grows past a size (TS2589).
type Translate = TFunction<'translation'>;

/**
 * The favourite and deactivate / restore questions, naming the node. An inactive folder whose
 * deactivation turned items off offers to restore them with it (the main choice), or it alone.
 */
function confirmTexts(shown: OpenDialog | null, t: Translate) {
  const isWithItemsOffered = false;
  if (shown?.kind === 'favourite') {
    const { node } = shown;
    return node.is_favorite
      ? {
          title: t('services.unfavouriteQuestion', { name: node.name }),
          text: t('services.favouriteText'),
          confirmLabel: t('services.unfavourite'),
          isWithItemsOffered,
        }
      : {
          title: t('services.favouriteQuestion', { name: node.name }),
          text: t('services.favouriteText'),
          confirmLabel: t('services.markFavourite'),
          isWithItemsOffered,
        };
  }
  if (shown?.kind === 'active') {
    const { node } = shown;
    const messages = messagesOf(node.is_service);
    if (!node.is_active) {
      const count = node.is_service ? 0 : node.deactivated_items;
      if (count > 0) {
        return {
          title: t(messages.restoreQuestion, { name: node.name }),
          text: t('services.restoreWithItemsText', { count }),
          confirmLabel: t('services.restoreWithItems', { count }),
          isWithItemsOffered: true,
        };
      }
      return {
        title: t(messages.restoreQuestion, { name: node.name }),
        text: node.is_service ? t('list.restoreText') : t('services.restoreFolderText'),
        confirmLabel: t('list.restore'),
        isWithItemsOffered,
      };
    }
    return {
      title: t(messages.deactivateQuestion, { name: node.name }),
      text: node.is_service ? t('services.deactivateServiceText') : t('services.deactivateFolderText'),
      confirmLabel: t('list.deactivate'),
      isWithItemsOffered,
    };
  }
  return { title: '', text: '', confirmLabel: undefined, isWithItemsOffered };
}
