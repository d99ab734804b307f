# The site's container image (docs/deploy.md, "Kubernetes"): the build in one stage, then only
# .next/standalone (server.js, the node_modules Next traced, static files, share images and the
# security headers) on a slim Node, run as the image's non-root `node` user (uid 1000).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
# Kubernetes and Docker set HOSTNAME to the container's name; the server listens on an address.
ENV NODE_ENV=production HOSTNAME=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
CMD ["node", "server.js"]
