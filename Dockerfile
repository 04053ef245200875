# One image for the API, the worker and the notifier (docker-compose.yml picks the command).
# Build stage: every dependency, the generated Prisma client, the compiled server in dist/.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts tsconfig.json ./
COPY prisma ./prisma
# The postinstall step (prisma generate) loads prisma.config.ts, which imports from src/.
COPY src ./src
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run stage: production dependencies only, the compiled server (its Prisma client included), no tsx.
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WARPOST_DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: the postinstall would run the Prisma CLI (a dev dependency); the client is compiled into dist/.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/src/main.js"]
