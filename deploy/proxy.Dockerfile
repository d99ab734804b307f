# The caching proxy's image (docs/deploy.md, "Kubernetes"): Debian's nginx with its brotli modules,
# as deploy/local.ts runs it on a machine. It holds no configuration: the pod's init container
# writes nginx.conf from the site's own image (deploy/proxy-files.ts). Run as www-data (uid 33).
#   docker build -f deploy/proxy.Dockerfile -t microsites-proxy deploy
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static \
  && rm -rf /var/lib/apt/lists/*
USER www-data
EXPOSE 8443 8080
CMD ["nginx", "-c", "/run/microsites/nginx.conf", "-g", "daemon off;"]
