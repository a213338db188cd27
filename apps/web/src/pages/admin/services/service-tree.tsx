import AddIcon from '@mui/icons-material/Add';
import DeactivateIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import FolderIcon from '@mui/icons-material/Folder';
import ServiceIcon from '@mui/icons-material/HomeRepairService';
import MoreIcon from '@mui/icons-material/MoreVert';
import HistoryIcon from '@mui/icons-material/ReceiptLong';
import RestoreIcon from '@mui/icons-material/Restore';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { styled } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useTreeItemModel, useTreeItemUtils } from '@mui/x-tree-view/hooks';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { TreeItem, type TreeItemProps } from '@mui/x-tree-view/TreeItem';
import { formatCredits } from '@usluge/contract';
import {
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
  useContext,
  useId,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { depthsOf, highlightParts, itemIdOf } from './service-tree-model.ts';
import type { ServiceNode } from './services-api.ts';

/** What a node's buttons do; the screen opens the matching dialog. */
export type NodeActions = {
  onFavourite: (node: ServiceNode) => void;
  onAddChild: (node: ServiceNode, isService: boolean) => void;
  onHistory: (node: ServiceNode) => void;
  onEdit: (node: ServiceNode) => void;
  onToggleActive: (node: ServiceNode) => void;
};

type TreeContext = {
  actions: NodeActions;
  /** Each node's depth (0 at the top), for aria-level. */
  depths: ReadonlyMap<number, number>;
  /** The applied search text: matches show it marked. */
  search: string;
  /** Wide screens show every action as a button; a phone shows the star and a menu. */
  isWide: boolean;
  /** Keeps the node whose buttons are in the Tab order when its button gets the focus. */
  onActivate: (itemId: string) => void;
};

const ServiceTreeContext = createContext<TreeContext | null>(null);

function useServiceTreeContext(): TreeContext {
  const context = useContext(ServiceTreeContext);
  if (!context) throw new Error('ServiceTreeItem outside ServiceTree');
  return context;
}

/** A button's events stay its own: no expanding, selecting or tree keys on the row under it. */
const keepToButton = {
  onClick: (event: MouseEvent) => event.stopPropagation(),
  onKeyDown: (event: KeyboardEvent) => event.stopPropagation(),
};

// Module constants on purpose: the tree rebuilds its whole item state (every node) when one of
// these changes identity, so an inline function would cost a rebuild on every render.
const labelOf = (node: ServiceNode) => node.name;
const childrenOf = (node: ServiceNode) => node.services;

export type ServiceTreeProps = {
  nodes: readonly ServiceNode[];
  label: string;
  search: string;
  isWide: boolean;
  expandedItems: readonly string[];
  onExpandedItemsChange: (itemIds: string[]) => void;
  actions: NodeActions;
};

/**
 * The catalogue as a tree (MUI X RichTreeView: arrows, Home/End, typing a name, * to open siblings).
 * A collapsed folder's children are not mounted, so only what is opened costs anything. The
 * focused (or last selected) node's buttons follow it in the Tab order; the others' are reached
 * by moving to their node first, so Tab leaves the tree after one node's buttons.
 */
export function ServiceTree({
  nodes,
  label,
  search,
  isWide,
  expandedItems,
  onExpandedItemsChange,
  actions,
}: ServiceTreeProps) {
  const [activeId, setActiveId] = useState<string | null>(null);
  // One context object while these stay: moving the focus re-renders only the two nodes it moves between.
  const depths = useMemo(() => depthsOf(nodes), [nodes]);
  const context = useMemo<TreeContext>(
    () => ({ actions, depths, search, isWide, onActivate: setActiveId }),
    [actions, depths, search, isWide],
  );
  return (
    <ServiceTreeContext value={context}>
      <RichTreeView<ServiceNode, false>
        aria-label={label}
        items={nodes}
        getItemId={itemIdOf}
        getItemLabel={labelOf}
        getItemChildren={childrenOf}
        expandedItems={expandedItems}
        onExpandedItemsChange={(_, itemIds) => onExpandedItemsChange(itemIds)}
        selectedItems={activeId}
        onSelectedItemsChange={(_, itemId) => setActiveId(itemId)}
        onItemFocus={(_: SyntheticEvent | null, itemId) => setActiveId(itemId)}
        slots={TREE_SLOTS}
        // Rows as siblings (with aria-level), not nested lists: a node's row then holds only its
        // own text, which its accessible name can match.
        domStructure="flat"
        itemChildrenIndentation={isWide ? 24 : 12}
      />
    </ServiceTreeContext>
  );
}

const TREE_SLOTS = { item: ServiceTreeItem };

function ServiceTreeItem({ ref, ...props }: TreeItemProps & { ref?: Ref<HTMLLIElement> }) {
  const node = useTreeItemModel<ServiceNode>(props.itemId);
  const { status } = useTreeItemUtils({ itemId: props.itemId, children: props.children });
  const { depths } = useServiceTreeContext();
  const idBase = useId();
  if (!node) return null;
  const ids = labelIds(idBase);
  // Named by its name, credit and state only: its buttons have names of their own.
  const labelledBy = [
    ids.name,
    hasCredit(node) ? ids.credit : null,
    node.is_active ? null : ids.inactive,
  ].filter((id) => id !== null);
  return (
    <TreeItem
      {...props}
      ref={ref}
      // A flat tree has no nesting to tell the level: it says it.
      aria-level={(depths.get(node.id) ?? 0) + 1}
      aria-labelledby={labelledBy.join(' ')}
      label={<NodeLabel node={node} ids={ids} isActive={status.selected || status.focused} />}
    />
  );
}

type LabelIds = { name: string; credit: string; inactive: string };

function labelIds(base: string): LabelIds {
  return { name: `${base}-name`, credit: `${base}-credit`, inactive: `${base}-inactive` };
}

function hasCredit(node: ServiceNode): node is ServiceNode & { credit: number } {
  return node.is_service && node.credit !== null;
}

/**
 * A node's row: its icon, name, credit and state. Plain elements under one styled row, with the
 * inactive look from a data attribute: opening a folder of hundreds mounts few styled components.
 */
const NodeRow = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  minHeight: 40,
  minWidth: 0,
  '& .node-icon': { width: 24, height: 24, flexShrink: 0, objectFit: 'contain', borderRadius: 4 },
  '& .node-text': {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: theme.spacing(1),
  },
  '& .node-name': { ...theme.typography.body1, color: theme.palette.text.primary, overflowWrap: 'anywhere' },
  '& .node-credit': { ...theme.typography.body2, color: theme.palette.text.secondary, whiteSpace: 'nowrap' },
  '& mark': {
    backgroundColor: theme.palette.warning.light,
    color: theme.palette.common.black,
    borderRadius: 4,
    padding: '0 2px',
  },
  // Inactive nodes are greyed (still readable: text.secondary keeps the contrast) and in italics.
  '&[data-inactive] .node-name': { color: theme.palette.text.secondary, fontStyle: 'italic' },
  '&[data-inactive] .node-icon': { opacity: 0.5 },
}));

