# Parlour as a container image (docs/deploy.md, section 8). Written without a Docker daemon at
# hand: not built here; build it before relying on it.

# The build needs the dev dependencies (Vite, TypeScript).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# postinstall applies these (patch-package).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The runtime: production dependencies only, the built app and the migrations, an unprivileged user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/drizzle ./drizzle
USER node
EXPOSE 3000
# Liveness. Whom to send traffic is the proxy's own check of /api/health/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not `npm run serve`: `docker stop` signals only this process, and npm would not pass
# SIGTERM on, so the server would never drain. The flags are package.json's serve script's.
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=100", "dist/server/main.js"]
