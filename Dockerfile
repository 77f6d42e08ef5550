# syntax=docker/dockerfile:1
# Spreadscope: one image for every role (ROLE=all | ingest | api). compose.yaml runs the scaled-out shape.
#
#   docker build -t spreadscope .
#   docker run -p 8080:8080 -v spreadscope-data:/data spreadscope      # ROLE=all on embedded PGlite

ARG NODE_IMAGE=node:22-bookworm-slim

# ---------------------------------------------------------------- build: dev dependencies, web app and server
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY packages/contracts/package.json packages/contracts/
COPY packages/engine/package.json packages/engine/
COPY packages/feeds/package.json packages/feeds/
COPY packages/db/package.json packages/db/
COPY apps/web/package.json apps/web/
COPY apps/server/package.json apps/server/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# What `npm start` builds: apps/web/dist (the web app) and apps/server/dist (main.js, migrations).
RUN npm run build

# ---------------------------------------------------------------- runtime: production dependencies only
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY packages/contracts/package.json packages/contracts/
COPY packages/engine/package.json packages/engine/
COPY packages/feeds/package.json packages/feeds/
COPY packages/db/package.json packages/db/
COPY apps/web/package.json apps/web/
COPY apps/server/package.json apps/server/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The server bundle keeps npm packages external (ccxt, pglite, pg, fastify…): they load from here. Our own
# workspace packages are inside the bundle.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
# The operator's price list (PRICING_FILE overrides it; mount your own to change prices without a rebuild).
COPY config config
# The embedded database (ROLE=all) and the mail outbox live in DATA_DIR; the process runs as `node`, not root.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# 200 when the process serves and its database answers (503 otherwise).
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
