#!/bin/sh
# A new version, one instance at a time, with nobody noticing: each instance is first taken
# out of nginx (marked `down` in the upstream, nginx reloaded: its new workers never send to
# it, its old ones finish what they had), then restarted (SIGTERM: requests in flight finish,
# live streams are told to reconnect through nginx to the other instance), waited for until
# /readyz answers, and put back. Open-source nginx has no active health checks, so taking an
# instance out first is what keeps a request from meeting a closing listener.
#   usage: deploy/rolling-restart.sh [site file] [port…]   (defaults: the Debian site, 8081 8082)
set -eu
site=${1:-/etc/nginx/sites-available/antique-house}
shift 2>/dev/null || true
ports=${*:-8081 8082}

mark() { # mark <port> down|up
  if [ "$2" = down ]; then
    sed -i "s/^\(\s*server 127\.0\.0\.1:$1\b[^;]*\);/\1 down;/; s/ down down;/ down;/" "$site"
  else
    sed -i "s/^\(\s*server 127\.0\.0\.1:$1\b[^;]*\) down;/\1;/" "$site"
  fi
  nginx -t -q && systemctl reload nginx
}

for port in $ports; do
  mark "$port" down
  sleep 2 # nginx's old workers finish the requests they had sent to it
  systemctl restart "antique-house@$port"
  until curl -sf "127.0.0.1:$port/readyz" >/dev/null; do sleep 1; done
  mark "$port" up
  echo "antique-house@$port restarted"
done
