# syntax=docker/dockerfile:1
# The product as one image: the API and the built web app, on Node 24, as a non-root user, with
# production dependencies only. `compose.yaml` runs two of it behind a proxy on one PostgreSQL.

# 1. The workspaces' manifests, what `npm ci` needs to install (both stages below start here).
FROM node:24-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# 2a. Build the web app (needs every dependency, dev ones included).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2b. The server's production dependencies (the contract is a workspace: linked, not installed).
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --workspace packages/contract

# 3. What runs: the server's TypeScript (Node strips the types), the contract, the built web app.
FROM node:24-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/contract/src packages/contract/src
COPY apps/server/package.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/drizzle apps/server/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready: the database answers and the node is not leaving (GET /api/ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: the node leaves cleanly (SHUTDOWN_GRACE_SECONDS), well within compose's 10 s.
STOPSIGNAL SIGTERM
# Node's flags as `npm start` gives them: V8's young generation at most 16 MB a semi-space (it grew
# to 64 MB while the modules load, and kept them: about 70 MB of the idle server's memory).
CMD ["node", "--max-semi-space-size=16", "apps/server/src/main.ts"]
