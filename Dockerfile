# Switchboard: build with the commands CI runs (npm ci, npm run build), run the compiled server
# (npm run start:prod) as a non-root user. Not built on the project's machines (they cannot build
# images); see docs/deploy.md.

# --- build: dependencies with their native modules, the web app and the compiled server ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# better-sqlite3 12 for Node 24 without ObjectWrap's cleanup hooks (docs/deploy.md: they can abort the
# process); the server loads it through BETTER_SQLITE3_BINDING.
RUN bash scripts/build-sqlite-addon.sh /usr/local /app/sqlite-addon
# Only run-time dependencies go to the image.
RUN npm prune --omit=dev --no-audit --no-fund

# --- run: the built server, no compiler or bundler ---
FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/packages/core/package.json ./packages/core/
COPY --from=build --chown=node:node /app/apps/server/package.json ./apps/server/
COPY --from=build --chown=node:node /app/apps/server/dist ./apps/server/dist
COPY --from=build --chown=node:node /app/apps/web/dist ./apps/web/dist
COPY --from=build --chown=node:node /app/sqlite-addon ./sqlite-addon
ENV BETTER_SQLITE3_BINDING=/app/sqlite-addon/better_sqlite3.node
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "run", "start:prod"]
