#!/usr/bin/env bash
# Runs a command with a Docker daemon, for CI (.ci/run wraps `npm test` in it, so the deployment tests run):
#   scripts/with-docker-daemon.sh COMMAND [ARG…]
# When a daemon already answers (DOCKER_HOST, or the default socket), the command simply runs against it. Otherwise,
# as root with Debian's docker.io installed, it starts a daemon of its own for the command (DOCKER_HOST points the
# command at it) and stops it afterwards, on success, failure or a signal (INT, TERM and HUP are passed on to the
# command), leaving the host as it found it. The daemon is made to change as little as possible: no default bridge
# (no docker0), no iptables rules, no NAT, no IP forwarding (image builds use the host's network; compose networks
# are plain bridges and published ports are served by docker-proxy), its own socket, runtime folder and cgroup parent.
# At the end it removes every container, network and volume of that daemon (its images stay in the data root, the
# cache that makes the next run warm), stops dockerd and its containerd, ends any process left under its runtime
# folder, unmounts what it mounted, deletes the interfaces it created, and restores ip_forward, the bridge sysctls,
# every iptables and ip6tables table and the folders Docker may create. Then it compares the host with what it
# recorded before the start and fails (exit 1 unless the command failed) naming any difference.
#   DOCKERD_DATA_ROOT (/var/lib/institute-docker)   images and build cache, kept between runs
#   DOCKERD_EXEC_ROOT (/run/institute-docker)       socket, pid file, containerd's state; removed at the end
#   DOCKERD_READY_SECONDS (60), DOCKERD_STOP_SECONDS (30)   how long to wait for the daemon to answer / to stop
set -uo pipefail

say() { echo "with-docker-daemon: $*" >&2; }
[ $# -gt 0 ] || {
  say "usage: scripts/with-docker-daemon.sh COMMAND [ARG…]"
  exit 2
}

if timeout 15 docker version >/dev/null 2>&1; then
  exec "$@"
fi
[ "$(id -u)" = 0 ] || {
  say "no Docker daemon answers, and starting one needs root"
  exit 1
}
command -v dockerd >/dev/null || {
  say "no Docker daemon answers and dockerd is not installed (apt-get install docker.io)"
  exit 1
}

data_root=${DOCKERD_DATA_ROOT:-/var/lib/institute-docker}
exec_root=${DOCKERD_EXEC_ROOT:-/run/institute-docker}
ready_seconds=${DOCKERD_READY_SECONDS:-60}
stop_seconds=${DOCKERD_STOP_SECONDS:-30}
sock=$exec_root/docker.sock
cgroup_parent=institute-docker
# Folders a Docker daemon or its containerd may create outside its roots.
docker_paths="/run/docker /run/docker.sock /run/docker.pid /run/containerd /var/lib/docker /var/lib/containerd /etc/docker/key.json"

# What the daemon could change on the host, one fact a line, comparable before and after.
host_state() {
  echo "ip_forward $(cat /proc/sys/net/ipv4/ip_forward)"
  for f in /proc/sys/net/ipv6/conf/all/forwarding /proc/sys/net/bridge/bridge-nf-call-iptables \
    /proc/sys/net/bridge/bridge-nf-call-ip6tables; do
    [ -e "$f" ] && echo "$f $(cat "$f")"
  done
  for tool in iptables-save ip6tables-save; do
    command -v "$tool" >/dev/null && "$tool" 2>/dev/null | grep -v '^#' | sed -E 's/ \[[0-9]+:[0-9]+\]$//' |
      sed "s/^/$tool /"
  done
  ip -o link show | awk -F': ' '{ sub(/@.*/, "", $2); print "link " $2 }' | sort
  for p in $docker_paths; do
    [ -e "$p" ] && echo "path $p"
  done
  for d in /sys/fs/cgroup/*/"$cgroup_parent" /sys/fs/cgroup/"$cgroup_parent"; do
    [ -d "$d" ] && echo "cgroup $d"
  done
  return 0
}

# Pids of processes whose command line names the runtime folder (containerd, its shims, docker-proxy's parents).
ours() {
  local p
  for p in /proc/[0-9]*; do
    tr '\0' ' ' 2>/dev/null <"$p/cmdline" | grep -qF -- "$exec_root" && echo "${p#/proc/}"
  done
  return 0
}

stop_pids() {
  local pids=$1 waited=0
  [ -n "$pids" ] || return 0
  # shellcheck disable=SC2086
  kill -TERM $pids 2>/dev/null
  while [ $waited -lt $((stop_seconds * 10)) ]; do
    local alive=""
    for pid in $pids; do kill -0 "$pid" 2>/dev/null && alive="$alive $pid"; done
    [ -z "$alive" ] && return 0
    sleep 0.1
    waited=$((waited + 1))
  done
  say "still running after ${stop_seconds} s, killed:$alive"
  # shellcheck disable=SC2086
  kill -KILL $alive 2>/dev/null
  return 0
}

# One daemon per data root at a time (taken before anything is changed, so a refused run undoes nothing of another).
mkdir -p "$(dirname "$data_root")"
exec 9>"$data_root.lock"
flock -n 9 || {
  say "another run holds $data_root"
  exit 1
}

before=$(host_state)
saved_iptables=$(command -v iptables-save >/dev/null && iptables-save 2>/dev/null)
saved_ip6tables=$(command -v ip6tables-save >/dev/null && ip6tables-save 2>/dev/null)
sysctls=$(for f in /proc/sys/net/ipv4/ip_forward /proc/sys/net/ipv6/conf/all/forwarding \
  /proc/sys/net/bridge/bridge-nf-call-iptables /proc/sys/net/bridge/bridge-nf-call-ip6tables; do
  [ -e "$f" ] && echo "$f $(cat "$f")"
done)
links_before=$(ip -o link show | awk -F': ' '{ sub(/@.*/, "", $2); print $2 }')
paths_before=$(for p in $docker_paths; do [ -e "$p" ] && echo "$p"; done)

