import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/select-rows.ts';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};

/**
 * Runs `work` in a transaction that is always rolled back: the plan tests fill tables, add probe
 * indexes and change planner settings, and none of it may outlive the test.
 */
export async function rolledBack<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  try {
    await db.transaction(async (tx) => {
      result = { value: await work(tx as unknown as Database) };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  if (!result) throw new Error('the transaction did not run');
  return result.value;
}

/**
 * The nodes of a query's plan, depth first, each as `<Node Type>[ on <table>][ using <index>]`.
 * With `isMarkingWholeReads`, an index read from end to end without a condition (which reads its
 * table whole too) ends in ' (whole)'.
 */
export async function planOf(
  tx: Database,
  query: SQL,
  { isMarkingWholeReads = false }: { isMarkingWholeReads?: boolean } = {},
): Promise<string[]> {
  const [row] = await selectRows<{ 'QUERY PLAN': unknown }>(tx, sql`explain (format json) ${query}`);
  const raw = row?.['QUERY PLAN'];
  const [root] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  const nodes: string[] = [];
  const walk = (node: PlanNode) => {
    const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
    const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    const isWhole =
      isMarkingWholeReads &&
      node['Index Name'] &&
      node['Node Type'] !== 'Bitmap Index Scan' &&
      !node['Index Cond'];
    nodes.push(`${node['Node Type']}${on}${using}${isWhole ? ' (whole)' : ''}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root.Plan);
  return nodes;
}
