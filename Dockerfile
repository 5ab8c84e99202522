# Potager in a container: `docker build -t potager .`, or `docker compose up -d` with compose.yaml (PostgreSQL and
# Caddy for HTTPS). The data (embedded database, images, e-mails written as files, backups, the server's secret)
# lives in the /data volume.

# Build: every dependency, the site, then only what runs it.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# `npm install` rather than `npm ci`: the lock file names one platform's native packages (image, password and
# lint libraries), and the image may be built for another (arm64 servers).
RUN npm install --no-audit --no-fund
COPY . .
RUN npx react-router build && npm prune --omit=dev --no-audit --no-fund

# Run: the sources stay beside the build for the command-line tools (npm run admin, backup, restore, import).
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=1 \
    MALLOC_MMAP_THRESHOLD_=32768 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
# The volume starts as this folder: private to the server's account (the database holds password hashes).
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same node flags as `npm start` (docs/decisions/007); node is PID 1 and stops cleanly on SIGTERM.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=256", "--no-allocation-site-pretenuring", "--liftoff-only", "server.ts"]
