#!/bin/sh
# A new version, one instance at a time, with nobody noticing: each instance is first taken
# out of nginx (marked `down` in the upstream, nginx reloaded: its new workers never send to
# it, its old ones finish what they had), then restarted (SIGTERM: requests in flight finish,
# live streams are told to reconnect through nginx to the other instance), waited for until
# /readyz answers, and put back. Open-source nginx has no active health checks, so taking an
# instance out first is what keeps a request from meeting a closing listener.
#   usage: deploy/rolling-restart.sh [site file] [port…]   (defaults: the Debian site, 8081 8082)
# Without systemd, say how to reload nginx and restart an instance ({port} is replaced):
#   NGINX_RELOAD='nginx -t -q && nginx -s reload' RESTART_INSTANCE='/srv/antique-house/restart {port}' deploy/rolling-restart.sh
# READY_TIMEOUT (seconds, default 120) bounds the wait for /readyz. If a step fails, an instance
# already taken out is put back when it answers /readyz, and left out (with a message) if not.
set -eu
site=${1:-/etc/nginx/sites-available/antique-house}
shift 2>/dev/null || true
ports=${*:-8081 8082}
reload=${NGINX_RELOAD:-nginx -t -q && systemctl reload nginx}
restart=${RESTART_INSTANCE:-systemctl restart antique-house@\{port\}}
ready_timeout=${READY_TIMEOUT:-120}
out='' # the port taken out of nginx and not yet put back

mark() { # mark <port> down|up
  if [ "$2" = down ]; then
    sed -i "s/^\(\s*server 127\.0\.0\.1:$1\b[^;]*\);/\1 down;/; s/ down down;/ down;/" "$site"
  else
    sed -i "s/^\(\s*server 127\.0\.0\.1:$1\b[^;]*\) down;/\1;/" "$site"
  fi
  sh -c "$reload"
}

ready() { curl -sf "127.0.0.1:$1/readyz" >/dev/null; }

on_exit() {
  status=$?
  if [ -n "$out" ]; then
    if ready "$out"; then
      mark "$out" up
      echo "antique-house@$out put back in nginx after a failed step" >&2
    else
      echo "antique-house@$out does not answer /readyz: left out of nginx ($site); put it back once it does" >&2
    fi
  fi
  exit "$status"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

for port in $ports; do
  out=$port
  mark "$port" down
  sleep "${DRAIN_SECONDS:-2}" # nginx's old workers finish the requests they had sent to it
  sh -c "$(echo "$restart" | sed "s/{port}/$port/g")"
  waited=0
  until ready "$port"; do
    if [ "$waited" -ge "$ready_timeout" ]; then
      echo "antique-house@$port not ready after ${ready_timeout} s" >&2
      exit 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
  mark "$port" up
  out=''
  echo "antique-house@$port restarted"
done
