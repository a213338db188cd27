import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  base: string;
  /** Which node answered each request so far, in order ('A', 'B', …). */
  answeredBy: string[];
  close: () => Promise<void>;
};

/**
 * A small load balancer: each request goes to the next node in turn, on a connection of its own
 * (so that kept-alive connections do not pin a client to one node), with the Host header the
 * client sent. The answer says which node gave it in `X-Node`.
 */
export async function startRoundRobinProxy(
  nodes: { name: string; port: number }[],
): Promise<RoundRobinProxy> {
  let next = 0;
  const answeredBy: string[] = [];
  const server = http.createServer((incoming, outgoing) => {
    const node = nodes[next++ % nodes.length];
    if (!node) throw new Error('no nodes');
    const forwarded = http.request(
      {
        host: '127.0.0.1',
        port: node.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent: false,
      },
      (answer) => {
        answeredBy.push(node.name);
        outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-node': node.name });
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    answeredBy,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
