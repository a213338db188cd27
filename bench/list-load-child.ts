/**
 * The load generator of the lists bench (list-api.ts), in a process of its own: it receives one
 * LoadRequest over IPC, runs it (HTTP requests to the server, or the recorded statements through a
 * pg.Pool) and answers its figures. The hints bench (ad-hints.ts) runs its GETs here too. Started by runLoadInChild in list-load.ts.
 */
import http from 'node:http';
import pg from 'pg';
import { type LoadAnswer, type LoadRequest, type LoadTarget, replayTask, runLoad } from './list-load.ts';

function httpTask(target: Extract<LoadTarget, { kind: 'http' }>, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const headers = { ...target.headers, 'content-length': String(Buffer.byteLength(target.body)) };
  const task = () =>
    new Promise<undefined>((resolve, reject) => {
      const request = http.request(target.url, { method: 'POST', agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (response.statusCode !== 200) chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode === 200) resolve(undefined);
          else reject(new Error(`HTTP ${response.statusCode}: ${Buffer.concat(chunks).toString()}`));
        });
      });
      request.on('error', reject);
      request.end(target.body);
    });
  return { task, close: async () => agent.destroy() };
}

function httpGetTask(target: Extract<LoadTarget, { kind: 'http-get' }>, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const counted = target.counted ?? [];
  let next = 0;
  const task = () =>
    new Promise<string[]>((resolve, reject) => {
      const url = target.urls[next++ % target.urls.length] ?? '';
      const request = http.get(url, { agent, headers: target.headers }, (response) => {
        const chunks: Buffer[] = [];
        // The whole answer is read either way; parsed only when something in it is counted.
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}: ${text}`));
          if (counted.length === 0) return resolve([]);
          const answer = JSON.parse(text) as Record<string, unknown>;
          resolve(counted.filter((key) => Array.isArray(answer[key]) && answer[key].length > 0));
        });
      });
      request.on('error', reject);
    });
  return { task, close: async () => agent.destroy() };
}

function postgresTask(target: Extract<LoadTarget, { kind: 'postgres' }>, connections: number) {
  const pool = new pg.Pool({ connectionString: target.connectionString, max: connections });
  return {
    task: replayTask((sql, params) => pool.query(sql, params), target.statements),
    close: () => pool.end(),
  };
}

process.once('message', async (message) => {
  const { target, seconds, connections } = message as LoadRequest;
  let answer: LoadAnswer;
  const load =
    target.kind === 'http'
      ? httpTask(target, connections)
      : target.kind === 'http-get'
        ? httpGetTask(target, connections)
        : postgresTask(target, connections);
  try {
    answer = { figures: await runLoad(load.task, seconds, connections) };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  await load.close();
  process.send?.(answer, () => process.disconnect());
});
