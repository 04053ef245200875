# One image for the API and the worker (docker-compose.yml picks the command).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY prisma.config.ts tsconfig.json ./
COPY src/platform/db/cli-adapter.ts ./src/platform/db/cli-adapter.ts
RUN npm ci --no-audit --no-fund
COPY . .
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
CMD ["npm", "start"]