function NodeIcon({ node }: { node: ServiceNode }) {
  if (node.icon_url) return <img className="node-icon" src={node.icon_url} alt="" />;
  return node.is_service ? (
    <ServiceIcon className="node-icon" color="primary" aria-hidden />
  ) : (
    <FolderIcon className="node-icon" color="warning" aria-hidden />
  );
}

function NodeName({ node, id }: { node: ServiceNode; id: string }) {
  const { search } = useServiceTreeContext();
  const parts = node.is_match === false ? null : highlightParts(node.name, search);
  return (
    <span className="node-name" id={id} data-node-name>
      {parts ? (
        <>
          {parts.before}
          <mark>{parts.match}</mark>
          {parts.after}
        </>
      ) : (
        node.name
      )}
    </span>
  );
}

function NodeLabel({ node, ids, isActive }: { node: ServiceNode; ids: LabelIds; isActive: boolean }) {
  const { t } = useTranslation();
  const { isWide, onActivate } = useServiceTreeContext();
  return (
    <NodeRow data-inactive={node.is_active ? undefined : ''} onFocus={() => onActivate(itemIdOf(node))}>
      <NodeIcon node={node} />
      <span className="node-text">
        <NodeName node={node} id={ids.name} />
        {/* Spaces between the parts: the name read from them keeps the words apart. */}{' '}
        {hasCredit(node) && (
          <span className="node-credit" id={ids.credit}>
            {t('services.creditValue', { credit: formatCredits(node.credit, currentLanguage()) })}
          </span>
        )}{' '}
        {!node.is_active && (
          <Chip id={ids.inactive} size="small" variant="outlined" label={t('services.inactive')} />
        )}
      </span>
      <FavouriteButton node={node} isActive={isActive} />
      {isWide ? (
        <ActionButtons node={node} isActive={isActive} />
      ) : (
        <ActionMenu node={node} isActive={isActive} />
      )}
    </NodeRow>
  );
}

function ActionButton({
  label,
  icon,
  isActive,
  onClick,
  ariaPressed,
  ariaHaspopup,
}: {
  label: string;
  icon: ReactNode;
  isActive: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  ariaPressed?: boolean;
  ariaHaspopup?: 'menu';
}) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={ariaPressed}
        aria-haspopup={ariaHaspopup}
        tabIndex={isActive ? 0 : -1}
        onKeyDown={keepToButton.onKeyDown}
        onClick={(event) => {
          event.stopPropagation();
          onClick(event);
        }}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
}

