import { type ChildProcess, spawn } from 'node:child_process';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { freePort, START_FLAGS } from '../scripts/server-launch.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './support/credentials.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
// A busy machine migrates and seeds more slowly: E2E_READY_TIMEOUT_MS gives the server longer.
const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS ?? 60_000);

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The file the SMTP peer appends each mail it receives to, one JSON object a line. */
    mailLog: string;
  }
}

async function waitForHealth(baseUrl: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${log()}`);
    try {
      const answer = await fetch(`${baseUrl}/api/health`);
      if (answer.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${READY_TIMEOUT_MS} ms:\n${log()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => {
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGKILL');
    }, 15_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes (UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server for the server's mail (SMTP_URL): each message it receives is appended to
 * `logFile` as `{to, subject, text}`, where the tests (other processes) read the links.
 */
async function startMailPeer(logFile: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const mail = {
          to: session.envelope.rcptTo.map((address) => address.address),
          subject: decodeQuotedPrintable(/^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''),
          text: decodeQuotedPrintable(raw),
        };
        appendFile(logFile, `${JSON.stringify(mail)}\n`).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts the real server on a free port with a fresh data directory; stops it afterwards. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'usluge-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailLog = path.join(dataDir, 'mail.jsonl');
  const mailPeer = await startMailPeer(mailLog);
  let output = '';
  const server = spawn(process.execPath, [...START_FLAGS, 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every test signs in; keep the login limiter out of the way.
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
      // Account mails (reset, deletion) go to a real SMTP peer; their links lead to this server.
      SMTP_URL: mailPeer.url,
      PUBLIC_URL: baseUrl,
      ACCOUNT_MAX_REQUESTS_PER_IP: '1000',
      // The seeder generator's screen downloads a table (e2e/tests/dashboard.test.ts).
      SEEDERS_ENABLED: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    await stop(server);
    await mailPeer.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.stdout.write(`e2e: server ready at ${baseUrl} (user ${ADMIN_USERNAME}, data ${dataDir})\n`);
  project.provide('baseUrl', baseUrl);
  project.provide('mailLog', mailLog);

  return async () => {
    await stop(server);
    await mailPeer.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