dockerd_pid=""
child=""
restore() {
  local rc=$1
  trap - EXIT INT TERM HUP
  if [ -n "$dockerd_pid" ]; then
    if DOCKER_HOST=unix://$sock timeout 10 docker version >/dev/null 2>&1; then
      local containers
      containers=$(DOCKER_HOST=unix://$sock timeout 30 docker ps -aq)
      # shellcheck disable=SC2086
      [ -n "$containers" ] && DOCKER_HOST=unix://$sock timeout 120 docker rm -f -v $containers >/dev/null
      DOCKER_HOST=unix://$sock timeout 60 docker network prune -f >/dev/null
      DOCKER_HOST=unix://$sock timeout 60 docker volume prune -f >/dev/null
    fi
    stop_pids "$dockerd_pid"
    stop_pids "$(ours)"
  fi
  # Mounts under the daemon's folders, deepest first.
  awk '{ print $5 }' /proc/self/mountinfo | grep -E "^($data_root|$exec_root)(/|$)" | sort -r |
    while read -r mount; do umount -l "$mount" 2>/dev/null; done
  # Interfaces the daemon created (docker0, br-…, veth…).
  for link in $(ip -o link show | awk -F': ' '{ sub(/@.*/, "", $2); print $2 }'); do
    echo "$links_before" | grep -qx -- "$link" && continue
    case "$link" in docker0 | br-* | veth*) ip link delete "$link" 2>/dev/null ;; esac
  done
  echo "$sysctls" | while read -r f value; do
    [ -n "$f" ] && [ "$(cat "$f" 2>/dev/null)" != "$value" ] && echo "$value" >"$f"
  done
  if command -v iptables-save >/dev/null && [ "$(iptables-save 2>/dev/null)" != "$saved_iptables" ]; then
    for table in filter nat mangle raw security; do iptables -t $table -F 2>/dev/null && iptables -t $table -X 2>/dev/null; done
    [ -n "$saved_iptables" ] && echo "$saved_iptables" | iptables-restore
  fi
  if command -v ip6tables-save >/dev/null && [ "$(ip6tables-save 2>/dev/null)" != "$saved_ip6tables" ]; then
    for table in filter nat mangle raw security; do ip6tables -t $table -F 2>/dev/null && ip6tables -t $table -X 2>/dev/null; done
    [ -n "$saved_ip6tables" ] && echo "$saved_ip6tables" | ip6tables-restore
  fi
  for d in /sys/fs/cgroup/*/"$cgroup_parent" /sys/fs/cgroup/"$cgroup_parent"; do
    [ -d "$d" ] && echo "$before" | grep -qxF "cgroup $d" || { [ -d "$d" ] && find "$d" -depth -type d -exec rmdir {} \; 2>/dev/null; }
  done
  for p in $docker_paths; do
    [ -e "$p" ] && ! echo "$paths_before" | grep -qx -- "$p" && rm -rf "$p"
  done
  rm -rf "$exec_root"
  local after
  after=$(host_state)
  if [ "$after" != "$before" ]; then
    say "the host is not as it was before the daemon started:"
    diff <(echo "$before") <(echo "$after") | grep '^[<>]' >&2
    [ "$rc" = 0 ] && rc=1
  fi
  exit "$rc"
}

on_signal() {
  local signal=$1
  say "$signal: stopping the command and the daemon"
  [ -n "$child" ] && kill -TERM -- "-$child" 2>/dev/null && stop_pids "$child"
  restore $((128 + $(kill -l "$signal")))
}

trap 'restore $?' EXIT
trap 'on_signal INT' INT
trap 'on_signal TERM' TERM
trap 'on_signal HUP' HUP

mkdir -p "$data_root" "$exec_root"
chmod 700 "$data_root" "$exec_root"
echo '{}' >"$exec_root/daemon.json"
# The MTU of the interface of the default route (containers' traffic leaves through it).
dev=$(ip route show default 2>/dev/null | awk '{ for (i = 1; i < NF; i++) if ($i == "dev") { print $(i + 1); exit } }')
mtu=$(cat "/sys/class/net/${dev:-eth0}/mtu" 2>/dev/null || echo 1500)
dockerd --config-file "$exec_root/daemon.json" --host "unix://$sock" --data-root "$data_root" \
  --exec-root "$exec_root" --pidfile "$exec_root/dockerd.pid" --bridge none --iptables=false --ip-forward=false \
  --ip-masq=false --mtu "$mtu" --cgroup-parent "$cgroup_parent" --log-level warn >"$exec_root/dockerd.log" 2>&1 &
dockerd_pid=$!
export DOCKER_HOST=unix://$sock
waited=0
until timeout 5 docker version >/dev/null 2>&1; do
  if ! kill -0 "$dockerd_pid" 2>/dev/null || [ $waited -ge $((ready_seconds * 5)) ]; then
    say "dockerd did not answer within ${ready_seconds} s: $(tail -n 3 "$exec_root/dockerd.log" | tr '\n' ' ')"
    exit 1
  fi
  sleep 0.2
  waited=$((waited + 1))
done
say "dockerd $(docker version --format '{{.Server.Version}}') on $sock (data root $data_root)"
# Its own process group, so a signal reaches every process of the command.
setsid "$@" &
child=$!
wait "$child"
