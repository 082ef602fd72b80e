# Switchboard: the API, every bot and the web console in one image.
#   docker build -t switchboard .
#   docker run -p 3000:3000 -e SWITCHBOARD_ADMIN_TOKEN=change-me switchboard
# The build runs the commands CI runs (npm install, the console build) plus `npm run build` (type-check, the
# compiled server in .build/, the console in web/dist/). See docs/how-to/deployment.md for the environment.

# ---------------------------------------------------------------- build
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf data reports test web/src

# ---------------------------------------------------------------- run
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    LOG_FORMAT=json
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# PGlite's data directory when no DATABASE_URL is given (mount a volume here to keep it).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness. Load balancers and orchestrators should route traffic by /api/ready (see docs/how-to/deployment.md).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Plain Node on the compiled server: SIGTERM reaches it directly (graceful shutdown), no npm in between.
CMD ["node", ".build/src/cli/main.js", "start"]
