# syntax=docker/dockerfile:1
# The content service (services/content: Directus 11.17.4 with its schema, access control, revalidation flow,
# extensions and seed). Built from the repository root as build context; deploy/compose.yaml runs it. Like
# deploy/compose.yaml, nothing here is run by CI (Docker cannot run on this project's development machines). It does
# what scripts/lib/content-service.mjs does for `npm start` and the tested local cluster:
#   - install services/content's own npm project (its lock file; Node 22, which Directus needs);
#   - on every start, run scripts/prepare.mjs (bootstrap with ADMIN_EMAIL/ADMIN_PASSWORD on an empty database,
#     otherwise Directus' migrations; the schema snapshot when it changed; roles, policies and permissions; the
#     Storefront user and its token DIRECTUS_STOREFRONT_TOKEN; the "Revalidate storefront" flow with
#     STOREFRONT_REVALIDATE_URL and REVALIDATE_SECRET; the seed on an empty database), then start Directus with
#     `node node_modules/@directus/api/dist/cli/run.js start` (not the `directus` bin, which calls the npm registry);
#   - set Directus' fixed settings (below). content-service.mjs maps the project's names to Directus' names
#     (CONTENT_HOST/CONTENT_PORT, CONTENT_PUBLIC_URL, CONTENT_LOG_LEVEL become HOST/PORT, PUBLIC_URL, LOG_LEVEL). This
#     image takes Directus' names directly.
#   - build the extensions (services/content/extensions, TypeScript) with the Directus extensions SDK, as every start
#     of content-service.mjs does when their sources changed: in a stage of their own with the repository's layout,
#     since they bundle packages/domain; only their dist/ folders reach the image.
# Ignored files: content.Dockerfile.dockerignore, beside this file.

# The extensions. services/content's packages without their install scripts (the build needs no native addon),
# the domain with its own two dependencies, linked as node_modules/@rentacar/domain as the root workspace does.
FROM node:22-bookworm-slim AS extensions
WORKDIR /repo
COPY services/content/package.json services/content/package-lock.json services/content/
RUN cd services/content && npm ci --ignore-scripts --no-audit --no-fund
COPY packages/domain packages/domain
RUN cd packages/domain && npm install --omit=dev --no-package-lock --no-audit --no-fund \
 && mkdir -p /repo/node_modules/@rentacar && ln -s ../../packages/domain /repo/node_modules/@rentacar/domain
COPY tsconfig.base.json ./
COPY scripts/lib scripts/lib
COPY services/content/schema services/content/schema
COPY services/content/extensions services/content/extensions
RUN node --input-type=module -e "import { buildContentExtensions } from './scripts/lib/content-extensions.mjs'; await buildContentExtensions({ force: true });"

FROM node:22-bookworm-slim

# To compile the native addons (isolated-vm, sqlite3, argon2) when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /directus
RUN chown node:node /directus
USER node

# As scripts/install-content.mjs does: `npm ci` of services/content's lock file.
COPY --chown=node:node services/content/package.json services/content/package-lock.json ./
RUN npm ci --no-audit --no-fund

# directus.config.json (empty: the configuration comes from the environment only), extensions/, schema/, scripts/, seed/.
COPY --chown=node:node services/content/ ./
# The extensions' built files (dist/ of each).
COPY --chown=node:node --from=extensions /repo/services/content/extensions/ ./extensions/
# The uploads folder (a volume in deploy/compose.yaml) and Directus' temporary folder, writable by the node user.
RUN mkdir -p uploads node_modules/.directus

# The settings scripts/lib/content-service.mjs fixes. IMPORT_IP_DENY_LIST: Directus' default also denies this
# machine's own addresses, which would stop the revalidation flow from reaching a storefront on the same host.
ENV CONFIG_PATH=/directus/directus.config.json \
    HOST=0.0.0.0 \
    PORT=8055 \
    DB_CLIENT=pg \
    LOG_LEVEL=warn \
    LOG_STYLE=raw \
    LOGGER_NAME=content \
    TELEMETRY=false \
    WEBSOCKETS_ENABLED=false \
    PROJECT_NAME="Car rental content" \
    STORAGE_LOCATIONS=local \
    STORAGE_LOCAL_DRIVER=local \
    STORAGE_LOCAL_ROOT=/directus/uploads \
    EXTENSIONS_PATH=/directus/extensions \
    MIGRATIONS_PATH=/directus/migrations \
    CONTENT_SEED_DIR=/directus/seed \
    CACHE_ENABLED=true \
    CACHE_TTL=5m \
    CACHE_AUTO_PURGE=true \
    ACCESS_TOKEN_TTL=5m \
    REFRESH_TOKEN_TTL=7d \
    IMPORT_IP_DENY_LIST=169.254.169.254

EXPOSE 8055
# `exec`: Directus replaces the shell, so `docker stop` reaches it.
CMD ["sh", "-c", "node scripts/prepare.mjs && exec node node_modules/@directus/api/dist/cli/run.js start"]