function FavouriteButton({ node, isActive }: { node: ServiceNode; isActive: boolean }) {
  const { t } = useTranslation();
  const { actions } = useServiceTreeContext();
  return (
    <ActionButton
      label={t('services.favourite')}
      ariaPressed={node.is_favorite}
      icon={node.is_favorite ? <StarIcon color="warning" /> : <StarBorderIcon />}
      isActive={isActive}
      onClick={() => actions.onFavourite(node)}
    />
  );
}

/** The menu of a folder's add button: a service or a folder inside it. */
function AddChildMenu({
  node,
  anchor,
  onClose,
}: {
  node: ServiceNode;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { actions } = useServiceTreeContext();
  const choose = (isService: boolean) => {
    onClose();
    actions.onAddChild(node, isService);
  };
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose} {...keepToButton}>
      <MenuItem onClick={() => choose(true)}>
        <ListItemIcon>
          <ServiceIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('services.addService')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={() => choose(false)}>
        <ListItemIcon>
          <FolderIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('services.addFolder')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}

const ACTIONS_STYLE = { display: 'flex', flexShrink: 0 } as const;

function ActionButtons({ node, isActive }: { node: ServiceNode; isActive: boolean }) {
  const { t } = useTranslation();
  const { actions } = useServiceTreeContext();
  const [addAnchor, setAddAnchor] = useState<HTMLElement | null>(null);
  return (
    <span style={ACTIONS_STYLE}>
      {node.is_service ? (
        <ActionButton
          label={t('services.history')}
          icon={<HistoryIcon />}
          isActive={isActive}
          onClick={() => actions.onHistory(node)}
        />
      ) : (
        <>
          <ActionButton
            label={t('services.addChild')}
            icon={<AddIcon />}
            isActive={isActive}
            ariaHaspopup="menu"
            onClick={(event) => setAddAnchor(event.currentTarget)}
          />
          {/* Mounted only while open: a folder of hundreds does not carry hundreds of menus. */}
          {addAnchor && <AddChildMenu node={node} anchor={addAnchor} onClose={() => setAddAnchor(null)} />}
        </>
      )}
      <ActionButton
        label={t('list.edit')}
        icon={<EditIcon />}
        isActive={isActive}
        onClick={() => actions.onEdit(node)}
      />
      {node.is_active ? (
        <ActionButton
          label={t('list.deactivate')}
          icon={<DeactivateIcon />}
          isActive={isActive}
          onClick={() => actions.onToggleActive(node)}
        />
      ) : (
        <ActionButton
          label={t('list.restore')}
          icon={<RestoreIcon />}
          isActive={isActive}
          onClick={() => actions.onToggleActive(node)}
        />
      )}
    </span>
  );
}

/** A phone's row has room for the star and one more button: the rest are in its menu. */
function ActionMenu({ node, isActive }: { node: ServiceNode; isActive: boolean }) {
  const { t } = useTranslation();
  const { actions } = useServiceTreeContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <ActionButton
        label={t('services.actionsFor', { name: node.name })}
        icon={<MoreIcon />}
        isActive={isActive}
        ariaHaspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      />
      {anchor && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)} {...keepToButton}>
          {node.is_service ? (
            <MenuItem onClick={run(() => actions.onHistory(node))}>
              <ListItemIcon>
                <HistoryIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t('services.history')}</ListItemText>
            </MenuItem>
          ) : (
            [
              <MenuItem key="service" onClick={run(() => actions.onAddChild(node, true))}>
                <ListItemIcon>
                  <ServiceIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('services.addService')}</ListItemText>
              </MenuItem>,
              <MenuItem key="folder" onClick={run(() => actions.onAddChild(node, false))}>
                <ListItemIcon>
                  <FolderIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{t('services.addFolder')}</ListItemText>
              </MenuItem>,
            ]
          )}
          <MenuItem onClick={run(() => actions.onEdit(node))}>
            <ListItemIcon>
              <EditIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('list.edit')}</ListItemText>
          </MenuItem>
          <MenuItem onClick={run(() => actions.onToggleActive(node))}>
            <ListItemIcon>
              {node.is_active ? <DeactivateIcon fontSize="small" /> : <RestoreIcon fontSize="small" />}
            </ListItemIcon>
            <ListItemText>{node.is_active ? t('list.deactivate') : t('list.restore')}</ListItemText>
          </MenuItem>
        </Menu>
      )}
    </>
  );
}
