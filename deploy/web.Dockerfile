# syntax=docker/dockerfile:1
# The storefront (apps/web), built from the whole repository (build context: the repository root), one image per
# brand. deploy/compose.yaml runs it as several instances. Like deploy/compose.yaml, nothing here is run by CI (Docker
# cannot run on this project's development machines). It follows what the tested local cluster does
# (scripts/lib/web-server.mjs): one `next build` with BRAND set, and apps/web/server.mjs (`next start` with the quote's
# fast path in front) for each instance.
# Ignored files: web.Dockerfile.dockerignore, beside this file.
FROM node:22-bookworm-slim

ENV NEXT_TELEMETRY_DISABLED=1 \
    SKIP_CONTENT_INSTALL=1

WORKDIR /app
RUN chown node:node /app
USER node

# The dependencies first, so this layer is reused while only sources change. SKIP_CONTENT_INSTALL=1 (above) keeps the
# root postinstall from installing services/content, which this image does not run. `npm install` rather than
# `npm ci`, as in .ci/run: `npm ci` refuses this lock file, which lacks optional packages of other platforms; `npm
# install` still installs the lock file's versions.
COPY --chown=node:node package.json package-lock.json ./
COPY --chown=node:node apps/web/package.json apps/web/
COPY --chown=node:node packages/domain/package.json packages/domain/
COPY --chown=node:node bench/package.json bench/
COPY --chown=node:node scripts/install-content.mjs scripts/
RUN npm install --no-audit --no-fund

# Everything else: the build type-checks the storefront's tests too, and they import scripts/lib.
COPY --chown=node:node . .

# The brand is fixed when building (the app refuses to build or start without one). BUILD_ID: the build's id, served
# at /builds/latest.json so open pages notice a new build; a random one when empty. No REDIS_URL while building, as in
# the local cluster: the shared cache is chosen when each instance starts.
ARG BRAND
ARG BUILD_ID=
WORKDIR /app/apps/web
RUN test -n "$BRAND" || { echo 'the build argument BRAND is required (firefly, hertz, thrifty or dollar)' >&2; exit 1; }; \
    if [ -z "$BUILD_ID" ]; then unset BUILD_ID; fi; \
    node /app/node_modules/next/dist/bin/next build

# The same brand at run time. The other variables (secrets included) come from the environment (deploy/compose.yaml).
ENV BRAND=${BRAND} \
    NODE_ENV=production
EXPOSE 3000
# Node's options as scripts/lib/web-server.mjs passes them (STOREFRONT_NODE_OPTIONS: async context frames).
CMD ["node", "--experimental-async-context-frame", "/app/apps/web/server.mjs", "--hostname", "0.0.0.0", "--port", "3000"]
